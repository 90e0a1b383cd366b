import type { Kysely, Migration } from 'kysely';

/** Consecutive failed sign-ins per account and the lock they caused (brute-force defence). */
export const loginLockouts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_lockouts')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
      // How many locks since the last successful sign-in; each lock doubles the previous one.
      .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('login_lockouts').execute();
  },
};
