import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Script } from '@vox/contract';
import {
  AUDITION_LIMITS,
  AUDITION_MESSAGES,
  type CastingAudition,
  type CastingCall,
  type CastingRoleCues,
  type CastingScene,
  type CastRoleResult,
} from '@vox/contract/schemas';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { wav } from '../../fixtures/audio';
import { audioFiles, balcony, befriend, claim, getSession, multipart, newClientId, openSession, postScript, uploadTake } from './scripts-kit';

const days = (n: number) => new Date(Date.now() + n * 24 * 3600_000).toISOString();

/**
 * Romeo speaks R1, R2 (aside), R3 and R4; Juliet J1 and J2, in the order
 * R1 J1 R2 R3 J2 R4. Romeo's sides are R1-R3 (the default), Juliet's J1 and J2.
 */
const scene = () =>
  balcony({
    roles: [
      { name: 'Romeo', description: 'A Montague, in love.' },
      { name: 'Juliet', description: 'A Capulet, at the window.' },
    ],
    lines: [
      { kind: 'scene', role: null, text: "EXT. CAPULET'S ORCHARD - NIGHT" },
      { kind: 'dialogue', role: 'Romeo', text: 'But, soft! what light through yonder window breaks?' },
      { kind: 'dialogue', role: 'Juliet', text: 'Ay me!' },
      { kind: 'dialogue', role: 'Romeo', parenthetical: '(aside)', text: 'She speaks.' },
      { kind: 'dialogue', role: 'Romeo', text: 'O, speak again, bright angel!' },
      { kind: 'dialogue', role: 'Juliet', text: 'O Romeo, Romeo! wherefore art thou Romeo?' },
      { kind: 'dialogue', role: 'Romeo', text: 'Shall I hear more, or shall I speak at this?' },
    ],
  });

/** Distinct recordings (content-addressed: equal bytes are one file). */
let sample = 800;
const recording = () => wav((sample += 40));

