// A job worker in a process of its own, for jobs-crash.test.ts (run with jiti): enqueues the
// job `test.effect` under a fixed key and works it. Each run of the handler appends a line to
// RUNS_FILE; with HANG=1 it then never finishes (the test kills this process with SIGKILL),
// otherwise it records its effect (a row in job_effects) and ends.
import fs from 'node:fs';
import pino from 'pino';
import { sql } from 'kysely';
import { createDatabase, migrateToLatest } from '../../src/db/database';
import { createPgBossQueue } from '../../src/plugins/app/jobs/pg-boss';

async function main() {
  const { DATABASE_URL, DATABASE_SCHEMA, JOBS_SCHEMA, RUNS_FILE, HANG } = process.env as Record<string, string>;
  const { db } = createDatabase({ databaseUrl: DATABASE_URL, pgSchema: DATABASE_SCHEMA, dataDir: '/nonexistent' });
  await migrateToLatest(db, DATABASE_SCHEMA);
  await sql`CREATE TABLE IF NOT EXISTS job_effects (job_id text PRIMARY KEY, done_at text NOT NULL)`.execute(db);
  const queue = await createPgBossQueue({
    connectionString: DATABASE_URL,
    schema: JOBS_SCHEMA,
    db,
    dataKey: 'test-key',
    log: pino({ level: 'silent' }),
    maintenanceIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
  });
  await queue.define<{ note: string }>(
    'test.effect',
    async (job) => {
      fs.appendFileSync(RUNS_FILE, `run ${job.id} attempt ${job.attempt} ${job.data.note}\n`);
      await job.progress(0.5);
      if (HANG === '1') await new Promise(() => undefined);
      await sql`INSERT INTO job_effects (job_id, done_at) VALUES (${job.id}, ${new Date().toISOString()})`.execute(db);
      await job.progress(1);
    },
    { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 2 },
  );
  const id = await queue.enqueue('test.effect', { note: 'sealed note' }, { key: 'the-one-job' });
  process.stdout.write(`enqueued ${id}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error).stack ?? err)}\n`);
  process.exit(1);
});
