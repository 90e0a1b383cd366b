import { createApiClient } from './api-client';
import { fakeFetch, json } from './fake-fetch';

const image = () => new Response(new Blob(['png-bytes'], { type: 'image/png' }), { status: 200 });

function setup(responder: Parameters<typeof fakeFetch>[0] = image) {
  const fake = fakeFetch(responder);
  let n = 0;
  const createObjectUrl = jest.fn((_blob: Blob) => `blob:photo-${++n}`);
  const api = createApiClient({ fetch: fake.fetch, getToken: () => 'tok', createObjectUrl });
  return { api, calls: fake.calls, createObjectUrl };
}

describe('userPhotoUrl', () => {
  it('is the users photo path, encoded, after the base URL', () => {
    expect(createApiClient().userPhotoUrl('p1.png')).toBe('/api/users/photo/p1.png');
    expect(createApiClient({ baseUrl: 'https://x.test' }).userPhotoUrl('a b')).toBe('https://x.test/api/users/photo/a%20b');
  });
});

describe('loadUserPhoto', () => {
  it('fetches the photo as a blob with the Bearer token and answers an object URL', async () => {
    const { api, calls, createObjectUrl } = setup();
    await expect(api.loadUserPhoto('p1')).resolves.toBe('blob:photo-1');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/users/photo/p1', method: 'GET' });
    expect(calls[0].headers['Authorization']).toBe('Bearer tok');
    const blob = createObjectUrl.mock.calls[0][0];
    expect(await blob.text()).toBe('png-bytes');
  });

  it('fetches each photo once, however often and however concurrently it is asked for', async () => {
    const { api, calls } = setup();
    const urls = await Promise.all([api.loadUserPhoto('p1'), api.loadUserPhoto('p1'), api.loadUserPhoto('p1')]);
    await api.loadUserPhoto('p1');
    expect(urls).toEqual(['blob:photo-1', 'blob:photo-1', 'blob:photo-1']);
    expect(calls).toHaveLength(1);
  });

  it('keeps one entry per photo', async () => {
    const { api, calls } = setup();
    await expect(api.loadUserPhoto('p1')).resolves.toBe('blob:photo-1');
    await expect(api.loadUserPhoto('p2')).resolves.toBe('blob:photo-2');
    expect(calls.map((c) => c.url)).toEqual(['/api/users/photo/p1', '/api/users/photo/p2']);
  });

  it('falls back to the raw path when the fetch fails, and tries again next time', async () => {
    let fail = true;
    const { api, calls } = setup(() => (fail ? json(404, { message: 'Not found.' }) : image()));
    await expect(api.loadUserPhoto('p1')).resolves.toBe('/api/users/photo/p1');
    fail = false;
    await expect(api.loadUserPhoto('p1')).resolves.toBe('blob:photo-1');
    expect(calls).toHaveLength(2);
  });

  it('falls back to the raw path on a network failure', async () => {
    const { api } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.loadUserPhoto('p9')).resolves.toBe('/api/users/photo/p9');
  });

  it('falls back to the raw path when no object URL can be made', async () => {
    const fake = fakeFetch(image);
    const api = createApiClient({
      fetch: fake.fetch,
      createObjectUrl: () => {
        throw new Error('no URL.createObjectURL');
      },
    });
    await expect(api.loadUserPhoto('p1')).resolves.toBe('/api/users/photo/p1');
  });
});
