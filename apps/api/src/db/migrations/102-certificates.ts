import type { Kysely, Migration } from 'kysely';

/**
 * Certificates. The id is long and random: it is what the verification link and QR
 * code carry, so knowing it is what lets anyone check a certificate. Names are kept as they
 * were on the day it was issued (a certificate does not change when a profile does).
 */
export const certificates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('certificates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('recipient_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('recipient_name', 'text', (c) => c.notNull())
      .addColumn('course', 'text', (c) => c.notNull())
      // What it was issued for: an event (staff), later a class (teacher).
      .addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('set null'))
      .addColumn('class_id', 'text')
      .addColumn('issuer_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('issuer_name', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('certificates_recipient_idx').on('certificates').columns(['recipient_id', 'issued_at']).execute();
    // One certificate per member and event.
    await db.schema.createIndex('certificates_event_recipient_key').on('certificates').columns(['event_id', 'recipient_id']).unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('certificates').execute();
  },
};
