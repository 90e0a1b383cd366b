/**
 * Domain errors: what went wrong, in the words the user reads. Services throw them, and so do
 * route handlers and hooks instead of writing a 4xx by hand; they know nothing of HTTP. The error handler (plugins/app/error-handler.ts) is the one place that maps
 * each kind to a status and answers `{ message }`, with the error's `details` beside it and its
 * `headers` on the answer. Repositories throw none of these: they answer what they found
 * (undefined, false, an outcome) and the service decides.
 */
interface DomainErrorOptions {
  /** More for the caller than the text: fields answered beside `message` (the contract's shape for that status). */
  details?: Record<string, unknown>;
  /** Headers the answer carries (Retry-After, a 416's Content-Range). */
  headers?: Record<string, string>;
}

export abstract class DomainError extends Error {
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(message: string, { details, headers }: DomainErrorOptions = {}) {
    super(message);
    this.name = new.target.name;
    this.details = details;
    this.headers = headers;
  }
}

/** The input breaks a rule the user can fix (400). */
export class BadRequestError extends DomainError {}
/** Nobody is signed in, or the credentials did not hold (401). */
export class UnauthorizedError extends DomainError {}
/** Signed in, but not allowed to do this (403). */
export class ForbiddenError extends DomainError {}
/** Not there, or not the caller's to see (404: a private thing's existence is never revealed). */
export class NotFoundError extends DomainError {}
/** Clashes with what is already there (409); `details` may say with what (a sound's uses). */
export class ConflictError extends DomainError {}
/** The upload is larger than this kind of file may be (413). */
export class PayloadTooLargeError extends DomainError {}
/** The upload is not a type we take (415). */
export class UnsupportedMediaTypeError extends DomainError {}
/** The byte range asked for lies past the end of the file (416); Content-Range gives the file's size. */
export class RangeNotSatisfiableError extends DomainError {
  constructor(message: string, size: number) {
    super(message, { headers: { 'content-range': `bytes */${size}` } });
  }
}
/** Too many attempts; try again later (429), after `retryAfterSeconds` when that is known (Retry-After). */
export class TooManyRequestsError extends DomainError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(message, retryAfterSeconds === undefined ? {} : { headers: { 'retry-after': String(retryAfterSeconds) } });
  }
}
/** A form of the request the server does not offer, though the request is valid (501: oEmbed's XML format). */
export class NotImplementedError extends DomainError {}
/** A part of the service is not set up or not reachable (503). */
export class ServiceUnavailableError extends DomainError {}
