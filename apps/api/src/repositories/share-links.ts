import type { Selectable } from 'kysely';
import type { ShareLink } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import type { ShareLinksTable } from '../db/schema';
import { repositoryPlugin, type Repository } from './repository-plugin';

interface NewShareLink {
  sessionId: string;
  createdBy: string;
  roleName?: string | null;
  /** The friend an invitation link is for. */
  invitedUserId?: string | null;
}

type ShareLinkRow = Selectable<ShareLinksTable>;

type InvitedPerson = { invited_handle?: string | null; invited_name?: string | null; invited_photo?: string | null };

export function toShareLink(row: ShareLinkRow & InvitedPerson): ShareLink {
  return {
    id: row.id,
    sessionId: row.session_id,
    role: row.role_name,
    createdBy: row.created_by,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    invitedUser: row.invited_user_id
      ? { id: row.invited_user_id, handle: row.invited_handle ?? null, name: row.invited_name ?? null, photo: row.invited_photo ?? null }
      : null,
  };
}

/** A link id is a bearer capability (whoever has it may join), hence longer than row ids. */
export async function createShareLink(db: Db, { sessionId, createdBy, roleName = null, invitedUserId = null }: NewShareLink): Promise<string> {
  const id = newId(22);
  await db
    .insertInto('share_links')
    .values({
      id,
      session_id: sessionId,
      role_name: roleName,
      created_by: createdBy,
      created_at: new Date().toISOString(),
      revoked_at: null,
      invited_user_id: invitedUserId,
    })
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

/** A link with the creator of its session (who may revoke it besides the link's creator). */
export async function findShareLink(db: Db, linkId: string) {
  return db
    .selectFrom('share_links as l')
    .innerJoin('reading_sessions as r', 'r.id', 'l.session_id')
    .leftJoin('users as u', 'u.id', 'l.invited_user_id')
    .selectAll('l')
    .select(['r.created_by as session_created_by', 'u.handle as invited_handle', 'u.name as invited_name', 'u.photo as invited_photo'])
    .where('l.id', '=', linkId)
    .executeTakeFirst();
}

/** The session's links, newest first, revoked ones included (they show as revoked). */
async function listShareLinks(db: Db, sessionId: string): Promise<ShareLink[]> {
  const rows = await db
    .selectFrom('share_links as l')
    .leftJoin('users as u', 'u.id', 'l.invited_user_id')
    .selectAll('l')
    .select(['u.handle as invited_handle', 'u.name as invited_name', 'u.photo as invited_photo'])
    .where('l.session_id', '=', sessionId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id')
    .execute();
  return rows.map(toShareLink);
}

/** The session a usable (known, not revoked) link leads to, with the role it offers. */
async function findActiveShareLink(db: Db, linkId: string) {
  return db
    .selectFrom('share_links as l')
    .innerJoin('reading_sessions as r', 'r.id', 'l.session_id')
    .select(['l.session_id as sessionId', 'r.script_id as scriptId', 'l.role_name as roleName'])
    .where('l.id', '=', linkId)
    .where('l.revoked_at', 'is', null)
    .executeTakeFirst();
}

declare module 'fastify' {
  interface FastifyInstance {
    shareLinksRepository: ShareLinksRepository;
  }
}

const queries = {
  createShareLink,
  revokeShareLink,
  findShareLink,
  listShareLinks,
  findActiveShareLink,
};
type ShareLinksRepository = Repository<typeof queries>;

export default repositoryPlugin('shareLinksRepository', 'share-links-repository', queries);
