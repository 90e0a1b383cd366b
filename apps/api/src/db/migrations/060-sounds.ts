import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The audio library: a member's sounds (music beds, effects, voice clips) and the cues
 * that hang them on script lines. A sound's bytes are stored under `sounds/<sha256>` (its
 * `file_id`); the row carries what the file said about itself (duration, sample rate, channels),
 * the owner's fields (title, type, tags, licence, trim and fades, applied at playback), and the
 * waveform peaks once the background job has computed them.
 */
export const sounds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sounds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      /** JSON array of lower-case tags. */
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('licence', 'text', (c) => c.notNull())
      .addColumn('attribution', 'text', (c) => c.notNull())
      .addColumn('is_public', 'integer', (c) => c.notNull())
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('byte_size', 'bigint', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('sample_rate', 'integer', (c) => c.notNull())
      .addColumn('channels', 'integer', (c) => c.notNull())
      .addColumn('trim_start_ms', 'integer', (c) => c.notNull())
      .addColumn('trim_end_ms', 'integer')
      .addColumn('fade_in_ms', 'integer', (c) => c.notNull())
      .addColumn('fade_out_ms', 'integer', (c) => c.notNull())
      .addColumn('peaks_state', 'text', (c) => c.notNull())
      /** JSON array of numbers 0..1, one per slice of the whole file. */
      .addColumn('peaks', 'text')
      .addColumn('source_url', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('sounds_type_check', sql`type in ('bgm', 'sfx', 'voice')`)
      .addCheckConstraint('sounds_licence_check', sql`licence in ('cc0', 'cc-by', 'all-rights-reserved')`)
      .addCheckConstraint('sounds_peaks_state_check', sql`peaks_state in ('pending', 'ready', 'failed')`)
      .execute();
    await db.schema.createIndex('sounds_owner_idx').on('sounds').columns(['owner_id', 'type', 'created_at']).execute();
    await db.schema.createIndex('sounds_public_idx').on('sounds').columns(['is_public', 'created_at']).execute();
    await db.schema.createIndex('sounds_file_idx').on('sounds').column('file_id').execute();

    await db.schema
      .createTable('sound_cues')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('script_id', 'text', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
      .addColumn('line_id', 'text', (c) => c.notNull().references('script_lines.id').onDelete('cascade'))
      .addColumn('sound_id', 'text', (c) => c.notNull().references('sounds.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      /** A bed plays under its line until this later line starts; null: to the end of the sound. */
      .addColumn('until_line_id', 'text', (c) => c.references('script_lines.id').onDelete('set null'))
      /** 0 to 100 (per cent). */
      .addColumn('volume', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('sound_cues_at_check', sql`at in ('start', 'end', 'bed')`)
      .execute();
    await db.schema.createIndex('sound_cues_script_idx').on('sound_cues').columns(['script_id', 'position']).execute();
    await db.schema.createIndex('sound_cues_sound_idx').on('sound_cues').column('sound_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sound_cues').execute();
    await db.schema.dropTable('sounds').execute();
  },
};
