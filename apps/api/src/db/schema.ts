/**
 * The Kysely database type, one interface per table. Areas add their tables here.
 * Portability rules (SQLite and PostgreSQL run the same queries):
 * - ids are text (random, generated in code, see ids.ts);
 * - times are ISO-8601 UTC text (`new Date().toISOString()`), which sorts and compares as text;
 * - booleans are integers 0/1; counts come back as string on PostgreSQL: wrap them in Number().
 */
export interface RolesTable {
  name: string;
}

export interface RolePrivilegesTable {
  role: string;
  privilege: string;
}

export interface UsersTable {
  id: string;
  email: string | null;
  /** A "User ID": a login name a school issues; sign-in accepts it instead of an email. */
  login_id: string | null;
  handle: string | null;
  name: string | null;
  photo: string | null;
  bio: string | null;
  /** argon2id PHC string; null for accounts that only sign in with Microsoft. */
  password_hash: string | null;
  ms_oid: string | null;
  role: string;
  created_at: string;
}

export interface Database {
  roles: RolesTable;
  role_privileges: RolePrivilegesTable;
  users: UsersTable;
}
