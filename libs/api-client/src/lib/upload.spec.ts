import { ApiError } from './api-error';
import { createApiClient, type ApiClientOptions } from './api-client';
import { FakeXhr, fakeXhrFactory, nthXhr } from './fake-xhr';

const setup = (extra: ApiClientOptions = {}) => createApiClient({ xhr: fakeXhrFactory(), getToken: () => 'tok-1', ...extra });
const form = () => {
  const data = new FormData();
  data.append('lineId', 'l1');
  data.append('audio', new Blob(['abc'], { type: 'audio/webm' }), 'take.webm');
  return data;
};

describe('createApiClient: upload with progress', () => {
  it('POSTs the body with the Bearer token and cookies, reports progress and answers the JSON', async () => {
    const client = setup({ baseUrl: 'https://api.example.com' });
    const progress: Array<[number, number]> = [];
    const body = form();
    const answer = client.upload('/api/sessions/s1/takes', body, { onProgress: (sent, total) => progress.push([sent, total]) });
    const xhr = await nthXhr(1);
    expect(xhr.call).toMatchObject({
      method: 'POST',
      url: 'https://api.example.com/api/sessions/s1/takes',
      withCredentials: true,
      headers: { Accept: 'application/json', Authorization: 'Bearer tok-1' },
    });
    expect(xhr.call.body).toBe(body);
    // The browser sets the multipart boundary itself.
    expect(xhr.call.headers).not.toHaveProperty('Content-Type');
    xhr.progress(10, 40);
    xhr.progress(40, 40);
    xhr.progress(5, 0, false);
    xhr.respond(201, { id: 't1' });
    await expect(answer).resolves.toEqual({ id: 't1' });
    expect(progress).toEqual([
      [10, 40],
      [40, 40],
      [5, 0],
    ]);
  });

  it('uses the method and query given', async () => {
    const client = setup();
    const answer = client.upload('/api/x', new Blob(['a']), { method: 'PUT', query: { kind: 'voice', none: undefined } });
    const xhr = await nthXhr(1);
    expect(xhr.call).toMatchObject({ method: 'PUT', url: '/api/x?kind=voice' });
    xhr.respond(200, { ok: true });
    await expect(answer).resolves.toEqual({ ok: true });
  });

  it("rejects with the server's message and status", async () => {
    const client = setup();
    const answer = client.upload('/api/x', form());
    (await nthXhr(1)).respond(413, { message: 'This recording is larger than 20 MB.' });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'This recording is larger than 20 MB.' });
  });

  it("a network failure is ApiError status 0 with 'An error occurred.'", async () => {
    const client = setup();
    const answer = client.upload('/api/x', form());
    (await nthXhr(1)).fail();
    await expect(answer).rejects.toMatchObject({ name: 'ApiError', status: 0, message: 'An error occurred.' });
  });

  it('an HTML error page is not a message', async () => {
    const client = setup();
    const answer = client.upload('/api/x', form());
    (await nthXhr(1)).respond(502, '<html>Bad gateway</html>', 'text/html');
    await expect(answer).rejects.toMatchObject({ status: 502, message: 'An error occurred.' });
  });

  it('the signal aborts the request and rejects with an AbortError', async () => {
    const client = setup();
    const controller = new AbortController();
    const answer = client.upload('/api/x', form(), { signal: controller.signal });
    const xhr = await nthXhr(1);
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });

  it('an already aborted signal sends nothing', async () => {
    const client = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(client.upload('/api/x', form(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('a 401 refreshes once and sends the upload again with the new token', async () => {
    let token = 'old';
    const refresh = jest.fn(async () => {
      token = 'new';
    });
    const onUnauthorized = jest.fn();
    const client = setup({ getToken: () => token, refresh, onUnauthorized });
    const progress: number[] = [];
    const answer = client.upload('/api/x', form(), { onProgress: (sent) => progress.push(sent) });
    const first = await nthXhr(1);
    first.progress(3, 3);
    first.respond(401, { message: 'Token expired.' });
    const second = await nthXhr(2);
    expect(second.call.headers['Authorization']).toBe('Bearer new');
    second.progress(3, 3);
    second.respond(200, { id: 't1' });
    await expect(answer).resolves.toEqual({ id: 't1' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(progress).toEqual([3, 3]);
  });

  it('a second 401 calls onUnauthorized and rejects with the 401', async () => {
    const onUnauthorized = jest.fn();
    const client = setup({ refresh: async () => undefined, onUnauthorized });
    const answer = client.upload('/api/x', form());
    (await nthXhr(1)).respond(401, { message: 'Token expired.' });
    (await nthXhr(2)).respond(401, { message: 'Token expired.' });
    await expect(answer).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
