import { sql } from 'kysely';
import type { Db } from '../db/database';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Real-user web vitals' SQL, the same on both databases: the raw beacon rows (`web_vitals`) and
 * their daily rollup by value bucket (`web_vital_days`, migration 220), written in one
 * transaction. The dashboard reads only the rollup: sample counts per bucket, which the service
 * turns into p75 and rating shares.
 */

/** One metric of a beacon as stored: its tags, its value and its bucket. */
interface VitalRow {
  receivedAt: string;
  day: string;
  site: string;
  route: string;
  remote: string;
  version: string;
  shellVersion: string;
  device: string;
  connection: string;
  metric: string;
  value: number;
  bucket: number;
}

/** Stores one beacon's metrics and counts each in its day's bucket. */
async function insertBeacon(db: Db, rows: VitalRow[]): Promise<void> {
  if (!rows.length) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('web_vitals')
      .values(
        rows.map((r) => ({
          received_at: r.receivedAt,
          site: r.site,
          route: r.route,
          remote: r.remote,
          version: r.version,
          shell_version: r.shellVersion,
          device: r.device,
          connection: r.connection,
          metric: r.metric,
          value: r.value,
        })),
      )
      .execute();
    // A beacon names each metric once, so its rows never meet the same key twice.
    await trx
      .insertInto('web_vital_days')
      .values(rows.map((r) => ({ day: r.day, site: r.site, route: r.route, remote: r.remote, version: r.version, metric: r.metric, bucket: r.bucket, count: 1 })))
      .onConflict((oc) => oc.columns(['day', 'site', 'route', 'remote', 'version', 'metric', 'bucket']).doUpdateSet({ count: sql<number>`web_vital_days.count + excluded.count` }))
      .execute();
  });
}

/** Which rollup rows a dashboard read takes: UTC days `from`..`to` (inclusive) and the tags asked for. */
interface VitalsFilter {
  from: string;
  to: string;
  site?: string;
  route?: string;
  remote?: string;
  version?: string;
}

export interface BucketCount {
  metric: string;
  bucket: number;
  count: number;
}

function filtered(db: Db, f: VitalsFilter) {
  let query = db.selectFrom('web_vital_days').where('day', '>=', f.from).where('day', '<=', f.to);
  if (f.site) query = query.where('site', '=', f.site);
  if (f.route) query = query.where('route', '=', f.route);
  if (f.remote) query = query.where('remote', '=', f.remote);
  if (f.version) query = query.where('version', '=', f.version);
  return query;
}

/** Samples per day, metric and bucket under the filter. */
async function bucketsPerDay(db: Db, f: VitalsFilter): Promise<Array<BucketCount & { day: string }>> {
  const rows = await filtered(db, f)
    .select(['day', 'metric', 'bucket', sql<number>`sum(count)`.as('n')])
    .groupBy(['day', 'metric', 'bucket'])
    .execute();
  return rows.map((r) => ({ day: r.day, metric: r.metric, bucket: Number(r.bucket), count: Number(r.n) }));
}

/** Samples per site, route, remote version, metric and bucket over the range. */
async function bucketsPerGroup(db: Db, f: VitalsFilter): Promise<Array<BucketCount & { site: string; route: string; remote: string; version: string }>> {
  const rows = await filtered(db, f)
    .select(['site', 'route', 'remote', 'version', 'metric', 'bucket', sql<number>`sum(count)`.as('n')])
    .groupBy(['site', 'route', 'remote', 'version', 'metric', 'bucket'])
    .execute();
  return rows.map((r) => ({ site: r.site, route: r.route, remote: r.remote, version: r.version, metric: r.metric, bucket: Number(r.bucket), count: Number(r.n) }));
}

/** The remote versions with samples in the range (site filter only), the most recently seen first. */
async function versions(db: Db, f: VitalsFilter): Promise<Array<{ remote: string; version: string; count: number; lastDay: string }>> {
  const rows = await filtered(db, { from: f.from, to: f.to, site: f.site })
    .select(['remote', 'version', sql<number>`sum(count)`.as('n'), sql<string>`max(day)`.as('last_day')])
    .groupBy(['remote', 'version'])
    .orderBy('last_day', 'desc')
    .orderBy('remote')
    .orderBy('version')
    .execute();
  return rows.map((r) => ({ remote: r.remote, version: r.version, count: Number(r.n), lastDay: r.last_day }));
}

/** Deletes raw rows (and remote load failures) received before `rawBefore` and rollup days before `dayBefore`; answers how many rows went. */
async function deleteVitalsBefore(db: Db, rawBefore: string, dayBefore: string): Promise<number> {
  const raw = await db.deleteFrom('web_vitals').where('received_at', '<', rawBefore).executeTakeFirst();
  const days = await db.deleteFrom('web_vital_days').where('day', '<', dayBefore).executeTakeFirst();
  const failures = await db.deleteFrom('remote_load_failures').where('received_at', '<', rawBefore).executeTakeFirst();
  return Number(raw.numDeletedRows) + Number(days.numDeletedRows) + Number(failures.numDeletedRows);
}

/** A remote load failure as stored. */
interface FailureRow {
  receivedAt: string;
  site: string;
  remote: string;
  version: string;
  fallbackVersion: string;
  recovered: boolean;
  reason: string;
}

async function insertFailure(db: Db, r: FailureRow): Promise<void> {
  await db
    .insertInto('remote_load_failures')
    .values({ received_at: r.receivedAt, site: r.site, remote: r.remote, version: r.version, fallback_version: r.fallbackVersion, recovered: r.recovered ? 1 : 0, reason: r.reason })
    .execute();
}

/** Failures received from `from` (inclusive) to before `before`, per remote version and fallback, most first, at most `limit`. */
async function failureGroups(db: Db, from: string, before: string, limit: number) {
  const rows = await db
    .selectFrom('remote_load_failures')
    .where('received_at', '>=', from)
    .where('received_at', '<', before)
    .select(['remote', 'version', 'fallback_version', sql<number>`count(*)`.as('n'), sql<number>`sum(recovered)`.as('saved'), sql<string>`max(received_at)`.as('last_at')])
    .groupBy(['remote', 'version', 'fallback_version'])
    .orderBy('n', 'desc')
    .orderBy('last_at', 'desc')
    .limit(limit)
    .execute();
  const groups = [];
  for (const r of rows) {
    const last = await db
      .selectFrom('remote_load_failures')
      .where('remote', '=', r.remote)
      .where('version', '=', r.version)
      .where('fallback_version', '=', r.fallback_version)
      .where('received_at', '=', r.last_at)
      .select('reason')
      .executeTakeFirst();
    groups.push({ remote: r.remote, version: r.version, fallbackVersion: r.fallback_version, count: Number(r.n), recovered: Number(r.saved), lastAt: r.last_at, lastReason: last?.reason ?? '' });
  }
  return groups;
}

declare module 'fastify' {
  interface FastifyInstance {
    vitalsRepository: VitalsRepository;
  }
}

const queries = { insertBeacon, bucketsPerDay, bucketsPerGroup, versions, deleteVitalsBefore, insertFailure, failureGroups };
type VitalsRepository = Repository<typeof queries>;

export default repositoryPlugin('vitalsRepository', 'vitals-repository', queries);
