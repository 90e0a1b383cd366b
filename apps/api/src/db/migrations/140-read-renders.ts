import type { Kysely, Migration } from 'kysely';

/**
 * The finished read: each render of a session's picked takes,
 * for a download or a podcast episode. The job renders it; the row keeps where it stands, its
 * failure text, the file (content-addressed, storage key `renders/<sha256>`), the episode it
 * became, and an optional open link (`share_token`, revocable by clearing it).
 */
export const readRenders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('read_renders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('reading_sessions.id').onDelete('cascade'))
      .addColumn('requested_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // download | episode
      .addColumn('kind', 'text', (c) => c.notNull())
      // speech | skip
      .addColumn('fill', 'text', (c) => c.notNull())
      .addColumn('channel_id', 'text', (c) => c.references('podcast_channels.id').onDelete('set null'))
      .addColumn('title', 'text')
      // now | draft (episodes)
      .addColumn('publish', 'text')
      .addColumn('job_id', 'text')
      // queued | rendering | done | failed
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('audio_id', 'text')
      .addColumn('byte_size', 'bigint')
      .addColumn('duration_ms', 'integer')
      .addColumn('episode_id', 'text', (c) => c.references('podcast_episodes.id').onDelete('set null'))
      .addColumn('share_token', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('read_renders_session_idx').on('read_renders').columns(['session_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('read_renders').execute();
  },
};
