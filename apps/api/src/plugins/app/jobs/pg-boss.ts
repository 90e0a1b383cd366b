import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database';
import { progressOf as readProgress, saveProgress } from '../../../repositories/job-progress';
import { DEFAULTS, errorText, type JobDefinition, type JobHandler, type JobQueue, type JobState, type JobStatus } from './jobs';

interface PgBossQueueOptions {
  connectionString: string;
  /** pg-boss's own schema (its tables beside, never among, the app's). */
  schema: string;
  /** The app's database, for job progress (migration 111). */
  db: Db;
  /** Seals job data: the job table holds mail (reset codes) and must not reveal it. */
  dataKey: string;
  log: FastifyBaseLogger;
  /** How often expired runs (a dead worker's) are found and retried; tests shorten it. */
  maintenanceIntervalSeconds?: number;
  /** How often an idle worker looks for new jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
}

/**
 * pg-boss 10 settles a worker's jobs without awaiting them (manager.js, `onFetch`:
 * `this.complete(...)` / `this.fail(...)`). If the database drops at that moment the promise
 * rejects with nobody listening, and Node ends the whole process on an unhandled rejection: one
 * database blip while a job finishes would take an API instance down. Guard the two calls once:
 * a rejection becomes the queue's 'error' event (logged below), and the job, still 'active' in
 * the table, expires and is retried like any run whose worker vanished. pg-boss 11 (which awaits)
 * needs Node 22.
 */
let settleGuarded = false;
function guardUnawaitedSettles(): void {
  if (settleGuarded) return;
  settleGuarded = true;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Manager = require('pg-boss/src/manager') as { prototype: Record<string, unknown> };
  for (const method of ['complete', 'fail'] as const) {
    const original = Manager.prototype[method] as (this: NodeJS.EventEmitter, ...args: unknown[]) => Promise<unknown>;
    Manager.prototype[method] = function (this: NodeJS.EventEmitter, ...args: unknown[]) {
      return original.apply(this, args).catch((err: unknown) => {
        if (this.listenerCount('error') > 0) this.emit('error', err);
        return undefined;
      });
    };
  }
}

const STATES: Record<string, JobState> = { created: 'queued', retry: 'retry', active: 'active', completed: 'completed', failed: 'failed', cancelled: 'failed' };

/** The job id for an idempotency key: a UUID made from the name and key, the same every time. */
function keyedId(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The durable queue for PostgreSQL (pg-boss 10, the last line whose engines accept Node 20):
 * jobs are rows in the database every instance shares, taken with SKIP LOCKED so each runs on one
 * worker at a time, retried with exponential back-off, and a run whose worker died (kill -9,
 * a lost machine) expires and is retried by whichever instance is up. Job data is sealed with
 * AES-256-GCM under a key from app_secrets; errors keep their message only.
 */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const { db, log, schema } = options;
  guardUnawaitedSettles();
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema,
    application_name: 'voxclub-jobs',
    max: 4,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    monitorStateIntervalSeconds: 60,
  });
  boss.on('error', (err) => log.error({ err }, 'jobs: queue error'));
  await boss.start();
  const key = createHash('sha256').update(options.dataKey).digest();
  const workers = new Map<string, string>();

  const seal = (data: object) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
    return { sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
  };
  const unseal = (data: { sealed: string }): object => {
    const raw = Buffer.from(data.sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
  };

  const progressOf = (ids: string[]) => readProgress(db, ids);

  interface JobRow {
    id: string;
    name: string;
    state: string;
    retry_count: number;
    started_on: Date | null;
    output: { message?: string } | null;
    created_on: Date;
  }
  const toStatus = (row: JobRow, progress: Map<string, number>): JobStatus => ({
    id: row.id,
    name: row.name,
    state: STATES[row.state] ?? 'queued',
    progress: progress.get(row.id) ?? null,
    // retry_count counts the retries begun; a job never started has had no run.
    attempts: row.started_on ? row.retry_count + 1 : 0,
    error: row.state === 'failed' || row.state === 'retry' ? (row.output?.message ?? null) : null,
    createdAt: new Date(row.created_on).toISOString(),
  });
  const sql = async <T>(text: string, values: unknown[]) => (await boss.getDb().executeSql(text, values)).rows as T[];

  return {
    kind: 'pg-boss',
    async define<T extends object>(name: string, handler: JobHandler<T>, definition: JobDefinition = {}) {
      const o = { ...DEFAULTS, ...definition };
      await boss.createQueue(name, { name, retryLimit: o.retryLimit, retryDelay: o.retryDelaySeconds, retryBackoff: true, expireInSeconds: o.expireInSeconds });
      const id = await boss.work<{ sealed: string }>(
        name,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
        async ([job]) => {
          try {
            await handler({
              id: job.id,
              data: unseal(job.data) as T,
              attempt: job.retryCount + 1,
              progress: (fraction) => saveProgress(db, job.id, Math.min(1, Math.max(0, fraction))),
            });
          } catch (err) {
            log.warn({ err, job: job.id, name, attempt: job.retryCount + 1 }, 'job: failed');
            // pg-boss keeps what is thrown as the job's output: the message only, never the data.
            throw new Error(errorText(err));
          }
        },
      );
      workers.set(name, id);
    },
    async enqueue(name, data, { key } = {}) {
      const id = key ? keyedId(name, key) : undefined;
      const sent = await boss.send(name, seal(data), id ? { id } : {});
      // Wake this instance's worker now rather than at its next poll.
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
      // An id that was already there (the same key again) answers that job.
      return (sent ?? id) as string;
    },
    async status(name, id) {
      const [row] = await sql<JobRow>(`SELECT id, name, state, retry_count, started_on, output, created_on FROM ${schema}.job WHERE name = $1 AND id = $2`, [name, id]);
      return row ? toStatus(row, await progressOf([row.id])) : undefined;
    },
    async failures(limit = 50) {
      const rows = await sql<JobRow>(
        `SELECT id, name, state, retry_count, started_on, output, created_on FROM ${schema}.job WHERE state = 'failed' ORDER BY completed_on DESC LIMIT $1`,
        [limit],
      );
      const progress = await progressOf(rows.map((r) => r.id));
      return rows.map((r) => toStatus(r, progress));
    },
    async idle() {
      const names = [...workers.keys()];
      for (;;) {
        const [{ count }] = await sql<{ count: string }>(
          `SELECT count(*) AS count FROM ${schema}.job WHERE name = ANY($1) AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
          [names],
        );
        if (Number(count) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async check() {
      await sql('SELECT 1', []);
    },
    async stop(timeoutMs = 10_000) {
      // Graceful: workers take nothing new, running jobs get `timeoutMs` to finish.
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
