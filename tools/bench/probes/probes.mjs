#!/usr/bin/env node
// Reruns the hardening probes from outside against the production build of the API
// (dist/apps/api/main.js, NODE_ENV=production, a throw-away DATA_DIR on SQLite, or a throw-away
// PostgreSQL schema with --db postgres) and prints what each probe measured beside its inputs and
// the machine. See tools/bench/README.md.
//
//   node tools/bench/probes/probes.mjs                 build the API, then probe
//   node tools/bench/probes/probes.mjs --no-build      reuse dist/apps/api
//   ... --db postgres   --request-timeout-ms 10000   --bursts 7   --streams 1501   --changes 11
//   ... --only lockout,feeds                            some probes (names below)
//
// Exit code 1 when a probe finds what was reported again (a lock bypassed, a 5xx, an answer that
// never comes, a coerced value, an unbounded flood or log, a CSP open to any origin, a first read
// run inside another, a feed parsers refuse, a member's streams without end, a polyglot taken as
// audio, a scratch file left, private audio open to anyone, a payment taken or granted unchecked).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { authProbes } from './auth.mjs';
import { bodyProbes } from './bodies.mjs';
import { feedProbes } from './feeds.mjs';
import { firstReadProbes } from './first-reads.mjs';
import { machine } from '../lib/machine.mjs';
import { build, SERVER } from '../lib/server.mjs';
import { store, verdict, verdicts } from './kit.mjs';
import { paymentProbes } from './payments.mjs';
import { streamProbes } from './streams.mjs';
import { uploadProbes } from './uploads.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    db: { type: 'string', default: 'sqlite' },
    'request-timeout-ms': { type: 'string', default: '10000' },
    bursts: { type: 'string', default: '7' },
    streams: { type: 'string', default: '1501' },
    changes: { type: 'string', default: '11' },
    only: { type: 'string' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});

const probes = { ...authProbes, ...bodyProbes, ...firstReadProbes, ...paymentProbes, ...feedProbes, ...streamProbes, ...uploadProbes };
const only = args.only?.split(',');
const unknown = only?.filter((name) => !(name in probes));
if (unknown?.length) {
  console.error(`unknown probe(s): ${unknown.join(', ')}; probes: ${Object.keys(probes).join(', ')}`);
  process.exit(2);
}

build({ skip: args['no-build'] });
const kind = args.db;
let admin;
if (kind === 'postgres') {
  admin = new pg.Client({ connectionString: args['pg-url'] });
  await admin.connect();
}
console.log(`probes against ${SERVER} (NODE_ENV=production, ${kind === 'postgres' ? `PostgreSQL ${args['pg-url'].replace(/\/\/[^@]*@/, '//')}, a schema per server` : 'SQLite, a DATA_DIR per server'})`);
console.log(`inputs: ${args.bursts} reset bursts, ${args.streams} streams by one member, ${args.changes} role changes per timing, request time-out ${args['request-timeout-ms']} ms`);
console.log(`machine: ${machine()}`);

const common = { REQUEST_TIMEOUT_MS: args['request-timeout-ms'] };
const main = await store(kind, admin, args['pg-url'], common);
/** Servers with settings of their own (a payments provider, a small activity cap, one to kill): each on its own store. */
const others = [];
const spawn = async (env = {}) => {
  const s = await store(kind, admin, args['pg-url'], { ...common, ...env });
  others.push(s);
  return s.start();
};
const t0 = Date.now();
try {
  const server = await main.start();
  for (const [name, probe] of Object.entries(probes)) {
    if (only && !only.includes(name)) continue;
    // A probe that cannot finish (an answer it did not expect) fails; the others still run.
    await probe({ server, url: server.url, port: server.port, dataDir: server.dataDir, kind, args, spawn }).catch((err) => verdict(false, `${name} could not finish: ${err.message}`));
  }
} finally {
  for (const s of [main, ...others]) await s.drop();
  await admin?.end();
}
const failed = verdicts.filter((v) => !v.ok);
console.log(`\n${verdicts.length - failed.length} of ${verdicts.length} probes passed (${kind}, ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
for (const f of failed) console.log(`  FAILED: ${f.text}`);
process.exit(failed.length ? 1 : 0);
