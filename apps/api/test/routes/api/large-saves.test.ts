import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCRIPT_MESSAGES } from '@vox/contract/schemas';
import { loadConfig } from '../../../src/config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ScriptInput } from '@vox/contract';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { balcony, claim, newClientId, openSession, postScript, uploadTake } from './scripts-kit';
import { wav } from '../../fixtures/audio';
import { createLargeWriteGate, LARGE_WRITE_BYTES } from '../../../src/routes/api/large-writes';
import { SCRIPT_WRITES_NICENESS } from '../../../src/services/scripts/script-writes/protocol';

/**
 * A 5,000-line save does its work in slices with turns of the event loop
 * between them, writes only what changed, and an instance runs one large write at a time; a
 * large save's body is parsed, checked and written in the script-writes worker thread.
 */
function longScript(n = 5000): ScriptInput {
  return balcony({
    title: 'A long one',
    lines: Array.from({ length: n }, (_, i) =>
      i % 40 === 0
        ? { kind: 'scene' as const, role: null, text: `INT. ROOM ${i / 40} - NIGHT` }
        : { kind: 'dialogue' as const, role: i % 2 ? 'Romeo' : 'Juliet', text: `Line ${i}: a sentence of dialogue of ordinary length, said to the others.` },
    ),
  });
}

