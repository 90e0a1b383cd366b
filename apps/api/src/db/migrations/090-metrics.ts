import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The metrics dashboard. Each activity now records the site it was logged on
 * (`variant`: main, school, podcast, dashboard; null for rows logged before) and its page as a
 * route pattern (`route`: /session/:id), worked out once when it is recorded.
 *
 * Three rollups, kept current by the same transaction that records an activity, answer the charts
 * without reading a million rows: counts per UTC hour, site and action; the signed-in users seen
 * per UTC hour and site (distinct users per day in any zone are the distinct users of its hours);
 * visits per UTC day, site and route. A day edge that falls inside an hour (a +05:30 zone) or a
 * range edge inside a UTC day is counted from the log itself, through `activities_metrics_idx`,
 * which replaces the (created_at, action) index it begins with.
 */
export const metrics: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('activities').addColumn('variant', 'text').execute();
    await db.schema.alterTable('activities').addColumn('route', 'text').execute();
    await db.schema.dropIndex('activities_created_at_idx').execute();
    await db.schema.createIndex('activities_metrics_idx').on('activities').columns(['created_at', 'variant', 'action', 'user_id']).execute();

    // Hours and days are the ISO text of their first instant ('2026-03-29T13:00:00.000Z'), so
    // they compare with created_at and with the edges of a range as they are.
    await db.schema
      .createTable('activity_hours')
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_hours_pk', ['hour', 'variant', 'action'])
      .execute();
    await db.schema
      .createTable('activity_user_hours')
      .addColumn('hour', 'text', (c) => c.notNull())
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_user_hours_pk', ['hour', 'variant', 'user_id'])
      .execute();
    await db.schema
      .createTable('activity_route_days')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_route_days_pk', ['day', 'variant', 'route'])
      .execute();
    // The log kept so far, rolled up once ('' for the unknown site, a placeholder route).
    const hour = sql`substr(created_at, 1, 13) || ':00:00.000Z'`;
    const site = sql`coalesce(variant, '')`;
    await sql`insert into activity_hours (hour, variant, action, count)
      select ${hour}, ${site}, action, count(*) from activities group by ${hour}, ${site}, action`.execute(db);
    await sql`insert into activity_user_hours (hour, variant, user_id)
      select distinct ${hour}, ${site}, user_id from activities where user_id is not null`.execute(db);
    const day = sql`substr(created_at, 1, 10) || 'T00:00:00.000Z'`;
    await sql`insert into activity_route_days (day, variant, route, count)
      select ${day}, ${site}, coalesce(route, '(not recorded)'), count(*) from activities where action = 'visit'
      group by ${day}, ${site}, coalesce(route, '(not recorded)')`.execute(db);

    // The product's own tables, counted by the day they were created.
    await db.schema.createIndex('reading_sessions_created_at_idx').on('reading_sessions').column('created_at').execute();
    await db.schema.createIndex('takes_created_at_idx').on('takes').column('created_at').execute();
    await db.schema.createIndex('subscriptions_created_at_idx').on('subscriptions').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('subscriptions_created_at_idx').execute();
    await db.schema.dropIndex('takes_created_at_idx').execute();
    await db.schema.dropIndex('reading_sessions_created_at_idx').execute();
    await db.schema.dropTable('activity_route_days').execute();
    await db.schema.dropTable('activity_user_hours').execute();
    await db.schema.dropTable('activity_hours').execute();
    await db.schema.dropIndex('activities_metrics_idx').execute();
    await db.schema.createIndex('activities_created_at_idx').on('activities').columns(['created_at', 'action']).execute();
    await db.schema.alterTable('activities').dropColumn('route').execute();
    await db.schema.alterTable('activities').dropColumn('variant').execute();
  },
};
