import type { Kysely, Migration } from 'kysely';

/**
 * The metrics dashboard (issue 17). Each activity now records the site it was logged on
 * (`variant`: main, school, podcast, dashboard; null for rows logged before) and its page as a
 * route pattern (`route`: /session/:id), worked out once when it is recorded, so the charts group
 * and filter without parsing paths. The indexes cover the dashboard's queries (a range scan of
 * the index answers them without reading the table); the old (created_at, action) index is a
 * prefix of the new one and goes, so recording an activity maintains one index more than before.
 */
export const metrics: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('activities').addColumn('variant', 'text').execute();
    await db.schema.alterTable('activities').addColumn('route', 'text').execute();
    await db.schema.dropIndex('activities_created_at_idx').execute();
    // Counts per day and action, and distinct users per day.
    await db.schema.createIndex('activities_metrics_idx').on('activities').columns(['created_at', 'variant', 'action', 'user_id']).execute();
    // Top pages: visits only, by route.
    await db.schema.createIndex('activities_routes_idx').on('activities').columns(['action', 'created_at', 'variant', 'route']).execute();
    // The product's own tables, counted by the day they were created.
    await db.schema.createIndex('reading_sessions_created_at_idx').on('reading_sessions').column('created_at').execute();
    await db.schema.createIndex('takes_created_at_idx').on('takes').column('created_at').execute();
    await db.schema.createIndex('subscriptions_created_at_idx').on('subscriptions').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('subscriptions_created_at_idx').execute();
    await db.schema.dropIndex('takes_created_at_idx').execute();
    await db.schema.dropIndex('reading_sessions_created_at_idx').execute();
    await db.schema.dropIndex('activities_routes_idx').execute();
    await db.schema.dropIndex('activities_metrics_idx').execute();
    await db.schema.createIndex('activities_created_at_idx').on('activities').columns(['created_at', 'action']).execute();
    await db.schema.alterTable('activities').dropColumn('route').execute();
    await db.schema.alterTable('activities').dropColumn('variant').execute();
  },
};
