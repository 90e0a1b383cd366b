import os from 'node:os';
import argon2 from 'argon2';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHashing;
  }
}

/**
 * argon2id at the OWASP Password Storage Cheat Sheet's minimum (19 MiB, 2 passes, 1 lane).
 * The argon2 package hashes on the libuv thread pool, off the event loop. On top of that at
 * most (cores - 1) hashes run at once: with every core busy hashing, the event loop thread
 * would wait for CPU time and every other request would stall behind a burst of sign-ins
 * (see the health-latency test). Queued sign-ins wait their turn instead.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  /** False for a wrong password, a missing hash or a malformed one; never throws for those. */
  verify(hash: string | null, password: string): Promise<boolean>;
  needsRehash(hash: string): boolean;
}

/** Runs at most `limit` tasks at once, the rest in arrival order. */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export function createPasswordHashing(concurrency = Math.max(1, Math.min(4, os.availableParallelism() - 1))): PasswordHashing {
  const limit = createLimiter(concurrency);
  // Verifying against this when there is no account keeps "unknown user" as slow as "wrong password".
  const dummyHash = argon2.hash('not-a-real-password', ARGON2_OPTIONS);
  return {
    hash: (password) => limit(() => argon2.hash(password, ARGON2_OPTIONS)),
    async verify(hash, password) {
      if (!hash) {
        const dummy = await dummyHash;
        await limit(() => argon2.verify(dummy, password)).catch(() => false);
        return false;
      }
      try {
        return await limit(() => argon2.verify(hash, password));
      } catch {
        return false;
      }
    },
    needsRehash: (hash) => argon2.needsRehash(hash, ARGON2_OPTIONS),
  };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('passwords', createPasswordHashing());
  },
  { name: 'password-hashing' },
);
