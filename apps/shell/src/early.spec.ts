import fs from 'node:fs';
import path from 'node:path';
import { takeEarlyRequests, type EarlyRequests } from './early';

// index.html's first script as the build puts it together (tools/first-load/early-script.cjs):
// early-script.js with @vox/variant's rule and the route table's first reads.
const generator = path.join(__dirname, '../../../tools/first-load/early-script.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { earlyScript } = require(generator) as { earlyScript: () => { source: string } };
const firstScript = earlyScript().source;

// jsdom has no Response: a stand-in with what the shell reads of one.
class StandInResponse {
  constructor(
    private readonly body: string,
    readonly init: ResponseInit,
  ) {}
  get status() {
    return this.init.status;
  }
  get ok() {
    return this.init.status === 200;
  }
  json() {
    return Promise.resolve(JSON.parse(this.body));
  }
}

// index.html's first script (early-script.js) sends the start-up requests; main.ts
// takes its answers once, and sends them itself only when that script did not run (dev server).
describe('takeEarlyRequests', () => {
  const page = window as { __voxEarly?: EarlyRequests };
  let fetchMock: jest.Mock;
  // jsdom has no Response: the code under test only passes these along.
  const answer = () => Promise.resolve({ status: 204 } as Response);

  beforeEach(() => {
    fetchMock = jest.fn(answer);
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    delete page.__voxEarly;
  });

  it("takes the first script's requests once and sends none of its own", () => {
    const started = { refresh: answer(), publicConfig: answer(), manifest: answer() };
    page.__voxEarly = started;
    expect(takeEarlyRequests()).toBe(started);
    expect(page.__voxEarly).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the refresh, the public config and the manifest itself when the first script did not run', () => {
    const early = takeEarlyRequests();
    expect(Object.keys(early).sort()).toEqual(['manifest', 'publicConfig', 'refresh']);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, (init as RequestInit | undefined)?.method ?? 'GET'])).toEqual([
      ['/api/users/refresh-token', 'POST'],
      ['/api/config/public', 'GET'],
      ['/remotes.json', 'GET'],
    ]);
  });

  // The server puts the manifest and the public config in the page (withFirstData in
  // apps/api/src/plugins/external/web-apps.ts); the first script hands them on without a request.
  describe('with the data block the server puts in the page', () => {
    const source = firstScript;
    const manifest = { main: '/remotes/main/remoteEntry.js', podcast: 'https://cdn.example.com/podcast/remoteEntry.js' };
    const publicConfig = { msClientId: 'client-1', msAuthority: 'https://login.example.com/common/v2.0' };
    beforeEach(() => {
      (globalThis as { Response?: unknown }).Response = StandInResponse;
    });
    afterEach(() => {
      delete (globalThis as { Response?: unknown }).Response;
      document.head.innerHTML = '';
    });

    it('sends only the refresh and hands the manifest and the public config on as answers', async () => {
      document.head.innerHTML = `<script type="application/json" id="vox-first-data">${JSON.stringify({ manifest, publicConfig })}</script>`;
      new Function(source)();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/refresh-token']);
      const early = takeEarlyRequests();
      const [manifestAnswer, configAnswer] = await Promise.all([early.manifest, early.publicConfig]);
      expect([manifestAnswer.status, await manifestAnswer.json()]).toEqual([200, manifest]);
      expect([configAnswer.status, await configAnswer.json()]).toEqual([200, publicConfig]);
    });

    it('fetches what the block lacks, and both when the block is unreadable', () => {
      document.head.innerHTML = `<script type="application/json" id="vox-first-data">${JSON.stringify({ publicConfig })}</script>`;
      new Function(source)();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/refresh-token', '/remotes.json']);
      fetchMock.mockClear();
      delete page.__voxEarly;
      document.head.innerHTML = '<script type="application/json" id="vox-first-data">{"manifest": {</script>';
      new Function(source)();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/refresh-token', '/api/config/public', '/remotes.json']);
    });
  });

  // A visitor's page the server drew (withBody and the data block's `queries` and `later`, in
  // apps/api/src/plugins/external/): its refresh, the remote's scripts and the shell's entry
  // wait for the page's first paint.
  describe('on a page the server drew', () => {
    const source = firstScript;
    let observed: ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void) | null;
    const disconnect = jest.fn();
    beforeEach(() => {
      (globalThis as { Response?: unknown }).Response = StandInResponse;
      observed = null;
      (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver = Object.assign(
        function StandInObserver(this: { observe(init: unknown): void }, callback: typeof observed) {
          observed = callback;
          this.observe = () => undefined;
        },
        { supportedEntryTypes: ['paint'] },
      );
    });
    afterEach(() => {
      delete (globalThis as { Response?: unknown }).Response;
      delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
      document.head.innerHTML = '';
      delete page.__voxEarly;
    });

    it('asks for nothing, and runs no entry, until the first contentful paint; then all of it, once', () => {
      const data = { manifest: { podcast: '/remotes/podcast/remoteEntry.js' }, publicConfig: {}, queries: [[['channels'], []]], later: ['/remotes/podcast/remoteEntry.js', '/remotes/podcast/static/js/1.chunk.js?v=ab'] };
      document.head.innerHTML = `<script type="application/json" id="vox-first-data">${JSON.stringify(data)}</script><link rel="preload" as="script" href="/static/js/main.1.js" data-vox-entry><link href="/manifest.webmanifest" data-vox-manifest>`;
      new Function(source)();
      const manifests = () => [...document.head.querySelectorAll('link[rel=manifest]')].map((link) => link.getAttribute('href'));
      const scripts = () => [...document.head.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));
      const preloads = () => [...document.head.querySelectorAll('link[rel=preload]:not([data-vox-entry])')].map((link) => link.getAttribute('href'));
      expect([fetchMock.mock.calls.length, scripts(), preloads(), manifests()]).toEqual([0, [], [], []]);
      // A paint that is not contentful changes nothing.
      observed!({ getEntriesByName: () => [] }, { disconnect });
      expect([fetchMock.mock.calls.length, scripts(), preloads()]).toEqual([0, [], []]);
      observed!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, { disconnect });
      return Promise.resolve().then(() => {
        expect(disconnect).toHaveBeenCalled();
        expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/refresh-token']);
        expect(preloads()).toEqual(data.later);
        expect(scripts()).toEqual(['/static/js/main.1.js']);
        expect(manifests()).toEqual(['/manifest.webmanifest']);
        expect(takeEarlyRequests().queries).toEqual(data.queries);
      });
    });

    it('starts at once where the browser reports no paints', () => {
      delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
      document.head.innerHTML = `<script type="application/json" id="vox-first-data">${JSON.stringify({ manifest: {}, publicConfig: {}, queries: [], later: [] })}</script><link rel="preload" as="script" href="/static/js/main.1.js" data-vox-entry>`;
      new Function(source)();
      expect([...document.head.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'))).toEqual(['/static/js/main.1.js']);
    });
  });

  it('early-script.js sends the very same requests as early.ts, and hands them over', () => {
    new Function(firstScript)();
    const fromScript = fetchMock.mock.calls.splice(0);
    const handedOver = takeEarlyRequests();
    expect(Object.keys(handedOver).sort()).toEqual(['manifest', 'publicConfig', 'reads', 'refresh']);
    expect(fetchMock).not.toHaveBeenCalled();
    delete page.__voxEarly;
    takeEarlyRequests();
    expect(fromScript).toEqual(fetchMock.mock.calls);
  });
});

