import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifySchemaCompiler } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { SCRIPT_MESSAGES, SOCIAL_MESSAGES } from '@vox/contract/schemas';
import { BadRequestError, NotFoundError } from '../../domain-errors';
import { jsonBodyParser } from '../../plugins/external/body-parsing';
import { serverValidator } from '../../plugins/external/validation';
import { RawJsonBody, type SaveRefusal } from '../../services/scripts/script-writes';

/**
 * One member saving a 5,000-line script must not slow everyone else. A large
 * save's CPU work that cannot be sliced (parsing and checking an 800 KB body, writing the
 * answer) runs in one go; two or more of them at once took both cores of a small server and
 * pushed every other request's p99 from 7 ms to 329 ms. So an instance runs one large write at a
 * time (first come, first served): a body over `LARGE_WRITE_BYTES` waits for its turn *before*
 * it is read and parsed (a preParsing hook). Small saves (nearly all of them) never wait.
 * The turn is given back when the answer is sent or the connection closes, whatever happened.
 */
export const LARGE_WRITE_BYTES = 128 * 1024;

/** A body over LARGE_WRITE_BYTES, or one without a length (chunked: its size is unknown until read). */
function isLargeBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return length > LARGE_WRITE_BYTES || (request.headers['transfer-encoding'] !== undefined && length === 0);
}

/**
 * A member saves a large script at most once every `intervalSeconds`
 * (LARGE_SCRIPT_SAVE_INTERVAL_SECONDS, 10 by default), and creates one at most as often (each
 * route counts on its own; Redis holds the counts when REDIS_URL is set, so every instance
 * agrees). The worker thread keeps a large write off the event loop, but its bytes still cross
 * the server twice and its CPU is shared with everyone: a member (or a script) saving a
 * 5,000-line script back to back would take a core for themselves. A refusal comes before the
 * body is parsed (Node reads and drops the rest; the connection stays open so a client still
 * sending gets the answer), with Retry-After and a text that says the changes are kept; small
 * saves (nearly all of them) are never counted. Anonymous callers are not counted here: the
 * members-only scope refuses them. `undefined` (no limit) for an interval of 0.
 */
export function largeWriteLimit(intervalSeconds: number) {
  if (intervalSeconds === 0) return undefined;
  return {
    max: 1,
    timeWindow: intervalSeconds * 1000,
    groupId: 'large-script-writes',
    hook: 'onRequest' as const,
    keyGenerator: (request: FastifyRequest) => `user:${request.userId}`,
    allowList: (request: FastifyRequest) => request.userId === null || !isLargeBody(request),
    errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number; ttl: number }) => ({
      statusCode: context.statusCode,
      message: SCRIPT_MESSAGES.largeSaveTooSoon(intervalSeconds, Math.max(1, Math.ceil(context.ttl / 1000))),
    }),
  };
}

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
    /**
     * preParsing hook (after authentication and the per-member limit, before the body is read):
     * waits for a turn when the body is large; gives it back when the answer is done.
     */
    async hook(request: FastifyRequest, reply: FastifyReply) {
      if (!isLargeBody(request)) return;
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

/**
 * In `scope` (a route's own plugin scope), JSON bodies over `limit` bytes are not parsed: the
 * body becomes a `RawJsonBody` holding the bytes, which the handler sends to the script-writes
 * worker thread. Smaller bodies are parsed exactly as everywhere else (plugins/external/body-parsing.ts).
 */
export function acceptLargeBodiesUnparsed(scope: FastifyInstance, limit: number): void {
  const parse = jsonBodyParser(scope);
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length > limit) return done(null, new RawJsonBody(bytes));
    parse(request, bytes.toString('utf8'), done);
  });
}

type Validator = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };
let compileRouteValidator: ((route: { httpPart?: string }) => Validator) | undefined;

/**
 * The route's validator compiler: Fastify's own (plugins/external/validation.ts), except that a
 * `RawJsonBody` passes through: the worker checks it against the same schema.
 */
export const skippingRawBodies: FastifySchemaCompiler<unknown> = (route) => {
  compileRouteValidator ??= serverValidator() as unknown as (route: { httpPart?: string }) => Validator;
  const validate = compileRouteValidator(route);
  if (route.httpPart !== 'body') return validate;
  const check: Validator = (data) => {
    if (data instanceof RawJsonBody) return true;
    const ok = validate(data);
    check.errors = validate.errors;
    return ok;
  };
  return check;
};

/** A refused large save as the error a small save would have met (the error handler answers it). */
export function refusalError(refusal: SaveRefusal): Error {
  switch (refusal.kind) {
    case 'validation':
      return Object.assign(new Error('The request body is not valid.'), { validation: refusal.errors, validationContext: 'body', statusCode: 400 });
    case 'json':
      // Fastify's JSON parser answers every parse failure (syntax, forbidden keys) alike.
      return new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
    case 'rule':
      return new BadRequestError(refusal.message);
    case 'gone':
      return new NotFoundError(SOCIAL_MESSAGES.scriptNotFound);
    case 'failed':
      return Object.assign(new Error(refusal.message), { stack: refusal.stack });
  }
}
