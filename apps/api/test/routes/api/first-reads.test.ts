import type { FastifyInstance } from 'fastify';
import { createNotification } from '../../../src/repositories/notifications';
import { bearer, build, createUser, type TestUser } from '../../helper';

// An app page's first script sends its first reads in one request, named by endpoint; each read
// answers exactly as the same GET would, with the caller's token and no more, and nothing else runs.
describe('GET /api/first-reads', () => {
  let app: FastifyInstance;
  let me: TestUser;
  let other: TestUser;
  /** Every request the app handled (the outer one and each read it ran), by path as it arrived. */
  const handled: string[] = [];
  beforeAll(async () => {
    app = await build({}, { setup: (a) => void a.addHook('onRequest', async (request) => void handled.push(request.url)) });
    me = await createUser(app);
    other = await createUser(app);
    await createNotification(app.db, { userId: me.id, type: 'message' });
    await createNotification(app.db, { userId: me.id, type: 'message' });
    await createNotification(app.db, { userId: other.id, type: 'message' });
  });
  afterAll(async () => app.close());

  const batch = (query: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: urlOf(query), headers });
  const urlOf = (query: string) => `/api/first-reads${query ? `?${query}` : ''}`;
  const single = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  /** The requests one call to `fn` made the app handle. */
  async function handledBy(fn: () => Promise<unknown>): Promise<string[]> {
    handled.length = 0;
    await fn();
    return [...handled];
  }

  it('answers each named read as its own GET with the same token would, in the order asked, with the URL it built', async () => {
    const query = 'read=newNotifications&read=subscriptions&read=scripts&scripts.scope=all&scripts.page=1&scripts.pageSize=20&read=notificationsSeen';
    const res = await batch(query, bearer(me));
    expect(res.statusCode).toBe(200);
    const { reads } = res.json() as { reads: { read: string; url: string; status: number; body: unknown }[] };
    const urls = ['/api/notifications/new', '/api/subscriptions', '/api/scripts?scope=all&page=1&pageSize=20', '/api/notifications/seen'];
    expect(reads.map((r) => [r.read, r.url])).toEqual([
      ['newNotifications', urls[0]],
      ['subscriptions', urls[1]],
      ['scripts', urls[2]],
      ['notificationsSeen', urls[3]],
    ]);
    for (const [i, url] of urls.entries()) {
      const alone = await single(url, bearer(me));
      expect({ url, status: reads[i].status, body: reads[i].body }).toEqual({ url, status: alone.statusCode, body: alone.json() });
    }
    expect(reads[0].body).toEqual({ count: 2 });
  });

  it('builds each URL from the contract path and the typed query in the order given, as the page builds its call', async () => {
    const res = await batch('read=scripts&scripts.pageSize=20&scripts.scope=mine&read=podcastChannels&podcastChannels.q=a%20b%26c', bearer(me));
    expect(res.json().reads.map((r: { url: string }) => r.url)).toEqual(['/api/scripts?pageSize=20&scope=mine', '/api/podcast/channels?q=a+b%26c']);
  });

  it('reads as the token says: another member gets their own, no token gets the 401 each read gives', async () => {
    const theirs = (await batch('read=newNotifications', bearer(other))).json();
    expect(theirs.reads[0]).toEqual({ read: 'newNotifications', url: '/api/notifications/new', status: 200, body: { count: 1 } });
    const nobody = (await batch('read=newNotifications&read=podcastChannels')).json();
    expect(nobody.reads[0]).toEqual({ read: 'newNotifications', url: '/api/notifications/new', status: 401, body: { message: 'Please log in.' } });
    expect(nobody.reads[1].status).toBe(200);
  });

  it('runs each named read once and nothing else: no URL, no encoded path, not itself, no read twice', async () => {
    const refused = [
      // URLs, as the earlier form of this request took them: never run, whatever their spelling.
      `url=${encodeURIComponent('/api/%66irst-reads?url=/api/health')}`,
      `url=${encodeURIComponent('/api/%2e%2e/remotes.json')}`,
      'url=/api/health',
      // Names that are not first reads: itself (also percent-encoded), a path, a URL, a write.
      'read=firstReads',
      'read=%66irstReads',
      `read=${encodeURIComponent('/api/%66irst-reads')}`,
      `read=${encodeURIComponent('%2e%2e/%2e%2e/remotes.json')}`,
      `read=${encodeURIComponent('../health')}`,
      'read=health',
      'read=markNotificationsSeen',
      // A read twice, a parameter of the wrong type, one the endpoint does not take, and none at all.
      'read=subscriptions&read=subscriptions',
      'read=scripts&read=notificationsSeen&read=scripts',
      'read=scripts&scripts.page=first',
      'read=scripts&scripts.scope=everything',
      'read=scripts&scripts.scope=all&scripts.scope=mine',
      '',
    ];
    for (const query of refused) {
      let status = 0;
      const ran = await handledBy(async () => {
        const res = await batch(query, bearer(me));
        status = res.statusCode;
        expect({ query, message: typeof res.json().message }).toEqual({ query, message: 'string' });
      });
      expect({ query, status, ran }).toEqual({ query, status: 400, ran: [urlOf(query)] });
    }
    // A NUL in the query is refused before any route handles it, this one included: no read runs.
    let nulStatus = 0;
    const ranForNul = await handledBy(async () => {
      const res = await batch('read=scripts%00', bearer(me));
      nulStatus = res.statusCode;
      expect(res.json()).toEqual({ message: "Query parameter 'read' must not contain a NUL character." });
    });
    expect({ status: nulStatus, ran: ranForNul }).toEqual({ status: 400, ran: [] });
  });

  it('takes no parameter it does not know, and runs no read it was not asked for', async () => {
    const query = `read=podcastChannels&url=${encodeURIComponent('/api/%66irst-reads')}&scripts.scope=mine&podcastChannels.sort=x`;
    const ran = await handledBy(async () => {
      const res = await batch(query);
      expect(res.json().reads.map((r: { url: string }) => r.url)).toEqual(['/api/podcast/channels']);
    });
    expect(ran).toEqual([`/api/first-reads?${query}`, '/api/podcast/channels']);
  });

  it('runs every first read at most once per request: six at most, never nested', async () => {
    const all = 'read=subscriptions&read=notificationsSeen&read=newNotifications&read=scripts&read=podcastHome&read=podcastChannels';
    const ran = await handledBy(() => batch(all, bearer(me)));
    expect(ran).toEqual([
      `/api/first-reads?${all}`,
      '/api/subscriptions',
      '/api/notifications/seen',
      '/api/notifications/new',
      '/api/scripts',
      '/api/podcast/home',
      '/api/podcast/channels',
    ]);
  });
});
