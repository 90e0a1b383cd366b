import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Casting calls: a member's call for the roles of one of their scripts, each role with its
 * audition sides (the chosen line ids, a JSON array in script order), the auditions members send
 * for a role (one per member and role: sending again after withdrawing takes the same row up
 * again) and, for auditions recorded line by line, one take per side.
 *
 * `search_text` is what the board's full-text search reads (the script's title and synopsis, the
 * roles' names, descriptions and voice notes), written by the repository with every change. On
 * PostgreSQL a generated tsvector of it with a GIN index answers the search; on SQLite an FTS5
 * table that triggers keep in step with it. Both use plain word splitting (no language's
 * stemming): calls come in any language.
 */
export const casting: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('casting_calls')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('script_id', 'text', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
      .addColumn('deadline', 'text', (c) => c.notNull())
      .addColumn('paid', 'integer', (c) => c.notNull())
      .addColumn('pay_note', 'text', (c) => c.notNull().defaultTo(''))
      // public | friends | link
      .addColumn('visibility', 'text', (c) => c.notNull())
      // The link-only address's random id (every call has one; it matters for link-only calls).
      .addColumn('link_id', 'text', (c) => c.notNull().unique())
      // open | closed (a passed deadline closes the call on read, whatever is stored here).
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      // Hidden by staff: off the board and the call's page for everyone but its owner.
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('casting_calls_visibility_check', sql`visibility in ('public', 'friends', 'link')`)
      .addCheckConstraint('casting_calls_status_check', sql`status in ('open', 'closed')`)
      .execute();
    await db.schema.createIndex('casting_calls_board_idx').on('casting_calls').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('casting_calls_owner_idx').on('casting_calls').columns(['owner_id', 'status']).execute();
    await db.schema.createIndex('casting_calls_script_idx').on('casting_calls').column('script_id').execute();

    await db.schema
      .createTable('casting_roles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('call_id', 'text', (c) => c.notNull().references('casting_calls.id').onDelete('cascade'))
      .addColumn('role_name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('voice_notes', 'text', (c) => c.notNull().defaultTo(''))
      // JSON array of script line ids, in script order.
      .addColumn('sides', 'text', (c) => c.notNull())
      .addColumn('cast_member_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('cast_audition_id', 'text')
      .addColumn('cast_at', 'text')
      .addUniqueConstraint('casting_roles_call_role_key', ['call_id', 'role_name'])
      .execute();

    await db.schema
      .createTable('casting_auditions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('role_id', 'text', (c) => c.notNull().references('casting_roles.id').onDelete('cascade'))
      .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // sent | withdrawn
      .addColumn('status', 'text', (c) => c.notNull())
      // One uploaded file for the whole audition; null when it is recorded line by line (takes).
      .addColumn('audio_id', 'text', (c) => c.references('audio_files.id'))
      // The call owner's own: a private note, the shortlist, a rating of 1-5.
      .addColumn('owner_note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('shortlisted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('casting_auditions_role_member_key', ['role_id', 'member_id'])
      .addCheckConstraint('casting_auditions_status_check', sql`status in ('sent', 'withdrawn')`)
      .addCheckConstraint('casting_auditions_rating_check', sql`rating is null or (rating between 1 and 5)`)
      .execute();
    await db.schema.createIndex('casting_auditions_member_idx').on('casting_auditions').column('member_id').execute();

    await db.schema
      .createTable('casting_audition_takes')
      .addColumn('audition_id', 'text', (c) => c.notNull().references('casting_auditions.id').onDelete('cascade'))
      .addColumn('line_id', 'text', (c) => c.notNull())
      .addColumn('audio_id', 'text', (c) => c.notNull().references('audio_files.id'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('byte_size', 'integer', (c) => c.notNull())
      .addColumn('duration_ms', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('casting_audition_takes_pk', ['audition_id', 'line_id'])
      .execute();

    if (isPostgres(db)) {
      await sql`ALTER TABLE casting_calls ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED`.execute(db);
      await sql`CREATE INDEX casting_calls_search_idx ON casting_calls USING gin (search)`.execute(db);
    } else {
      await sql`CREATE VIRTUAL TABLE casting_calls_fts USING fts5(call_id UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
      await sql`CREATE TRIGGER casting_calls_fts_insert AFTER INSERT ON casting_calls BEGIN
        INSERT INTO casting_calls_fts (call_id, body) VALUES (new.id, new.search_text);
      END`.execute(db);
      await sql`CREATE TRIGGER casting_calls_fts_update AFTER UPDATE OF search_text ON casting_calls BEGIN
        DELETE FROM casting_calls_fts WHERE call_id = old.id;
        INSERT INTO casting_calls_fts (call_id, body) VALUES (new.id, new.search_text);
      END`.execute(db);
      await sql`CREATE TRIGGER casting_calls_fts_delete AFTER DELETE ON casting_calls BEGIN
        DELETE FROM casting_calls_fts WHERE call_id = old.id;
      END`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (!isPostgres(db)) await sql`DROP TABLE IF EXISTS casting_calls_fts`.execute(db);
    await db.schema.dropTable('casting_audition_takes').execute();
    await db.schema.dropTable('casting_auditions').execute();
    await db.schema.dropTable('casting_roles').execute();
    // Its triggers (SQLite) and its index and generated column (PostgreSQL) go with it.
    await db.schema.dropTable('casting_calls').execute();
  },
};
