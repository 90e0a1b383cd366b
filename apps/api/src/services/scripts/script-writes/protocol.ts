import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { DatabaseOptions } from '../../../db/database';

/**
 * The messages between the server's event loop and the script-writes worker thread ( * item 7). A large save's bytes go over as they arrived (transferred, not copied); the answer
 * comes back serialized, so neither the 800 KB body nor the 800 KB answer is ever an object on
 * the main thread's heap.
 */
/**
 * The worker thread's nice value (Linux keeps one per thread: setpriority on the calling thread
 * only). When the CPU is short, the server's event loop comes first and a large save waits: one
 * member's save takes a little longer instead of every other request.
 */
export const SCRIPT_WRITES_NICENESS = 10;

export interface WorkerStart {
  /** The same database the server opened (SQLite file in WAL mode, or PostgreSQL). */
  database: DatabaseOptions;
  /** Source tree only (tests): the TypeScript entry the bootstrap loads. */
  entry?: string;
}

export interface SaveRequest {
  id: number;
  /** The signed-in owner (the server checked ownership before sending). */
  me: string;
  scriptId: string;
  /** The request body exactly as it arrived (UTF-8 JSON). */
  body: Uint8Array;
}

/** Why a save was refused, in a form the server turns into the same answer as a small save's. */
export type SaveRefusal =
  /** The body broke the contract's schema: Ajv's errors, answered by the error handler. */
  | { kind: 'validation'; errors: FastifySchemaValidationError[] }
  /** A save rule of the contract (normalizeScript): a 400 with its text. */
  | { kind: 'rule'; message: string }
  /** Not JSON, or JSON with a forbidden key (__proto__, constructor.prototype): a 400. */
  | { kind: 'json'; message: string }
  /** The script was deleted while it was being saved: a 404, as for any script that is not there. */
  | { kind: 'gone' }
  /** Anything else (the database): a 500, logged on the server. */
  | { kind: 'failed'; message: string; stack?: string };

export type SaveAnswer =
  | { id: number; ok: true; answer: Uint8Array; droppedAudio: string[] }
  | { id: number; ok: false; refusal: SaveRefusal };
