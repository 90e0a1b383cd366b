import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Draft, DraftPublication, Script, SessionDetail, Take } from '@vox/contract';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { wav } from '../../fixtures/audio';
import { audioFiles, claim, getSession, newClientId, openSession, uploadTake } from './scripts-kit';

/** Publishing a draft as a script, again and again, without losing a take. */

const NOT_FOUND = { message: 'This draft was not found.' };
const STALE = { message: 'This draft was changed elsewhere since you opened it. Merge the changes or keep both versions.' };
const MISSING_PRIVILEGE = { message: 'Your membership does not include this feature.' };

const FIRST = `Title: The Night Ferry
Genre: Drama
Synopsis: A woman with a one-way ticket.
Roles:
    NORA: A passenger with one ticket.

INT. FERRY DECK - NIGHT

Rain drums on the rail. NORA grips a paper ticket.

NORA
(to herself)
One way. Only one way.

CAPTAIN
Tickets, please.

NORA
I have none.

CUT TO:
`;

/** The second draft: NORA's first line cut, her last one rewritten, an action line added. */
const SECOND = FIRST.replace(`NORA
(to herself)
One way. Only one way.

`, '')
  .replace('I have none.', 'I have none. Not one.')
  .replace('CUT TO:', 'The horn sounds.\n\nCUT TO:');

