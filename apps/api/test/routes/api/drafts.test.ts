import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Draft, DraftList, DraftRevision, DraftRevisionList, Template, TemplateList } from '@vox/contract';
import { draftPageCounts } from '../../../src/db/migrations/241-draft-page-counts';
import { bearer, build, createUser, type TestUser } from '../../helper';

const NOT_FOUND = { message: 'This draft was not found.' };
const STALE = { message: 'This draft was changed elsewhere since you opened it. Merge the changes or keep both versions.' };
const MISSING_PRIVILEGE = { message: 'Your membership does not include this feature.' };

const SCENE = `Title: The Night Ferry

INT. FERRY DECK - NIGHT

Rain drums on the rail. NORA grips a paper ticket.

NORA
(to herself)
One way. Only one way.

CAPTAIN
Tickets, please.

CUT TO:
`;

interface PdfLine {
  y: number;
  x: number;
  text: string;
  fontSize: number;
}
interface PdfPage {
  width: number;
  height: number;
  lines: PdfLine[];
}

/** The PDF's text per page, read by pdfjs-dist in a child process (it is ESM only). */
function pdfText(bytes: Buffer): PdfPage[] {
  const run = spawnSync(process.execPath, [path.join(__dirname, '../../pdf-text.mjs')], { input: bytes, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

describe('drafts, revisions and templates', () => {
  let app: FastifyInstance;
  let writer: TestUser;
  let other: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    app = await build();
    [writer, other, member] = await Promise.all([createUser(app, { role: 'writer' }), createUser(app, { role: 'premium' }), createUser(app)]);
  }, 30_000);
  afterAll(async () => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    app.inject({ method, url, headers: bearer(user), ...(payload && { payload }) });
  const create = async (user: TestUser, payload: object = {}): Promise<Draft> => {
    const res = await call('POST', '/api/drafts', user, payload);
    expect(res.statusCode).toBe(201);
    return res.json();
  };

  describe('access', () => {
    it('refuses every drafts and templates call to a member without the draft privilege (403, a clear text)', async () => {
      const draft = await create(writer);
      const calls: [Parameters<typeof call>[0], string, object?][] = [
        ['GET', '/api/drafts'],
        ['POST', '/api/drafts', {}],
        ['GET', `/api/drafts/${draft.id}`],
        ['PUT', `/api/drafts/${draft.id}`, { baseRevision: 1, body: 'x' }],
        ['PATCH', `/api/drafts/${draft.id}`, { title: 'x' }],
        ['DELETE', `/api/drafts/${draft.id}`],
        ['POST', `/api/drafts/${draft.id}/duplicate`],
        ['GET', `/api/drafts/${draft.id}/pdf`],
        ['GET', `/api/drafts/${draft.id}/revisions`],
        ['POST', `/api/drafts/${draft.id}/revisions`, { name: 'x' }],
        ['GET', '/api/templates'],
        ['GET', '/api/templates/sys-radio-spot'],
        ['POST', '/api/templates', { title: 'x', description: '', body: '' }],
      ];
      for (const [method, url, payload] of calls) {
        const res = await call(method, url, member, payload);
        expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 403, MISSING_PRIVILEGE]);
      }
      // Nothing happened to the writer's draft.
      expect((await call('GET', `/api/drafts/${draft.id}`, writer)).json()).toMatchObject({ revision: 1, title: 'Untitled draft' });
    });

    it("answers 404 for another writer's draft on every call, and changes nothing", async () => {
      const draft = await create(writer, { body: SCENE });
      const revisions: DraftRevisionList = (await call('GET', `/api/drafts/${draft.id}/revisions`, writer)).json();
      const calls: [Parameters<typeof call>[0], string, object?][] = [
        ['GET', `/api/drafts/${draft.id}`],
        ['PUT', `/api/drafts/${draft.id}`, { baseRevision: 1, body: 'mine now' }],
        ['PATCH', `/api/drafts/${draft.id}`, { title: 'mine now' }],
        ['DELETE', `/api/drafts/${draft.id}`],
        ['POST', `/api/drafts/${draft.id}/duplicate`],
        ['GET', `/api/drafts/${draft.id}/pdf`],
        ['GET', `/api/drafts/${draft.id}/revisions`],
        ['POST', `/api/drafts/${draft.id}/revisions`, { name: 'x' }],
        ['GET', `/api/drafts/${draft.id}/revisions/${revisions.items[0].id}`],
        ['POST', `/api/drafts/${draft.id}/revisions/${revisions.items[0].id}/restore`],
      ];
      for (const [method, url, payload] of calls) {
        const res = await call(method, url, other, payload);
        expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 404, NOT_FOUND]);
      }
      expect((await call('GET', '/api/drafts', other)).json()).toEqual({ items: [] });
      expect((await call('GET', `/api/drafts/${draft.id}`, writer)).json()).toMatchObject({ revision: 1, body: SCENE, title: 'The Night Ferry' });
    });

    it('opens as soon as a subscription grants draft, with no new token', async () => {
      const late = await createUser(app);
      expect((await call('GET', '/api/drafts', late)).statusCode).toBe(403);
      const now = Date.now();
      await app.db
        .insertInto('subscriptions')
        .values({ id: `s${late.id}`, user_id: late.id, role: 'writer', created_at: new Date(now).toISOString(), expires_at: new Date(now + 86_400_000).toISOString(), source: 'admin' })
        .execute();
      expect((await call('GET', '/api/drafts', late)).statusCode).toBe(200);
    });
  });

  describe('the list', () => {
    it('lists my drafts last edited first, with word count and page count, and finds them by title', async () => {
      const me = await createUser(app, { role: 'writer' });
      const a = await create(me, { title: 'Harbour lights' });
      const b = await create(me, { body: SCENE });
      const list: DraftList = (await call('GET', '/api/drafts', me)).json();
      expect(list.items.map((d) => d.title)).toEqual(['The Night Ferry', 'Harbour lights']);
      expect(list.items[0]).toMatchObject({ id: b.id, revision: 1, wordCount: 31, pageEstimate: 1 });
      expect(list.items[1]).toMatchObject({ id: a.id, wordCount: 0, pageEstimate: 0 });
      expect(list.items[0]).not.toHaveProperty('body');
      expect((await call('GET', '/api/drafts?search=HARBOUR', me)).json().items.map((d: Draft) => d.id)).toEqual([a.id]);
      expect((await call('GET', '/api/drafts?search=50%25', me)).json().items).toEqual([]);
    });

    it('renames, duplicates and deletes', async () => {
      const me = await createUser(app, { role: 'writer' });
      const draft = await create(me, { body: SCENE });
      const renamed = await call('PATCH', `/api/drafts/${draft.id}`, me, { title: '  Ferry, take two ' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ title: 'Ferry, take two', body: SCENE, revision: 1 });
      const copy = await call('POST', `/api/drafts/${draft.id}/duplicate`, me);
      expect(copy.statusCode).toBe(201);
      expect(copy.json()).toMatchObject({ title: 'Ferry, take two (copy)', body: SCENE, revision: 1 });
      expect(copy.json().id).not.toBe(draft.id);
      expect((await call('DELETE', `/api/drafts/${draft.id}`, me)).statusCode).toBe(204);
      expect((await call('GET', `/api/drafts/${draft.id}`, me)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/drafts/${draft.id}`, me)).json()).toEqual(NOT_FOUND);
      expect((await call('GET', '/api/drafts', me)).json().items.map((d: Draft) => d.title)).toEqual(['Ferry, take two (copy)']);
    });
  });

  describe('saving', () => {
    it('moves the revision number on with each save and refuses a save made on an older one (409)', async () => {
      const draft = await create(writer, { body: 'INT. A - DAY' });
      const first = await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 1, body: 'INT. A - DAY\n\nTab one.' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ revision: 2, body: 'INT. A - DAY\n\nTab one.', wordCount: 5 });
      // A second tab still on revision 1.
      const stale = await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 1, body: 'INT. A - DAY\n\nTab two.' });
      expect([stale.statusCode, stale.json()]).toEqual([409, STALE]);
      expect((await call('GET', `/api/drafts/${draft.id}`, writer)).json()).toMatchObject({ revision: 2, body: 'INT. A - DAY\n\nTab one.' });
    });

    it('takes one replacement against the base instead of the whole text', async () => {
      const draft = await create(writer, { body: 'NORA\nHello.' });
      const res = await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 1, edit: { from: 5, to: 10, insert: 'Goodbye' } });
      expect(res.json()).toMatchObject({ revision: 2, body: 'NORA\nGoodbye.' });
      const bad = await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 2, edit: { from: 3, to: 99, insert: '' } });
      expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'This edit does not fit the draft it was made on.' }]);
      const empty = await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 2 });
      expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'Send the new text or an edit.' }]);
    });

    it('takes a snapshot while writing when the last one is ten minutes old, not on every save', async () => {
      const draft = await create(writer, { body: 'One.' });
      await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 1, body: 'One. Two.' });
      await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 2, body: 'One. Two. Three.' });
      let list: DraftRevisionList = (await call('GET', `/api/drafts/${draft.id}/revisions`, writer)).json();
      expect(list.items.map((r) => [r.kind, r.number])).toEqual([['auto', 1]]);
      // Ten minutes later...
      const earlier = new Date(Date.now() - 10 * 60 * 1000 - 1000).toISOString();
      await app.db.updateTable('draft_revisions').set({ created_at: earlier }).where('draft_id', '=', draft.id).execute();
      await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 3, body: 'One. Two. Three. Four.' });
      list = (await call('GET', `/api/drafts/${draft.id}/revisions`, writer)).json();
      expect(list.items.map((r) => [r.kind, r.number, r.wordCount])).toEqual([
        ['auto', 4, 4],
        ['auto', 1, 1],
      ]);
    });
  });

  describe('revisions', () => {
    it('names a revision, shows any revision, and restores one as a new revision without losing the current text', async () => {
      const draft = await create(writer, { body: 'Version A.' });
      const named = await call('POST', `/api/drafts/${draft.id}/revisions`, writer, { name: '  Table read ' });
      expect(named.statusCode).toBe(201);
      expect(named.json()).toMatchObject({ kind: 'named', name: 'Table read', number: 1, body: 'Version A.' });
      await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 1, body: 'Version B.' });

      const restored = await call('POST', `/api/drafts/${draft.id}/revisions/${named.json().id}/restore`, writer);
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({ revision: 3, body: 'Version A.' });

      const list: DraftRevisionList = (await call('GET', `/api/drafts/${draft.id}/revisions`, writer)).json();
      expect(list.items.map((r) => [r.kind, r.number, r.name])).toEqual([
        ['restore', 3, 'Restored “Table read”'],
        ['auto', 2, null],
        ['named', 1, 'Table read'],
        ['auto', 1, null],
      ]);
      // The text the restore replaced is kept.
      const kept: DraftRevision = (await call('GET', `/api/drafts/${draft.id}/revisions/${list.items[1].id}`, writer)).json();
      expect(kept.body).toBe('Version B.');
      const missing = await call('GET', `/api/drafts/${draft.id}/revisions/Nope12345678`, writer);
      expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'This revision was not found.' }]);
    });
  });

  describe('templates', () => {
    it('lists four ready-made templates and starts a draft from one', async () => {
      const list: TemplateList = (await call('GET', '/api/templates', writer)).json();
      expect(list.items.filter((t) => t.system).map((t) => t.title)).toEqual([
        'Audio drama scene',
        'Radio commercial (30 seconds)',
        'Two-hander audition sides',
        'Podcast intro and outro',
      ]);
      const spot: Template = (await call('GET', '/api/templates/sys-radio-spot', writer)).json();
      expect(spot.body).toContain('ANNOUNCER\nBecause at Harbour Bakery');
      const draft = await create(writer, { templateId: 'sys-radio-spot' });
      expect(draft).toMatchObject({ title: 'Harbour Bakery - "First Batch" (:30)', body: spot.body, revision: 1 });
      const missing = await call('POST', '/api/drafts', writer, { templateId: 'sys-nothing' });
      expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'This template was not found.' }]);
    });

    it('creates, edits and deletes my own templates; others cannot see them; ready-made ones are read only', async () => {
      const created = await call('POST', '/api/templates', writer, { title: ' Interview ', description: 'Q and A', body: 'HOST\nWelcome.' });
      expect(created.statusCode).toBe(201);
      const mine: Template = created.json();
      expect(mine).toMatchObject({ title: 'Interview', description: 'Q and A', system: false, body: 'HOST\nWelcome.' });
      const saved = await call('PUT', `/api/templates/${mine.id}`, writer, { title: 'Interview', description: 'Q and A', body: 'HOST\nWelcome back.' });
      expect(saved.json()).toMatchObject({ body: 'HOST\nWelcome back.' });
      expect((await call('GET', '/api/templates', writer)).json().items.map((t: Template) => t.title)).toContain('Interview');
      expect((await call('GET', '/api/templates', other)).json().items.map((t: Template) => t.title)).not.toContain('Interview');
      expect((await call('GET', `/api/templates/${mine.id}`, other)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/templates/${mine.id}`, other)).statusCode).toBe(404);
      const fromMine = await create(writer, { templateId: mine.id, title: 'Episode 4' });
      expect(fromMine).toMatchObject({ title: 'Episode 4', body: 'HOST\nWelcome back.' });

      const system = await call('PUT', '/api/templates/sys-radio-spot', writer, { title: 'x', description: '', body: '' });
      expect([system.statusCode, system.json()]).toEqual([403, { message: 'Ready-made templates cannot be changed. Duplicate it as your own template instead.' }]);
      expect((await call('DELETE', '/api/templates/sys-radio-spot', writer)).statusCode).toBe(403);
      const blank = await call('POST', '/api/templates', writer, { title: '  ', description: '', body: '' });
      expect([blank.statusCode, blank.json()]).toEqual([400, { message: 'Give the template a title.' }]);

      expect((await call('DELETE', `/api/templates/${mine.id}`, writer)).statusCode).toBe(204);
      expect((await call('GET', `/api/templates/${mine.id}`, writer)).statusCode).toBe(404);
    });
  });

  describe('screenplay PDF', () => {
    it('prints a title page and the script in Courier 12 pt with industry margins', async () => {
      const draft = await create(writer, { body: SCENE });
      const res = await call('GET', `/api/drafts/${draft.id}/pdf`, writer);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="The Night Ferry.pdf"');
      const pages = pdfText(res.rawPayload);
      expect(pages).toHaveLength(2);
      expect(pages[0]).toMatchObject({ width: 612, height: 792 });
      expect(pages[0].lines.map((l) => l.text)).toEqual(['THE NIGHT FERRY']);
      const body = pages[1].lines;
      expect(body.map((l) => l.text)).toEqual([
        'INT. FERRY DECK - NIGHT',
        'Rain drums on the rail. NORA grips a paper ticket.',
        'NORA',
        '(to herself)',
        'One way. Only one way.',
        'CAPTAIN',
        'Tickets, please.',
        'CUT TO:',
      ]);
      expect(body.every((l) => l.fontSize === 12)).toBe(true);
      const x = (text: string) => body.find((l) => l.text === text)?.x;
      // 1.5 in left margin; dialogue at 2.5 in, parentheticals at 3.1 in, character cues at 3.7 in.
      expect([x('INT. FERRY DECK - NIGHT'), x('One way. Only one way.'), x('(to herself)'), x('NORA')]).toEqual([108, 180, 223.2, 266.4]);
      // 1 in from the top (the baseline sits a little below).
      expect(792 - body[0].y).toBeGreaterThanOrEqual(72);
      expect(792 - body[0].y).toBeLessThan(90);
    });

    it('numbers pages from the second on and never runs past the bottom margin', async () => {
      const scenes = Array.from({ length: 40 }, (_, i) => `INT. ROOM ${i + 1} - DAY\n\nThe clock ticks.\n\nNORA\nScene ${i + 1}, and still waiting.`).join('\n\n');
      const draft = await create(writer, { body: scenes, title: 'Long one' });
      const pages = pdfText((await call('GET', `/api/drafts/${draft.id}/pdf`, writer)).rawPayload);
      // No title page without a Title: key? The draft's name stands in.
      expect(pages[0].lines.map((l) => l.text)).toEqual(['LONG ONE']);
      const script = pages.slice(1);
      expect(script.length).toBeGreaterThanOrEqual(3);
      expect(script[0].lines.some((l) => /^\d+\.$/.test(l.text))).toBe(false);
      expect(script[1].lines[0]).toMatchObject({ text: '2.' });
      expect(script[2].lines[0]).toMatchObject({ text: '3.' });
      for (const page of script) for (const line of page.lines) expect(line.y).toBeGreaterThanOrEqual(72 - 12);
      const all = script.flatMap((p) => p.lines.map((l) => l.text));
      expect(all).toContain('Scene 40, and still waiting.');
    });

    it("agrees with the list's page count on a draft of several pages, after every save too", async () => {
      const me = await createUser(app, { role: 'writer' });
      // Dialogue-heavy scenes: speeches wrap at 35 characters on the page, not at 60 as the old rule had it.
      const scenes = (n: number) =>
        Array.from(
          { length: n },
          (_, i) => `INT. ROOM ${i + 1} - DAY\n\nThe clock ticks.\n\nNORA\nStill waiting for the last ferry, as I have every night.\n\nTOM\nI know.\n\nNORA\n(quietly)\nScene ${i + 1}.`,
        ).join('\n\n');
      const numbered = async (draftId: string) => {
        const pages = pdfText((await call('GET', `/api/drafts/${draftId}/pdf`, me)).rawPayload);
        const last = pages.at(-1)?.lines[0]?.text;
        // The title page, then the script's pages: the last one bears the script's page count.
        return { printed: pages.length - 1, lastNumber: last && /^\d+\.$/.test(last) ? Number(last.slice(0, -1)) : 1 };
      };
      const listed = async (draftId: string) => ((await call('GET', '/api/drafts', me)).json() as DraftList).items.find((d) => d.id === draftId)?.pageEstimate;

      const draft = await create(me, { body: scenes(30), title: 'Waiting' });
      const pdf = await numbered(draft.id);
      expect(pdf.printed).toBeGreaterThanOrEqual(4);
      expect(pdf.lastNumber).toBe(pdf.printed);
      expect(draft.pageEstimate).toBe(pdf.printed);
      expect(await listed(draft.id)).toBe(pdf.printed);
      // The old rule (about 55 lines of text a page, every line here under 60 characters) said otherwise.
      expect(Math.round(scenes(30).split('\n').length / 55)).not.toBe(pdf.printed);

      // A save that adds pages: the list follows the PDF.
      const saved = await call('PUT', `/api/drafts/${draft.id}`, me, { baseRevision: 1, body: scenes(45) });
      expect(saved.statusCode).toBe(200);
      const longer = await numbered(draft.id);
      expect(longer.printed).toBeGreaterThan(pdf.printed);
      expect(saved.json().pageEstimate).toBe(longer.printed);
      expect(await listed(draft.id)).toBe(longer.printed);

      // Nothing to print: no script page in the PDF (its title page only), none in the list.
      const blank = await create(me, { title: 'Blank' });
      expect(blank.pageEstimate).toBe(0);
      expect((await numbered(blank.id)).printed).toBe(0);
    });

    it('counts the drafts saved before the count followed the PDF (migration 241)', async () => {
      const me = await createUser(app, { role: 'writer' });
      const body = Array.from({ length: 50 }, (_, i) => `INT. ROOM ${i + 1} - DAY\n\nNORA\nScene ${i + 1}.\n\nTOM\nYes.`).join('\n\n');
      const draft = await create(me, { body, title: 'Old count' });
      const pages = pdfText((await call('GET', `/api/drafts/${draft.id}/pdf`, me)).rawPayload).length - 1;
      // As the old rule stored it.
      await app.db.updateTable('drafts').set({ page_estimate: 2 }).where('id', '=', draft.id).execute();
      await draftPageCounts.up(app.db as never);
      expect((await call('GET', `/api/drafts/${draft.id}`, me)).json().pageEstimate).toBe(pages);
      // Down puts the old rule's count back (55 lines of text a page; these are all under 60 characters).
      await draftPageCounts.down(app.db as never);
      const oldRule = Math.round(body.split('\n').length / 55);
      expect(oldRule).not.toBe(pages);
      expect((await call('GET', `/api/drafts/${draft.id}`, me)).json().pageEstimate).toBe(oldRule);
      await draftPageCounts.up(app.db as never);
      expect((await call('GET', `/api/drafts/${draft.id}`, me)).json().pageEstimate).toBe(pages);
    });
  });
});
