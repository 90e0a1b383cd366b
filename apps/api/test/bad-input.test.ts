import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { XMLValidator } from 'fast-xml-parser';
import { sql } from 'kysely';
import Parser from 'rss-parser';
import { bearer, build, createUser, type TestUser } from './helper';

/**
 * Every route under /api, found as it is registered (so routes added later are covered without
 * touching this file), gets malformed JSON, wrong types, missing fields, an oversized body,
 * an unsupported content type, and SQL- and HTML-looking strings in its params, query and body;
 * anonymously and signed in. The promise (docs/architecture.md, API): never a 5xx, every
 * refusal is JSON with a readable `message`, and a refused request writes nothing.
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
};

interface Case {
  name: string;
  request: InjectOptions;
  /** Inputs that can never be right: the answer must be a 4xx. Otherwise a 2xx is fine too. */
  mustRefuse: boolean;
}

const INJECTIONS = [
  "' OR '1'='1' --",
  "x'); DROP TABLE users; --",
  '" OR ""="',
  '<script>alert("x")</script>',
  '<img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  // Paths spelled so that a check of the text misses what they name (the router decodes them).
  '/api/%66irst-reads?url=/api/health',
  '/api/%2e%2e/%2e%2e/remotes.json',
  '%2e%2e%2f%2e%2e%2fapi%2fhealth',
  '/api/first-reads?read=firstReads',
  // Text that breaks XML unless escaped: a CDATA end, an entity-like name, controls XML forbids.
  ']]> &nbsp; &lt;b&gt; \u0007\u001b\ufffe',
];
/**
 * Text with a NUL character, which PostgreSQL cannot store or compare with text: refused with a
 * 400 wherever a JSON body holds it, and never a 5xx in a path or query either.
 */
const NUL_TEXT = 'Before\u0000after';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_LIMIT = 1024 * 1024;

// --- reading the route schemas (plain JSON Schema: TypeBox emits nothing else) ---

function variants(schema: Schema): Schema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema];
}

function accepts(schema: Schema, type: string): boolean {
  if (schema.anyOf || schema.oneOf) return variants(schema).some((v) => accepts(v, type));
  if ('const' in schema) return typeof schema.const === type || (type === 'null' && schema.const === null);
  if (schema.type === undefined) return true; // unconstrained (Type.Unknown)
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes(type) || (type === 'number' && types.includes('integer'));
}

function fitsString(schema: Schema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) return false;
  if (schema.format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return false;
  if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return false;
  return true;
}

/** A value the schema accepts, so a test can change one field and leave the rest valid. */
function sample(schema: Schema, name = ''): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf || schema.oneOf) {
    // null is the simplest valid choice where allowed (an anonymous activity, an empty context).
    const choices = variants(schema);
    const nullable = choices.find((v) => v.type === 'null');
    return sample(nullable ?? choices[0], name);
  }
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'string': {
      const preferred = /mail|user/i.test(name) ? ['reader@example.com'] : [];
      const candidates = [...preferred, 'Abcdefgh12', 'reader@example.com', '2025-01-01T00:00:00.000Z', 'secret-pass-123', '123456', 'a'];
      return candidates.find((c) => fitsString(schema, c)) ?? 'Abcdefgh12';
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const items = (schema as { items?: Schema }).items;
      const minItems = Number((schema as { minItems?: number }).minItems ?? 0);
      return items ? Array.from({ length: minItems }, () => sample(items, name)) : [];
    }
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, prop]) => [key, sample(prop, key)]));
    default:
      return 'Abcdefgh12';
  }
}

/** A value of a type the schema refuses; objects and nested arrays survive Ajv's type coercion. */
function wrongValue(schema: Schema): unknown {
  if (!accepts(schema, 'object')) return { wrong: true };
  if (!accepts(schema, 'array')) return [[1], [2]];
  if (!accepts(schema, 'number')) return 12.5;
  return undefined; // accepts anything: no wrong type exists
}

