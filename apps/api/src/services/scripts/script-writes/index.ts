import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DatabaseOptions } from '../../../db/database';
import type { SaveAnswer, SaveRefusal, WorkerStart } from './protocol';

export type { SaveRefusal } from './protocol';

/**
 * A large script save (over LARGE_WRITE_BYTES) is parsed, checked, written and
 * answered in a worker thread, so one member's 5,000-line saves do not stall everyone else's
 * requests. The route hands over the body's bytes as they arrived (`RawJsonBody`); the worker
 * answers the serialized script.
 */

/** A JSON body the route did not parse: its bytes, for the worker. */
export class RawJsonBody {
  constructor(readonly bytes: Buffer) {}
}

export class ScriptWriteRefused extends Error {
  constructor(readonly refusal: SaveRefusal) {
    super('message' in refusal ? refusal.message : `The save was refused (${refusal.kind}).`);
    this.name = 'ScriptWriteRefused';
  }
}

/** The worker: bundled next to the server in dist, or started from its source through jiti (tests). */
function workerEntry(): { file: string; entry?: string } {
  const built = path.join(__dirname, 'script-writes-worker.js');
  if (fs.existsSync(built)) return { file: built };
  const source = path.join(__dirname, 'worker.ts');
  if (fs.existsSync(source)) return { file: path.join(__dirname, 'ts-worker.cjs'), entry: source };
  throw new Error(`script writes: worker not found (looked for ${built} and ${source})`);
}

interface ScriptWriter {
  /** Saves `body` (the PUT body's bytes) over script `scriptId` of `me`; answers the script's JSON. */
  save(me: string, scriptId: string, body: Buffer): Promise<{ answer: Buffer; droppedAudio: string[] }>;
  close(): Promise<void>;
}

/**
 * The worker is started on the first large save and kept; it does not keep the process alive
 * while idle. If it dies, the saves it held fail (a 500, nothing half-written: each save is one
 * transaction) and the next save starts a new one.
 */
export function createScriptWriter(database: DatabaseOptions): ScriptWriter {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: { answer: Buffer; droppedAudio: string[] }) => void; reject: (e: Error) => void }>();

  const updateRef = () => {
    if (!worker) return;
    if (pending.size > 0) worker.ref();
    else worker.unref();
  };

  function failAll(error: Error) {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const { file, entry } = workerEntry();
    const started = new Worker(file, { workerData: { database, entry } satisfies WorkerStart });
    started.on('message', (answer: SaveAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      updateRef();
      if (answer.ok) waiting.resolve({ answer: Buffer.from(answer.answer.buffer, answer.answer.byteOffset, answer.answer.byteLength), droppedAudio: answer.droppedAudio });
      else waiting.reject(new ScriptWriteRefused(answer.refusal));
    });
    started.on('error', (err) => failAll(err instanceof Error ? err : new Error(String(err))));
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`script writes: the worker stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  }

  return {
    save(me, scriptId, body) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        // Hand over the bytes without a copy when the buffer owns its memory; else copy once.
        const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
        const bytes = own ? new Uint8Array(body.buffer, 0, body.byteLength) : new Uint8Array(body);
        try {
          const target = ensureWorker();
          target.postMessage({ id, me, scriptId, body: bytes }, [bytes.buffer as ArrayBuffer]);
          updateRef();
        } catch (err) {
          pending.delete(id);
          reject(err as Error);
        }
      });
    },
    async close() {
      const stopping = worker;
      worker = undefined;
      failAll(new Error('script writes: the server is closing'));
      if (stopping) await stopping.terminate();
    },
  };
}
