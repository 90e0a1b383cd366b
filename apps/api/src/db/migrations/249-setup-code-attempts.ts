import type { Kysely, Migration } from 'kysely';

/**
 * Wrong set-password codes counted per address as well: someone who knows a student's User ID
 * uses up only their own address's tries, not the student's code. Gone with the code (reissued,
 * used, or its account deleted).
 */
export const setupCodeAttempts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('setup_code_attempts')
      .addColumn('user_id', 'text', (c) => c.notNull().references('setup_codes.user_id').onDelete('cascade'))
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('setup_code_attempts_pk', ['user_id', 'address'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('setup_code_attempts').execute();
  },
};
