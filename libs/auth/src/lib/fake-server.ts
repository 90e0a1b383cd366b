import type { ApiClient, ApiError } from '@vox/api-client';
import type { SignInResult, User } from '@vox/contract';

/** The server edge for auth specs: answers by "METHOD path" and records every call. */
interface ServerCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Route = (call: ServerCall) => Response | Promise<Response>;

/** jsdom has no fetch Response, so answers are the few members the api client reads. */
export const json = (status: number, body?: unknown): Response => {
  const text = body === undefined ? '' : JSON.stringify(body);
  const answer = {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => text,
    blob: async () => new Blob([text]),
  };
  return answer as unknown as Response;
};

export const user = (id = 'u1'): User => ({ id, handle: null, name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] });

export const session = (id = 'u1', token = `token-${id}`): SignInResult => ({ user: user(id), token });

export function fakeServer(routes: Record<string, Route> = {}) {
  const calls: ServerCall[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: ServerCall = {
      method: init.method ?? 'GET',
      path: String(input),
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    return route ? route(call) : json(404, { message: `No route ${call.method} ${call.path}` });
  });
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, callsTo, routes };
}

/**
 * Fresh copies of the auth modules and of the api client singleton for each spec, since the
 * module-level state (store, memoised bootstrap, MSAL instance) is what is under test.
 */
type ApiClientModule = { api: ApiClient; ApiError: typeof ApiError };

// Loaded once per spec file and handed to every fresh registry: reloading typebox's few hundred
// modules for each test would cost seconds, and the contract holds no state.
const contract: unknown = jest.requireActual('@vox/contract');

export async function loadAuth() {
  jest.resetModules();
  jest.doMock('@vox/contract', () => contract);
  // requireActual, not import(): the module-boundary rule reads a dynamic import of a workspace lib
  // as lazy loading and would then forbid the static imports of it in the code under test.
  const { api, ApiError } = jest.requireActual<ApiClientModule>('@vox/api-client');
  const store = await import('./auth-store');
  const config = await import('./auth-config');
  const bootstrap = await import('./bootstrap-auth');
  const actions = await import('./auth-actions');
  const microsoft = await import('./microsoft');
  const { browserNavigation } = await import('./browser-navigation');
  const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  const replace = jest.spyOn(browserNavigation, 'replace').mockImplementation(() => undefined);
  return { api, ApiError, ...store, ...config, ...bootstrap, ...actions, ...microsoft, assign, replace };
}

export type AuthModules = Awaited<ReturnType<typeof loadAuth>>;

/** An activity logger that records each action together with the user signed in at that moment. */
export function recordingLogger(modules: AuthModules) {
  const logged: { action: string; path: string; userId: string | null }[] = [];
  const log = jest.fn(async (action: string, path: string) => {
    logged.push({ action, path, userId: modules.authStore.getSnapshot().user?.id ?? null });
  });
  return { log, logged };
}
