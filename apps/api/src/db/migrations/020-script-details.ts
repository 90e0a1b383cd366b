import type { Kysely, Migration } from 'kysely';

/**
 * What a script shows besides its title: synopsis, genre, language and a cover picture (a photo
 * id of the photo store). One ALTER per column: SQLite adds one column per statement.
 */
export const scriptDetails: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['synopsis', 'genre', 'language'] as const) {
      await db.schema
        .alterTable('scripts')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    }
    await db.schema.alterTable('scripts').addColumn('cover', 'text').execute();
    // The scripts list: newest updated first, mostly filtered by visibility (public, friends).
    await db.schema.createIndex('scripts_visibility_updated_idx').on('scripts').columns(['visibility', 'updated_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('scripts_visibility_updated_idx').execute();
    for (const column of ['cover', 'language', 'genre', 'synopsis']) {
      await db.schema.alterTable('scripts').dropColumn(column).execute();
    }
  },
};
