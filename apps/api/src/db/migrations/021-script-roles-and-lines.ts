import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The roles of a script (characters to read) and its lines in order. A line's id is stable
 * across edits, so the takes recorded for it stay attached; position is the array index the
 * editor last saved (not unique while a save renumbers, hence a plain index).
 */
export const scriptRolesAndLines: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('script_roles')
      .addColumn('script_id', 'text', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('script_roles_pk', ['script_id', 'name'])
      .execute();
    await db.schema
      .createTable('script_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('script_id', 'text', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      // The role's name for dialogue lines; null for narration (scene, action, transition).
      .addColumn('role_name', 'text')
      .addColumn('parenthetical', 'text')
      .addColumn('text', 'text', (c) => c.notNull())
      .addCheckConstraint('script_lines_kind_check', sql`kind in ('scene', 'action', 'dialogue', 'transition')`)
      .execute();
    await db.schema.createIndex('script_lines_script_idx').on('script_lines').columns(['script_id', 'position']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('script_lines').execute();
    await db.schema.dropTable('script_roles').execute();
  },
};
