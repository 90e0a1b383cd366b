import type { Privilege } from './constants';

/**
 * What describes one API call: a stable name, the method, the path template (`:name` marks a path
 * parameter) and who may call it. Plain values only, so the web bundle carries no TypeBox; the
 * request and answer schemas are in `endpointSchemas` (@vox/contract/schemas), keyed by the same
 * names, and the types of params, query, body and answer are derived from them (./endpoint-calls.ts).
 *
 * auth: `public` (no sign-in), `optional` (anyone; the signed-in user is taken into account),
 * `user` (a signed-in user), or a privilege name (a signed-in user holding that privilege).
 */
export type EndpointAuth = 'public' | 'optional' | 'user' | Privilege;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointMeta {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: EndpointAuth;
  /** The request body is multipart/form-data (a file upload); the route checks its fields. */
  readonly multipart?: true;
  /** The answer is bytes (a photo, a recording), not JSON. */
  readonly binary?: true;
}

/** One table of calls with each entry carrying its own name (so a call can name its endpoint). */
type NamedEndpoints<T extends Record<string, EndpointMeta>> = { readonly [N in keyof T & string]: T[N] & { readonly name: N } };

/** Names each entry of an area's table: `call(scriptEndpoints.saveScript, ...)` then knows its name. */
export function named<const T extends Record<string, EndpointMeta>>(table: T): NamedEndpoints<T> {
  return Object.fromEntries(Object.entries(table).map(([name, meta]) => [name, { ...meta, name }])) as NamedEndpoints<T>;
}
