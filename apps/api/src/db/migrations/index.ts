import type { Migration } from 'kysely';
import { usersAndRoles } from './001-users-and-roles';

/**
 * Migrations in code, numbered, one concern per step, each with its undo; they run on start
 * on SQLite and PostgreSQL alike (Kysely's schema builder; no dialect-specific SQL).
 * Numbering: 001-009 users/auth area, 010-019 social and scripts area, then next free block.
 */
export const migrations: Record<string, Migration> = {
  '001-users-and-roles': usersAndRoles,
};
