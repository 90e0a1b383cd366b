import { MESSAGES, pathFor, type Endpoint, type EndpointName } from '@vox/contract';
import { ApiError, apiErrorFrom } from './api-error';
import { createEndpoints } from './endpoints';
import { createPhotoLoader } from './user-photo';
import { isRefreshPath } from './refresh-path';
import type { ApiRequest, CallAnswer, CallArgs, CallInput, QueryValue, RequestOptions, UploadOptions } from './types';

export type * from './types';

export interface ApiClientOptions {
  /** Prefix for every path; '' (same origin) by default. */
  baseUrl?: string;
  /** The current access token, read for every request (and again for the retry). */
  getToken?: () => string | null | undefined;
  /**
   * Renews the access token after a 401 so getToken answers the new one. Its outcome is not
   * inspected: the request is retried once either way, and a second 401 ends in onUnauthorized.
   * Without it a 401 goes straight to onUnauthorized.
   */
  refresh?: () => Promise<unknown>;
  /** Called when a request is still 401 after the refresh and retry (the app sends the user to '/'). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  /** Makes the XMLHttpRequest of `upload` (tests pass a stand-in); the browser's by default. */
  xhr?: () => XMLHttpRequest;
  createObjectUrl?: (blob: Blob) => string;
}

/**
 * A GET the page's first script sent before the client existed (apps/shell/src/early-script.js
 * sends the first reads of the page the path shows as soon as the start-up refresh has ended):
 * its URL as the client builds it, the access token it went with (null: none), when it left
 * (Date.now()) and its answer.
 */
export interface EarlyRead {
  url: string;
  token: string | null;
  at: number;
  response: Promise<Response>;
}

/** An early read older than this is not handed to a call (the page did not ask for it in time). */
const EARLY_READ_MAX_AGE_MS = 10_000;

const passThroughBody = (body: unknown): body is BodyInit =>
  typeof body === 'string' ||
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams);