describe('casting auditions: recording, sending, withdrawing, review, casting and who hears what', () => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-auditions-'));
    app = await build({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const member = (role = 'member') => createUser(app, { role });
  const as = (user: TestUser | null) => (user ? bearer(user) : {});
  const req = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });

  interface Staged {
    owner: TestUser;
    script: Script;
    call: CastingCall;
    romeo: CastingCall['roles'][number];
    juliet: CastingCall['roles'][number];
    lines: Record<'R1' | 'J1' | 'R2' | 'R3' | 'J2' | 'R4', string>;
    /** The owner's recording of R1 in their table read. */
    ownerAudioId: string;
  }

  /** An owner who recorded R1 in a table read, then posted a call for Romeo and Juliet. */
  async function stage(visibility: 'public' | 'friends' | 'link' = 'public', owner?: TestUser): Promise<Staged> {
    const who = owner ?? (await member());
    const script = await postScript(app, who, scene());
    const [R1, J1, R2, R3, J2, R4] = script.lines.filter((l) => l.kind === 'dialogue').map((l) => l.id);
    const session = await openSession(app, who, script.id);
    await claim(app, who, session.id, 'Romeo');
    const take = await uploadTake(app, who, session.id, { lineId: R1, clientId: newClientId(), audio: { data: recording(), type: 'audio/wav' } });
    expect(take.statusCode).toBe(201);
    const res = await req(who, 'POST', '/api/casting/calls', {
      scriptId: script.id,
      roles: [{ name: 'Romeo' }, { name: 'Juliet' }],
      deadline: days(10),
      paid: false,
      visibility,
    });
    expect(res.statusCode).toBe(201);
    const call: CastingCall = res.json();
    return { owner: who, script, call, romeo: call.roles[0], juliet: call.roles[1], lines: { R1, J1, R2, R3, J2, R4 }, ownerAudioId: take.json().audio };
  }

  const start = (user: TestUser | null, roleId: string) => req(user, 'POST', `/api/casting/roles/${roleId}/auditions`);
  async function recordLine(user: TestUser | null, auditionId: string, lineId: string, data = recording(), clientId = newClientId()) {
    const body = await multipart({ lineId, clientId, durationMs: '1200' }, { data, type: 'audio/wav' });
    return app.inject({ method: 'POST', url: `/api/casting/auditions/${auditionId}/takes`, headers: { ...body.headers, ...as(user) }, payload: body.payload });
  }
  async function uploadWhole(user: TestUser | null, auditionId: string, data = recording()) {
    const body = await multipart({ durationMs: '5000' }, { data, type: 'audio/wav', filename: 'audition.wav' });
    return app.inject({ method: 'PUT', url: `/api/casting/auditions/${auditionId}/file`, headers: { ...body.headers, ...as(user) }, payload: body.payload });
  }
  const send = (user: TestUser | null, auditionId: string) => req(user, 'POST', `/api/casting/auditions/${auditionId}/send`);

  /** A member's sent audition for the role, recorded line by line. */
  async function audition(user: TestUser, role: { id: string; sides: { lineId: string }[] }): Promise<CastingAudition> {
    const draft: CastingAudition = (await start(user, role.id)).json();
    for (const side of role.sides) expect((await recordLine(user, draft.id, side.lineId)).statusCode).toBe(201);
    const sent = await send(user, draft.id);
    expect(sent.statusCode).toBe(200);
    return sent.json();
  }

  it('gives the sides with the cue lines before each and the owner’s own takes of them, else null', async () => {
    const { call, juliet, romeo, lines, ownerAudioId } = await stage();
    const reader = await member();
    const res = await req(reader, 'GET', `/api/casting/roles/${juliet.id}/cues`);
    expect(res.statusCode).toBe(200);
    const cues: CastingRoleCues = res.json();
    expect(cues).toEqual({
      callId: call.id,
      roleId: juliet.id,
      roleName: 'Juliet',
      scriptTitle: 'Romeo and Juliet, II.2',
      sides: [
        {
          lineId: lines.J1,
          parenthetical: null,
          text: 'Ay me!',
          cues: [{ lineId: lines.R1, roleName: 'Romeo', parenthetical: null, text: 'But, soft! what light through yonder window breaks?', audioUrl: `/api/audio/${ownerAudioId}` }],
        },
        {
          lineId: lines.J2,
          parenthetical: null,
          text: 'O Romeo, Romeo! wherefore art thou Romeo?',
          // Back to Juliet's own previous line: R2 and R3, which the owner never recorded.
          cues: [
            { lineId: lines.R2, roleName: 'Romeo', parenthetical: '(aside)', text: 'She speaks.', audioUrl: null },
            { lineId: lines.R3, roleName: 'Romeo', parenthetical: null, text: 'O, speak again, bright angel!', audioUrl: null },
          ],
        },
      ],
    });
    // The owner's take plays for the auditioner.
    expect((await app.inject({ method: 'GET', url: `/api/audio/${ownerAudioId}` })).statusCode).toBe(200);
    const romeoCues: CastingRoleCues = (await req(reader, 'GET', `/api/casting/roles/${romeo.id}/cues`)).json();
    expect(romeoCues.sides.map((s) => [s.lineId, s.cues.map((c) => c.lineId)])).toEqual([
      [lines.R1, []],
      [lines.R2, [lines.J1]],
      [lines.R3, []],
    ]);
    expect(AUDITION_LIMITS.cuesPerSide).toBe(3);
  });

  it('records a draft line by line, sends it once, and shows it to the owner with signed audio', async () => {
    const { owner, call, juliet, lines } = await stage();
    const actor = await member();
    // Not the owner's own call.
    const own = await start(owner, juliet.id);
    expect([own.statusCode, own.json()]).toEqual([403, { message: AUDITION_MESSAGES.ownCall }]);

    const first = await start(actor, juliet.id);
    expect(first.statusCode).toBe(201);
    const draft: CastingAudition = first.json();
    expect(draft).toMatchObject({ callId: call.id, roleId: juliet.id, roleName: 'Juliet', auditioner: { id: actor.id }, status: 'draft', sentAt: null, takes: [], wholeFile: null, review: null, cast: false });
    const again = await start(actor, juliet.id);
    expect([again.statusCode, again.json().id]).toEqual([200, draft.id]);

    // A line that is not one of the role's sides is refused.
    const wrong = await recordLine(actor, draft.id, lines.R1);
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: AUDITION_MESSAGES.lineNotSide }]);
    const bytes = recording();
    const take = await recordLine(actor, draft.id, lines.J2, bytes);
    expect(take.statusCode).toBe(201);
    expect(take.json()).toMatchObject({ lineId: lines.J2, contentType: 'audio/wav', byteSize: bytes.length, durationMs: 1200 });
    const incomplete = await send(actor, draft.id);
    expect([incomplete.statusCode, incomplete.json()]).toEqual([400, { message: AUDITION_MESSAGES.incomplete }]);
    expect((await recordLine(actor, draft.id, lines.J1)).statusCode).toBe(201);
    // Recording a line again replaces its take (and its recording leaves the disk).
    const filesBefore = audioFiles(dataDir).length;
    expect((await recordLine(actor, draft.id, lines.J2)).statusCode).toBe(201);
    expect(audioFiles(dataDir)).toHaveLength(filesBefore);

    const sent = await send(actor, draft.id);
    expect(sent.statusCode).toBe(200);
    const mine: CastingAudition = sent.json();
    expect([mine.status, mine.takes.map((t) => t.lineId), typeof mine.sentAt]).toEqual(['sent', [lines.J1, lines.J2], 'string']);
    const twice = await start(actor, juliet.id);
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: AUDITION_MESSAGES.alreadySent }]);
    const resend = await send(actor, draft.id);
    expect([resend.statusCode, resend.json()]).toEqual([409, { message: AUDITION_MESSAGES.alreadySent }]);
    const late = await recordLine(actor, draft.id, lines.J1);
    expect([late.statusCode, late.json()]).toEqual([409, { message: AUDITION_MESSAGES.notDraft }]);

    // The signed link plays the take's bytes; without its signature, or another's, nothing.
    const audio = await app.inject({ method: 'GET', url: mine.takes[0].audioUrl });
    expect([audio.statusCode, audio.headers['content-type']]).toEqual([200, 'audio/wav']);
    const [bare] = mine.takes[0].audioUrl.split('?');
    expect((await app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
    const otherSig = mine.takes[1].audioUrl.split('?')[1];
    expect((await app.inject({ method: 'GET', url: `${bare}?${otherSig}` })).statusCode).toBe(404);

    // The owner sees it among the role's auditions, with their own marks; the count is theirs.
    const list = await req(owner, 'GET', `/api/casting/roles/${juliet.id}/auditions`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((a: CastingAudition) => [a.id, a.auditioner.id, a.review])).toEqual([[draft.id, actor.id, { note: '', shortlisted: false, rating: null }]]);
    const ownerView: CastingCall = (await req(owner, 'GET', `/api/casting/calls/${call.id}`)).json();
    expect(ownerView.roles.map((r) => r.auditionCount)).toEqual([0, 1]);
    expect((await req(actor, 'GET', `/api/casting/calls/${call.id}`)).json().roles.map((r: { auditionCount: number | null }) => r.auditionCount)).toEqual([null, null]);
    const mineList = await req(actor, 'GET', `/api/casting/calls/${call.id}/my-auditions`);
    expect(mineList.json().items.map((a: CastingAudition) => [a.id, a.status, a.review])).toEqual([[draft.id, 'sent', null]]);

    // The owner's review stays theirs.
    const reviewed = await req(owner, 'PATCH', `/api/casting/auditions/${draft.id}/review`, { note: '  Lovely warmth. ', shortlisted: true, rating: 4 });
    expect([reviewed.statusCode, reviewed.json().review]).toEqual([200, { note: 'Lovely warmth.', shortlisted: true, rating: 4 }]);
    const cleared = await req(owner, 'PATCH', `/api/casting/auditions/${draft.id}/review`, { rating: null });
    expect(cleared.json().review).toEqual({ note: 'Lovely warmth.', shortlisted: true, rating: null });
    expect((await req(owner, 'PATCH', `/api/casting/auditions/${draft.id}/review`, { rating: 6 })).statusCode).toBe(400);
    expect((await req(actor, 'GET', `/api/casting/auditions/${draft.id}`)).json().review).toBeNull();
    expect((await req(owner, 'GET', `/api/casting/auditions/${draft.id}`)).json().review.note).toBe('Lovely warmth.');
  });

  it('stores a retried take once: the same recording again answers 200 and its take, even once sent', async () => {
    const { juliet, lines } = await stage();
    const actor = await member();
    const draft: CastingAudition = (await start(actor, juliet.id)).json();
    const clientId = newClientId();
    const bytes = recording();
    const first = await recordLine(actor, draft.id, lines.J1, bytes, clientId);
    expect(first.statusCode).toBe(201);
    const filesAfterFirst = audioFiles(dataDir).length;
    // The answer was lost; the browser's outbox sends the same recording again.
    const retry = await recordLine(actor, draft.id, lines.J1, bytes, clientId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ lineId: lines.J1, createdAt: first.json().createdAt, byteSize: bytes.length });
    expect(audioFiles(dataDir)).toHaveLength(filesAfterFirst);
    const takes = (await req(actor, 'GET', `/api/casting/auditions/${draft.id}`)).json().takes;
    expect(takes.map((t: { lineId: string }) => t.lineId)).toEqual([lines.J1]);

    expect((await recordLine(actor, draft.id, lines.J2)).statusCode).toBe(201);
    expect((await send(actor, draft.id)).statusCode).toBe(200);
    // A late retry of a take that arrived still confirms it; a new recording is refused.
    const late = await recordLine(actor, draft.id, lines.J1, bytes, clientId);
    expect([late.statusCode, late.json().lineId]).toEqual([200, lines.J1]);
    const fresh = await recordLine(actor, draft.id, lines.J1);
    expect([fresh.statusCode, fresh.json()]).toEqual([409, { message: AUDITION_MESSAGES.notDraft }]);
    // Another member's audition knows nothing of it.
    const other = await member();
    expect((await recordLine(other, draft.id, lines.J1, bytes, clientId)).statusCode).toBe(404);
  });

  it('takes one file for the whole audition instead of line takes, the last chosen winning', async () => {
    const { owner, juliet, lines } = await stage();
    const actor = await member();
    const draft: CastingAudition = (await start(actor, juliet.id)).json();
    expect((await recordLine(actor, draft.id, lines.J1)).statusCode).toBe(201);
    const whole = await uploadWhole(actor, draft.id);
    expect(whole.statusCode).toBe(200);
    const withFile: CastingAudition = whole.json();
    expect([withFile.takes, withFile.wholeFile?.contentType, withFile.wholeFile?.durationMs]).toEqual([[], 'audio/wav', 5000]);
    const notAudio = await uploadWhole(actor, draft.id, Buffer.from('not audio at all'));
    expect(notAudio.statusCode).toBe(415);
    const sent: CastingAudition = (await send(actor, draft.id)).json();
    expect(sent.status).toBe('sent');
    const file = await app.inject({ method: 'GET', url: (await req(owner, 'GET', `/api/casting/auditions/${draft.id}`)).json().wholeFile.audioUrl });
    expect(file.statusCode).toBe(200);
  });

  it('withdraws until the deadline: gone for the owner, its recordings deleted; may audition again', async () => {
    const { owner, call, juliet } = await stage();
    const actor = await member();
    const before = audioFiles(dataDir);
    const sent = await audition(actor, juliet);
    const added = audioFiles(dataDir).filter((f) => !before.includes(f));
    expect(added).toHaveLength(2);
    const url = sent.takes[0].audioUrl;
    expect((await req(actor, 'DELETE', `/api/casting/auditions/${sent.id}`)).statusCode).toBe(204);
    expect(audioFiles(dataDir).filter((f) => added.includes(f))).toEqual([]);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await req(owner, 'GET', `/api/casting/roles/${juliet.id}/auditions`)).json().items).toEqual([]);
    expect((await req(owner, 'GET', `/api/casting/auditions/${sent.id}`)).statusCode).toBe(404);
    expect((await req(actor, 'GET', `/api/casting/auditions/${sent.id}`)).statusCode).toBe(404);

    // Again, then the deadline passes: the sent audition stays.
    const again = await audition(actor, juliet);
    expect(again.id).toBe(sent.id);
    await app.db.updateTable('casting_calls').set({ deadline: new Date(Date.now() - 1000).toISOString() }).where('id', '=', call.id).execute();
    const late = await req(actor, 'DELETE', `/api/casting/auditions/${again.id}`);
    expect([late.statusCode, late.json()]).toEqual([409, { message: AUDITION_MESSAGES.deadlinePassed }]);
    const closed = await start(await member(), juliet.id);
    expect([closed.statusCode, closed.json()]).toEqual([409, { message: AUDITION_MESSAGES.callClosed }]);
  });

  it('keeps a recording an audition uses when a table read’s take of the same bytes is deleted', async () => {
    const { juliet } = await stage();
    const actor = await member();
    const bytes = recording();
    const draft: CastingAudition = (await start(actor, juliet.id)).json();
    expect((await recordLine(actor, draft.id, juliet.sides[0].lineId, bytes)).statusCode).toBe(201);
    // The actor reads a script of their own and records the same bytes there.
    const own = await postScript(app, actor, balcony());
    const mySession = await openSession(app, actor, own.id);
    await claim(app, actor, mySession.id, 'Juliet');
    const lineId = own.lines.find((l) => l.role === 'Juliet')?.id as string;
    const take = await uploadTake(app, actor, mySession.id, { lineId, clientId: newClientId(), audio: { data: bytes, type: 'audio/wav' } });
    expect(take.statusCode).toBe(201);
    expect((await req(actor, 'DELETE', `/api/sessions/${mySession.id}/takes/${take.json().id}`)).statusCode).toBe(204);
    const mine: CastingAudition = (await req(actor, 'GET', `/api/casting/auditions/${draft.id}`)).json();
    expect((await app.inject({ method: 'GET', url: mine.takes[0].audioUrl })).statusCode).toBe(200);
  });

  it('deletes the auditions’ recordings with the script their call was for', async () => {
    const { owner, script, juliet } = await stage();
    const before = audioFiles(dataDir);
    const sent = await audition(await member(), juliet);
    const added = audioFiles(dataDir).filter((f) => !before.includes(f));
    expect(added).toHaveLength(2);
    expect((await req(owner, 'DELETE', `/api/scripts/${script.id}`)).statusCode).toBe(204);
    expect(audioFiles(dataDir).filter((f) => added.includes(f))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: sent.takes[0].audioUrl })).statusCode).toBe(404);
  });

  it('plays a scene with a chosen cast: the sides of those roles and their cues in script order', async () => {
    const { owner, call, romeo, juliet, lines, ownerAudioId } = await stage();
    const [r, j] = [await member(), await member()];
    const romeoAudition = await audition(r, romeo);
    const julietDraft: CastingAudition = (await start(j, juliet.id)).json();
    expect((await uploadWhole(j, julietDraft.id)).statusCode).toBe(200);
    const julietAudition: CastingAudition = (await send(j, julietDraft.id)).json();

    const res = await req(owner, 'GET', `/api/casting/calls/${call.id}/scene?auditions=${julietAudition.id}`);
    expect(res.statusCode).toBe(200);
    const alone: CastingScene = res.json();
    // Juliet's sides (a whole file: no line audio) with their cues: R1 (the owner's take), R2, R3.
    expect(alone.lines.map((l) => [l.lineId, l.source, l.auditionId, l.audioUrl])).toEqual([
      [lines.R1, 'owner', null, `/api/audio/${ownerAudioId}`],
      [lines.J1, 'none', julietAudition.id, null],
      [lines.R2, 'none', null, null],
      [lines.R3, 'none', null, null],
      [lines.J2, 'none', julietAudition.id, null],
    ]);
    expect(alone.auditions.map((a) => [a.id, typeof a.wholeFile?.audioUrl])).toEqual([[julietAudition.id, 'string']]);

    const both: CastingScene = (await req(owner, 'GET', `/api/casting/calls/${call.id}/scene?auditions=${romeoAudition.id},${julietAudition.id}`)).json();
    expect(both.lines.map((l) => [l.lineId, l.source, l.auditionId])).toEqual([
      [lines.R1, 'audition', romeoAudition.id],
      [lines.J1, 'none', julietAudition.id],
      [lines.R2, 'audition', romeoAudition.id],
      [lines.R3, 'audition', romeoAudition.id],
      [lines.J2, 'none', julietAudition.id],
    ]);
    expect((await app.inject({ method: 'GET', url: both.lines[0].audioUrl as string })).statusCode).toBe(200);

    const twice = await req(owner, 'GET', `/api/casting/calls/${call.id}/scene?auditions=${romeoAudition.id},${(await audition(await member(), romeo)).id}`);
    expect([twice.statusCode, twice.json()]).toEqual([400, { message: AUDITION_MESSAGES.sceneRoleTwice }]);
    const bad = await req(owner, 'GET', `/api/casting/calls/${call.id}/scene?auditions=nope!`);
    expect(bad.statusCode).toBe(400);
    const otherCall = await stage();
    const foreign = await req(owner, 'GET', `/api/casting/calls/${call.id}/scene?auditions=${(await audition(await member(), otherCall.juliet)).id}`);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: AUDITION_MESSAGES.auditionNotFound }]);
  });

  it('casts a role: a message and a table read with the role claimed for the member; the others hear once; all cast closes the call', async () => {
    const { owner, call, romeo, juliet } = await stage();
    const [winner, other, quiet] = [await member(), await member(), await member()];
    const chosen = await audition(winner, juliet);
    await audition(other, juliet);
    const romeoPick = await audition(quiet, romeo);
    const romeoOther = await audition(other, romeo);

    const res = await req(owner, 'POST', `/api/casting/roles/${juliet.id}/cast`, { auditionId: chosen.id });
    expect(res.statusCode).toBe(200);
    const result: CastRoleResult = res.json();
    expect(result.call.roles.map((r) => [r.name, r.castMember?.id ?? null, typeof r.castAt])).toEqual([
      ['Romeo', null, 'object'],
      ['Juliet', winner.id, 'string'],
    ]);
    expect(result.call.status).toBe('open');
    const session = await getSession(app, winner, result.sessionId);
    // Both join in one transaction, often in the same millisecond: their order is not the point.
    const byId = (a: [string, string | null], b: [string, string | null]) => a[0].localeCompare(b[0]);
    expect([session.me.role, session.createdBy, session.participants.map((p): [string, string | null] => [p.user.id, p.role]).sort(byId)]).toEqual([
      'Juliet',
      owner.id,
      ([
        [owner.id, null],
        [winner.id, 'Juliet'],
      ] as Array<[string, string | null]>).sort(byId),
    ]);
    const inbox = (await req(winner, 'GET', '/api/notifications')).json().items;
    expect(inbox.map((m: { id: string; type: string; text: string; casting: unknown; person: { id: string } }) => [m.id, m.type, m.text, m.casting, m.person.id])).toEqual([
      [result.messageId, 'casting_cast', 'Guest cast you as Juliet in Romeo and Juliet, II.2. Your table read is ready.', { callId: call.id, roleName: 'Juliet', scriptTitle: 'Romeo and Juliet, II.2', sessionId: result.sessionId }, owner.id],
    ]);
    const others = (await req(other, 'GET', '/api/notifications')).json().items;
    expect(others.map((m: { type: string; text: string; casting: unknown }) => [m.type, m.text, m.casting])).toEqual([
      ['casting_role_cast', 'The role of Juliet in Romeo and Juliet, II.2 has been cast. Thank you for auditioning.', { callId: call.id, roleName: 'Juliet', scriptTitle: 'Romeo and Juliet, II.2', sessionId: null }],
    ]);
    expect((await req(winner, 'GET', `/api/casting/auditions/${chosen.id}`)).json().cast).toBe(true);
    const withdrawCast = await req(winner, 'DELETE', `/api/casting/auditions/${chosen.id}`);
    expect([withdrawCast.statusCode, withdrawCast.json()]).toEqual([409, { message: AUDITION_MESSAGES.wasCast }]);
    const again = await req(owner, 'POST', `/api/casting/roles/${juliet.id}/cast`, { auditionId: chosen.id });
    expect([again.statusCode, again.json()]).toEqual([409, { message: AUDITION_MESSAGES.roleAlreadyCast }]);
    const wrongRole = await req(owner, 'POST', `/api/casting/roles/${romeo.id}/cast`, { auditionId: chosen.id });
    expect([wrongRole.statusCode, wrongRole.json()]).toEqual([404, { message: AUDITION_MESSAGES.auditionNotFound }]);

    // Without notifying the others; the last role cast closes the call.
    const last: CastRoleResult = (await req(owner, 'POST', `/api/casting/roles/${romeo.id}/cast`, { auditionId: romeoPick.id, notifyOthers: false })).json();
    expect([last.call.status, typeof last.call.closedAt]).toEqual(['closed', 'string']);
    expect((await req(other, 'GET', '/api/notifications')).json().items).toHaveLength(1);
    expect(romeoOther.status).toBe('sent');

    // The activity log has the owner's post and casts and the auditioners' sends.
    const logged = await app.db.selectFrom('activities').select(['user_id', 'action', 'variant']).where('session', '=', 'server').where('path', '=', `/casting/${call.id}`).orderBy('created_at').orderBy('id').execute();
    expect(logged.map((a) => [a.user_id, a.action])).toEqual([
      [owner.id, 'casting_call_posted'],
      [winner.id, 'audition_sent'],
      [other.id, 'audition_sent'],
      [quiet.id, 'audition_sent'],
      [other.id, 'audition_sent'],
      [owner.id, 'role_cast'],
      [owner.id, 'role_cast'],
    ]);
    expect(new Set(logged.map((a) => a.variant))).toEqual(new Set(['main']));

    // The cast member's profile lists the role, unless they turn it off.
    const credits = await req(null, 'GET', `/api/casting/members/${winner.id}/credits`);
    expect(credits.json()).toEqual({ shown: true, items: [{ callId: call.id, scriptTitle: 'Romeo and Juliet, II.2', roleName: 'Juliet', castAt: expect.any(String) }] });
    expect((await req(winner, 'GET', '/api/casting/settings')).json()).toEqual({ showCredits: true });
    expect((await req(winner, 'PUT', '/api/casting/settings', { showCredits: false })).json()).toEqual({ showCredits: false });
    expect((await req(other, 'GET', `/api/casting/members/${winner.id}/credits`)).json()).toEqual({ shown: false, items: [] });
    expect((await req(winner, 'GET', `/api/casting/members/${winner.id}/credits`)).json().items).toHaveLength(1);
    expect((await req(null, 'GET', '/api/casting/members/nobody123/credits')).statusCode).toBe(404);
  });

  it('lets members report a call and staff hide it: off the board, not found for others, still the owner’s', async () => {
    const { owner, call } = await stage();
    const [reporter, second, staff] = [await member(), await member(), await member('staff')];
    expect((await req(reporter, 'POST', `/api/casting/calls/${call.id}/report`, { reason: 'Spam' })).statusCode).toBe(204);
    expect((await req(second, 'POST', `/api/casting/calls/${call.id}/report`, {})).statusCode).toBe(204);
    const ownReport = await req(owner, 'POST', `/api/casting/calls/${call.id}/report`, {});
    expect([ownReport.statusCode, ownReport.json()]).toEqual([403, { message: AUDITION_MESSAGES.reportOwnCall }]);
    const notStaff = await req(reporter, 'GET', '/api/casting/reports');
    expect([notStaff.statusCode, notStaff.json()]).toEqual([403, { message: AUDITION_MESSAGES.staffOnly }]);
    const reports = (await req(staff, 'GET', '/api/casting/reports')).json().items;
    expect(reports.filter((r: { callId: string }) => r.callId === call.id)).toEqual([
      { callId: call.id, scriptTitle: 'Romeo and Juliet, II.2', owner: expect.objectContaining({ id: owner.id }), reports: 2, lastReason: '', lastReportedAt: expect.any(String), hidden: false },
    ]);
    expect((await req(reporter, 'PUT', `/api/casting/calls/${call.id}/hidden`, { hidden: true })).statusCode).toBe(403);
    const hidden = await req(staff, 'PUT', `/api/casting/calls/${call.id}/hidden`, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect((await req(reporter, 'GET', `/api/casting/calls/${call.id}`)).statusCode).toBe(404);
    expect((await req(null, 'GET', '/api/casting/calls')).json().items.map((c: CastingCall) => c.id)).not.toContain(call.id);
    expect((await req(owner, 'GET', `/api/casting/calls/${call.id}`)).statusCode).toBe(200);
    expect((await start(reporter, call.roles[1].id)).statusCode).toBe(404);
    expect((await req(staff, 'PUT', `/api/casting/calls/${call.id}/hidden`, { hidden: false })).statusCode).toBe(200);
    expect((await req(reporter, 'GET', `/api/casting/calls/${call.id}`)).statusCode).toBe(200);
  });

  it('keeps every audition route to those it is for: another member, a friend, another call’s owner, the logged out', async () => {
    const owner = await member();
    const { call, juliet, romeo, lines } = await stage('friends', owner);
    const [actor, friend, stranger] = [await member(), await member(), await member()];
    await befriend(app, owner, actor);
    await befriend(app, owner, friend);
    const otherOwner = (await stage()).owner;
    const sent = await audition(actor, juliet);
    const draft: CastingAudition = (await start(actor, romeo.id)).json();

    type Call = (user: TestUser | null) => Promise<{ statusCode: number }>;
    const routes: Record<string, [Call, { friend: number; stranger: number; otherOwner: number; anonymous: number }]> = {
      cues: [(u) => req(u, 'GET', `/api/casting/roles/${juliet.id}/cues`), { friend: 200, stranger: 404, otherOwner: 404, anonymous: 401 }],
      myAuditions: [(u) => req(u, 'GET', `/api/casting/calls/${call.id}/my-auditions`), { friend: 200, stranger: 404, otherOwner: 404, anonymous: 401 }],
      audition: [(u) => req(u, 'GET', `/api/casting/auditions/${sent.id}`), { friend: 404, stranger: 404, otherOwner: 404, anonymous: 401 }],
      uploadTake: [(u) => recordLine(u, draft.id, lines.R1), { friend: 404, stranger: 404, otherOwner: 404, anonymous: 401 }],
      deleteTake: [(u) => req(u, 'DELETE', `/api/casting/auditions/${draft.id}/takes/${lines.R1}`), { friend: 404, stranger: 404, otherOwner: 404, anonymous: 401 }],
      uploadFile: [(u) => uploadWhole(u, draft.id), { friend: 404, stranger: 404, otherOwner: 404, anonymous: 401 }],
      send: [(u) => send(u, draft.id), { friend: 404, stranger: 404, otherOwner: 404, anonymous: 401 }],
      withdraw: [(u) => req(u, 'DELETE', `/api/casting/auditions/${sent.id}`), { friend: 404, stranger: 404, otherOwner: 404, anonymous: 401 }],
      roleAuditions: [(u) => req(u, 'GET', `/api/casting/roles/${juliet.id}/auditions`), { friend: 403, stranger: 404, otherOwner: 404, anonymous: 401 }],
      review: [(u) => req(u, 'PATCH', `/api/casting/auditions/${sent.id}/review`, { rating: 1 }), { friend: 403, stranger: 404, otherOwner: 404, anonymous: 401 }],
      scene: [(u) => req(u, 'GET', `/api/casting/calls/${call.id}/scene?auditions=${sent.id}`), { friend: 403, stranger: 404, otherOwner: 404, anonymous: 401 }],
      cast: [(u) => req(u, 'POST', `/api/casting/roles/${juliet.id}/cast`, { auditionId: sent.id }), { friend: 403, stranger: 404, otherOwner: 404, anonymous: 401 }],
      start: [(u) => start(u, juliet.id), { friend: 201, stranger: 404, otherOwner: 404, anonymous: 401 }],
      report: [(u) => req(u, 'POST', `/api/casting/calls/${call.id}/report`, {}), { friend: 204, stranger: 404, otherOwner: 404, anonymous: 401 }],
      reports: [(u) => req(u, 'GET', '/api/casting/reports'), { friend: 403, stranger: 403, otherOwner: 403, anonymous: 401 }],
      hide: [(u) => req(u, 'PUT', `/api/casting/calls/${call.id}/hidden`, { hidden: true }), { friend: 403, stranger: 403, otherOwner: 403, anonymous: 401 }],
      settings: [(u) => req(u, 'GET', '/api/casting/settings'), { friend: 200, stranger: 200, otherOwner: 200, anonymous: 401 }],
      updateSettings: [(u) => req(u, 'PUT', '/api/casting/settings', { showCredits: true }), { friend: 200, stranger: 200, otherOwner: 200, anonymous: 401 }],
    };
    const got: Record<string, object> = {};
    const want: Record<string, object> = {};
    for (const [name, [call, expected]] of Object.entries(routes)) {
      want[name] = expected;
      got[name] = {
        friend: (await call(friend)).statusCode,
        stranger: (await call(stranger)).statusCode,
        otherOwner: (await call(otherOwner)).statusCode,
        anonymous: (await call(null)).statusCode,
      };
    }
    expect(got).toEqual(want);
    // The friend's my-auditions holds only their own (the draft the start above made).
    expect((await req(friend, 'GET', `/api/casting/calls/${call.id}/my-auditions`)).json().items.map((a: CastingAudition) => a.auditioner.id)).toEqual([friend.id]);
    // The auditioner cannot review their own audition; nothing above changed it.
    expect((await req(actor, 'PATCH', `/api/casting/auditions/${sent.id}/review`, { rating: 5 })).statusCode).toBe(404);
    const still = (await req(owner, 'GET', `/api/casting/auditions/${sent.id}`)).json();
    expect([still.status, still.review, still.takes.length]).toEqual(['sent', { note: '', shortlisted: false, rating: null }, 2]);
    expect((await req(actor, 'GET', `/api/casting/auditions/${draft.id}`)).json().takes).toEqual([]);
    // The audio link: unsigned, nobody hears it.
    for (const user of [owner, actor, null]) expect((await req(user, 'GET', `/api/casting/audition-audio/${sent.id}/${lines.J1}`)).statusCode).toBe(404);
  });

  it('limits audition writes per member per minute with 429 and Retry-After', async () => {
    const { juliet } = await stage();
    const busy = await member();
    const statuses: number[] = [];
    for (let i = 0; i < AUDITION_LIMITS.writesPerMinute; i++) statuses.push((await start(busy, juliet.id)).statusCode);
    expect(statuses).toEqual([201, ...Array(AUDITION_LIMITS.writesPerMinute - 1).fill(200)]);
    const limited = await start(busy, juliet.id);
    expect([limited.statusCode, limited.json()]).toEqual([429, { message: AUDITION_MESSAGES.tooManyRequests }]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Reading is not limited, and another member is not affected.
    expect((await req(busy, 'GET', `/api/casting/roles/${juliet.id}/cues`)).statusCode).toBe(200);
    expect((await start(await member(), juliet.id)).statusCode).toBe(201);
  });
});