/** Counts turns of the event loop (check phase) while `work` runs. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let on = true;
  const tick = () => {
    turns++;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work(), turns };
  } finally {
    on = false;
  }
}

describe('large script saves (item 7)', () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    // These tests save large scripts back to back; the per-member spacing is tested on its own below.
    app = await build({ LARGE_SCRIPT_SAVE_INTERVAL_SECONDS: '0' });
    owner = await createUser(app);
  }, 60_000);
  afterAll(() => app.close());

  it('an edit of one line of a 5,000-line script changes that line only; ids and takes stay', async () => {
    const script = await postScript(app, owner, longScript());
    expect(script.lines).toHaveLength(5000);
    const session = await openSession(app, owner, script.id);
    await claim(app, owner, session.id, 'Romeo');
    const take = await uploadTake(app, owner, session.id, { lineId: script.lines[4001].id, clientId: newClientId(), audio: { data: wav(500), type: 'audio/wav' } });
    expect(take.statusCode).toBe(201);

    const edited = { ...longScript(), lines: script.lines.map((l, i) => ({ ...l, text: i === 2500 ? 'Changed in the middle.' : l.text })) };
    const { result: res, turns } = await turnsDuring(() => app.inject({ method: 'PUT', url: `/api/scripts/${script.id}`, headers: bearer(owner), payload: edited }));
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.lines.map((l: { id: string }) => l.id)).toEqual(script.lines.map((l) => l.id));
    expect(saved.lines[2500].text).toBe('Changed in the middle.');
    expect(saved.lines[2499].text).toBe(script.lines[2499].text);
    // The save and the answer read the 5,000 lines a page at a time, other requests answered between.
    expect(turns).toBeGreaterThanOrEqual(20);
    const takes = await app.db.selectFrom('takes').select('line_id').where('session_id', '=', session.id).execute();
    expect(takes.map((t) => t.line_id)).toEqual([script.lines[4001].id]);
  }, 120_000);

  it('a save that rewrites every line (no ids) gives the event loop turns while it writes', async () => {
    const script = await postScript(app, owner, longScript());
    const { result: res, turns } = await turnsDuring(() => app.inject({ method: 'PUT', url: `/api/scripts/${script.id}`, headers: bearer(owner), payload: longScript() }));
    expect(res.statusCode).toBe(200);
    const lines = res.json().lines as Array<{ id: string; text: string }>;
    expect(lines).toHaveLength(5000);
    expect(new Set(lines.map((l) => l.id)).size).toBe(5000);
    expect(lines.some((l) => script.lines.some((old) => old.id === l.id))).toBe(false);
    // Reading 10 pages, deleting 10 slices and inserting 10: well over 20 turns.
    expect(turns).toBeGreaterThanOrEqual(30);
    const count = await app.db.selectFrom('script_lines').select((eb) => eb.fn.countAll().as('n')).where('script_id', '=', script.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5000);
  }, 120_000);

  it('two large saves at once run one after the other; small saves do not wait', async () => {
    const other = await createUser(app);
    const [a, b] = [await postScript(app, owner, longScript(3000)), await postScript(app, other, longScript(3000))];
    let running = 0;
    let most = 0;
    // Large bodies go to replaceFromBytes (the worker), small ones to replace.
    const replaceFromBytes = app.scripts.replaceFromBytes;
    app.scripts.replaceFromBytes = async (...args) => {
      running++;
      most = Math.max(most, running);
      try {
        return await replaceFromBytes(...args);
      } finally {
        running--;
      }
    };
    try {
      const small = await postScript(app, owner);
      const [ra, rb, rs] = await Promise.all([
        app.inject({ method: 'PUT', url: `/api/scripts/${a.id}`, headers: bearer(owner), payload: { ...longScript(3000), title: 'Saved A' } }),
        app.inject({ method: 'PUT', url: `/api/scripts/${b.id}`, headers: bearer(other), payload: { ...longScript(3000), title: 'Saved B' } }),
        app.inject({ method: 'PUT', url: `/api/scripts/${small.id}`, headers: bearer(owner), payload: balcony({ title: 'Small' }) }),
      ]);
      expect([ra.statusCode, rb.statusCode, rs.statusCode]).toEqual([200, 200, 200]);
      expect([ra.json().title, rb.json().title, rs.json().title]).toEqual(['Saved A', 'Saved B', 'Small']);
      // The two large ones never overlapped.
      expect(most).toBe(1);
    } finally {
      app.scripts.replaceFromBytes = replaceFromBytes;
    }
  }, 120_000);

  /** The same JSON with spaces after it: over LARGE_WRITE_BYTES, so it takes the large path. */
  const padded = (payload: unknown) => `${typeof payload === 'string' ? payload : JSON.stringify(payload)}${' '.repeat(LARGE_WRITE_BYTES)}`;
  const put = (user: TestUser, scriptId: string, body: string) =>
    app.inject({ method: 'PUT', url: `/api/scripts/${scriptId}`, headers: { ...bearer(user), 'content-type': 'application/json' }, payload: body });

  it('parses, checks and writes a large save in the worker thread, never on the event loop, and answers what a small save answers', async () => {
    const script = await postScript(app, owner, longScript(2000));
    const edited = { ...longScript(2000), title: 'Edited in the worker', lines: script.lines.map((l, i) => ({ ...l, text: i === 7 ? 'Changed.' : l.text })) };
    const onLoop = jest.spyOn(app.scriptsRepository, 'saveScript');
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const res = await put(owner, script.id, JSON.stringify(edited));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      // Neither the body's parse nor the save ran on the server's thread.
      expect(onLoop).not.toHaveBeenCalled();
      expect(parse.mock.calls.filter(([text]) => typeof text === 'string' && text.length > LARGE_WRITE_BYTES)).toEqual([]);
      const saved = JSON.parse(res.body);
      expect(saved.title).toBe('Edited in the worker');
      expect(saved.lines[7]).toEqual({ ...script.lines[7], text: 'Changed.' });
      // The answer is the script as GET answers it (the same shape a small save answers).
      const read = await app.inject({ method: 'GET', url: `/api/scripts/${script.id}`, headers: bearer(owner) });
      expect(saved).toEqual(read.json());

      // A small save still runs on the event loop.
      const small = await postScript(app, owner);
      onLoop.mockClear();
      expect((await put(owner, small.id, JSON.stringify(balcony({ title: 'Small one' })))).statusCode).toBe(200);
      expect(onLoop).toHaveBeenCalledTimes(1);
    } finally {
      onLoop.mockRestore();
      parse.mockRestore();
    }
  }, 120_000);

  it('runs the worker thread at a lower priority than the event loop: nice 10 and SCHED_IDLE (Linux: both per thread)', async () => {
    const script = await postScript(app, owner);
    expect((await put(owner, script.id, padded(balcony({ title: 'Low priority' })))).statusCode).toBe(200);
    // /proc/<pid>/task/<tid>/stat after the name: field 19 (nice) at 16, field 41 (policy) at 38.
    const schedulingOf = (task: string) => {
      const fields = fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ').pop()?.split(' ') ?? [];
      return { nice: Number(fields[16]), policy: Number(fields[38]) };
    };
    const SCHED_OTHER = 0;
    const SCHED_IDLE = 5;
    expect(schedulingOf(String(process.pid))).toEqual({ nice: 0, policy: SCHED_OTHER });
    expect(fs.readdirSync('/proc/self/task').map(schedulingOf)).toContainEqual({ nice: SCRIPT_WRITES_NICENESS, policy: SCHED_IDLE });
  }, 60_000);

  it('refuses a bad large body with the answer the same body gets when small, and writes nothing', async () => {
    const script = await postScript(app, owner);
    const stranger = await createUser(app);
    const cases: Array<[string, unknown]> = [
      ['not JSON', '{"title": "Cut off'],
      ['a forbidden key', '{"__proto__": {"admin": true}}'],
      ['a wrong type', { ...balcony(), title: true }],
      ['a value outside the contract', { ...balcony(), lines: [{ kind: 'song', role: null, text: 'la' }] }],
      ['a missing field', { ...balcony(), roles: undefined }],
      ['a save rule', balcony({ lines: [{ kind: 'dialogue', role: 'Mercutio', text: 'A plague!' }] })],
      ['a NUL character in a line', balcony({ lines: [{ kind: 'dialogue', role: 'Romeo', text: 'A plague\u0000!' }] })],
    ];
    for (const [name, payload] of cases) {
      const small = await put(owner, script.id, typeof payload === 'string' ? payload : JSON.stringify(payload));
      const large = await put(owner, script.id, padded(payload));
      expect({ name, status: large.statusCode, body: large.json() }).toEqual({ name, status: small.statusCode, body: small.json() });
      expect(large.statusCode).toBe(400);
    }
    expect((await put(owner, script.id, padded(cases[6][1]))).json()).toEqual({ message: "Field 'lines.0.text' must not contain a NUL character." });
    // Not the caller's script: refused before the body goes to the worker, as a small save is.
    const notMine = await put(stranger, script.id, padded(balcony({ title: 'Taken over' })));
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual((await put(stranger, script.id, JSON.stringify(balcony({ title: 'Taken over' })))).json());
    const read = await app.inject({ method: 'GET', url: `/api/scripts/${script.id}`, headers: bearer(owner) });
    expect(read.json().title).toBe(balcony().title);
  }, 120_000);
});

