// Lantern's view of one Lighthouse run: which requests and main-thread tasks its simulated LCP
// is made of, with their simulated start and end (ms) in the optimistic and pessimistic graphs
// (LCP is their mean). Used by lighthouse.mjs `--graph`; LANTERN_METRIC=fcp shows the FCP graph
// instead, LANTERN_EVENTS=1 each task's busiest trace events.
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const short = (url) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?v=[0-9a-f]+$/, '').slice(0, 70);

function describe(node) {
  if (node.type === 'network') {
    const r = node.request ?? node.record;
    return `net  ${short(r.url)} ${Math.round((r.transferSize ?? 0) / 102.4) / 10} KB`;
  }
  const scripts = node.getEvaluateScriptURLs ? [...node.getEvaluateScriptURLs()].map(short) : [];
  const layout = node.didPerformLayout?.() ? ' layout' : '';
  const kinds = new Map();
  for (const e of node.childEvents) if (e.dur) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
  const top = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, process.env.LANTERN_EVENTS ? 12 : 0);
  const detail = top.length ? `\n            ${top.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}` : '';
  return `cpu  ${Math.round(node.duration / 100) / 10} ms observed${layout}${scripts.length ? ` eval ${scripts.join(', ')}` : ''}${detail}`;
}

export async function lanternGraph(artifacts, settings) {
  const context = { computedCache: new Map(), settings };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const metric = process.env.LANTERN_METRIC === 'fcp' ? LanternFirstContentfulPaint : LanternLargestContentfulPaint;
  const result = await metric.request(data, context);
  const lines = [`Lantern LCP ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})`];
  for (const [name, est] of [['pessimistic', result.pessimisticEstimate]]) {
    lines.push(`  ${name} graph (simulated start -> end, then [observed start, end] in ms since the first request):`);
    const rows = [...est.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
    const origin = Math.min(...rows.map(([node]) => node.startTime));
    const observed = (node) => `[${Math.round((node.startTime - origin) / 1000)}, ${Math.round((node.endTime - origin) / 1000)}]`;
    for (const [node, t] of rows) lines.push(`    ${String(Math.round(t.startTime)).padStart(5)} -> ${String(Math.round(t.endTime)).padStart(5)} ${observed(node).padEnd(12)} ${describe(node)}`);
  }
  return lines.join('\n');
}
