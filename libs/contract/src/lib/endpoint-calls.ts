import type { Static, TSchema } from 'typebox';
import type { AllEndpoints } from './all-endpoints';
import type { EndpointSchemas } from './endpoint-schemas';

// The types of every call, whichever table (core or area) describes it. Type-only imports of the
// full table: nothing of the area tables (nor of TypeBox) reaches a bundle through this file.

export type EndpointName = keyof AllEndpoints;

/** One call: its description and, in its type only, its params, query, body and answer. */
export type Endpoint<N extends EndpointName = EndpointName> = AllEndpoints[N] & { readonly name: N };

// --- Types derived from the schemas (type-only: nothing of TypeBox reaches the web bundle) ---

type Part<N extends EndpointName, K extends string> = EndpointSchemas[N] extends { readonly [P in K]: infer S extends TSchema } ? Static<S> : undefined;

export type EndpointParams<N extends EndpointName> = Part<N, 'params'>;
export type EndpointQuery<N extends EndpointName> = Part<N, 'querystring'>;
export type EndpointBody<N extends EndpointName> = Part<N, 'body'>;

type Responses<N extends EndpointName> = EndpointSchemas[N]['response'];
export type EndpointStatus<N extends EndpointName> = keyof Responses<N> & number;
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;

/** The answer of one status: no body (undefined) for 204 and 304. */
export type EndpointAnswerOf<N extends EndpointName, S extends EndpointStatus<N>> = S extends 204 | 304
  ? undefined
  : Responses<N>[S] extends infer T extends TSchema
    ? Static<T>
    : never;

/** What a successful call answers (the union over its 2xx statuses). */
export type EndpointAnswer<N extends EndpointName> = {
  [S in EndpointStatus<N>]: S extends SuccessStatus ? EndpointAnswerOf<N, S> : never;
}[EndpointStatus<N>];

/** `:name` segments of a path template. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/** The path of one call: each `:name` segment replaced by its value, URL-encoded. */
export function pathFor<N extends EndpointName>(endpoint: Endpoint<N>, ...[params]: PathArgs<N>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return endpoint.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = values[segment.slice(1)];
      if (value === undefined || value === null || value === '') throw new Error(`${endpoint.name}: the path parameter "${segment.slice(1)}" is missing.`);
      return encodeURIComponent(String(value));
    })
    .join('/');
}

type PathArgs<N extends EndpointName> = EndpointParams<N> extends undefined ? [params?: undefined] : [params: EndpointParams<N>];
