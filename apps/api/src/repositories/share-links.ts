import type { Db } from '../db/database';
import { newId } from '../db/ids';

export interface NewShareLink {
  sessionId: string;
  createdBy: string;
  roleName?: string | null;
}

/** A link id is a bearer capability (whoever has it may join), hence longer than row ids. */
export async function createShareLink(db: Db, { sessionId, createdBy, roleName = null }: NewShareLink): Promise<string> {
  const id = newId(22);
  await db
    .insertInto('share_links')
    .values({ id, session_id: sessionId, role_name: roleName, created_by: createdBy, created_at: new Date().toISOString(), revoked_at: null })
    .execute();
  return id;
}

export async function revokeShareLink(db: Db, linkId: string): Promise<void> {
  await db
    .updateTable('share_links')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', linkId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The session a usable (known, not revoked) link leads to, with the role it offers. */
export async function findActiveShareLink(db: Db, linkId: string) {
  return db
    .selectFrom('share_links as l')
    .innerJoin('reading_sessions as r', 'r.id', 'l.session_id')
    .select(['l.session_id as sessionId', 'r.script_id as scriptId', 'l.role_name as roleName'])
    .where('l.id', '=', linkId)
    .where('l.revoked_at', 'is', null)
    .executeTakeFirst();
}
