import type { FastifyInstance } from 'fastify';
import { FOREIGN_ORIGIN_MESSAGE } from '../../src/plugins/external/site-origins';
import { bearer, build, createUser, type TestUser } from '../helper';

/**
 * The site-origin check on every path, the test provider's checkout included: a state-changing
 * request from the request's own origin passes, one from a foreign origin or from `null` (an
 * opaque origin, or a form posted under Referrer-Policy: no-referrer) is refused and changes
 * nothing. The checkout page keeps its own origin on its posts (membership.test.ts).
 */
describe('site origins', () => {
  let app: FastifyInstance;
  let me: TestUser;
  const HOST = 'vox.test';
  beforeAll(async () => {
    app = await build();
    me = await createUser(app);
  });
  afterAll(async () => app.close());

  const start = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: { ...bearer(me), host: HOST }, payload: { planId: 'writer-monthly' } });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; url: string };
  };
  const pay = (url: string, origin: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { host: HOST, origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ action: 'pay', card: '4242 4242 4242 4242' }).toString(),
    });
  const status = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/membership/checkouts/${id}`, headers: { ...bearer(me), host: HOST } })).json().status as string;

  it.each(['null', 'http://evil.example', 'https://vox.test', 'http://vox.test.evil.example'])(
    'refuses a test checkout paid from origin %s, and the checkout stays open',
    async (origin) => {
      const checkout = await start();
      const res = await pay(checkout.url, origin);
      expect([res.statusCode, res.json()]).toEqual([403, { message: FOREIGN_ORIGIN_MESSAGE }]);
      expect(await status(checkout.id)).toBe('open');
    },
  );

  it('takes the test checkout paid from the page it served (its own origin)', async () => {
    const checkout = await start();
    const res = await pay(checkout.url, `http://${HOST}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/subscription?checkout=${checkout.id}`);
    expect(await status(checkout.id)).toBe('completed');
  });

  it('refuses Origin: null on the other routes too', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/messages', headers: { ...bearer(me), host: HOST, origin: 'null' }, payload: { to: me.id, text: 'Hi' } });
    expect([res.statusCode, res.json()]).toEqual([403, { message: FOREIGN_ORIGIN_MESSAGE }]);
  });
});
