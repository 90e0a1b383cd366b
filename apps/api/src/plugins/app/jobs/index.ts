import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { loadSecret } from '../../../repositories/secrets';
import { createInProcessQueue } from './in-process';
import { createPgBossQueue } from './pg-boss';
import type { JobQueue } from './jobs';

export * from './jobs';
;
;

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work (plugins/app/jobs): in-process on SQLite, pg-boss on PostgreSQL. */
    jobs: JobQueue;
  }
}

/**
 * `app.jobs`: on PostgreSQL a durable queue every instance shares (pg-boss, in its own schema
 * JOBS_SCHEMA), else the in-process queue. Closing the app stops it gracefully: running jobs
 * finish, and what is left stays in the database for the next instance.
 */
async function jobs(app: FastifyInstance, { config }: { config: Config }) {
  const queue = config.databaseUrl
    ? await createPgBossQueue({
        connectionString: config.databaseUrl,
        schema: config.jobsSchema,
        db: app.db,
        dataKey: await loadSecret(app.db, config.dataDir, 'jobDataKey', process.env.JOBS_DATA_KEY),
        log: app.log,
        pollingIntervalSeconds: config.jobsPollSeconds,
      })
    : createInProcessQueue(app.log);
  // Stopped once, by whichever closes first (a plugin whose jobs need it, or this one).
  let stopping: Promise<void> | undefined;
  const stop = (timeoutMs?: number) => (stopping ??= queue.stop(timeoutMs));
  app.decorate('jobs', { ...queue, stop });
  app.addHook('onClose', async () => stop());
}

export default fp(jobs, { name: 'jobs', dependencies: ['database'] });
