import type { FastifyInstance } from 'fastify';

interface EveryOptions {
  /** Names the task in the warning logged when a run fails. */
  what: string;
  ms: number;
  /**
   * What happens when the app is ready, before the first interval: `await` runs the task and
   * holds start-up until it ends (a failure stops start-up: the app must not serve without it),
   * `start` runs it without waiting (a failure is logged), `wait` leaves it to the first interval.
   */
  atStart: 'await' | 'start' | 'wait';
}

/**
 * Runs a background task of the app every `ms` once it is ready, and stops with it. The timer is
 * unref'd, so it never keeps a process alive on its own; a failed run is logged and the next one
 * comes on time. Each instance runs its own: the tasks are idempotent (a DELETE, a claim by a
 * conditional UPDATE, a job enqueued with a key), so several instances at once do no harm.
 */
export function every(app: FastifyInstance, task: () => unknown, { what, ms, atStart }: EveryOptions): void {
  const run = () => {
    Promise.resolve()
      .then(task)
      .catch((err: unknown) => app.log.warn({ err }, `${what} failed`));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (atStart === 'await') await task();
    else if (atStart === 'start') run();
    timer = setInterval(run, ms);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
