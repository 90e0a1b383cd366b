import type { Kysely, Migration } from 'kysely';

/** Metadata of uploaded images; the bytes live in DATA_DIR/uploads/photos/<id>. */
export const photos: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('photos')
      // The SHA-256 of the bytes: identical uploads share one file, and the id is the ETag.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('byte_size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('photos').execute();
  },
};
