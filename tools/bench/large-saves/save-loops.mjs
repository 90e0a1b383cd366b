// The save loops of large-saves.mjs, in a thread of their own: each loop PUTs its member's script
// back to back until the parent says "stop", then the thread answers every save's time and status.
// A save refused with 429 (the per-member spacing of large writes) waits for its Retry-After, as
// the script editor's member does, unless `retry` is "at-once" (a client that ignores it).
import { parentPort, workerData } from 'node:worker_threads';

const { url, loops, mode, retry } = workerData;
let running = true;
let wake = () => undefined;
parentPort.once('message', () => {
  running = false;
  wake();
});
const pause = (ms) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const previous = wake;
    wake = () => {
      clearTimeout(timer);
      resolve();
      previous();
    };
  });
const saves = [];
await Promise.all(
  loops.map(async ({ token, scriptId, bodies }) => {
    let i = 0;
    while (running) {
      const body = mode === 'edit' ? bodies.edit[i % 2] : bodies.rewrite;
      i++;
      const t0 = performance.now();
      const res = await fetch(`${url}/api/scripts/${scriptId}`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body }).catch(
        (error) => ({ status: 0, error, arrayBuffer: async () => undefined, headers: new Headers() }),
      );
      await res.arrayBuffer().catch(() => undefined);
      saves.push({ ms: performance.now() - t0, status: res.status });
      if (res.status === 429 && retry !== 'at-once') await pause(Number(res.headers.get('retry-after') ?? 1) * 1000);
    }
  }),
);
parentPort.postMessage(saves);