// Once the refresh has said who is asking, early-script.js sends the first reads of the
// page the path shows (with that token, or none); @vox/api-client hands them to the page's calls.
describe('early-script.js: the first reads of the page', () => {
  const page = window as { __voxEarly?: EarlyRequests };
  const source = firstScript;

  /** Runs the script as on `host` + `pathname`, the refresh answering `refresh`; the reads' calls. */
  async function run(host: string, pathname: string, refresh: () => Promise<Response>) {
    const fetchMock = jest.fn((url: string, _init?: RequestInit) => (url === '/api/users/refresh-token' ? refresh() : Promise.resolve({ status: 200 } as Response)));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    new Function('location', source)({ hostname: host, pathname });
    const started = page.__voxEarly as EarlyRequests;
    delete page.__voxEarly;
    const reads = started.reads ? await started.reads : undefined;
    const calls = fetchMock.mock.calls.slice(3).map(([url, init]) => [url, init?.headers]);
    return { reads, calls };
  }
  const session = (token: string) => () =>
    Promise.resolve({ status: 200, clone: () => ({ json: () => Promise.resolve({ token, user: { id: 'u1' } }) }) } as unknown as Response);
  const noSession = () => Promise.resolve({ status: 204 } as Response);

  /** The reads one GET /api/first-reads names, with their query parameters, from its URL. */
  const batched = (url: unknown) => {
    const parsed = new URL(String(url), 'http://localhost');
    expect(parsed.pathname).toBe('/api/first-reads');
    return [...parsed.searchParams].map(([key, value]) => `${key}=${value}`);
  };
  const FRAME = ['read=subscriptions', 'read=notificationsSeen', 'read=newNotifications'];

  it('signed in on the main /scripts: the header reads and the list, by endpoint, with the token, in one request', async () => {
    const { reads, calls } = await run('localhost', '/scripts', session('tok-1'));
    expect(calls).toHaveLength(1);
    expect(calls[0][0]).toBe('/api/first-reads?read=subscriptions&read=notificationsSeen&read=newNotifications&read=scripts&scripts.scope=all&scripts.page=1&scripts.pageSize=20');
    expect(calls[0][1]).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok-1' });
    // Each stands for the URL the page's own call builds, which the server answers it with.
    const expected = ['/api/subscriptions', '/api/notifications/seen', '/api/notifications/new', '/api/scripts?scope=all&page=1&pageSize=20'];
    expect(reads?.map((r) => [r.url, r.token])).toEqual(expected.map((url) => [url, 'tok-1']));
  });

  it('signed out on the podcast site\'s /: the channels, without a token', async () => {
    const { reads, calls } = await run('podcast.localhost', '/', noSession);
    expect(calls.map(([url, headers]) => [batched(url), headers])).toEqual([[['read=podcastChannels'], { Accept: 'application/json' }]]);
    expect(reads?.map((r) => [r.url, r.token])).toEqual([['/api/podcast/channels', null]]);
  });

  it('signed in on the podcast site\'s /: its home page, not the channels', async () => {
    const { reads, calls } = await run('podcast.voxclub.example', '/', session('tok-2'));
    expect(calls.map(([url]) => batched(url))).toEqual([[...FRAME, 'read=podcastHome']]);
    expect(reads?.map((r) => r.url)).toEqual(['/api/subscriptions', '/api/notifications/seen', '/api/notifications/new', '/api/podcast/home']);
  });

  it("hands each read its own answer from the batch's, and fails one the batch did not answer in JSON", async () => {
    (globalThis as { Response?: unknown }).Response = StandInResponse;
    const batch = {
      status: 200,
      json: () =>
        Promise.resolve({
          reads: [
            { read: 'subscriptions', url: '/api/subscriptions', status: 200, body: { subscriptions: [] } },
            { read: 'notificationsSeen', url: '/api/notifications/seen', status: 401, body: { message: 'Please log in.' } },
            { read: 'newNotifications', url: '/api/notifications/new', status: 200, body: null },
          ],
        }),
    };
    const fetchMock = jest.fn((url: string) => Promise.resolve((url === '/api/users/refresh-token' ? { status: 200, clone: () => ({ json: () => Promise.resolve({ token: 'tok-4' }) }) } : batch) as unknown as Response));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    new Function('location', source)({ hostname: 'localhost', pathname: '/scripts' });
    const started = page.__voxEarly as EarlyRequests;
    delete page.__voxEarly;
    const reads = (await started.reads) ?? [];
    const answers = await Promise.all(reads.map((r) => r.response.then(async (a) => [a.status, await a.json()], () => 'failed')));
    expect(Object.fromEntries(reads.map((r, i) => [r.url, answers[i]]))).toEqual({
      '/api/subscriptions': [200, { subscriptions: [] }],
      '/api/notifications/seen': [401, { message: 'Please log in.' }],
      '/api/notifications/new': 'failed',
      '/api/scripts?scope=all&page=1&pageSize=20': 'failed',
    });
    delete (globalThis as { Response?: unknown }).Response;
  });

  it('signed in on the school site: the header reads on its /, the list too on its /scripts', async () => {
    expect((await run('school.localhost', '/', session('tok-5'))).calls.map(([url]) => batched(url))).toEqual([FRAME]);
    const { calls } = await run('school.voxclub.example', '/scripts', session('tok-5'));
    expect(calls.map(([url]) => batched(url))).toEqual([[...FRAME, 'read=scripts', 'scripts.scope=all', 'scripts.page=1', 'scripts.pageSize=20']]);
  });

  it('names no read, path or remote itself: the build gives it the route table\'s and @vox/variant\'s', () => {
    const own = fs.readFileSync(path.join(__dirname, 'early-script.js'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const text of ['/api/scripts', '/api/podcast', '/api/notifications', '/api/subscriptions', "'school'", "'podcast'", "'dashboard'", 'metrics', 'hostname.']) {
      expect(own).not.toContain(text);
    }
  });

  it('signed out on a page without early reads, or on the dashboard, or when the refresh fails: nothing', async () => {
    expect(await run('localhost', '/about', noSession)).toEqual({ reads: [], calls: [] });
    expect(await run('school.localhost', '/scripts', noSession)).toEqual({ reads: [], calls: [] });
    expect(await run('dashboard.localhost', '/', session('tok-3'))).toEqual({ reads: undefined, calls: [] });
    expect(await run('localhost', '/metrics', session('tok-3'))).toEqual({ reads: undefined, calls: [] });
    expect(await run('localhost', '/scripts', () => Promise.reject(new TypeError('offline')))).toEqual({ reads: [], calls: [] });
  });
});
