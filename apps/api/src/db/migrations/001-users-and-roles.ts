import type { Kysely, Migration } from 'kysely';

// Built-in roles and their privileges: who may do what in the product.
const BUILT_IN_ROLES: Record<string, string[]> = {
  member: [],
  writer: ['draft'],
  premium: ['draft', 'audio_library', 'read_free_script'],
  staff: ['draft', 'audio_library', 'read_free_script', 'show_metrics'],
};

export const usersAndRoles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('roles')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .execute();
    await db.schema
      .createTable('role_privileges')
      .addColumn('role', 'text', (c) => c.notNull().references('roles.name').onDelete('cascade'))
      .addColumn('privilege', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('role_privileges_pk', ['role', 'privilege'])
      .execute();
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.unique())
      .addColumn('login_id', 'text', (c) => c.unique())
      .addColumn('handle', 'text', (c) => c.unique())
      .addColumn('name', 'text')
      .addColumn('photo', 'text')
      .addColumn('bio', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('ms_oid', 'text', (c) => c.unique())
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('member').references('roles.name'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    const anyDb = db as Kysely<Record<string, Record<string, unknown>>>;
    for (const [role, privileges] of Object.entries(BUILT_IN_ROLES)) {
      await anyDb.insertInto('roles').values({ name: role }).execute();
      for (const privilege of privileges) {
        await anyDb.insertInto('role_privileges').values({ role, privilege }).execute();
      }
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('users').execute();
    await db.schema.dropTable('role_privileges').execute();
    await db.schema.dropTable('roles').execute();
  },
};
