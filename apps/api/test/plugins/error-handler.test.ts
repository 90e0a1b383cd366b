import type { FastifyInstance } from 'fastify';
import { build, logSink } from '../helper';
import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  RangeNotSatisfiableError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from '../../src/domain-errors';

/** Not in the error handler's table: a programming mistake, answered as any unexpected error. */
class UnmappedError extends DomainError {}

const CASES: Array<[new (message: string) => DomainError, number]> = [
  [BadRequestError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [UnsupportedMediaTypeError, 415],
  [TooManyRequestsError, 429],
  [ServiceUnavailableError, 503],
];

describe('error handler: domain errors', () => {
  let app: FastifyInstance;
  const { lines, stream } = logSink();
  beforeAll(async () => {
    app = await build(
      {},
      {
        logger: { level: 'error', stream },
        setup: (instance) => {
          for (const [Kind] of [...CASES, [UnmappedError, 500] as const]) {
            instance.get(`/api/test-only/${Kind.name}`, async () => {
              throw new Kind(`Text for the user from ${Kind.name}.`);
            });
          }
          instance.get('/api/test-only/retry-later', async () => {
            throw new TooManyRequestsError('Try again in a minute.', 42);
          });
          instance.get('/api/test-only/conflict-with-details', async () => {
            throw new ConflictError('It is in use.', { details: { uses: [{ id: 'a' }] } });
          });
          instance.get('/api/test-only/past-the-end', async (_request, reply) => {
            reply.header('ETag', '"abc"');
            throw new RangeNotSatisfiableError('The requested range is outside this file.', 1234);
          });
        },
      },
    );
  });
  afterAll(async () => app.close());

  it.each(CASES)('answers %p with its status and its own text as { message }', async (Kind, status) => {
    const res = await app.inject({ method: 'GET', url: `/api/test-only/${Kind.name}` });
    expect([res.statusCode, res.json()]).toEqual([status, { message: `Text for the user from ${Kind.name}.` }]);
  });

  it('says when to try again (Retry-After) when a 429 knows it, and not otherwise', async () => {
    const later = await app.inject({ method: 'GET', url: '/api/test-only/retry-later' });
    expect([later.statusCode, later.headers['retry-after'], later.json()]).toEqual([429, '42', { message: 'Try again in a minute.' }]);
    const unknown = await app.inject({ method: 'GET', url: '/api/test-only/TooManyRequestsError' });
    expect(unknown.headers['retry-after']).toBeUndefined();
  });

  it('answers a domain error\'s details beside its text', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/conflict-with-details' });
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'It is in use.', uses: [{ id: 'a' }] }]);
  });

  it('answers a range past the end with 416, the size in Content-Range, and keeps the headers the route set', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/past-the-end' });
    expect([res.statusCode, res.headers['content-range'], res.headers.etag, res.json()]).toEqual([
      416,
      'bytes */1234',
      '"abc"',
      { message: 'The requested range is outside this file.' },
    ]);
  });

  it('answers a domain error it has no status for as a logged 500 with the generic text', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/UnmappedError' });
    expect([res.statusCode, res.json()]).toEqual([500, { message: 'Something went wrong on our side. Please try again.' }]);
    expect(lines.some((line) => line.msg === 'request failed' && (line.err as { message?: string })?.message === 'Text for the user from UnmappedError.')).toBe(true);
  });
});
