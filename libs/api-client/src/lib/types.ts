import type { Endpoint, EndpointBody, EndpointName, EndpointParams, EndpointQuery, EndpointAnswer } from '@vox/contract';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON unless it is FormData, a Blob, URLSearchParams or a string. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How to read a successful answer: JSON (default; an empty body gives undefined), text or blob. */
  responseType?: 'json' | 'text' | 'blob';
  /**
   * False for calls where a 401 means wrong credentials rather than an expired token (sign-in,
   * registration, password reset): a refresh cannot fix those, and retrying would resend a password.
   */
  retryOnUnauthorized?: boolean;
}

export type ApiRequest = <T>(path: string, options?: RequestOptions) => Promise<T>;

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * Progress of the request body going out: bytes sent so far and the total (0 when unknown).
   * A retry after a 401 starts again from 0.
   */
  onProgress?: (sent: number, total: number) => void;
}

/** The body a call sends: its JSON body, or FormData / a Blob for a multipart upload. */
export type CallBody<N extends EndpointName> = Endpoint<N> extends { multipart: true } ? FormData | Blob : EndpointBody<N>;

/**
 * What `api.call(endpoint, input)` takes: the endpoint's params, query and body (each typed by
 * the contract; required when the endpoint has them) and the transport's own options.
 */
export type CallInput<N extends EndpointName> = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** As in RequestOptions: false where a 401 means wrong credentials (sign-in, reset). */
  retryOnUnauthorized?: boolean;
  /** Upload progress: given, the call goes through XMLHttpRequest (fetch cannot report it). */
  onProgress?: (sent: number, total: number) => void;
} & (EndpointParams<N> extends undefined ? { params?: undefined } : { params: EndpointParams<N> }) &
  (EndpointQuery<N> extends undefined ? { query?: undefined } : { query?: EndpointQuery<N> }) &
  (CallBody<N> extends undefined ? { body?: undefined } : { body: CallBody<N> });

/** The input may be left out when nothing in it is required. */
export type CallArgs<N extends EndpointName> = object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

/** What a call answers: the contract's success answer, or a Blob for bytes (photos, recordings). */
export type CallAnswer<N extends EndpointName> = Endpoint<N> extends { binary: true } ? Blob : EndpointAnswer<N>;

export type ApiCall = <N extends EndpointName>(endpoint: Endpoint<N>, ...args: CallArgs<N>) => Promise<CallAnswer<N>>;
