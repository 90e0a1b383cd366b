import { coreEndpoints } from '@vox/contract';
import { scriptEndpoints } from '@vox/contract/scripts';
import { createApiClient } from './api-client';
import { fakeFetch, json, empty } from './fake-fetch';
import { fakeXhrFactory, nthXhr } from './fake-xhr';

describe('api.call: one typed call per contract endpoint', () => {
  it("takes the endpoint's method and path, URL-encoding each parameter, and sends query and JSON body", async () => {
    const fake = fakeFetch(() => json(200, { id: 'p1', user: { id: 'u1' }, role: 'Ann', joinedAt: 'x' }));
    const api = createApiClient({ fetch: fake.fetch, getToken: () => 'tok' });
    await api.call(scriptEndpoints.claimRole, { params: { sessionId: 's/1' }, body: { role: 'Ann' } });
    await api.call(scriptEndpoints.scripts, { query: { q: 'a b', scope: 'mine', page: 2, owner: undefined } });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/sessions/s%2F1/role', 'GET /api/scripts?q=a+b&scope=mine&page=2']);
    expect(JSON.parse(String(fake.calls[0].body))).toEqual({ role: 'Ann' });
    expect(fake.calls[0].headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  });

  it('answers the parsed body, and undefined for a 204', async () => {
    const answers = [json(200, { id: 'sess1' }), empty(204)];
    const fake = fakeFetch(() => answers.shift() as Response);
    const api = createApiClient({ fetch: fake.fetch });
    await expect(api.call(coreEndpoints.scriptSession, { params: { scriptId: 'sc1' } })).resolves.toEqual({ id: 'sess1' });
    await expect(api.call(scriptEndpoints.deleteScript, { params: { scriptId: 'sc1' } })).resolves.toBeUndefined();
  });

  it('refreshes once and retries on a 401, then sends the user away when the retry is 401 too', async () => {
    let token = 'old';
    const refresh = jest.fn(async () => {
      token = 'new';
    });
    const onUnauthorized = jest.fn();
    const fake = fakeFetch(() => json(401, { message: 'Token expired.' }));
    const api = createApiClient({ fetch: fake.fetch, getToken: () => token, refresh, onUnauthorized });
    await expect(api.call(scriptEndpoints.history, { query: { page: 1 } })).rejects.toMatchObject({ status: 401, message: 'Token expired.' });
    expect(fake.calls.map((c) => c.headers['Authorization'])).toEqual(['Bearer old', 'Bearer new']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("carries the server's message on an error answer", async () => {
    const fake = fakeFetch(() => json(403, { message: 'You can invite only your friends.' }));
    const api = createApiClient({ fetch: fake.fetch });
    await expect(api.call(scriptEndpoints.inviteToSession, { params: { sessionId: 's1' }, body: { userId: 'u2', role: null } })).rejects.toMatchObject({
      status: 403,
      message: 'You can invite only your friends.',
    });
  });

  it('reads the bytes of a binary endpoint as a Blob', async () => {
    const fake = fakeFetch(() => new Response(new Blob(['png']), { status: 200 }));
    const api = createApiClient({ fetch: fake.fetch });
    const blob = await api.call(coreEndpoints.userPhoto, { params: { photo: 'ab12' } });
    expect(blob).toBeInstanceOf(Blob);
    expect(fake.calls[0].url).toBe('/api/users/photo/ab12');
  });

  it('goes through XMLHttpRequest with progress when asked for it', async () => {
    const api = createApiClient({ xhr: fakeXhrFactory(), getToken: () => 'tok' });
    const body = new FormData();
    const progress: number[] = [];
    const answer = api.call(scriptEndpoints.uploadTake, { params: { sessionId: 's 1' }, body, onProgress: (sent) => progress.push(sent) });
    const xhr = await nthXhr(1);
    expect(xhr.call).toMatchObject({ method: 'POST', url: '/api/sessions/s%201/takes', headers: { Authorization: 'Bearer tok' } });
    expect(xhr.call.body).toBe(body);
    xhr.progress(3, 6);
    xhr.respond(201, { id: 't1' });
    await expect(answer).resolves.toEqual({ id: 't1' });
    expect(progress).toEqual([3]);
  });
});