describe('publishing a draft as a script', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let writer: TestUser;
  let reader: TestUser;
  let otherWriter: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-publish-'));
    app = await build({ DATA_DIR: dataDir });
    [writer, reader, otherWriter, member] = await Promise.all([
      createUser(app, { role: 'writer' }),
      createUser(app),
      createUser(app, { role: 'writer' }),
      createUser(app),
    ]);
  }, 30_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    app.inject({ method, url, headers: bearer(user), ...(payload && { payload }) });
  const createDraft = async (body: string): Promise<Draft> => {
    const res = await call('POST', '/api/drafts', writer, { body });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const saveDraft = async (draft: Draft, body: string): Promise<Draft> => {
    const res = await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: draft.revision, body });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const publish = async (draft: Draft): Promise<DraftPublication> => {
    const res = await call('POST', `/api/drafts/${draft.id}/publish`, writer, { baseRevision: draft.revision });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: expect.any(Object) });
    return res.json();
  };
  const getScript = async (scriptId: string): Promise<Script> => (await call('GET', `/api/scripts/${scriptId}`, writer)).json();
  const record = async (user: TestUser, sessionId: string, lineId: string): Promise<Take> => {
    const res = await uploadTake(app, user, sessionId, { lineId, clientId: newClientId(), durationMs: '400', audio: { data: wav(1600), type: 'audio/wav', filename: 'take.wav' } });
    expect(res.statusCode).toBe(201);
    return res.json();
  };

  it('makes a script of the draft: title page fields, roles from the character names, dialogue and narration lines', async () => {
    const draft = await createDraft(FIRST);
    expect((await call('GET', `/api/drafts/${draft.id}`, writer)).json().publishedAs).toBeNull();
    const result = await publish(draft);
    expect(result).toEqual({
      publishedAs: { scriptId: expect.any(String), scriptTitle: 'The Night Ferry', revision: 1, publishedAt: expect.any(String) },
      created: true,
      lines: { total: 6, unchanged: 0, changed: 0, added: 6, removed: 0 },
      takes: { total: 0, onEarlierText: 0, onRemovedLines: 0 },
    });
    const script = await getScript(result.publishedAs.scriptId);
    expect(script).toMatchObject({
      title: 'The Night Ferry',
      synopsis: 'A woman with a one-way ticket.',
      genre: 'Drama',
      visibility: 'private',
      isFree: false,
      owner: { id: writer.id },
      canEdit: true,
      roles: [
        { name: 'NORA', description: 'A passenger with one ticket.' },
        { name: 'CAPTAIN', description: '' },
      ],
    });
    expect(script.lines.map(({ id: _id, ...line }) => line)).toEqual([
      { kind: 'scene', role: null, parenthetical: null, text: 'INT. FERRY DECK - NIGHT' },
      { kind: 'action', role: null, parenthetical: null, text: 'Rain drums on the rail. NORA grips a paper ticket.' },
      { kind: 'dialogue', role: 'NORA', parenthetical: '(to herself)', text: 'One way. Only one way.' },
      { kind: 'dialogue', role: 'CAPTAIN', parenthetical: null, text: 'Tickets, please.' },
      { kind: 'dialogue', role: 'NORA', parenthetical: null, text: 'I have none.' },
      { kind: 'transition', role: null, parenthetical: null, text: 'CUT TO:' },
    ]);
    expect(script.retiredLines).toBeUndefined();
    const again = (await call('GET', `/api/drafts/${draft.id}`, writer)).json();
    expect(again.publishedAs).toEqual(result.publishedAs);
  });

  describe('republishing keeps every take', () => {
    let draft: Draft;
    let scriptId: string;
    let session: SessionDetail;
    let first: Script;
    let takes: { cut: Take; rewritten: Take; unchanged: Take };

    beforeAll(async () => {
      draft = await createDraft(FIRST);
      scriptId = (await publish(draft)).publishedAs.scriptId;
      first = await getScript(scriptId);
      // The writer reads NORA; a reader joins through a link for the CAPTAIN.
      session = await openSession(app, writer, scriptId);
      expect((await claim(app, writer, session.id, 'NORA')).statusCode).toBe(200);
      const link = await call('POST', `/api/sessions/${session.id}/sharelinks`, writer, { role: 'CAPTAIN' });
      expect((await call('GET', `/api/sharelinks/${link.json().id}/session`, reader)).statusCode).toBe(200);
      const [, , cut, unchanged, rewritten] = first.lines.map((line) => line.id);
      takes = {
        cut: await record(writer, session.id, cut),
        unchanged: await record(reader, session.id, unchanged),
        rewritten: await record(writer, session.id, rewritten),
      };
      draft = await saveDraft(draft, SECOND);
    });

    it('an unchanged line keeps its id and takes; a changed line keeps its takes marked; a removed line’s takes are kept and listed', async () => {
      const result = await publish(draft);
      expect(result).toEqual({
        publishedAs: { scriptId, scriptTitle: 'The Night Ferry', revision: 2, publishedAt: expect.any(String) },
        created: false,
        lines: { total: 6, unchanged: 4, changed: 1, added: 1, removed: 1 },
        takes: { total: 3, onEarlierText: 1, onRemovedLines: 1 },
      });
      const script = await getScript(scriptId);
      const [scene, action, , captain, nora, transition] = first.lines;
      expect(script.lines).toEqual([
        scene,
        action,
        captain,
        { ...nora, text: 'I have none. Not one.' },
        { id: expect.any(String), kind: 'action', role: null, parenthetical: null, text: 'The horn sounds.' },
        transition,
      ]);
      expect(script.retiredLines).toEqual([first.lines[2]]);

      const detail = await getSession(app, writer, session.id);
      expect(detail.script.retiredLines).toEqual([first.lines[2]]);
      const byId = new Map(detail.takes.map((take) => [take.id, take]));
      expect(byId.get(takes.unchanged.id)).toEqual(takes.unchanged);
      expect(byId.get(takes.rewritten.id)).toEqual({ ...takes.rewritten, picked: true, recordedOnText: 'I have none.' });
      expect(byId.get(takes.cut.id)).toEqual(takes.cut);
      // The recordings themselves are all still stored and served.
      for (const take of Object.values(takes)) {
        expect(audioFiles(dataDir)).toContain(take.audio);
        const audio = await call('GET', `/api/audio/${take.audio}`, writer);
        expect(audio.statusCode).toBe(200);
      }
      // The removed line takes no new takes: it is not in the script any more.
      const refused = await uploadTake(app, writer, session.id, { lineId: first.lines[2].id, clientId: newClientId(), audio: { data: wav(), type: 'audio/wav' } });
      expect(refused.statusCode).toBe(404);
      // Progress counts the lines in the script only.
      const history = (await call('GET', '/api/history', writer)).json();
      expect(history.items.find((item: { sessionId: string }) => item.sessionId === session.id)).toMatchObject({ myLines: 1, recordedLines: 1 });
    });

    it('publishing the same text again changes nothing; restoring a line’s text clears its mark; a removed line that comes back is its old self', async () => {
      const same = await publish(draft);
      expect(same.lines).toEqual({ total: 6, unchanged: 6, changed: 0, added: 0, removed: 0 });
      expect(same.takes).toEqual({ total: 3, onEarlierText: 1, onRemovedLines: 1 });

      draft = await saveDraft(draft, FIRST);
      const back = await publish(draft);
      // NORA's first line is back (with its take), her last line has its first text again, the horn is cut.
      expect(back.lines).toEqual({ total: 6, unchanged: 5, changed: 1, added: 0, removed: 1 });
      expect(back.takes).toEqual({ total: 3, onEarlierText: 0, onRemovedLines: 0 });
      const script = await getScript(scriptId);
      expect(script.lines).toEqual(first.lines);
      expect(script.retiredLines).toBeUndefined();
      const detail = await getSession(app, writer, session.id);
      expect(detail.takes.find((take) => take.id === takes.rewritten.id)).toEqual({ ...takes.rewritten, picked: true });
      expect(detail.takes.find((take) => take.id === takes.cut.id)).toEqual(takes.cut);
    });

    it('the script editor keeps takes the same way: a rewritten line’s takes are marked, a deleted line with takes is retired', async () => {
      const script = await getScript(scriptId);
      const captain = script.lines.find((line) => line.role === 'CAPTAIN') as Script['lines'][number];
      const input = {
        title: script.title,
        synopsis: script.synopsis,
        genre: script.genre,
        language: script.language,
        visibility: script.visibility,
        isFree: script.isFree,
        roles: script.roles,
        lines: script.lines.filter((line) => line.id !== captain.id).map((line) => ({ ...line })),
      };
      const res = await call('PUT', `/api/scripts/${scriptId}`, writer, input);
      expect(res.statusCode).toBe(200);
      const saved: Script = res.json();
      expect(saved.lines.some((line) => line.id === captain.id)).toBe(false);
      expect(saved.retiredLines?.map((line) => line.id)).toContain(captain.id);
      const detail = await getSession(app, writer, session.id);
      expect(detail.takes.find((take) => take.id === takes.unchanged.id)).toEqual(takes.unchanged);
    });
  });

  it('publishes again as a new script when the one it made was deleted', async () => {
    const draft = await createDraft(FIRST);
    const first = await publish(draft);
    expect((await call('DELETE', `/api/scripts/${first.publishedAs.scriptId}`, writer)).statusCode).toBe(204);
    expect((await call('GET', `/api/drafts/${draft.id}`, writer)).json().publishedAs).toBeNull();
    const second = await publish(draft);
    expect(second.created).toBe(true);
    expect(second.publishedAs.scriptId).not.toBe(first.publishedAs.scriptId);
  });

  it('refuses an empty draft, a stale revision, another writer and a member without the draft privilege, with clear texts', async () => {
    const empty = await createDraft('Title: Nothing yet\n');
    const res = await call('POST', `/api/drafts/${empty.id}/publish`, writer, { baseRevision: 1 });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { message: 'There is nothing to publish yet: write at least one scene, action or line of dialogue.' },
    });

    const draft = await saveDraft(await createDraft(FIRST), SECOND);
    const stale = await call('POST', `/api/drafts/${draft.id}/publish`, writer, { baseRevision: 1 });
    expect({ status: stale.statusCode, body: stale.json() }).toEqual({ status: 409, body: STALE });

    const other = await call('POST', `/api/drafts/${draft.id}/publish`, otherWriter, { baseRevision: draft.revision });
    expect({ status: other.statusCode, body: other.json() }).toEqual({ status: 404, body: NOT_FOUND });

    const denied = await call('POST', `/api/drafts/${draft.id}/publish`, member, { baseRevision: draft.revision });
    expect({ status: denied.statusCode, body: denied.json() }).toEqual({ status: 403, body: MISSING_PRIVILEGE });

    const missing = await call('POST', `/api/drafts/${draft.id}/publish`, writer, {});
    expect(missing.statusCode).toBe(400);
    // Nothing was published by any of these.
    expect((await call('GET', `/api/drafts/${draft.id}`, writer)).json().publishedAs).toBeNull();
  });
});
