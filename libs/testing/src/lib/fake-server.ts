import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { api } from '@vox/api-client';
import type { EndpointAnswerOf, EndpointBody, EndpointName, EndpointParams, EndpointStatus } from '@vox/contract';
import { allEndpoints as endpoints, endpointNames, endpointSchemas, ErrorBody } from '@vox/contract/schemas';

/** One request the page made, as the fake server understood it. */
export interface FakeCall {
  /** `METHOD url`, e.g. `GET /api/history?page=1`. */
  key: string;
  name: EndpointName;
  method: string;
  url: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body (parsed), FormData as it was sent, or undefined. */
  body: unknown;
  headers: Record<string, string>;
}

/** What a handler answers: a status and a body (checked against the contract's answer schema). */
export interface FakeAnswer {
  status: number;
  body?: unknown;
}

/** An answer: `json(200, script)`, `json(204)`. */
export const json = (status: number, body?: unknown): FakeAnswer => ({ status, body });

type FakeHandler<N extends EndpointName = EndpointName> = (
  call: Omit<FakeCall, 'body' | 'params'> & { params: EndpointParams<N> extends undefined ? Record<string, never> : EndpointParams<N>; body: EndpointBody<N> | FormData | undefined },
) => FakeAnswer | Promise<FakeAnswer>;

/** Which calls of an endpoint a handler answers (every one when left out). */
interface FakeMatch {
  params?: Record<string, string>;
  /** Exact query, as strings; `{}` matches only a call without a query. */
  query?: Record<string, string>;
}

interface Registered {
  name: EndpointName;
  handler: FakeHandler;
  match?: FakeMatch;
}

const validators = new Map<string, ReturnType<typeof Compile>>();
function validator(name: EndpointName, status: number) {
  const key = `${name} ${status}`;
  let compiled = validators.get(key);
  if (!compiled) {
    const responses = endpointSchemas[name].response as unknown as Record<number, TSchema>;
    compiled = Compile(responses[status] ?? ErrorBody);
    validators.set(key, compiled);
  }
  return compiled;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The contract endpoint a request is for: the template with the most literal segments wins. */
export function matchEndpoint(method: string, pathname: string): { name: EndpointName; params: Record<string, string> } | undefined {
  const segments = trimSlash(pathname).split('/');
  let best: { name: EndpointName; params: Record<string, string>; literal: number } | undefined;
  for (const name of endpointNames) {
    const endpoint = endpoints[name];
    if (endpoint.method !== method) continue;
    const template = trimSlash(endpoint.path).split('/');
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literal = 0;
    const fits = template.every((part, i) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(segments[i]);
        return segments[i] !== '';
      }
      literal++;
      return part === segments[i];
    });
    if (fits && (!best || literal > best.literal)) best = { name, params, literal };
  }
  return best && { name: best.name, params: best.params };
}

const sameRecord = (want: Record<string, string>, got: Record<string, string>) =>
  Object.keys(want).length === Object.keys(got).length && Object.entries(want).every(([k, v]) => got[k] === v);

/** jsdom has no fetch Response: answers carry only the members the api client reads. */
function response(status: number, body: unknown): Response {
  const text = body === undefined || status === 204 || status === 304 ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => text,
    blob: async () => (body instanceof Blob ? body : new Blob([text])),
  } as unknown as Response;
}

// Kept on globalThis so the kit's own spec can take out the wrong answer it provokes on purpose.
const violations: string[] = ((globalThis as { __voxFakeServerViolations?: string[] }).__voxFakeServerViolations ??= []);
// Wrong answers fail the test that made them, with the contract's complaint (registered when a
// spec file imports the kit, so every test of it is covered).
if (typeof afterEach === 'function') {
  afterEach(() => {
    if (violations.length === 0) return;
    const found = violations.splice(0);
    throw new Error(`The fake server answered outside the contract:\n- ${found.join('\n- ')}`);
  });
}

