import fp from 'fastify-plugin';
import type { Selectable } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { User } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import type { UsersTable } from '../db/schema';
import { activeClassIds } from './classes';
import { isUniqueViolation } from './db-errors';
import type { RolesRepository } from './roles';

declare module 'fastify' {
  interface FastifyInstance {
    usersRepository: UsersRepository;
  }
}

export type UserRow = Selectable<UsersTable>;

/** Emails are stored and compared trimmed and lower-case, so sign-in is case-insensitive. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Thrown by create() when the email (or another unique column) is already in use. */
export class DuplicateUserError extends Error {
  constructor() {
    super('duplicate user');
    this.name = 'DuplicateUserError';
  }
}

interface NewUser {
  email: string | null;
  passwordHash: string | null;
  name?: string | null;
  msOid?: string | null;
  loginId?: string | null;
  handle?: string | null;
  role?: string;
}

export function createUsersRepository(db: Db, roles: RolesRepository) {
  const repo = {
    async findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
    },

    /** Sign-in name: an email (any case) or a User ID (login_id, as issued). */
    /**
     * The account a "User ID or Email" names: an email (any case), a school-issued
     * login id, or a handle (any case, an @ in front is fine). Should one text match several
     * accounts (a handle spelled like another member's login id), the email wins, then the login
     * id, then the handle, so a school's User IDs keep working whatever handles members choose.
     */
    async findByLogin(username: string): Promise<UserRow | undefined> {
      const trimmed = username.trim();
      if (!trimmed) return undefined;
      const handle = trimmed.replace(/^@/, '').toLowerCase();
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('email', '=', normalizeEmail(trimmed)),
            eb('login_id', '=', trimmed),
            ...(handle ? [eb(eb.fn<string>('lower', ['handle']), '=', handle)] : []),
          ]),
        )
        .limit(3)
        .execute();
      const rank = (row: UserRow) => (row.email === normalizeEmail(trimmed) ? 0 : row.login_id === trimmed ? 1 : 2);
      return rows.sort((a, b) => rank(a) - rank(b))[0];
    },

    /** For admin tools: an email, a handle or an id. */
    async findByEmailOrHandle(value: string): Promise<UserRow | undefined> {
      const trimmed = value.trim();
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([eb('email', '=', normalizeEmail(trimmed)), eb('handle', '=', trimmed), eb('login_id', '=', trimmed), eb('id', '=', trimmed)]),
        )
        .executeTakeFirst();
    },

    async findByMsOid(oid: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('ms_oid', '=', oid).executeTakeFirst();
    },

    async list(): Promise<UserRow[]> {
      return db.selectFrom('users').selectAll().orderBy('created_at').execute();
    },

    /** @throws DuplicateUserError when the email, handle, User ID or Microsoft id is taken. */
    async create(user: NewUser): Promise<UserRow> {
      const row: UserRow = {
        id: newId(),
        email: user.email === null ? null : normalizeEmail(user.email),
        login_id: user.loginId ?? null,
        handle: user.handle ?? null,
        name: user.name ?? null,
        photo: null,
        bio: null,
        password_hash: user.passwordHash,
        ms_oid: user.msOid ?? null,
        role: user.role ?? 'member',
        created_at: new Date().toISOString(),
      };
      try {
        await db.insertInto('users').values(row).execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateUserError();
        throw err;
      }
      return row;
    },

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },

    async linkMicrosoft(id: string, oid: string): Promise<void> {
      await db.updateTable('users').set({ ms_oid: oid }).where('id', '=', id).execute();
    },

    async setRole(id: string, role: string): Promise<void> {
      await db.updateTable('users').set({ role }).where('id', '=', id).execute();
    },

    /** Users as the API shows them (contract `User`), with effective privileges, in input order. */
    async toPublicUsers(rows: UserRow[], now = new Date()): Promise<User[]> {
      const ids = rows.map((r) => r.id);
      // The classes each user teaches or is in: a non-empty list makes a school user.
      const [privileges, classes] = await Promise.all([roles.effectivePrivileges(ids, now), activeClassIds(db, ids)]);
      return rows.map((row) => ({
        id: row.id,
        handle: row.handle,
        name: row.name,
        photo: row.photo,
        role: { name: row.role, privileges: privileges.get(row.id) ?? [] },
        classes: classes.get(row.id) ?? [],
      }));
    },

    async toPublicUser(row: UserRow, now = new Date()): Promise<User> {
      const [user] = await repo.toPublicUsers([row], now);
      return user;
    },

    /** Looks users up by id and answers them as the API shows them; unknown ids are left out. */
    async publicUsersById(ids: string[]): Promise<Map<string, User>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('users').selectAll().where('id', 'in', [...new Set(ids)]).execute();
      const users = await repo.toPublicUsers(rows);
      return new Map(users.map((u) => [u.id, u]));
    },
  };
  return repo;
}

type UsersRepository = ReturnType<typeof createUsersRepository>;

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('usersRepository', createUsersRepository(app.db, app.rolesRepository));
  },
  { name: 'users-repository', dependencies: ['database', 'roles-repository'] },
);
