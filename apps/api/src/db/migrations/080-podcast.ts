import type { Kysely, Migration } from 'kysely';

/**
 * The podcast variant: channels, their episodes (audio stored content-addressed under
 * `podcast/<sha256>`), follows, favourites, playlists, listening positions (the history), plays
 * (one row per episode, listener and day: the stats count rows) and episode share links.
 * Times are ISO-8601 UTC text, booleans 0/1, as in the other areas.
 */
export const podcast: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('podcast_channels')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('explicit', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cover', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('podcast_channels_owner_idx').on('podcast_channels').column('owner_id').execute();

    await db.schema
      .createTable('podcast_episodes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('channel_id', 'text', (c) => c.notNull().references('podcast_channels.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull())
      .addColumn('season', 'integer')
      .addColumn('episode_number', 'integer')
      .addColumn('audio_id', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('byte_size', 'bigint', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      // draft | scheduled | published
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('publish_at', 'text')
      .addColumn('published_at', 'text')
      // JSON chapters ({ startTime, title }[]) and a WebVTT transcript, both optional.
      .addColumn('chapters', 'text')
      .addColumn('transcript', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('podcast_episodes_channel_idx').on('podcast_episodes').columns(['channel_id', 'published_at']).execute();
    await db.schema.createIndex('podcast_episodes_due_idx').on('podcast_episodes').columns(['status', 'publish_at']).execute();

    await db.schema
      .createTable('podcast_follows')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('channel_id', 'text', (c) => c.notNull().references('podcast_channels.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('podcast_follows_pkey', ['user_id', 'channel_id'])
      .execute();

    await db.schema
      .createTable('podcast_favorites')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('episode_id', 'text', (c) => c.notNull().references('podcast_episodes.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('podcast_favorites_pkey', ['user_id', 'episode_id'])
      .execute();

    await db.schema
      .createTable('podcast_playlists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('podcast_playlists_owner_idx').on('podcast_playlists').column('owner_id').execute();
    await db.schema
      .createTable('podcast_playlist_items')
      .addColumn('playlist_id', 'text', (c) => c.notNull().references('podcast_playlists.id').onDelete('cascade'))
      .addColumn('episode_id', 'text', (c) => c.notNull().references('podcast_episodes.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('podcast_playlist_items_pkey', ['playlist_id', 'episode_id'])
      .execute();

    await db.schema
      .createTable('podcast_positions')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('episode_id', 'text', (c) => c.notNull().references('podcast_episodes.id').onDelete('cascade'))
      .addColumn('position_ms', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('podcast_positions_pkey', ['user_id', 'episode_id'])
      .execute();
    await db.schema.createIndex('podcast_positions_user_idx').on('podcast_positions').columns(['user_id', 'updated_at']).execute();

    // One row per episode, listener (a member id or a hash for an anonymous player) and UTC day.
    await db.schema
      .createTable('podcast_plays')
      .addColumn('episode_id', 'text', (c) => c.notNull().references('podcast_episodes.id').onDelete('cascade'))
      .addColumn('listener', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('podcast_plays_pkey', ['episode_id', 'listener', 'day'])
      .execute();
    await db.schema.createIndex('podcast_plays_created_idx').on('podcast_plays').column('created_at').execute();

    await db.schema
      .createTable('podcast_share_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('episode_id', 'text', (c) => c.notNull().references('podcast_episodes.id').onDelete('cascade'))
      .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('start_seconds', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('podcast_share_links_episode_idx').on('podcast_share_links').column('episode_id').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['podcast_share_links', 'podcast_plays', 'podcast_positions', 'podcast_playlist_items', 'podcast_playlists', 'podcast_favorites', 'podcast_follows', 'podcast_episodes', 'podcast_channels']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
