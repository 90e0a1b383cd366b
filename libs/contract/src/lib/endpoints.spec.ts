import { Compile } from 'typebox/compile';
import { endpointSchemas } from './endpoint-schemas';
import { firstReadNames, firstReadQueries, FirstReadsQuery } from './first-reads';
import { allEndpoints as endpoints, endpointNames, endpointParts } from './all-endpoints';
import { pathFor, pathParamNames, type EndpointAnswer, type EndpointBody, type EndpointParams, type EndpointQuery } from './endpoint-calls';
import { coreEndpoints } from './endpoints';
import { scriptEndpoints } from './scripts-endpoints';
import { socialEndpoints } from './social-endpoints';
import type { Script, Take } from './scripts';
import type { ScriptSession } from './social';
import type { ScriptInput } from './scripts';
import type { ScriptListQuery, TakeParams } from './scripts';

const schemaOf = (name: string) => endpointSchemas[name as keyof typeof endpointSchemas] as {
  params?: { properties: Record<string, unknown>; required?: string[] };
  querystring?: unknown;
  body?: unknown;
  response: Record<number, unknown>;
};

describe('endpoints and their schemas', () => {
  it('name exactly the same calls', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(endpointSchemas).sort());
    expect(endpointNames.sort()).toEqual(Object.keys(endpointSchemas).sort());
    for (const name of endpointNames) expect(endpoints[name].name).toBe(name);
  });

  it('describe each call in exactly one part, and the full table holds every part', () => {
    const parts = Object.entries(endpointParts);
    const described = parts.flatMap(([part, table]) => Object.keys(table).map((name) => `${name} (${part})`));
    const names = described.map((entry) => entry.split(' ')[0]);
    const twice = described.filter((entry) => names.filter((name) => name === entry.split(' ')[0]).length > 1);
    expect(twice).toEqual([]);
    expect(names.sort()).toEqual([...endpointNames].sort());
    for (const [part, table] of parts) {
      for (const [name, endpoint] of Object.entries(table)) expect({ part, name, endpoint: endpoints[name as keyof typeof endpoints] }).toEqual({ part, name, endpoint });
    }
  });

  it('keep in the core (the table the shell shares on every first route) every call the shell makes', () => {
    // The shell's own calls: libs/api-client's createEndpoints and photo loader, libs/auth,
    // libs/feature-notifications' last-seen mark; and the main site's front door (its first
    // route). Moving one of these to an area entry would make the shell load that entry.
    const shellCalls = [
      'createUser', 'passwordCode', 'passwordVerify', 'passwordReset', 'authenticate', 'authenticateMicrosoft',
      'refreshToken', 'signOut', 'subscriptions', 'publicConfig', 'friendships', 'newNotifications',
      'notificationsSeen', 'userPhoto', 'postActivity', 'reportRenderError', 'sessionCheck', 'scriptSession', 'shareLinkSession', 'showcase', 'audio',
    ];
    expect(Object.keys(coreEndpoints).sort()).toEqual(shellCalls.sort());
    for (const name of shellCalls) expect(coreEndpoints[name as keyof typeof coreEndpoints]).toBe(endpoints[name as keyof typeof endpoints]);
  });

  it('describe each method and path once', () => {
    const routes = endpointNames.map((name) => `${endpoints[name].method} ${endpoints[name].path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const name of endpointNames) expect(endpoints[name].path).toMatch(/^\/api\//);
  });

  it("match every path's :params with the params schema, each required", () => {
    for (const name of endpointNames) {
      const fromPath = pathParamNames(endpoints[name].path).sort();
      const schema = schemaOf(name).params;
      const fromSchema = schema ? Object.keys(schema.properties).sort() : [];
      expect({ name, params: fromSchema }).toEqual({ name, params: fromPath });
      expect({ name, required: [...(schema?.required ?? [])].sort() }).toEqual({ name, required: fromPath });
    }
  });

  it('give every call an answer for at least one success status, and bodies only where a body is sent', () => {
    for (const name of endpointNames) {
      const { response, body } = schemaOf(name);
      // A call whose whole point is to send the browser on (the sign-in handoff) succeeds with a redirect.
      const succeeds = (status: number) => status < 300 || [302, 303].includes(status);
      expect({ name, success: Object.keys(response).some((status) => succeeds(Number(status))) }).toEqual({ name, success: true });
      if (endpoints[name].method === 'GET' || endpoints[name].method === 'DELETE') expect({ name, body }).toEqual({ name, body: undefined });
      if ('multipart' in endpoints[name]) expect({ name, body }).toEqual({ name, body: undefined });
    }
  });

  it('keep the core paths and those of the server', () => {
    const seed = {
      scriptSession: 'GET /api/scripts/:scriptId/session',
      shareLinkSession: 'GET /api/sharelinks/:linkId/session',
      newNotifications: 'GET /api/notifications/new',
      refreshToken: 'POST /api/users/refresh-token',
      signOut: 'POST /api/users/signOut',
      subscriptions: 'GET /api/subscriptions',
      authenticate: 'POST /api/users/authenticate',
      createUser: 'POST /api/users/create',
      passwordCode: 'POST /api/users/password/code',
      passwordVerify: 'POST /api/users/password/verify',
      passwordReset: 'POST /api/users/password/reset',
      friendships: 'GET /api/friendships/',
      userPhoto: 'GET /api/users/photo/:photo',
      postActivity: 'POST /api/activities/',
    } as const;
    for (const [name, route] of Object.entries(seed)) {
      const endpoint = endpoints[name as keyof typeof seed];
      expect(`${endpoint.method} ${endpoint.path}`).toBe(route);
    }
    // Per area: the product's calls with scripts and sessions, and readiness and the staff job routes
    // (53); membership purchase (11); events (6); forms (3); certificates (4); drafts, revisions and
    // templates, with FDX export, import and revision colours (20); metrics (1); hardening (2); publishing a draft (1); classes and assignments
    // (17); the audio library (12); the podcast (33); the live channel and presence (2); the finished
    // read (9); conversations (3); the first hour's preview, showcase, a demo scene's text and handle suggestion (4); an app
    // page's first reads (1); one sign-in across the sites: the
    // session check and the three steps of the handoff (4); a page's render error for the log (1);
    // casting calls: the board, a call by id and by link, post, edit, close, reopen, mine, limits (9);
    // auditions: cues, start, mine, one, take upload and removal, whole file, send, withdraw, audio,
    // a role's auditions, review, the scene, cast (14); reports and staff hiding (3); credits and
    // their setting (3); real-user web vitals: a page view's beacon and the dashboard's read, a remote's load failure and
    // the dashboard's read of them (4);
    // link previews: an episode's oEmbed answer and a page's preview card (2);
    // co-writing a draft: its stream, a change to its document and a cursor (3); who writes in it:
    // the list, invite a friend, remove, make and delete an invite link, take one (6); comments on
    // its lines: the threads, start one, reply, resolve or reopen (4).
    expect(endpointNames).toHaveLength(53 + 11 + 6 + 3 + 4 + 20 + 1 + 2 + 1 + 17 + 12 + 33 + 2 + 9 + 3 + 4 + 1 + 4 + 1 + 9 + 14 + 3 + 3 + 4 + 2 + 3 + 6 + 4);
  });

  it('check requests and answers against the schemas', () => {
    const query = Compile(endpointSchemas.scripts.querystring);
    expect(query.Check({ scope: 'mine', page: 2 })).toBe(true);
    expect(query.Check({ scope: 'everything' })).toBe(false);
    const answer = Compile(endpointSchemas.scriptSession.response[200]);
    expect(answer.Check({ id: 's1' })).toBe(true);
    expect(answer.Check({ session: 's1' })).toBe(false);
  });
});

describe('first reads (GET /api/first-reads)', () => {
  it('name only GETs of the contract without path parameters, each with its own query schema, and never first-reads itself', () => {
    expect(firstReadNames).not.toContain('firstReads');
    for (const name of firstReadNames) {
      const endpoint = endpoints[name];
      expect({ name, method: endpoint.method, params: pathParamNames(endpoint.path), query: firstReadQueries[name] }).toEqual({
        name,
        method: 'GET',
        params: [],
        query: (endpointSchemas[name] as { querystring?: unknown }).querystring ?? null,
      });
    }
  });

  it('take reads by name, each once, with typed parameters, and no URL', () => {
    const query = Compile(FirstReadsQuery);
    expect(query.Check({ read: ['subscriptions', 'scripts'], 'scripts.scope': 'all', 'scripts.page': 1, 'scripts.pageSize': 20 })).toBe(true);
    for (const wrong of [
      { read: [] },
      { read: ['firstReads'] },
      { read: ['/api/%66irst-reads'] },
      { read: ['scripts', 'scripts'] },
      { read: ['scripts'], 'scripts.scope': 'everything' },
      { read: ['scripts'], 'scripts.page': 'one' },
      { read: ['scripts'], url: '/api/health' },
      { url: ['/api/health'] },
    ]) {
      expect({ wrong, valid: query.Check(wrong) }).toEqual({ wrong, valid: false });
    }
  });
});

describe('pathFor', () => {
  it('fills the path parameters, URL-encoding each', () => {
    expect(pathFor(coreEndpoints.scriptSession, { scriptId: 'a/b' })).toBe('/api/scripts/a%2Fb/session');
    expect(pathFor(scriptEndpoints.deleteTake, { sessionId: 's 1', takeId: 't?2' })).toBe('/api/sessions/s%201/takes/t%3F2');
    expect(pathFor(socialEndpoints.profileByHandle, { handle: '@grace' })).toBe('/api/users/by-handle/%40grace');
    expect(pathFor(coreEndpoints.friendships)).toBe('/api/friendships/');
  });

  it('refuses a missing parameter, naming it', () => {
    expect(() => pathFor(scriptEndpoints.script, { scriptId: '' })).toThrow('script: the path parameter "scriptId" is missing.');
  });
});

// The types of a call come from its schemas: these lines stop compiling when they drift.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typesHold: [
  Equal<EndpointAnswer<'scriptSession'>, ScriptSession>,
  Equal<EndpointAnswer<'uploadTake'>, Take>,
  Equal<EndpointAnswer<'saveScript'>, Script>,
  Equal<EndpointAnswer<'deleteScript'>, undefined>,
  Equal<EndpointParams<'deleteTake'>, TakeParams>,
  Equal<EndpointParams<'health'>, undefined>,
  Equal<EndpointBody<'createScript'>, ScriptInput>,
  Equal<EndpointQuery<'scripts'>, ScriptListQuery>,
] = [true, true, true, true, true, true, true, true];
void typesHold;
