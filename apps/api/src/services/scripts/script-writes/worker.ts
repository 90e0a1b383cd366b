import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../../../db/database';
import { idleThisThread } from '../../../plugins/app/idle-scheduling';
import { SCRIPT_WRITES_NICENESS, type SaveAnswer, type SaveRequest, type WorkerStart } from './protocol';
import { compileSaveScriptBodyValidator, writeScript } from './work';

/**
 * The script-writes worker thread (item 7): its own database connection (SQLite in WAL
 * mode lets the server's connection read while this one writes), one save at a time, in the order
 * they came. Bundled as dist/apps/api/script-writes-worker.js; tests load it from source through
 * ts-worker.cjs.
 */
const start = workerData as WorkerStart;

// This thread's nice value (SCRIPT_WRITES_NICENESS, protocol.ts).
try {
  os.setPriority(SCRIPT_WRITES_NICENESS);
} catch {
  // A platform that refuses only loses the priority, not the save.
}
// And SCHED_IDLE where the platform has it (as the password-hashing process): at nice 10 the
// thread still took its share of a 2-core machine's CPU from the event loop.
idleThisThread();

const { db } = createDatabase(start.database);
const validate = compileSaveScriptBodyValidator();
const port = parentPort;
if (!port) throw new Error('script-writes worker: not started as a worker thread');

let queue = Promise.resolve();
port.on('message', (request: SaveRequest) => {
  queue = queue.then(async () => {
    let answer: SaveAnswer;
    try {
      answer = { id: request.id, ...(await writeScript(db, validate, request)) } as SaveAnswer;
    } catch (err) {
      const error = err as Error;
      answer = { id: request.id, ok: false, refusal: { kind: 'failed', message: error.message, stack: error.stack } };
    }
    port.postMessage(answer, answer.ok ? [answer.answer.buffer as ArrayBuffer] : []);
  });
});
port.on('close', () => void db.destroy());
