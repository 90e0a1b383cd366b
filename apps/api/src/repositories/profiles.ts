import { sql } from 'kysely';
import type { Db } from '../db/database';
import { isUniqueViolation } from './db-errors';
import { normalizeEmail, type UserRow } from './users';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Profiles: finding members by handle (any case) or email, and the fields a member edits about
 * themselves (name, handle, bio, photo). Accounts and sign-in stay in users-repository.
 */

/** By handle, in any case (the lower(handle) index of migration 031). */
async function findByHandle(db: Db, handle: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(handle)`, '=', handle.toLowerCase())
    .executeTakeFirst();
}

/** What "add a friend" accepts: an email (any case) or a handle (an @ in front is fine). */
async function findByHandleOrEmail(db: Db, value: string): Promise<UserRow | undefined> {
  const trimmed = value.trim();
  if (trimmed.includes('@') && !trimmed.startsWith('@')) {
    return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(trimmed)).executeTakeFirst();
  }
  const handle = trimmed.replace(/^@/, '');
  return handle ? findByHandle(db, handle) : undefined;
}

export class HandleTakenError extends Error {
  constructor() {
    super('handle taken');
    this.name = 'HandleTakenError';
  }
}

/** Is the handle someone else's (in any case)? */
async function handleTakenByOther(db: Db, handle: string, userId: string): Promise<boolean> {
  const owner = await findByHandle(db, handle);
  return Boolean(owner && owner.id !== userId);
}

/**
 * Saves the given fields (undefined leaves a field as it is, null clears it).
 * @throws HandleTakenError when another member took the handle first (the unique index decides).
 */
async function updateProfile(
  db: Db,
  userId: string,
  changes: { name?: string | null; handle?: string | null; bio?: string | null },
): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return;
  try {
    await db.updateTable('users').set(set).where('id', '=', userId).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new HandleTakenError();
    throw err;
  }
}

async function setUserPhoto(db: Db, userId: string, photo: string | null): Promise<void> {
  await db.updateTable('users').set({ photo }).where('id', '=', userId).execute();
}

declare module 'fastify' {
  interface FastifyInstance {
    profilesRepository: ProfilesRepository;
  }
}

const queries = {
  findByHandle,
  findByHandleOrEmail,
  handleTakenByOther,
  updateProfile,
  setUserPhoto,
};
type ProfilesRepository = Repository<typeof queries>;

export default repositoryPlugin('profilesRepository', 'profiles-repository', queries);
