/** A recording stand-in for fetch: the server edge is tested in apps/api, here only the wrapper. */
export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
}

export type Responder = (call: FetchCall) => Response | Promise<Response>;

export function fakeFetch(responder: Responder) {
  const calls: FetchCall[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FetchCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
      credentials: init.credentials,
    };
    calls.push(call);
    return responder(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const text = (status: number, body: string, contentType = 'text/plain'): Response =>
  new Response(body, { status, headers: { 'content-type': contentType } });

export const empty = (status: number): Response => new Response(null, { status });
