import Fastify from 'fastify';
import { every } from '../../src/plugins/app/every';
import { logSink } from '../helper';

// The app's background tasks (retention, reminders, cleanups, the revocation sync, the upload
// sweep) share this timer: what runs at start, that a failure is logged and the next run comes,
// and that closing the app stops it.
describe('every: a background task of the app', () => {
  const app = (logs = logSink()) => Fastify({ logger: { level: 'warn', stream: logs.stream } });

  it('await runs the task before the app is ready and stops start-up when it fails', async () => {
    const ran: string[] = [];
    const ok = app();
    every(ok, () => void ran.push('run'), { what: 'the task', ms: 60_000, atStart: 'await' });
    await ok.ready();
    expect(ran).toEqual(['run']);
    await ok.close();

    const failing = app();
    every(failing, async () => { throw new Error('no database'); }, { what: 'the task', ms: 60_000, atStart: 'await' });
    await expect(failing.ready()).rejects.toThrow('no database');
    await failing.close();
  });

  it('start runs it without holding start-up, logs a failure and runs again on time; wait leaves it to the interval', async () => {
    const logs = logSink();
    const instance = app(logs);
    let runs = 0;
    every(instance, async () => {
      runs++;
      throw new Error(`failure ${runs}`);
    }, { what: 'pruning the log', ms: 20, atStart: 'start' });
    let waited = 0;
    every(instance, () => void waited++, { what: 'the reminder', ms: 60_000, atStart: 'wait' });
    await instance.ready();
    await new Promise((resolve) => setTimeout(resolve, 90));
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(waited).toBe(0);
    const warnings = logs.lines.filter((line) => line.msg === 'pruning the log failed') as Array<{ err: { message: string } }>;
    expect(warnings.length).toBe(runs);
    expect(warnings[0].err.message).toBe('failure 1');

    await instance.close();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(after);
  });
});