describe('one member\'s large writes are spaced out (item 7)', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let other: TestUser;
  let port: number;

  beforeAll(async () => {
    app = await build(); // the default interval: 10 seconds
    [owner, other] = [await createUser(app), await createUser(app)];
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => app.close());

  /** Sends the head and the first `sent` bytes of a `total`-byte body, then waits for an answer without sending the rest. */
  function putWithoutBody(user: TestUser, scriptId: string, total: number, sent: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', method: 'PUT', path: `/api/scripts/${scriptId}`, headers: { ...bearer(user), 'content-type': 'application/json', 'content-length': total } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      });
      req.on('error', reject);
      req.write(sent);
    });
  }

  it('answers a second large save within the interval with 429 and Retry-After before its body is read; nothing is lost', async () => {
    const script = await postScript(app, owner, longScript(3000));
    const first = { ...longScript(3000), lines: script.lines.map((l, i) => ({ ...l, text: i === 10 ? 'First save.' : l.text })) };
    const saved = await app.inject({ method: 'PUT', url: `/api/scripts/${script.id}`, headers: bearer(owner), payload: first });
    expect(saved.statusCode).toBe(200);

    const replaceFromBytes = jest.spyOn(app.scripts, 'replaceFromBytes');
    try {
      // The next one: 100 bytes of a 500 KB body sent, the rest never. The answer comes anyway.
      const refused = await putWithoutBody(owner, script.id, 500_000, Buffer.from('{"title": "Second save", "lines": ['));
      expect(refused.status).toBe(429);
      // The connection stays open: a browser still sending the body must get this answer, not a
      // broken pipe (Node reads and drops the rest of the body, unparsed).
      expect(refused.headers.connection).toBe('keep-alive');
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(10);
      expect(JSON.parse(refused.body).message).toBe(SCRIPT_MESSAGES.largeSaveTooSoon(10, wait));
      expect(SCRIPT_MESSAGES.largeSaveTooSoon(10, 7)).toBe(
        'This script is large, so it can be saved once every 10 seconds. Your changes are kept: save again in 7 seconds.',
      );

      // A whole large body is refused the same way, and writes nothing.
      const again = await app.inject({ method: 'PUT', url: `/api/scripts/${script.id}`, headers: bearer(owner), payload: { ...first, title: 'Second save' } });
      expect(again.statusCode).toBe(429);
      expect(replaceFromBytes).not.toHaveBeenCalled();
      const read = await app.inject({ method: 'GET', url: `/api/scripts/${script.id}`, headers: bearer(owner) });
      expect(read.json().title).toBe(first.title);
      expect(read.json().lines[10].text).toBe('First save.');

      // Small saves are never counted, and another member is not held up by this one.
      const small = await postScript(app, owner);
      expect((await app.inject({ method: 'PUT', url: `/api/scripts/${small.id}`, headers: bearer(owner), payload: balcony({ title: 'Small, at once' }) })).statusCode).toBe(200);
      const theirs = await postScript(app, other, longScript(3000));
      const theirSave = await app.inject({ method: 'PUT', url: `/api/scripts/${theirs.id}`, headers: bearer(other), payload: { ...longScript(3000), title: 'Theirs' } });
      expect(theirSave.statusCode).toBe(200);
      expect(replaceFromBytes).toHaveBeenCalledTimes(1);
    } finally {
      replaceFromBytes.mockRestore();
    }
  }, 120_000);

  it('takes the next large save once the interval has passed (LARGE_SCRIPT_SAVE_INTERVAL_SECONDS)', async () => {
    const quick = await build({ LARGE_SCRIPT_SAVE_INTERVAL_SECONDS: '2' });
    try {
      const member = await createUser(quick);
      const script = await postScript(quick, member, longScript(3000));
      const save = (title: string) => quick.inject({ method: 'PUT', url: `/api/scripts/${script.id}`, headers: bearer(member), payload: { ...longScript(3000), title } });
      // The second is sent while the first is being written (a large save can take seconds on a busy machine).
      let writing!: () => void;
      const firstWriting = new Promise<void>((resolve) => (writing = resolve));
      const replaceFromBytes = quick.scripts.replaceFromBytes;
      quick.scripts.replaceFromBytes = (...args) => {
        writing();
        return replaceFromBytes(...args);
      };
      const one = save('One');
      await firstWriting;
      const refused = await save('Two');
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect([1, 2]).toContain(wait);
      expect(refused.json().message).toBe(SCRIPT_MESSAGES.largeSaveTooSoon(2, wait));
      expect((await one).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 2100));
      const later = await save('Three');
      expect(later.statusCode).toBe(200);
      expect(later.json().title).toBe('Three');
    } finally {
      await quick.close();
    }
  }, 120_000);

  it('refuses an interval that is not a whole number of seconds from 0 to 3600', () => {
    expect(() => loadConfig({ LARGE_SCRIPT_SAVE_INTERVAL_SECONDS: 'soon' })).toThrow(
      'LARGE_SCRIPT_SAVE_INTERVAL_SECONDS must be a whole number of seconds from 0 (no limit) to 3600, got "soon"',
    );
    expect(loadConfig({}).largeScriptSaveIntervalSeconds).toBe(10);
  });
});

describe('the large-write gate', () => {
  const large = () => {
    const raw = new EventEmitter();
    return { request: { headers: { 'content-length': String(200 * 1024) }, raw: { destroyed: false } } as unknown as FastifyRequest, reply: { raw } as unknown as FastifyReply, raw };
  };

  it('lets small bodies through, queues large ones, and passes on the turn of one whose client left while queued', async () => {
    const gate = createLargeWriteGate();
    const small = { request: { headers: { 'content-length': '900' }, raw: {} } as unknown as FastifyRequest, reply: { raw: new EventEmitter() } as unknown as FastifyReply };
    await gate.hook(small.request, small.reply);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });

    const [a, b, c] = [large(), large(), large()];
    await gate.hook(a.request, a.reply);
    const bTurn = gate.hook(b.request, b.reply);
    const cTurn = gate.hook(c.request, c.reply);
    expect(gate.load).toEqual({ running: 1, waiting: 2 });
    b.raw.emit('close'); // b's client goes away while queued
    a.raw.emit('finish');
    a.raw.emit('close'); // both events of one answer give back one turn
    await bTurn;
    await cTurn;
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    c.raw.emit('finish');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
