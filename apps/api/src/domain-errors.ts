/**
 * Domain errors: what went wrong, in the words the user reads. Services throw them, and so do
 * route handlers and hooks instead of writing a 4xx by hand; they know nothing of HTTP. The error handler (plugins/app/error-handler.ts) is the one place that maps
 * each kind to a status and answers `{ message }`. Repositories throw none of these: they
 * answer what they found (undefined, false, an outcome) and the service decides.
 */
export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
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
/** Clashes with what is already there (409). */
export class ConflictError extends DomainError {}
/** The upload is larger than this kind of file may be (413). */
export class PayloadTooLargeError extends DomainError {}
/** The upload is not a type we take (415). */
export class UnsupportedMediaTypeError extends DomainError {}
/** Too many attempts; try again later (429), after `retryAfterSeconds` when that is known (Retry-After). */
export class TooManyRequestsError extends DomainError {
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, retryAfterSeconds?: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
/** A part of the service is not set up or not reachable (503). */
export class ServiceUnavailableError extends DomainError {}
