import type { ScriptVisibility } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import { newId } from '../db/ids';

export interface NewScript {
  ownerId: string;
  title: string;
  visibility?: ScriptVisibility;
  isFree?: boolean;
}

export async function createScript(db: Db, { ownerId, title, visibility = 'private', isFree = false }: NewScript): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('scripts')
    .values({ id, owner_id: ownerId, title, visibility, is_free: isFree ? 1 : 0, created_at: now, updated_at: now })
    .execute();
  return id;
}

export async function setScriptVisibility(db: Db, scriptId: string, visibility: ScriptVisibility): Promise<void> {
  await db
    .updateTable('scripts')
    .set({ visibility, updated_at: new Date().toISOString() })
    .where('id', '=', scriptId)
    .execute();
}

/**
 * The script if `userId` may read it, else undefined (callers answer 404 either way, so a
 * private script's existence is never revealed). Readers: the owner; anyone signed in for a
 * public script; the owner's accepted friends for a friends-only script; and anyone already in
 * one of its reading sessions (they joined through a share link, which is the owner's invitation).
 */
export async function findReadableScript(db: Db, scriptId: string, userId: string) {
  return db
    .selectFrom('scripts as s')
    .select(['s.id', 's.owner_id', 's.title', 's.visibility'])
    .where('s.id', '=', scriptId)
    .where((eb) =>
      eb.or([
        eb('s.owner_id', '=', userId),
        eb('s.visibility', '=', 'public'),
        eb.and([
          eb('s.visibility', '=', 'friends'),
          eb.exists(
            eb
              .selectFrom('friendships as f')
              .select('f.status')
              .where('f.status', '=', 'accepted')
              .where((w) =>
                w.or([
                  w.and([w('f.requester_id', '=', w.ref('s.owner_id')), w('f.addressee_id', '=', userId)]),
                  w.and([w('f.requester_id', '=', userId), w('f.addressee_id', '=', w.ref('s.owner_id'))]),
                ]),
              ),
          ),
        ]),
        eb.exists(
          eb
            .selectFrom('session_participants as p')
            .innerJoin('reading_sessions as r', 'r.id', 'p.session_id')
            .select('p.user_id')
            .where('p.user_id', '=', userId)
            .whereRef('r.script_id', '=', 's.id'),
        ),
      ]),
    )
    .executeTakeFirst();
}