/** Wrong-typed scalars that Ajv's coercion would accept for this schema. */
function coercibleWrongValues(schema: Schema): unknown[] {
  const values: unknown[] = [];
  if (!accepts(schema, 'boolean')) values.push(true);
  if (!accepts(schema, 'number')) values.push(12345);
  if (!accepts(schema, 'array')) values.push(['en']);
  if (!accepts(schema, 'null')) values.push(null);
  if (!accepts(schema, 'string')) values.push('1');
  return values;
}

/** {"a":[[[…]]]} `depth` levels deep, as JSON text (about 2 bytes a level: within small body limits). */
function deeplyNested(depth: number): string {
  return `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
}

/** Upload routes: multipart/form-data is their only body. */
function isUpload(schema: Record<string, Schema | undefined>): boolean {
  const consumes = (schema as { consumes?: unknown }).consumes;
  const description = String((schema as { description?: unknown }).description ?? '') + String((schema as { summary?: unknown }).summary ?? '');
  return (Array.isArray(consumes) && consumes.includes('multipart/form-data')) || /multipart/i.test(description);
}

const RAW_BOUNDARY = 'fuzz-boundary';
const filePart = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;

/** Bodies no JSON or form parser should choke on: broken multipart, odd encodings, deep nesting. */
function rawBodyCases(method: string, url: string, query: Record<string, string>, baseBody: Record<string, unknown>, withBodySchema: boolean, upload: boolean): Case[] {
  const m = method as InjectOptions['method'];
  const raw = (name: string, payload: string | Buffer, contentType: string, mustRefuse: boolean): Case => ({
    name,
    request: { method: m, url, query, payload, headers: { 'content-type': contentType } },
    mustRefuse,
  });
  const text = JSON.stringify(baseBody);
  const firstKey = Object.keys(baseBody)[0];
  return [
    raw('multipart without a boundary', filePart(RAW_BOUNDARY), 'multipart/form-data', withBodySchema || upload),
    raw('multipart cut off (no closing boundary)', filePart(RAW_BOUNDARY), `multipart/form-data; boundary=${RAW_BOUNDARY}`, withBodySchema || upload),
    raw('multipart with another boundary than announced', `${filePart('other-boundary')}\r\n--other-boundary--\r\n`, `multipart/form-data; boundary=${RAW_BOUNDARY}`, withBodySchema || upload),
    raw('body nested 5,000 levels deep', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json', withBodySchema),
    raw('JSON with a byte order mark', `\uFEFF${text}`, 'application/json', false),
    raw('JSON with invalid UTF-8', Buffer.concat([Buffer.from(text.slice(0, -1)), Buffer.from(',"x":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]), 'application/json', false),
    raw('JSON declared as UTF-16', text, 'application/json; charset=utf-16', false),
    ...(firstKey ? [raw(`JSON with ${firstKey} twice`, `{"${firstKey}":{"wrong":true},${text.slice(1)}`, 'application/json', false)] : []),
  ];
}

// --- building the cases of one route ---

function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'Abcdefgh12'));
}

function casesFor(method: string, url: string, schema: Record<string, Schema | undefined>): Case[] {
  const cases: Case[] = [];
  const paramNames = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const baseParams = Object.fromEntries(paramNames.map((p) => [p, String(sample(schema.params?.properties?.[p] ?? { type: 'string' }, p))]));
  const querySchema = schema.querystring;
  const baseQuery = querySchema ? (sample(querySchema) as Record<string, string>) : {};
  const path = fillPath(url, baseParams);
  const hasBody = BODY_METHODS.has(method);
  const bodySchema = schema.body;
  const baseBody = bodySchema ? (sample(bodySchema) as Record<string, unknown>) : {};
  const json = (payload: unknown, name: string, mustRefuse: boolean): Case => ({
    name,
    request: { method: method as InjectOptions['method'], url: path, query: baseQuery, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } },
    mustRefuse,
  });

  // Every route, even one without declared inputs, meets a query string it does not expect.
  cases.push({
    name: 'unexpected query parameter',
    request: { method: method as InjectOptions['method'], url: path, query: { ...baseQuery, q: INJECTIONS[0], html: INJECTIONS[3] } },
    mustRefuse: false,
  });

  for (const param of paramNames) {
    for (const text of [...INJECTIONS, NUL_TEXT, 'x'.repeat(300)]) {
      cases.push({
        name: `param ${param} = ${text.slice(0, 30)}`,
        request: { method: method as InjectOptions['method'], url: fillPath(url, { ...baseParams, [param]: text }), query: baseQuery, ...(hasBody ? { payload: baseBody } : {}) },
        mustRefuse: true,
      });
    }
  }

  for (const [key, prop] of Object.entries(querySchema?.properties ?? {})) {
    for (const text of [...INJECTIONS, NUL_TEXT]) {
      cases.push({ name: `query ${key} = ${text.slice(0, 30)}`, request: { method: method as InjectOptions['method'], url: path, query: { ...baseQuery, [key]: text } }, mustRefuse: false });
    }
    if (accepts(prop, 'string') && !accepts(prop, 'array')) {
      // A repeated key arrives as a list where the schema wants one value.
      cases.push({ name: `query ${key} repeated`, request: { method: method as InjectOptions['method'], url: `${path}?${key}=a&${key}=b` }, mustRefuse: true });
    }
    if (prop.maxLength !== undefined) {
      cases.push({ name: `query ${key} too long`, request: { method: method as InjectOptions['method'], url: path, query: { ...baseQuery, [key]: 'q'.repeat(prop.maxLength + 1) } }, mustRefuse: true });
    }
  }

  if (hasBody) {
    const withBodySchema = Boolean(bodySchema);
    cases.push({
      name: 'malformed JSON',
      request: { method: method as InjectOptions['method'], url: path, query: baseQuery, payload: '{"username": "reader@example.com", "password": ', headers: { 'content-type': 'application/json' } },
      mustRefuse: true,
    });
    cases.push({
      name: 'body over the limit',
      request: { method: method as InjectOptions['method'], url: path, query: baseQuery, payload: JSON.stringify({ filler: 'x'.repeat(BODY_LIMIT + 1024) }), headers: { 'content-type': 'application/json' } },
      mustRefuse: true,
    });
    cases.push({
      name: 'unsupported content type',
      request: { method: method as InjectOptions['method'], url: path, query: baseQuery, payload: '<user><name>x</name></user>', headers: { 'content-type': 'application/xml' } },
      mustRefuse: true,
    });
    for (const payload of [[], 'just text', 42, null]) cases.push(json(payload, `body is ${JSON.stringify(payload)}`, withBodySchema));
    cases.push(...rawBodyCases(method, path, baseQuery, baseBody, withBodySchema, isUpload(schema)));
    for (const [key, prop] of Object.entries(bodySchema?.properties ?? {})) {
      const wrong = wrongValue(prop);
      if (wrong !== undefined) cases.push(json({ ...baseBody, [key]: wrong }, `body ${key} of a wrong type`, true));
      // Scalars of the wrong type that a coercing validator would quietly turn into the right one
      // ("true", "12345", "en", false): bodies are not coerced, so each is a 400.
      for (const value of coercibleWrongValues(prop)) {
        cases.push(json({ ...baseBody, [key]: value }, `body ${key} = ${JSON.stringify(value)} (no coercion)`, true));
      }
      if (bodySchema?.required?.includes(key)) {
        const { [key]: _dropped, ...rest } = baseBody;
        cases.push(json(rest, `body without ${key}`, true));
      }
      if (accepts(prop, 'object') || accepts(prop, 'array')) {
        // As text: JSON.stringify itself overflows the stack on 5,000 levels.
        const deep = JSON.stringify({ ...baseBody, [key]: '__DEEP__' }).replace('"__DEEP__"', deeplyNested(5000));
        cases.push({ ...json(null, `body ${key} nested 5,000 levels deep`, true), request: { method: method as InjectOptions['method'], url: path, query: baseQuery, payload: deep, headers: { 'content-type': 'application/json' } } });
      }
      if (accepts(prop, 'string')) {
        for (const text of INJECTIONS) cases.push(json({ ...baseBody, [key]: text }, `body ${key} = ${text.slice(0, 30)}`, false));
        cases.push(json({ ...baseBody, [key]: NUL_TEXT }, `body ${key} with a NUL character`, true));
      }
    }
  }
  return cases;
}

// --- the database side: every table's row count ---

async function tableNames(app: FastifyInstance): Promise<string[]> {
  if (app.dbDialect === 'postgres') {
    // Only this run's schema: Kysely's introspection reads every schema, and fails ("schema …
    // does not exist") when another test run drops its own schema while it reads.
    const { rows } = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(app.db);
    return rows.map((r) => r.name);
  }
  return (await app.db.introspection.getTables()).map((t) => t.name);
}

/** Rows per table: of `names` when given (read once, the sweep stays fast), else of every table now there. */
async function rowCounts(app: FastifyInstance, names?: string[]): Promise<Record<string, number>> {
  names ??= await tableNames(app);
  const parts = names.map((name) => sql`SELECT ${name} AS name, count(*) AS n FROM ${sql.table(name)}`);
  const { rows } = await sql<{ name: string; n: number | string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(app.db);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/**
 * Tables whose whole point is to record refused attempts: a wrong password (401) counts towards
 * a lockout by design. Any other refusal, and every refusal in any other table, writes nothing.
 */
const ATTEMPT_LEDGERS: Record<number, string[]> = { 401: ['login_lockouts'] };

function withoutLedgers(counts: Record<string, number>, status: number): Record<string, number> {
  const ignored = ATTEMPT_LEDGERS[status] ?? [];
  return Object.fromEntries(Object.entries(counts).filter(([table]) => !ignored.includes(table)));
}

describe('bad input on every /api route', () => {
  let app: FastifyInstance;
  let user: TestUser;
  const routes: RouteOptions[] = [];
  /** The routes the app ran for the request under test: its own, and any it ran inside it. */
  const ran: string[] = [];

  beforeAll(async () => {
    app = await build(
      {},
      {
        onRoute: (route) => routes.push(route),
        setup: (a) => void a.addHook('onRequest', async (request) => void ran.push(`${request.method} ${request.routeOptions.url ?? `(no route) ${request.url}`}`)),
      },
    );
    user = await createUser(app);
  });
  afterAll(async () => app.close());

  function apiRoutes(): Array<{ method: string; url: string; schema: Record<string, Schema | undefined> }> {
    const seen = new Set<string>();
    const out = [];
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        const url = route.url.replace(/(.)\/$/, '$1');
        const key = `${method} ${url}`;
        if (method === 'HEAD' || method === 'OPTIONS' || !url.startsWith('/api/') || seen.has(key)) continue;
        seen.add(key);
        out.push({ method, url, schema: (route.schema ?? {}) as Record<string, Schema | undefined> });
      }
    }
    return out;
  }

  it('finds the routes of every area, including ones added after this test was written', () => {
    const found = apiRoutes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/friendships',
      'GET /api/notifications/new',
      'POST /api/activities',
      'GET /api/scripts/:scriptId/session',
      'GET /api/sharelinks/:linkId/session',
      'GET /api/users/photo/:photo',
    ]) {
      expect(found).toContain(expected);
    }
  });

  function hasMessage(res: LightMyRequestResponse): boolean {
    if (!/^application\/json/.test(String(res.headers['content-type']))) return false;
    const body = res.json() as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim().length > 0;
  }

  function expectCleanRefusal(res: LightMyRequestResponse, label: string) {
    expect({ label, jsonWithMessage: hasMessage(res), body: hasMessage(res) ? '' : res.body }).toEqual({ label, jsonWithMessage: true, body: '' });
  }

  it('never answers 5xx, refuses what can never be right, explains every refusal and writes nothing when refusing', async () => {
    const routesUnderTest = apiRoutes();
    let checked = 0;
    // The tables are read once; the last check below reads them again, so a dropped one is seen.
    const tables = await tableNames(app);
    let before = await rowCounts(app, tables);
    for (const route of routesUnderTest) {
      for (const testCase of casesFor(route.method, route.url, route.schema)) {
        for (const signedIn of [false, true]) {
          const label = `${route.method} ${route.url}: ${testCase.name}${signedIn ? ' (signed in)' : ''}`;
          const request: InjectOptions = {
            ...testCase.request,
            headers: { ...testCase.request.headers, ...(signedIn ? bearer(user) : {}) },
            // A new client address per request: per-IP rate limits would otherwise answer 429
            // before the validation this test is about (429s remain acceptable answers).
            remoteAddress: `10.${(checked >> 16) & 255}.${(checked >> 8) & 255}.${checked & 255}`,
          };
          ran.length = 0;
          const res = await app.inject(request);
          const after = await rowCounts(app, tables);
          // However its input is spelled, a request runs no route twice (none calls itself) and
          // none outside /api: the route it came in by, and at most the reads it names.
          const routesRun = ran.map((r) => r.replace(/\/$/, ''));
          expect({ label, twice: routesRun.filter((r, i) => routesRun.indexOf(r) !== i), outside: routesRun.filter((r) => !/^[A-Z]+ \/api\//.test(r)) }).toEqual({
            label,
            twice: [],
            outside: [],
          });
          // A crash is never an answer. An explained 503 is: a feature this server has not been set
          // up for (Microsoft sign-in without MS_CLIENT_ID) is unavailable whatever the input.
          const crashed = res.statusCode >= 500 && !(res.statusCode === 503 && hasMessage(res));
          expect({ label, serverError: crashed ? res.statusCode : false }).toEqual({ label, serverError: false });
          if (testCase.mustRefuse) {
            expect({ label, refused: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ label, refused: true });
          }
          if (res.statusCode >= 400) {
            expectCleanRefusal(res, label);
            expect({ label, rows: withoutLedgers(after, res.statusCode) }).toEqual({ label, rows: withoutLedgers(before, res.statusCode) });
          }
          if (testCase.name === 'body over the limit' && res.statusCode !== 429) {
            expect({ label, status: res.statusCode }).toEqual({ label, status: 413 });
          }
          before = after;
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    // The SQL-looking strings were data, not statements: every table is still there.
    expect(Object.keys(await rowCounts(app))).toEqual(expect.arrayContaining(tables));
  }, 600_000); // thousands of requests, each followed by a row count of every table: slow on a busy PostgreSQL

  it('writes every injected text into a channel’s RSS feed as valid XML, as typed less what XML forbids', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/podcast/channels',
      headers: bearer(user),
      payload: { title: 'Fuzz', author: 'Fuzz Author', description: '', category: 'Fiction', language: 'en', explicit: false },
    });
    expect(created.statusCode).toBe(201);
    const channelId = created.json().id as string;
    for (const text of INJECTIONS) {
      const patched = await app.inject({ method: 'PATCH', url: `/api/podcast/channels/${channelId}`, headers: bearer(user), payload: { title: text, author: text, description: text } });
      expect({ text, status: patched.statusCode }).toEqual({ text, status: 200 });
      const res = await app.inject({ method: 'GET', url: `/api/podcast/channels/${channelId}/feed.xml` });
      expect({ text, status: res.statusCode, valid: XMLValidator.validate(res.body) }).toEqual({ text, status: 200, valid: true });
      const feed = await new Parser({ customFields: { feed: ['itunes:author' as never] } }).parseString(res.body);
      const expected = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
      expect({ title: feed.title, description: feed.description, author: feed.itunes?.author }).toEqual({ title: expected, description: expected, author: expected });
    }
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/no-such-thing'],
      ['DELETE', '/api/scripts/Abcdefgh12'],
      ['GET', '/api/scripts/Abcdefgh12/session/extra'],
      ['PUT', '/api/friendships/'],
      ['GET', '/api/users/photo/'],
    ] as const) {
      const res = await app.inject({ method, url, headers: bearer(user) });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expectCleanRefusal(res, `${method} ${url}`);
    }
  });
});
