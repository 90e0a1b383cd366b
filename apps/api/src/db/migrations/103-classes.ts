import type { Kysely, Migration } from 'kysely';

/**
 * Classes: the teacher role (privilege `teach`, granted by staff with the
 * admin CLI), classes, who is in them, and the one-time codes that let a student whose account
 * a teacher created set a password. Codes are stored as hashes; a code is shown once.
 */
export const classes: Migration = {
  async up(db: Kysely<unknown>) {
    const anyDb = db as Kysely<Record<string, Record<string, unknown>>>;
    await anyDb.insertInto('roles').values({ name: 'teacher' }).execute();
    await anyDb.insertInto('role_privileges').values({ role: 'teacher', privilege: 'teach' }).execute();
    await db.schema
      .createTable('classes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('teacher_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('archived_at', 'text')
      .execute();
    await db.schema.createIndex('classes_teacher_idx').on('classes').columns(['teacher_id', 'created_at']).execute();
    await db.schema
      .createTable('class_members')
      .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('joined_at', 'text', (c) => c.notNull())
      // The class whose teacher created the account (may issue new set-password codes for it).
      .addColumn('created_account', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('class_members_pk', ['class_id', 'user_id'])
      .execute();
    await db.schema.createIndex('class_members_user_idx').on('class_members').columns(['user_id']).execute();
    await db.schema
      .createTable('setup_codes')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('setup_codes').execute();
    await db.schema.dropTable('class_members').execute();
    await db.schema.dropTable('classes').execute();
    const anyDb = db as Kysely<Record<string, Record<string, unknown>>>;
    await anyDb.deleteFrom('role_privileges').where('role', '=', 'teacher').execute();
    await anyDb.updateTable('users').set({ role: 'member' }).where('role', '=', 'teacher').execute();
    await anyDb.deleteFrom('roles').where('name', '=', 'teacher').execute();
  },
};
