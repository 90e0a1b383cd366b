/**
 * Ports the browser tests use; far from the 4200 of `npm start` so both can run at once.
 * E2E_PORT_BASE moves all of them (two people, or two agents, running browser tests on one
 * machine at the same time); E2E_TMP moves their data folder likewise.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4310);

/**
 * The suite can run in E2E_WORKERS parallel workers (playwright.config.ts; 1 by default: on two
 * cores, two workers made the timed journeys miss their timeouts), each with a server of its own
 * on its own port and data folder, so no spec sees another's rows, mail or rate limits.
 * Playwright numbers the workers' slots 0..workers-1 (TEST_PARALLEL_INDEX); the runner is slot 0.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** Each slot's ports are `base + 10 * slot + n`. */
export const slotPort = (s: number, n = 0) => base + 10 * s + n;
/** The server a slot's specs use, and its DATA_DIR under E2E_TMP. */
export const slotDataDir = (s: number) => (s === 0 ? 'var' : `var-${s}`);
export const SLOT_DATA_DIR = slotDataDir(slot);

/**
 * The specs that must pass on both databases (the `postgres` project of playwright.config.ts)
 * also run against a server on PostgreSQL: each slot's on port `base + 10 * slot + 6`, its data
 * folder `var-pg`, `var-pg-1`, ..., and a schema of its own, `e2e_<slot>`, emptied when it starts,
 * in the database E2E_PG_URL names (created when missing; default vox_e2e_pg on the local server).
 * Two runs on one machine give different databases. E2E_PG_URL=none leaves that project out.
 */
export const E2E_PG_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/vox_e2e_pg';
export const PG_ENABLED = E2E_PG_URL !== 'none';
export const pgSlotPort = (s: number) => slotPort(s, 6);
export const pgSlotDataDir = (s: number) => (s === 0 ? 'var-pg' : `var-pg-${s}`);
export const pgSlotSchema = (s: number) => `e2e_${s}`;
/** The slot's PostgreSQL server and its schema. */
export const PG_APP_PORT = pgSlotPort(slot);
export const PG_SCHEMA = pgSlotSchema(slot);

export type E2eDatabase = 'sqlite' | 'postgres';
let database: E2eDatabase = 'sqlite';
/** Set once per worker from its project (fixtures.ts): which server the specs' helpers talk to. */
export function useDatabase(next: E2eDatabase): void {
  database = next;
}
export const currentDatabase = (): E2eDatabase => database;

export const PORTS = {
  /** The slot's server on the database of the worker's project. */
  get app() {
    return database === 'postgres' ? pgSlotPort(slot) : slotPort(slot);
  },
  /** One for the whole run, like the server that loads the main remote from it. */
  altRemote: slotPort(0, 1),
  appWithAltRemote: slotPort(0, 2),
  /** microsoft.spec.ts starts its own API here. */
  microsoftApp: slotPort(slot, 3),
  /** one-sign-in.spec.ts: the four *.localhost sites, one cookie each, sharing the sign-in by handoff. */
  handoffApp: slotPort(slot, 4),
  /** one-sign-in.spec.ts: the four voxclub.test sites under one parent domain (COOKIE_DOMAIN). */
  parentDomainApp: slotPort(slot, 5),
};

export const appUrl = (host = 'localhost', path = '/') => `http://${host}:${PORTS.app}${path}`;

/**
 * The commit whose main remote the alt origin serves: the previous release. A remote that drew
 * the whole route table itself (before the shell matched the routes) broke once the table gained
 * routes it had no page for; a remote with Frame and Page meets a new route only on its path.
 */
export const PREVIOUS_REMOTE_COMMIT = '7dac286';
