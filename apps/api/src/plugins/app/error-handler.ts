import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';

export const MESSAGE_SERVER_ERROR = 'Something went wrong on our side. Please try again.';

/** An error whose message is meant for the user: thrown by routes and services, answered as-is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
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

/**
 * One error answer for the whole API: `{ message }`. Client errors (4xx) say what to fix;
 * unexpected server errors (5xx) are logged with their context and answered with a generic
 * text, so internals (SQL, stack traces, paths) never reach the client. An HttpError's text
 * was written for the user and is always shown.
 */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      return reply.code(400).send({ message: validationMessage(error.validation, error.validationContext) });
    }
    // Our own errors carry texts written for the user, 503 "not configured" included.
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ message: error.message });
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
