import type { FastifyInstance } from 'fastify';
import { nulCharacterMessage } from '../../src/plugins/external/nul-characters';
import { bearer, build, createUser, type TestUser } from '../helper';
import { tone } from '../fixtures/sounds';
import { balcony, befriend, multipart } from '../routes/api/scripts-kit';

/**
 * Text with a NUL character (U+0000) in a JSON body, a path or a query: PostgreSQL cannot store
 * it or compare text with it (a 500) while SQLite took it. Every route now refuses it alike with
 * a 400 naming the field or parameter, and nothing is stored. Uploads' text fields likewise.
 */
describe('NUL characters in requests', () => {
  let app: FastifyInstance;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    app = await build();
    [ann, bob] = await Promise.all([createUser(app), createUser(app)]);
    await befriend(app, ann, bob);
  });
  afterAll(async () => app.close());

  const scriptCount = async () => (await app.db.selectFrom('scripts').select('id').where('owner_id', '=', ann.id).execute()).length;
  const messageCount = async () => (await app.db.selectFrom('notifications').select('id').where('user_id', '=', bob.id).execute()).length;
  const createScript = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/scripts', headers: { ...bearer(ann), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it('refuses a script whose title holds one with a 400 naming the field, and stores nothing', async () => {
    const res = await createScript(balcony({ title: 'Romeo\u0000 and Juliet' }));
    expect([res.statusCode, res.json()]).toEqual([400, { message: "Field 'title' must not contain a NUL character." }]);
    expect(await scriptCount()).toBe(0);
  });

  it('names a field deep in the body: a line of the script', async () => {
    const script = balcony();
    script.lines[2] = { ...script.lines[2], text: 'But, soft!\u0000' };
    const res = await createScript(script);
    expect([res.statusCode, res.json()]).toEqual([400, { message: "Field 'lines.2.text' must not contain a NUL character." }]);
    expect(await scriptCount()).toBe(0);
  });

  it('refuses a message holding one, and delivers nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/messages', headers: bearer(ann), payload: { to: bob.id, text: 'Hi\u0000 there' } });
    expect([res.statusCode, res.json()]).toEqual([400, { message: "Field 'text' must not contain a NUL character." }]);
    expect(await messageCount()).toBe(0);
  });

  it('refuses one in a field name, or a body that is nothing but such text', async () => {
    for (const payload of ['{"to":"x","te\\u0000xt":"Hi"}', '"\\u0000"']) {
      const res = await app.inject({ method: 'POST', url: '/api/messages', headers: { ...bearer(ann), 'content-type': 'application/json' }, payload });
      expect({ payload, status: res.statusCode, body: res.json() }).toEqual({ payload, status: 400, body: { message: 'The request body must not contain a NUL character.' } });
    }
    expect(await messageCount()).toBe(0);
  });

  it('refuses it before the route runs: an anonymous caller gets the same 400, not a 401', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/messages', payload: { to: bob.id, text: '\u0000' } });
    expect([res.statusCode, res.json()]).toEqual([400, { message: "Field 'text' must not contain a NUL character." }]);
  });

  it('refuses one in a query or path parameter, value or name, before the route runs', async () => {
    const cases: Array<[string, string]> = [
      ['/api/scripts?q=Romeo%00', "Query parameter 'q' must not contain a NUL character."],
      ['/api/scripts?q=a&q=b%00', "Query parameter 'q' must not contain a NUL character."],
      ['/api/scripts?q%00=a', "The request's query parameters must not contain a NUL character."],
      ['/api/scripts/abc%00def', "Path parameter 'scriptId' must not contain a NUL character."],
    ];
    for (const [url, message] of cases) {
      for (const headers of [bearer(ann), {}]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: { message } });
      }
    }
    const del = await app.inject({ method: 'DELETE', url: '/api/scripts/abc%00def', headers: bearer(ann) });
    expect([del.statusCode, del.json()]).toEqual([400, { message: "Path parameter 'scriptId' must not contain a NUL character." }]);
  });

  it('takes the text "\\u0000" written out (an escaped backslash, no NUL) as it is', async () => {
    const title = 'Escapes: \\u0000 is not a NUL';
    const res = await createScript(balcony({ title }));
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe(title);
  });
});

describe('nulCharacterMessage', () => {
  it('answers undefined for text without the escape, whatever the value', () => {
    expect(nulCharacterMessage('{"a":"b"}', { a: 'b' })).toBeUndefined();
  });

  it('walks a body nested 200,000 deep without overflowing the stack, in linear time', () => {
    const depth = 200_000;
    const text = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
    const value = JSON.parse(text);
    const started = Date.now();
    expect(nulCharacterMessage(text, value)).toBe('The request body must not contain a NUL character.');
    // Well under a second in practice; copying the path at every level took minutes.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('names the first field in document order', () => {
    const value = { a: ['ok', { b: 'x\u0000' }], c: '\u0000' };
    expect(nulCharacterMessage(JSON.stringify(value), value)).toBe("Field 'a.1.b' must not contain a NUL character.");
  });
});

describe('NUL characters in uploads', () => {
  let app: FastifyInstance;
  let staff: TestUser;
  beforeAll(async () => {
    app = await build();
    staff = await createUser(app, { role: 'staff' });
  });
  afterAll(async () => app.close());

  const upload = async (fields: Record<string, string>, filename: string) => {
    const body = await multipart(fields, { data: tone('wav'), filename, type: 'audio/wav' });
    return app.inject({ method: 'POST', url: '/api/sounds', headers: { ...body.headers, ...bearer(staff) }, payload: body.payload });
  };

  it('refuses a sound whose title or file name holds one with a 400, and stores nothing', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ type: 'sfx', title: 'Rain\u0000' }, 'rain.wav', "Field 'title' must not contain a NUL character."],
      [{ type: 'sfx' }, 'ra\u0000in.wav', 'The file name must not contain a NUL character.'],
    ];
    for (const [fields, filename, message] of cases) {
      const res = await upload(fields, filename);
      expect({ filename, status: res.statusCode, body: res.json() }).toEqual({ filename, status: 400, body: { message } });
    }
    expect(await app.db.selectFrom('sounds').select('id').execute()).toEqual([]);
    // The same upload without it is taken.
    expect((await upload({ type: 'sfx', title: 'Rain' }, 'rain.wav')).statusCode).toBe(201);
  });
});
