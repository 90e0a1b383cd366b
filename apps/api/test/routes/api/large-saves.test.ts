import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ScriptInput } from '@vox/contract';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { balcony, claim, newClientId, openSession, postScript, uploadTake } from './scripts-kit';
import { wav } from '../../fixtures/audio';
import { createLargeWriteGate } from '../../../src/routes/api/large-writes';

/**
 * Issue 22, item 7: a 5,000-line save does its work in slices with turns of the event loop
 * between them, writes only what changed, and an instance runs one large write at a time.
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

describe('large script saves (issue 22, item 7)', () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    app = await build();
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
    const replace = app.scripts.replace;
    app.scripts.replace = async (...args) => {
      const large = args[2].lines.length > 1000;
      if (large) running++;
      most = Math.max(most, running);
      try {
        return await replace(...args);
      } finally {
        if (large) running--;
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
      app.scripts.replace = replace;
    }
  }, 120_000);
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
