import type { Kysely, Migration } from 'kysely';

/**
 * Metadata of uploaded recordings; the bytes live in DATA_DIR/uploads/audio/<id>, where the id
 * is the SHA-256 of the bytes (content-addressed: a stored file never changes).
 */
export const audioFiles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audio_files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('byte_size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audio_files').execute();
  },
};