/** Checks one answer against the contract: a listed status with its schema, or an error `{ message }`. */
export function contractProblem(name: EndpointName, answer: FakeAnswer): string | undefined {
  const responses = endpointSchemas[name].response as Record<number, unknown>;
  const listed = answer.status in responses;
  const where = `${name} (${endpoints[name].method} ${endpoints[name].path}) answered ${answer.status}`;
  if (!listed && answer.status < 400) return `${where}, a status the contract does not list (${Object.keys(responses).join(', ')}).`;
  if (answer.status === 204 || answer.status === 304) return answer.body === undefined || answer.body === null ? undefined : `${where} with a body; it has none.`;
  if ('binary' in endpoints[name] && answer.status < 300) return undefined;
  const check = validator(name, listed ? answer.status : 0);
  if (check.Check(answer.body)) return undefined;
  const errors = [...check.Errors(answer.body)].slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
  return `${where} with a body that does not match its schema: ${errors.join('; ')}. Body: ${JSON.stringify(answer.body)?.slice(0, 300)}`;
}

/**
 * The server edge of web specs (`token`: the access token the client sends, when given): a fetch stand-in for the shared `api` client. Handlers are
 * registered per contract endpoint (`server.on('history', handler)`); every answer is checked
 * against that endpoint's answer schema for its status, and a wrong shape fails the test with the
 * contract's complaint. Requests nobody answers get 404 `{ message: 'Not found' }`.
 */
export function createFakeServer(options: { token?: string | null } = {}) {
  const registered: Registered[] = [];
  const calls: FakeCall[] = [];
  const requests: string[] = [];

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const method = init.method ?? 'GET';
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const query = Object.fromEntries(parsed.searchParams.entries());
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
    const headers = { ...(init.headers as Record<string, string>) };
    const endpoint = matchEndpoint(method, parsed.pathname);
    if (!endpoint) {
      violations.push(`${method} ${url} is not a call of the contract (libs/contract/src/lib/all-endpoints.ts).`);
      return response(404, { message: 'Not found' });
    }
    const call: FakeCall = { key: `${method} ${url}`, name: endpoint.name, method, url, params: endpoint.params, query, body, headers };
    calls.push(call);
    requests.push(call.key);
    const entry = [...registered]
      .reverse()
      .find(
        (r) =>
          r.name === endpoint.name &&
          (!r.match?.params || sameRecord(r.match.params, endpoint.params)) &&
          (!r.match?.query || sameRecord(r.match.query, query)),
      );
    if (!entry) return response(404, { message: 'Not found' });
    const answer = await entry.handler(call as Parameters<FakeHandler>[0]);
    const problem = contractProblem(endpoint.name, answer);
    if (problem) {
      violations.push(problem);
      return response(500, { message: problem });
    }
    return response(answer.status, answer.body);
  };

  const server = {
    fetch: fetch as typeof globalThis.fetch,
    /** Every request made, in order. */
    calls,
    /** The requests as `METHOD url` texts, in order (a live list, like `calls`). */
    requests,
    /** Answers calls of one endpoint (the latest registration that matches wins). */
    on<N extends EndpointName>(name: N, handler: FakeHandler<N>, match?: FakeMatch) {
      if (!(name in endpoints)) throw new Error(`"${name}" is not an endpoint of the contract.`);
      registered.push({ name, handler: handler as unknown as FakeHandler, match });
      return server;
    },
    /** A typed answer of one endpoint and status (the body's type is the contract's). */
    answer<N extends EndpointName, S extends EndpointStatus<N>>(_name: N, status: S, body: EndpointAnswerOf<N, S>): FakeAnswer {
      return { status, body };
    },
    /**
     * Answers given as `{ 'METHOD url': handler }`: each key is resolved to its contract endpoint,
     * path parameters and exact query, and registered with `on`.
     */
    routes(map: Record<string, (body: unknown) => FakeAnswer | Promise<FakeAnswer>>) {
      for (const [key, handler] of Object.entries(map)) {
        const [method, url] = key.split(' ');
        const parsed = new URL(url, 'http://localhost');
        const endpoint = matchEndpoint(method, parsed.pathname);
        if (!endpoint) throw new Error(`${key} is not a call of the contract (libs/contract/src/lib/all-endpoints.ts).`);
        server.on(endpoint.name, (call) => handler(call.body), { params: endpoint.params, query: Object.fromEntries(parsed.searchParams.entries()) });
      }
      return server;
    },
  };

  api.configure('token' in options ? { fetch: server.fetch, getToken: () => options.token } : { fetch: server.fetch });
  return server;
}

export type FakeServer = ReturnType<typeof createFakeServer>;
