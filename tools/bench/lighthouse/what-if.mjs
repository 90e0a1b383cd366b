#!/usr/bin/env node
// what-if simulations over one recorded load: Lantern, Lighthouse's LCP estimator,
// run again on a run's trace and network log (`lighthouse.mjs --artifacts DIR`) with requests
// dropped or resized, to see whether a change is worth building before building it.
//
//   node tools/bench/lighthouse/what-if.mjs RUN.json [drop:TEXT] [size:TEXT=BYTES] [scale:TEXT=FACTOR] [--graph]
//
// TEXT matches the URLs of the requests to change (a substring). drop: the request never
// happened (the page inlined it); size: its transfer size becomes BYTES; scale: multiplied.
// Prints the recorded and the simulated LCP; --graph prints the changed graph (lantern-graph.mjs).
// Lantern's model is coarse (whole round trips, per-request shares of the bandwidth): read a
// what-if over several runs, never one.
import fs from 'node:fs';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { lanternGraph } from './lantern-graph.mjs';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: what-if.mjs RUN.json [drop:TEXT] [size:TEXT=BYTES] [scale:TEXT=FACTOR] [--graph]');
  process.exit(2);
}
const run = JSON.parse(fs.readFileSync(file, 'utf8'));
const changes = rest.filter((a) => a !== '--graph');
const urls = new Map();
for (const e of run.DevtoolsLog) if (e.method === 'Network.requestWillBeSent') urls.set(e.params.requestId, e.params.request.url);

let log = run.DevtoolsLog;
for (const change of changes) {
  const [, kind, text, value] = /^(drop|size|scale):([^=]+)(?:=(.+))?$/.exec(change) ?? [];
  if (!kind || (kind !== 'drop' && value === undefined)) throw new Error(`not a change: ${change}`);
  const ids = new Set([...urls].filter(([, url]) => url.includes(text)).map(([id]) => id));
  if (!ids.size) console.error(`no request matches ${text}`);
  if (kind === 'drop') {
    log = log.filter((e) => !ids.has(e.params?.requestId));
  } else {
    log = log.map((e) => {
      if (e.method !== 'Network.loadingFinished' || !ids.has(e.params.requestId)) return e;
      const bytes = kind === 'size' ? Number(value) : Math.round(e.params.encodedDataLength * Number(value));
      return { ...e, params: { ...e.params, encodedDataLength: bytes } };
    });
  }
}

const simulate = async (devtoolsLog) => {
  const context = { computedCache: new Map(), settings: run.settings };
  const data = { trace: run.Trace, devtoolsLog, gatherContext: run.GatherContext, settings: run.settings, URL: run.URL, SourceMaps: [], simulator: null };
  return Math.round((await LanternLargestContentfulPaint.request(data, context)).timing);
};
console.log(`${file.split('/').pop()}: LCP ${await simulate(run.DevtoolsLog)} ms as recorded, ${await simulate(log)} ms with ${changes.join(' ') || 'no change'}`);
if (rest.includes('--graph')) {
  console.log(await lanternGraph({ Trace: run.Trace, DevtoolsLog: log, GatherContext: run.GatherContext, URL: run.URL, SourceMaps: [] }, run.settings));
}
