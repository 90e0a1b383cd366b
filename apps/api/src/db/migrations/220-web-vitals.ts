import type { Kysely, Migration } from 'kysely';

/**
 * Real-user web vitals. `web_vitals` keeps each metric of each beacon with its tags for
 * VITALS_RETENTION_DAYS; `web_vital_days`, kept current by the insert's transaction, counts the
 * samples per UTC day, site, route, remote version, metric and value bucket (the value rounded up
 * to 10 ms, CLS to 0.001), so the dashboard's p75 and rating shares over any range read a few
 * thousand rollup rows, never the raw ones, and outlive them (VITALS_ROLLUP_RETENTION_DAYS).
 */
export const webVitals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('web_vitals')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('shell_version', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('connection', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('web_vitals_received_at_idx').on('web_vitals').column('received_at').execute();
    await db.schema
      .createTable('web_vital_days')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('bucket', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('web_vital_days_pk', ['day', 'site', 'route', 'remote', 'version', 'metric', 'bucket'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('web_vital_days').execute();
    await db.schema.dropTable('web_vitals').execute();
  },
};
