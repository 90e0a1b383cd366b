import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/** Whether this migration runs on PostgreSQL (the one dialect with LISTEN/NOTIFY). */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * PostgreSQL only: every change to a user's notifications announces that user's id on the
 * `vox_notifications` channel (delivered at commit), and TRUNCATE announces `*`. Each API
 * instance LISTENs and forgets its cached new-message counts for that user (see
 * services/messages/new-message-counts.ts), so the 30-second poll of every open tab can answer from
 * memory and still be exact across instances. SQLite has no such channel and needs none: the poll
 * there is a cheap in-process query.
 */
export const notificationChangeEvents: Migration = {
  async up(db: Kysely<unknown>) {
    if (!isPostgres(db)) return;
    await sql`
      CREATE OR REPLACE FUNCTION vox_notifications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('vox_notifications', OLD.user_id);
        ELSE
          PERFORM pg_notify('vox_notifications', NEW.user_id);
          IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
            PERFORM pg_notify('vox_notifications', OLD.user_id);
          END IF;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE OR REPLACE FUNCTION vox_notifications_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('vox_notifications', '*');
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER notifications_changed AFTER INSERT OR UPDATE OR DELETE ON notifications
      FOR EACH ROW EXECUTE FUNCTION vox_notifications_changed()`.execute(db);
    await sql`CREATE TRIGGER notifications_truncated AFTER TRUNCATE ON notifications
      FOR EACH STATEMENT EXECUTE FUNCTION vox_notifications_truncated()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (!isPostgres(db)) return;
    await sql`DROP TRIGGER IF EXISTS notifications_changed ON notifications`.execute(db);
    await sql`DROP TRIGGER IF EXISTS notifications_truncated ON notifications`.execute(db);
    await sql`DROP FUNCTION IF EXISTS vox_notifications_changed()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS vox_notifications_truncated()`.execute(db);
  },
};
