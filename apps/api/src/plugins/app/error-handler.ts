import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  RangeNotSatisfiableError,
  TooManyRequestsError,
  NotImplementedError,
  ServiceUnavailableError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from '../../domain-errors';

export const MESSAGE_SERVER_ERROR = 'Something went wrong on our side. Please try again.';

/** The one mapping from a domain error (../../domain-errors.ts) to its HTTP status. */
const DOMAIN_STATUS: ReadonlyArray<readonly [abstract new (message: string, ...rest: never[]) => DomainError, number]> = [
  [BadRequestError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [UnsupportedMediaTypeError, 415],
  [RangeNotSatisfiableError, 416],
  [TooManyRequestsError, 429],
  [NotImplementedError, 501],
  [ServiceUnavailableError, 503],
];

/** The status a domain error answers with; undefined for any other error. */
function domainStatus(error: unknown): number | undefined {
  if (!(error instanceof DomainError)) return undefined;
  return DOMAIN_STATUS.find(([kind]) => error instanceof kind)?.[1] ?? 500;
}

// Fastify's and its plugins' own client errors, in words a user can act on.
const KNOWN_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported. Send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large. Files can be at most 20 MB.',
  FST_FILES_LIMIT: 'Send one file at a time.',
  FST_PARTS_LIMIT: 'The upload has too many parts.',
  FST_FIELDS_LIMIT: 'The upload has too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data.',
  FST_PROTO_VIOLATION: 'The upload has a field name that is not allowed.',
};

const MULTIPART_MESSAGES = {
  truncated: 'The upload ended before it was complete. Please send the file again.',
  noBoundary: 'The upload has no multipart boundary. Send the file as multipart/form-data.',
  malformed: 'The upload is not a valid multipart/form-data body.',
};

/**
 * busboy's and dicer's complaints about a broken form carry no status or code, only a text;
 * they are the client's errors (a 400 saying what is wrong), never a 500.
 */
function multipartError(err: unknown): BadRequestError | undefined {
  if (err instanceof BadRequestError) return err;
  const { message = '', code } = (err ?? {}) as { message?: string; code?: string };
  if (code === 'FST_MP_PREMATURE_CLOSE' || /unexpected end of (multipart data|form|file)/i.test(message)) {
    return new BadRequestError(MULTIPART_MESSAGES.truncated);
  }
  if (message === 'Multipart: Boundary not found') return new BadRequestError(MULTIPART_MESSAGES.noBoundary);
  if (/^Malformed part header|^Multipart: /.test(message)) return new BadRequestError(MULTIPART_MESSAGES.malformed);
  return undefined;
}

const PART_NAMES: Record<string, string> = {
  body: 'Field',
  querystring: 'Query parameter',
  params: 'Path parameter',
  headers: 'Header',
};

/** Turns Ajv's first error ("body/username must NOT have fewer than 1 characters") into a sentence. */
export function validationMessage(errors: FastifySchemaValidationError[], context: string | undefined): string {
  // A failed anyOf lists every branch's error before its own; the anyOf one reads best.
  const error = errors.find((e) => e.keyword === 'anyOf') ?? errors[0];
  const params = (error?.params ?? {}) as Record<string, unknown>;
  const path = (error?.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  const field = [path, params.missingProperty ?? params.additionalProperty].filter(Boolean).join('.');
  if (!field) {
    if (context === 'body') return 'The request body must be a JSON object.';
    return `The request ${context ?? 'input'} is not valid.`;
  }
  const subject = `${PART_NAMES[context ?? 'body'] ?? 'Field'} '${field}'`;
  switch (error?.keyword) {
    case 'required':
      return `${subject} is required.`;
    case 'type':
      return `${subject} must be ${article(String(params.type))}.`;
    case 'minLength':
      return Number(params.limit) === 1 ? `${subject} must not be empty.` : `${subject} must be at least ${params.limit} characters long.`;
    case 'maxLength':
      return `${subject} must be at most ${params.limit} characters long.`;
    case 'minimum':
      return `${subject} must be at least ${params.limit}.`;
    case 'maximum':
      return `${subject} must be at most ${params.limit}.`;
    case 'minItems':
      return `${subject} must have at least ${params.limit} items.`;
    case 'maxItems':
      return `${subject} must have at most ${params.limit} items.`;
    case 'additionalProperties':
      return `${subject} is not allowed.`;
    case 'pattern':
    case 'format':
      return `${subject} is not in the expected format.`;
    default:
      return `${subject} has a value that is not allowed.`;
  }
}

function article(type: string): string {
  const names: Record<string, string> = {
    string: 'a text',
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
    object: 'an object',
    array: 'a list',
    null: 'null',
  };
  return type
    .split(',')
    .map((t) => names[t] ?? t)
    .join(' or ');
}

export const MESSAGE_REQUEST_TIMEOUT = 'The request took too long to arrive. Please try again.';
const CLIENT_ERROR_ANSWERS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', MESSAGE_REQUEST_TIMEOUT],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
};

/**
 * Answers what Node refuses before Fastify sees a request (a body that did not arrive within the
 * request time-out, oversized headers, broken HTTP) in our `{ message }` shape, then closes the
 * socket (Fastify's `clientErrorHandler`; its default answers a bare "Client Timeout").
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERROR_ANSWERS[err.code ?? ''] ?? [400, 'Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * One error answer for the whole API: `{ message }`. Client errors (4xx) say what to fix;
 * unexpected server errors (5xx) are logged with their context and answered with a generic
 * text, so internals (SQL, stack traces, paths) never reach the client. A domain error's text
 * was written for the user and is always shown, with the status DOMAIN_STATUS gives its kind,
 * its details beside the text and its headers on the answer.
 */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      return reply.code(400).send({ message: validationMessage(error.validation, error.validationContext) });
    }
    // Domain errors carry texts written for the user, 501 "not offered" and 503 "not configured" included.
    const domain = domainStatus(error);
    if (error instanceof DomainError && domain !== undefined && (domain < 500 || domain === 501 || domain === 503)) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(domain).send({ message: error.message, ...error.details });
    }
    const brokenForm = error.statusCode === undefined || error.code === 'FST_MP_PREMATURE_CLOSE' ? multipartError(error) : undefined;
    if (brokenForm) return reply.code(400).send({ message: brokenForm.message });
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error(
        { err: error, method: request.method, url: request.routeOptions.url ?? request.url, userId: request.userId },
        'request failed',
      );
      return reply.code(status).send({ message: MESSAGE_SERVER_ERROR });
    }
    const message = (error.code && KNOWN_CLIENT_ERRORS[error.code]) || error.message || 'The request is not valid.';
    if (status === 413 && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0;
      return reply.code(413).send({ message: `The request is too large. The limit is ${formatBytes(limit)}.` });
    }
    return reply.code(status).send({ message });
  });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

export default fp(errorHandler, { name: 'error-handler' });
