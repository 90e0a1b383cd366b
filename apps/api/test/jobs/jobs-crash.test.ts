import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { newId } from '../../src/db/ids';

/**
 * The durable queue survives its worker's death: on PostgreSQL, a job whose worker process is
 * killed (SIGKILL) mid-run is run again by the next worker and completes exactly once. Needs
 * the PostgreSQL of the API tests (DATABASE_URL, else the local one); it must fail, not pass
 * untested, when there is none.
 */
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = path.resolve(__dirname, '../../../..');

describe('pg-boss queue: a worker killed mid-job', () => {
  const schema = `t_${newId(12).toLowerCase()}`;
  const jobsSchema = `${schema}_jobs`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-jobs-'));
  const runsFile = path.join(dir, 'runs.txt');
  const children: ChildProcess[] = [];
  const query = async <T extends pg.QueryResultRow>(text: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await query(`CREATE SCHEMA ${schema}`);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${jobsSchema} CASCADE`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The workspace's @vox/* paths (tsconfig.base.json) for jiti, which reads no tsconfig: the migrations import a lib. */
  function workspaceAliases(): string {
    const paths = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8')).compilerOptions.paths as Record<string, string[]>;
    return JSON.stringify(Object.fromEntries(Object.entries(paths).map(([name, [target]]) => [name, path.join(root, target)])));
  }

  function startWorker(hang: boolean): { child: ChildProcess; enqueued: Promise<string> } {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/jiti/lib/jiti-cli.mjs'), path.join(__dirname, 'crash-worker.ts')], {
      cwd: root,
      env: { ...process.env, JITI_ALIAS: workspaceAliases(), DATABASE_URL, DATABASE_SCHEMA: schema, JOBS_SCHEMA: jobsSchema, RUNS_FILE: runsFile, HANG: hang ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    const enqueued = new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /enqueued (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`worker exited (${code}) before enqueuing: ${err}`)));
    });
    return { child, enqueued };
  }
  const runs = () => (fs.existsSync(runsFile) ? fs.readFileSync(runsFile, 'utf8').trim().split('\n') : []);
  async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('runs again after a restart and completes exactly once; the same key is the same job', async () => {
    const first = startWorker(true);
    const id = await first.enqueued;
    await until('the first run to start', () => (runs().length === 1 ? true : undefined));
    const [{ state: during }] = await query<{ state: string }>(`SELECT state FROM ${jobsSchema}.job WHERE id = '${id}'`);
    expect(during).toBe('active');
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    // The restarted worker enqueues the same key again: the same job, not a second one.
    const second = startWorker(false);
    expect(await second.enqueued).toBe(id);
    const done = await until('the job to complete', async () => {
      const [row] = await query<{ state: string; retry_count: number }>(`SELECT state, retry_count FROM ${jobsSchema}.job WHERE id = '${id}'`);
      return row?.state === 'completed' ? row : undefined;
    });
    expect(done.retry_count).toBe(1);
    expect(runs()).toEqual([`run ${id} attempt 1 sealed note`, `run ${id} attempt 2 sealed note`]);
    expect(await query(`SELECT job_id FROM ${schema}.job_effects`)).toEqual([{ job_id: id }]);
    expect(await query(`SELECT fraction FROM ${schema}.job_progress WHERE job_id = '${id}'`)).toEqual([{ fraction: 1 }]);
    expect(await query(`SELECT count(*)::int AS n FROM ${jobsSchema}.job WHERE name = 'test.effect'`)).toEqual([{ n: 1 }]);
    // The data is sealed in the table: the note is not readable there.
    const [{ data }] = await query<{ data: unknown }>(`SELECT data FROM ${jobsSchema}.job WHERE id = '${id}'`);
    expect(JSON.stringify(data)).not.toContain('sealed note');
    second.child.kill('SIGTERM');
  }, 150_000);
});