describe('the casting chart: calls posted and auditions sent per day', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  it('counts calls by their posting day and auditions by the day they were sent, drafts not at all', async () => {
    const [owner, actor, staff] = [await createUser(app), await createUser(app), await createUser(app, { role: 'staff' })];
    const script = await postScript(app, owner, scene());
    const call: CastingCall = (
      await app.inject({
        method: 'POST',
        url: '/api/casting/calls',
        headers: bearer(owner),
        payload: { scriptId: script.id, roles: [{ name: 'Romeo' }, { name: 'Juliet' }], deadline: days(5), paid: false, visibility: 'public' },
      })
    ).json();
    const ids: string[] = [];
    for (const role of call.roles) ids.push((await app.inject({ method: 'POST', url: `/api/casting/roles/${role.id}/auditions`, headers: bearer(actor) })).json().id);
    // One sent yesterday (as stored), one still a draft.
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString();
    await app.db.updateTable('casting_auditions').set({ sent_at: yesterday }).where('id', '=', ids[0]).execute();
    const today = new Date().toISOString().slice(0, 10);
    const from = yesterday.slice(0, 10);
    const res = await app.inject({ method: 'GET', url: `/api/metrics?from=${from}&to=${today}&tz=UTC&charts=casting`, headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    expect(res.json().charts).toEqual([
      {
        id: 'casting',
        title: 'Casting calls and auditions',
        series: [
          { key: 'calls', label: 'Casting calls posted', values: [0, 1], total: 1, previousTotal: 0 },
          { key: 'auditions', label: 'Auditions sent', values: [1, 0], total: 1, previousTotal: 0 },
        ],
        note: null,
      },
    ]);
  });
});
