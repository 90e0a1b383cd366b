import type { Kysely, Migration } from 'kysely';

/**
 * Events and their registrations. `seats_taken` counts confirmed registrations and
 * is only ever moved by one conditional UPDATE (`seats_taken < capacity`), so two members racing
 * for the last seat get one seat and one waiting-list place on either database. One row per
 * member and event (unique), so registering twice is one registration.
 */
export const events: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('place', 'text')
      .addColumn('online_url', 'text')
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('events_ends_at_idx').on('events').columns(['ends_at', 'starts_at']).execute();
    await db.schema
      .createTable('event_registrations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // confirmed | waitlisted | cancelled
      .addColumn('status', 'text', (c) => c.notNull())
      // When the member (last) asked for a seat: the waiting list's order.
      .addColumn('queued_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('event_registrations_event_user_key', ['event_id', 'user_id'])
      .execute();
    await db.schema.createIndex('event_registrations_queue_idx').on('event_registrations').columns(['event_id', 'status', 'queued_at']).execute();
    await db.schema.createIndex('event_registrations_user_idx').on('event_registrations').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('event_registrations').execute();
    await db.schema.dropTable('events').execute();
  },
};