export function createApiClient(initial: ApiClientOptions = {}) {
  let options: ApiClientOptions = { ...initial };
  // Shared by every request that meets a 401 while a refresh is under way, so N concurrent
  // 401s cost one refresh call (the refresh token rotates: a second call would reuse it).
  let refreshing: Promise<void> | null = null;
  // The first script's reads not yet taken by a call (acceptEarlyReads).
  let earlyReads: Promise<EarlyRead[]> | null = null;

  /**
   * The answer of an early read of exactly this URL with exactly this token, taken once; null
   * when there is none, it is too old, or it failed to arrive (then the call sends its own).
   */
  const takeEarlyRead = async (target: string, token: string | null): Promise<Response | null> => {
    const pending = earlyReads;
    if (!pending) return null;
    const reads = await pending;
    const index = reads.findIndex((read) => read.url === target && read.token === token);
    if (index < 0) return null;
    const [read] = reads.splice(index, 1);
    if (reads.length === 0 && earlyReads === pending) earlyReads = null;
    if (Date.now() - read.at > EARLY_READ_MAX_AGE_MS) return null;
    const response = await read.response.catch(() => null);
    // Seen by the browser tests (first-load.spec.ts) and in a performance trace.
    if (response) globalThis.performance?.mark?.(`vox-early-read ${target}`);
    return response;
  };

  /** Hands the first script's reads to the calls that ask for the same URL with the same token. */
  const acceptEarlyReads = (reads: Promise<EarlyRead[]>): void => {
    earlyReads = reads.catch(() => []);
  };

  const url = (path: string, query?: Record<string, QueryValue>): string => {
    const base = (options.baseUrl ?? '').replace(/\/+$/, '');
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const search = params.toString();
    return `${base}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;
  };

  const send = async (path: string, init: RequestOptions, token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (token) headers['Authorization'] = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      if (passThroughBody(init.body)) {
        body = init.body;
      } else {
        body = JSON.stringify(init.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    const doFetch = options.fetch ?? ((input: RequestInfo | URL, requestInit?: RequestInit) => globalThis.fetch(input, requestInit));
    if (earlyReads && (init.method ?? 'GET') === 'GET' && body === undefined && !init.headers) {
      const early = await takeEarlyRead(url(path, init.query), token);
      if (early) return early;
    }
    try {
      // The refresh token is an httpOnly cookie, so every call sends cookies, cross-origin included.
      return await doFetch(url(path, init.query), {
        method: init.method ?? 'GET',
        headers,
        body,
        credentials: 'include',
        signal: init.signal,
      });
    } catch (error) {
      // DOMException is not an Error subclass in every realm, so the abort is recognised by name.
      if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
      throw new ApiError(0, MESSAGES.genericError, error);
    }
  };

  const refreshOnce = (): Promise<void> => {
    if (!refreshing) {
      const refresh = options.refresh;
      refreshing = Promise.resolve()
        .then(() => refresh?.())
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => {
          refreshing = null;
        });
    }
    return refreshing;
  };

  const currentToken = (): string | null => options.getToken?.() ?? null;

  /** Sends with the current token; a 401 gets one (shared) refresh and one retry. */
  const sendAuthorized = async (
    path: string,
    retryOnUnauthorized: boolean | undefined,
    sendWith: (token: string | null) => Promise<Response>,
  ): Promise<Response> => {
    // The refresh authenticates by its cookie alone: a bearer on it (an expired access token, or
    // the stand-in of a browser that started offline) could only get it refused by the server's
    // bearer check, and the member signed out for nothing.
    const sentToken = isRefreshPath(path) ? null : currentToken();
    let response = await sendWith(sentToken);
    if (response.status === 401 && retryOnUnauthorized !== false && !isRefreshPath(path)) {
      if (!options.refresh) {
        options.onUnauthorized?.();
      } else {
        const latest = currentToken();
        // A 401 that raced a refresh already finished by another request only needs the retry.
        if (!latest || latest === sentToken) await refreshOnce();
        response = await sendWith(currentToken());
        if (response.status === 401) options.onUnauthorized?.();
      }
    }
    return response;
  };

  const request: ApiRequest = async <T>(path: string, init: RequestOptions = {}): Promise<T> => {
    const response = await sendAuthorized(path, init.retryOnUnauthorized, (token) => send(path, init, token));
    if (!response.ok) throw await apiErrorFrom(response);
    return readBody<T>(response, init.responseType ?? 'json');
  };

  /**
   * fetch cannot report upload progress, so uploads go through XMLHttpRequest, with the same
   * Bearer header, cookies, 401 refresh-and-retry and ApiError as every other call.
   */
  const sendXhr = (path: string, body: FormData | Blob, init: UploadOptions, token: string | null): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const { signal, onProgress } = init;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = (options.xhr ?? (() => new XMLHttpRequest()))();
      const onAbort = () => xhr.abort();
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.open(init.method ?? 'POST', url(path, init.query));
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      if (onProgress) {
        xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
      }
      xhr.onload = () => {
        settle();
        // Status 0 is a request the browser gave up on (network, CORS), not an answer.
        if (xhr.status === 0) {
          reject(new ApiError(0, MESSAGES.genericError));
          return;
        }
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
      };
      xhr.onerror = xhr.ontimeout = () => {
        settle();
        reject(new ApiError(0, MESSAGES.genericError));
      };
      xhr.onabort = () => {
        settle();
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(body);
    });

  const upload = async <T>(path: string, body: FormData | Blob, init: UploadOptions = {}): Promise<T> => {
    const response = await sendAuthorized(path, true, (token) => sendXhr(path, body, init, token));
    if (!response.ok) throw await apiErrorFrom(response);
    return readBody<T>(response, 'json');
  };

  /**
   * One API call described by the contract: `call(endpoints.x, { params, query, body })`,
   * answering the contract's type. The path comes from the endpoint's template (each parameter
   * URL-encoded); everything else (token, refresh and retry, errors) is `request`'s.
   */
  const call = <N extends EndpointName>(endpoint: Endpoint<N>, ...[input]: CallArgs<N>): Promise<CallAnswer<N>> => {
    const { params, query, body, onProgress, ...rest } = (input ?? {}) as CallInput<N>;
    const path = pathFor<N>(endpoint, ...([params] as never));
    const queryValues = query as Record<string, QueryValue> | undefined;
    if (onProgress) {
      return upload<CallAnswer<N>>(path, body as FormData | Blob, {
        method: endpoint.method as 'POST' | 'PUT',
        query: queryValues,
        signal: rest.signal,
        onProgress,
      });
    }
    const binary = 'binary' in endpoint && endpoint.binary === true;
    return request<CallAnswer<N>>(path, { ...rest, method: endpoint.method, query: queryValues, body, responseType: binary ? 'blob' : 'json' });
  };

  const configure = (changes: ApiClientOptions): void => {
    options = { ...options, ...changes };
  };

  const photos = createPhotoLoader(call, (path) => url(path), (blob) =>
    (options.createObjectUrl ?? ((b: Blob) => URL.createObjectURL(b)))(blob),
  );

  return {
    configure,
    acceptEarlyReads,
    request,
    get: <T>(path: string, extra?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...extra, method: 'GET' }),
    post: <T>(path: string, body?: unknown, extra?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...extra, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, extra?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...extra, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, extra?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...extra, method: 'PATCH', body }),
    delete: <T>(path: string, extra?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...extra, method: 'DELETE' }),
    /** A multipart (or raw) upload with progress: `onProgress(sent, total)`; answers the JSON body. */
    upload,
    /**
     * A streaming GET (server-sent events): the Response itself, its body unread, sent
     * with the Bearer token and the same 401 refresh-and-retry as every call. Errors are ApiError.
     */
    stream: async (path: string, init: Pick<RequestOptions, 'signal' | 'headers'> = {}): Promise<Response> => {
      const response = await sendAuthorized(path, true, (token) => send(path, { ...init, method: 'GET', headers: { Accept: 'text/event-stream', ...init.headers } }, token));
      if (!response.ok) throw await apiErrorFrom(response);
      return response;
    },
    call,
    ...createEndpoints(call),
    userPhotoUrl: photos.userPhotoUrl,
    loadUserPhoto: photos.loadUserPhoto,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const abortError = (): Error =>
  typeof DOMException === 'function' ? new DOMException('The request was aborted.', 'AbortError') : Object.assign(new Error('The request was aborted.'), { name: 'AbortError' });

/** XMLHttpRequest's raw header block as a Headers object (for apiErrorFrom's content-type check). */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * The answer of a call to `endpoint` that was sent outside the client (the shell's first script
 * sends the start-up refresh and the public-config read before any chunk arrives), read as the
 * client reads its own: ApiError for a failed network or a refusal, undefined for a 204.
 */
export async function answerOf<N extends EndpointName>(endpoint: N, started: Promise<Response>): Promise<CallAnswer<N>> {
  let response: Response;
  try {
    response = await started;
  } catch (error) {
    throw new ApiError(0, MESSAGES.genericError, error);
  }
  if (!response.ok) throw await apiErrorFrom(response);
  return readBody<CallAnswer<N>>(response, 'json');
}

async function readBody<T>(response: Response, type: 'json' | 'text' | 'blob'): Promise<T> {
  if (type === 'blob') return (await response.blob()) as T;
  const text = response.status === 204 ? '' : await response.text();
  if (type === 'text') return text as T;
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}
