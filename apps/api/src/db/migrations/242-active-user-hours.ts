import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Daily active users from a rollup that needs no distinct count. `active_user_hours` holds each
 * signed-in user's active UTC hours per site ('' unknown) and once more for all sites together
 * ('*'), each with the user's previous active hour on that site ('' when there is none). The
 * users active in any run of whole hours [lo, hi) are then the rows in it whose previous hour is
 * before lo: one row per user, counted along the (site, hour, previous) index, where the
 * distinct count over `activity_user_hours` it replaces sorted every user-hour of the range.
 * Built from that table's rows, so the charts keep their figures.
 */
export const activeUserHours: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('active_user_hours')
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('previous', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('active_user_hours_pk', ['site', 'user_id', 'hour'])
      .execute();
    await sql`insert into active_user_hours (site, user_id, hour, previous)
      select site, user_id, hour, coalesce(lag(hour) over (partition by site, user_id order by hour), '') from (
        select variant as site, user_id, hour from activity_user_hours
        union
        select '*' as site, user_id, hour from activity_user_hours
      ) x`.execute(db);
    await db.schema.createIndex('active_user_hours_hour_idx').on('active_user_hours').columns(['site', 'hour', 'previous', 'user_id']).execute();
    await db.schema.dropTable('activity_user_hours').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('activity_user_hours')
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_user_hours_pk', ['hour', 'variant', 'user_id'])
      .execute();
    await sql`insert into activity_user_hours (hour, variant, user_id)
      select hour, site, user_id from active_user_hours where site <> '*'`.execute(db);
    await db.schema.dropTable('active_user_hours').execute();
  },
};
