import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Issue 22, item 7: one member saving a 5,000-line script must not slow everyone else. A large
 * save's CPU work that cannot be sliced (parsing and checking an 800 KB body, writing the
 * answer) runs in one go; two or more of them at once took both cores of a small server and
 * pushed every other request's p99 from 7 ms to 329 ms. So an instance runs one large write at a
 * time (first come, first served): a body over `LARGE_WRITE_BYTES` waits for its turn *before*
 * it is read and parsed (an onRequest hook). Small saves (nearly all of them) never wait.
 * The turn is given back when the answer is sent or the connection closes, whatever happened.
 */
export const LARGE_WRITE_BYTES = 128 * 1024;

export function createLargeWriteGate(slots = 1) {
  let busy = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };
  return {
    /** Waiting and running large writes (for tests). */
    get load() {
      return { running: busy, waiting: waiting.length };
    },
    /** onRequest hook: waits for a turn when the body is large; gives it back when the answer is done. */
    async hook(request: FastifyRequest, reply: FastifyReply) {
      const length = Number(request.headers['content-length'] ?? 0);
      // A body without a length (chunked) is treated as large: its size is unknown until read.
      const large = length > LARGE_WRITE_BYTES || (request.headers['transfer-encoding'] !== undefined && length === 0);
      if (!large) return;
      // Listen before waiting: a client that goes away while queued must not keep its turn.
      let ended = false;
      let holding = false;
      const giveBack = () => {
        if (!holding) return;
        holding = false;
        release();
      };
      const onEnd = () => {
        ended = true;
        giveBack();
      };
      reply.raw.once('close', onEnd);
      reply.raw.once('finish', onEnd);
      if (busy < slots) busy++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      holding = true;
      // Its connection ended while it waited: pass the turn on at once.
      if (ended || request.raw.destroyed) giveBack();
    },
  };
}
