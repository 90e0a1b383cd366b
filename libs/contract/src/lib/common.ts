import Type from 'typebox';

/** Every error answer: `{ message }`, a human-readable text the UI shows as the server's text. */
export const ErrorBody = Type.Object({ message: Type.String() });
export type ErrorBody = Type.Static<typeof ErrorBody>;

export const IdParam = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/**
 * The signature of a link to a private stored file (a private sound, a draft episode's audio):
 * valid until `expires` (Unix seconds), handed out only to whoever may hear the file. Public
 * files need none; a wrong or stale one on a private file is "not found".
 */
export const SignedFileQuery = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 12 })),
  sig: Type.Optional(Type.String({ maxLength: 64 })),
});
export type SignedFileQuery = Type.Static<typeof SignedFileQuery>;

/** Another user as lists and pages show them: enough for a name, an avatar and a profile link. */
export const Person = Type.Object({
  id: Type.String(),
  handle: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  photo: Type.Union([Type.String(), Type.Null()]),
});
export type Person = Type.Static<typeof Person>;

/** One page of a list: the items, how many there are in all, and which page this is. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PageQuery = Type.Static<typeof PageQuery>;
export const Paged = <T extends Type.TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer({ minimum: 0 }), page: Type.Integer({ minimum: 1 }), pageSize: Type.Integer({ minimum: 1 }) });

/** Bytes sent as they are (a photo, a recording); Fastify never serializes a Buffer. */
export const Binary = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

/** The answer of a 204 (and of a 304): no body at all. */
export const NoContent = Type.Null({ description: 'No content' });

/** GET /api/health. */
export const HealthStatus = Type.Object({ status: Type.Literal('ok') });
export type HealthStatus = Type.Static<typeof HealthStatus>;

const CheckState = Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]);
/** Readiness: whether this instance can serve, and each dependency's state (Redis only when configured). */
export const ReadyStatus = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable'), Type.Literal('shutting down')]),
  checks: Type.Object({ database: CheckState, redis: Type.Optional(CheckState), storage: CheckState, jobs: CheckState }),
});
export type ReadyStatus = Type.Static<typeof ReadyStatus>;

/**
 * A page that threw while drawing in a member's browser, told to the server's log: what threw,
 * where in the code and in the component tree, on which path. Each field is bounded, so the open
 * endpoint stays cheap.
 */
export const RenderErrorReport = Type.Object({
  message: Type.String({ maxLength: 4000 }),
  stack: Type.Optional(Type.String({ maxLength: 16_000 })),
  componentStack: Type.Optional(Type.String({ maxLength: 16_000 })),
  path: Type.String({ maxLength: 4096 }),
});
export type RenderErrorReport = Type.Static<typeof RenderErrorReport>;
