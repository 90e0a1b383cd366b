// The save loops of large-saves.mjs, in a thread of their own: each loop PUTs its member's script
// back to back until the parent says "stop", then the thread answers every save's time and status.
import { parentPort, workerData } from 'node:worker_threads';

const { url, loops, mode } = workerData;
let running = true;
parentPort.once('message', () => {
  running = false;
});
const saves = [];
await Promise.all(
  loops.map(async ({ token, scriptId, bodies }) => {
    let i = 0;
    while (running) {
      const body = mode === 'edit' ? bodies.edit[i % 2] : bodies.rewrite;
      i++;
      const t0 = performance.now();
      const res = await fetch(`${url}/api/scripts/${scriptId}`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
      await res.arrayBuffer();
      saves.push({ ms: performance.now() - t0, status: res.status });
    }
  }),
);
parentPort.postMessage(saves);
