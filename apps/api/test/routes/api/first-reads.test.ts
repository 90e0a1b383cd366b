import type { FastifyInstance } from 'fastify';
import { createNotification } from '../../../src/repositories/notifications';
import { bearer, build, createUser, type TestUser } from '../../helper';

// Issue 19: an app page's first script sends its first reads in one request; each read answers
// exactly as the same GET would, with the caller's token and no more.
describe('GET /api/first-reads', () => {
  let app: FastifyInstance;
  let me: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    app = await build();
    me = await createUser(app);
    other = await createUser(app);
    await createNotification(app.db, { userId: me.id, type: 'message' });
    await createNotification(app.db, { userId: me.id, type: 'message' });
    await createNotification(app.db, { userId: other.id, type: 'message' });
  });
  afterAll(async () => app.close());

  const query = (urls: string[]) => urls.map((u) => `url=${encodeURIComponent(u)}`).join('&');
  const batch = (urls: string[], headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/api/first-reads?${query(urls)}`, headers });
  const single = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('answers each read as its own GET with the same token would, in the order asked', async () => {
    const urls = ['/api/notifications/new', '/api/subscriptions', '/api/scripts?scope=all&page=1&pageSize=20', '/api/showcase'];
    const res = await batch(urls, bearer(me));
    expect(res.statusCode).toBe(200);
    const { reads } = res.json() as { reads: { url: string; status: number; body: unknown }[] };
    expect(reads.map((r) => r.url)).toEqual(urls);
    for (const [i, url] of urls.entries()) {
      const alone = await single(url, bearer(me));
      expect({ url, status: reads[i].status, body: reads[i].body }).toEqual({ url, status: alone.statusCode, body: alone.json() });
    }
    expect(reads[0].body).toEqual({ count: 2 });
  });

  it('reads as the token says: another member gets their own, no token gets the 401 each read gives', async () => {
    const theirs = (await batch(['/api/notifications/new'], bearer(other))).json();
    expect(theirs.reads[0]).toEqual({ url: '/api/notifications/new', status: 200, body: { count: 1 } });
    const nobody = (await batch(['/api/notifications/new', '/api/showcase'])).json();
    expect(nobody.reads[0]).toEqual({ url: '/api/notifications/new', status: 401, body: { message: 'Please log in.' } });
    expect(nobody.reads[1].status).toBe(200);
  });

  it('takes only reads under /api/, never itself, at most 8, and no path that climbs out', async () => {
    for (const urls of [['/remotes.json'], ['/api/first-reads?url=/api/health'], ['https://example.com/api/x'], Array.from({ length: 9 }, () => '/api/health')]) {
      const res = await batch(urls);
      expect({ urls, status: res.statusCode }).toEqual({ urls, status: 400 });
    }
    expect((await app.inject({ method: 'GET', url: '/api/first-reads' })).statusCode).toBe(400);
    const climbing = (await batch(['/api/../remotes.json', '/api/./health'])).json();
    expect(climbing.reads.map((r: { status: number }) => r.status)).toEqual([400, 400]);
  });

  it('gives null for an answer that is not JSON, with its status', async () => {
    const res = (await batch(['/api/users/photo/nope'])).json();
    const alone = await single('/api/users/photo/nope');
    expect(res.reads[0].status).toBe(alone.statusCode);
    expect(res.reads[0].body).toEqual(String(alone.headers['content-type']).startsWith('application/json') ? alone.json() : null);
  });
});
