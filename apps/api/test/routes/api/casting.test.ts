import type { FastifyInstance } from 'fastify';
import type { Script } from '@vox/contract';
import { CASTING_LIMITS, CASTING_MESSAGES, OPEN_CALLS, type CastingCall, type CastingCallList } from '@vox/contract/schemas';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { balcony, befriend, postScript } from './scripts-kit';

const days = (n: number) => new Date(Date.now() + n * 24 * 3600_000).toISOString();

/** The balcony scene with a longer Romeo (four lines), Juliet (two) and a Nurse who never speaks. */
const scene = (title = 'Romeo and Juliet, II.2', synopsis = 'Juliet at her window; Romeo below in the orchard.') =>
  balcony({
    title,
    synopsis,
    roles: [
      { name: 'Romeo', description: 'A Montague, in love.' },
      { name: 'Juliet', description: 'A Capulet, at the window.' },
      { name: 'Nurse', description: 'Offstage.' },
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

describe('casting calls: post, edit, close, reopen, the board and who sees what', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  const member = (role = 'member') => createUser(app, { role });

  const input = (script: Script, over: Record<string, unknown> = {}) => ({
    scriptId: script.id,
    roles: [{ name: 'Romeo', description: 'Young, impulsive.', voiceNotes: 'Late teens, warm Scottish accent' }],
    deadline: days(10),
    paid: false,
    visibility: 'public',
    ...over,
  });

  const post = (user: TestUser, payload: object) => app.inject({ method: 'POST', url: '/api/casting/calls', headers: bearer(user), payload });
  const patch = (user: TestUser, id: string, payload: object) => app.inject({ method: 'PATCH', url: `/api/casting/calls/${id}`, headers: bearer(user), payload });
  const act = (user: TestUser, id: string, what: 'close' | 'reopen') => app.inject({ method: 'POST', url: `/api/casting/calls/${id}/${what}`, headers: bearer(user) });
  const get = (id: string, user?: TestUser) => app.inject({ method: 'GET', url: `/api/casting/calls/${id}`, headers: user ? bearer(user) : {} });
  const byLink = (linkId: string, user?: TestUser) => app.inject({ method: 'GET', url: `/api/casting/links/${linkId}`, headers: user ? bearer(user) : {} });
  const board = async (query: string, user?: TestUser): Promise<CastingCallList> => {
    const res = await app.inject({ method: 'GET', url: `/api/casting/calls?${query}`, headers: user ? bearer(user) : {} });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const limits = async (user: TestUser) => (await app.inject({ method: 'GET', url: '/api/casting/limits', headers: bearer(user) })).json();

  async function postCall(user: TestUser, over: Record<string, unknown> = {}, script?: Script): Promise<CastingCall> {
    const res = await post(user, input(script ?? (await postScript(app, user, scene())), over));
    if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  it("posts a call from my script: the roles' sides default to their first dialogue lines, chosen ones keep script order", async () => {
    const owner = await member();
    const script = await postScript(app, owner, scene());
    const romeo = script.lines.filter((l) => l.role === 'Romeo');
    const juliet = script.lines.filter((l) => l.role === 'Juliet');
    const res = await post(
      owner,
      input(script, {
        roles: [
          { name: 'Romeo', voiceNotes: '  Late teens  ' },
          { name: 'Juliet', description: 'Clever.', sides: [juliet[1].id, juliet[0].id] },
        ],
        paid: true,
        payNote: 'Equity minimum',
      }),
    );
    expect(res.statusCode).toBe(201);
    const call: CastingCall = res.json();
    expect(call).toMatchObject({
      owner: { id: owner.id },
      script: { id: script.id, title: 'Romeo and Juliet, II.2', synopsis: 'Juliet at her window; Romeo below in the orchard.', language: 'en' },
      paid: true,
      payNote: 'Equity minimum',
      visibility: 'public',
      status: 'open',
      closedAt: null,
      mine: true,
    });
    expect(call.linkId).toEqual(expect.any(String));
    expect(call.roles.map((r) => [r.name, r.voiceNotes, r.sides.map((s) => s.lineId), r.castMember, r.auditionCount])).toEqual([
      ['Romeo', 'Late teens', romeo.slice(0, CASTING_LIMITS.defaultSides).map((l) => l.id), null, 0],
      ['Juliet', '', [juliet[0].id, juliet[1].id], null, 0],
    ]);
    expect(call.roles[0].sides[1]).toEqual({ lineId: romeo[1].id, parenthetical: '(aside)', text: 'She speaks.' });

    // Anyone reads it, the link id and the audition counts are the owner's alone.
    const anonymous = await get(call.id);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ id: call.id, linkId: null, mine: false, roles: call.roles.map((r) => ({ ...r, auditionCount: null })) });
  });

  it('refuses bad posts with their texts', async () => {
    const owner = await member();
    const script = await postScript(app, owner, scene());
    const other = await postScript(app, await member(), scene());
    const romeoLine = script.lines.find((l) => l.role === 'Romeo')?.id as string;
    const julietLine = script.lines.find((l) => l.role === 'Juliet')?.id as string;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scriptId: other.id }, CASTING_MESSAGES.scriptNotFound],
      [{ roles: [] }, CASTING_MESSAGES.rolesMissing],
      [{ roles: [{ name: 'Tybalt' }] }, CASTING_MESSAGES.roleNotInScript],
      [{ roles: [{ name: 'Romeo' }, { name: 'Romeo' }] }, CASTING_MESSAGES.roleTwice],
      [{ roles: [{ name: 'Romeo', sides: [romeoLine, julietLine] }] }, CASTING_MESSAGES.sideNotOfRole],
      [{ roles: [{ name: 'Nurse' }] }, CASTING_MESSAGES.noSides],
      [{ deadline: days(-1) }, CASTING_MESSAGES.deadlineInPast],
      [{ deadline: days(400) }, CASTING_MESSAGES.deadlineTooFar],
    ];
    for (const [over, message] of cases) {
      const res = await post(owner, input(script, over));
      expect([over, res.statusCode, res.json()]).toEqual([over, 400, { message }]);
    }
    // The schema's own checks.
    expect((await post(owner, input(script, { visibility: 'secret' }))).statusCode).toBe(400);
    expect((await post(owner, input(script, { payNote: 'x'.repeat(CASTING_LIMITS.payNote + 1) }))).statusCode).toBe(400);
    // Nothing was posted.
    expect(await limits(owner)).toEqual({ open: 0, max: OPEN_CALLS.member });
  });

  it('lets a plain member have one open call and a writer or premium member ten, and shows the limit before it is hit', async () => {
    const plain = await member();
    expect(await limits(plain)).toEqual({ open: 0, max: OPEN_CALLS.member });
    const first = await postCall(plain);
    expect(await limits(plain)).toEqual({ open: 1, max: 1 });
    const over = await post(plain, input(await postScript(app, plain, scene())));
    expect([over.statusCode, over.json()]).toEqual([403, { message: CASTING_MESSAGES.openCallsLimit }]);
    // Closing one frees the place.
    expect((await act(plain, first.id, 'close')).statusCode).toBe(200);
    expect(await limits(plain)).toEqual({ open: 0, max: 1 });
    const second = await postCall(plain);
    // Reopening counts too.
    const reopen = await act(plain, first.id, 'reopen');
    expect([reopen.statusCode, reopen.json()]).toEqual([403, { message: CASTING_MESSAGES.openCallsLimit }]);
    expect(second.status).toBe('open');

    for (const role of ['writer', 'premium']) {
      const plus = await member(role);
      expect(await limits(plus)).toEqual({ open: 0, max: OPEN_CALLS.writerOrPremium });
      const script = await postScript(app, plus, scene());
      for (let i = 0; i < OPEN_CALLS.writerOrPremium; i++) expect((await post(plus, input(script))).statusCode).toBe(201);
      const refused = await post(plus, input(script));
      expect([role, refused.statusCode, refused.json()]).toEqual([role, 403, { message: CASTING_MESSAGES.openCallsLimit }]);
    }
  });

  it('edits an open call, closes it early and reopens it before the deadline; a closed call cannot be edited', async () => {
    const owner = await member('writer');
    const call = await postCall(owner);
    const script = call.script;
    // A role kept by name keeps its casting (and its auditions) through an edit of the roles.
    const actor = await member();
    await app.db.updateTable('casting_roles').set({ cast_member_id: actor.id, cast_at: days(0) }).where('call_id', '=', call.id).execute();
    const edited = await patch(owner, call.id, {
      roles: [
        { name: 'Juliet', voiceNotes: 'Soprano speaking voice' },
        { name: 'Romeo', voiceNotes: 'Baritone' },
      ],
      paid: true,
      payNote: '£100 a day',
      visibility: 'friends',
      deadline: days(20),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      script,
      paid: true,
      payNote: '£100 a day',
      visibility: 'friends',
      roles: [
        { name: 'Juliet', voiceNotes: 'Soprano speaking voice', castMember: null },
        { name: 'Romeo', voiceNotes: 'Baritone', castMember: { id: actor.id } },
      ],
    });
    expect(Date.parse(edited.json().deadline)).toBeGreaterThan(Date.parse(days(19)));

    const bad = await patch(owner, call.id, { deadline: days(-2) });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: CASTING_MESSAGES.deadlineInPast }]);

    const closed = await act(owner, call.id, 'close');
    expect(closed.json()).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    const again = await act(owner, call.id, 'close');
    expect([again.statusCode, again.json()]).toEqual([409, { message: CASTING_MESSAGES.alreadyClosed }]);
    const editClosed = await patch(owner, call.id, { paid: false });
    expect([editClosed.statusCode, editClosed.json()]).toEqual([409, { message: CASTING_MESSAGES.closed }]);

    const reopened = await act(owner, call.id, 'reopen');
    expect(reopened.json()).toMatchObject({ status: 'open', closedAt: null });
    const twice = await act(owner, call.id, 'reopen');
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: CASTING_MESSAGES.alreadyOpen }]);
  });

  it('closes a call whose deadline has passed, and then refuses to reopen or edit it', async () => {
    const owner = await member('writer');
    const call = await postCall(owner);
    await app.db.updateTable('casting_calls').set({ deadline: days(-1) }).where('id', '=', call.id).execute();
    expect((await get(call.id)).json()).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect(await limits(owner)).toMatchObject({ open: 0 });
    expect((await board('q=Montague', owner)).items.map((c) => c.id)).not.toContain(call.id);
    const reopen = await act(owner, call.id, 'reopen');
    expect([reopen.statusCode, reopen.json()]).toEqual([409, { message: CASTING_MESSAGES.deadlinePassed }]);
    const edit = await patch(owner, call.id, { paid: true });
    expect([edit.statusCode, edit.json()]).toEqual([409, { message: CASTING_MESSAGES.closed }]);
  });

  it('refuses to reopen a call whose every role is cast', async () => {
    const owner = await member('writer');
    const call = await postCall(owner, { roles: [{ name: 'Romeo' }, { name: 'Juliet' }] });
    expect((await act(owner, call.id, 'close')).statusCode).toBe(200);
    const actor = await member();
    await app.db.updateTable('casting_roles').set({ cast_member_id: actor.id, cast_at: days(0) }).where('call_id', '=', call.id).where('role_name', '=', 'Romeo').execute();
    expect((await act(owner, call.id, 'reopen')).statusCode).toBe(200);
    expect((await act(owner, call.id, 'close')).statusCode).toBe(200);
    await app.db.updateTable('casting_roles').set({ cast_member_id: actor.id, cast_at: days(0) }).where('call_id', '=', call.id).execute();
    const reopen = await act(owner, call.id, 'reopen');
    expect([reopen.statusCode, reopen.json()]).toEqual([409, { message: CASTING_MESSAGES.allCast }]);
  });

  it('shows public calls to all, friends-only calls to friends, link-only calls by their link; hidden calls to their owner only', async () => {
    const owner = await member('premium');
    const friend = await member();
    const stranger = await member();
    await befriend(app, owner, friend);
    const script = await postScript(app, owner, scene('The Vanishing Lighthouse', 'A keeper hears voices in the fog.'));
    const pub = await postCall(owner, { visibility: 'public' }, script);
    const friends = await postCall(owner, { visibility: 'friends' }, script);
    const link = await postCall(owner, { visibility: 'link' }, script);
    const hidden = await postCall(owner, { visibility: 'public' }, script);
    await app.db.updateTable('casting_calls').set({ hidden: 1 }).where('id', '=', hidden.id).execute();

    const listed = async (user?: TestUser) => (await board('q=vanishing%20lighthouse', user)).items.map((c) => c.id).sort();
    expect(await listed()).toEqual([pub.id]);
    expect(await listed(stranger)).toEqual([pub.id]);
    expect(await listed(friend)).toEqual([pub.id, friends.id].sort());
    // The owner's board is the board too: link-only and hidden calls are in "my calls", not here.
    expect(await listed(owner)).toEqual([pub.id, friends.id].sort());

    const status = async (id: string, user?: TestUser) => (await get(id, user)).statusCode;
    expect([await status(pub.id), await status(pub.id, stranger)]).toEqual([200, 200]);
    expect([await status(friends.id), await status(friends.id, stranger), await status(friends.id, friend), await status(friends.id, owner)]).toEqual([404, 404, 200, 200]);
    expect([await status(link.id), await status(link.id, friend), await status(link.id, owner)]).toEqual([404, 404, 200]);
    expect([await status(hidden.id), await status(hidden.id, friend), await status(hidden.id, owner)]).toEqual([404, 404, 200]);
    expect((await get(link.id, stranger)).json()).toEqual({ message: CASTING_MESSAGES.callNotFound });

    const viaLink = await byLink(link.linkId as string);
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.json()).toMatchObject({ id: link.id, linkId: null, mine: false });
    expect((await byLink(hidden.linkId as string, stranger)).statusCode).toBe(404);
    expect((await byLink('no-such-link')).statusCode).toBe(404);

    const mine = (await (await app.inject({ method: 'GET', url: '/api/casting/mine', headers: bearer(owner) })).json()) as CastingCallList;
    expect(mine.items.map((c) => c.id).sort()).toEqual([pub.id, friends.id, link.id, hidden.id].sort());
    expect(mine.total).toBe(4);
  });

  it("refuses another member's edits, closing and reopening: 403 when they can see the call, 404 when they cannot", async () => {
    const owner = await member('writer');
    const other = await member();
    const pub = await postCall(owner, { visibility: 'public' });
    const link = await postCall(owner, { visibility: 'link' });
    for (const [call, status, message] of [
      [pub, 403, CASTING_MESSAGES.notYours],
      [link, 404, CASTING_MESSAGES.callNotFound],
    ] as const) {
      for (const res of [await patch(other, call.id, { paid: true }), await act(other, call.id, 'close'), await act(other, call.id, 'reopen')]) {
        expect([call.visibility, res.statusCode, res.json()]).toEqual([call.visibility, status, { message }]);
      }
      expect((await get(call.id, owner)).json()).toMatchObject({ paid: false, status: 'open' });
    }
    expect((await patch(other, 'nope', { paid: true })).statusCode).toBe(404);
    // Signed out: the members-only calls answer 401.
    for (const [method, url] of [
      ['POST', '/api/casting/calls'],
      ['PATCH', `/api/casting/calls/${pub.id}`],
      ['POST', `/api/casting/calls/${pub.id}/close`],
      ['POST', `/api/casting/calls/${pub.id}/reopen`],
      ['GET', '/api/casting/mine'],
      ['GET', '/api/casting/limits'],
    ] as const) {
      const payload = method === 'POST' && url.endsWith('/calls') ? input(pub.script as unknown as Script) : method === 'PATCH' ? { paid: true } : undefined;
      expect([url, (await app.inject({ method, url, payload })).statusCode]).toEqual([url, 401]);
    }
  });

  it('filters the board by voice notes, pay, language and closing soon, and searches full text', async () => {
    const owner = await member('premium');
    const tag = `zq${Date.now().toString(36)}`;
    const en = await postScript(app, owner, scene(`Harbour ${tag}`, 'Fishermen and a storm.'));
    const fr = await postScript(app, owner, { ...scene(`Port ${tag}`, 'Des pêcheurs et une tempête.'), language: 'fr' });
    const a = await postCall(owner, { roles: [{ name: 'Romeo', voiceNotes: 'Gravelly Scottish baritone' }], paid: true, deadline: days(2) }, en);
    const b = await postCall(owner, { roles: [{ name: 'Juliet', voiceNotes: 'Bright, Irish lilt', description: 'A lighthouse keeper' }], deadline: days(9) }, en);
    const c = await postCall(owner, { roles: [{ name: 'Romeo', voiceNotes: 'scottish, older' }], deadline: days(1) }, fr);
    // As sets: calls posted within one millisecond may come in either order (the paging test checks the order).
    const ids = async (query: string, words = '') => (await board(`q=${encodeURIComponent(`${tag} ${words}`)}&${query}`)).items.map((call) => call.id).sort();
    const set = (...calls: CastingCall[]) => calls.map((call) => call.id).sort();

    expect(await ids('')).toEqual(set(a, b, c));
    expect(await ids('voice=SCOTTISH')).toEqual(set(a, c));
    expect(await ids('voice=100%25')).toEqual([]);
    expect(await ids('paid=true')).toEqual(set(a));
    expect(await ids('paid=false')).toEqual(set(b, c));
    expect(await ids('language=fr')).toEqual(set(c));
    expect(await ids('closingSoon=true')).toEqual(set(a, c));
    expect(await ids('closingSoon=true&language=en&voice=baritone')).toEqual(set(a));

    // Full text: the title, the synopsis, the roles' descriptions and voice notes, by word prefix.
    expect(await ids('', 'lighthouse')).toEqual(set(b));
    expect(await ids('', 'fisher')).toEqual(set(a, b));
    expect(await ids('', '"gravelly" (')).toEqual(set(a));
    expect(await ids('', 'nowhere')).toEqual([]);

    // Edits reach the search.
    await patch(owner, a.id, { roles: [{ name: 'Romeo', voiceNotes: 'Velvet tenor' }] });
    expect(await ids('', 'velvet')).toEqual(set(a));
    expect(await ids('', 'gravelly')).toEqual([]);

  });

  it('pages the board newest first, CASTING_LIMITS.pageSize calls a page', async () => {
    const tag = `zp${Date.now().toString(36)}`;
    const posted: string[] = [];
    // More calls than one member may have open: three members post them.
    for (let owner = 0; posted.length <= CASTING_LIMITS.pageSize; owner++) {
      const poster = await member('premium');
      const script = await postScript(app, poster, scene(`Crowd ${tag}`, 'Everyone.'));
      for (let i = 0; i < 7; i++) posted.push((await postCall(poster, {}, script)).id);
    }
    const first = await board(`q=${tag}`);
    expect([first.total, first.page, first.pageSize, first.items.length]).toEqual([posted.length, 1, CASTING_LIMITS.pageSize, CASTING_LIMITS.pageSize]);
    const second = await board(`q=${tag}&page=2`);
    expect([second.total, second.page, second.items.length]).toEqual([posted.length, 2, posted.length - CASTING_LIMITS.pageSize]);
    const all = [...first.items, ...second.items];
    expect(all.map((call) => call.id).sort()).toEqual([...posted].sort());
    const times = all.map((call) => call.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // The newest is first and the oldest last (they are further apart than a millisecond).
    expect([all[0].id, all[all.length - 1].id]).toEqual([posted[posted.length - 1], posted[0]]);
    expect((await board(`q=${tag}&page=9`)).items).toEqual([]);
    const bad = await app.inject({ method: 'GET', url: '/api/casting/calls?page=0' });
    expect(bad.statusCode).toBe(400);
  });

  it('limits posts and edits per member per minute with 429 and Retry-After', async () => {
    const busy = await member('writer');
    const call = await postCall(busy);
    const statuses: number[] = [];
    for (let i = 0; i < CASTING_LIMITS.writesPerMinute; i++) statuses.push((await patch(busy, call.id, { paid: i % 2 === 0 })).statusCode);
    expect(statuses).toEqual(Array(CASTING_LIMITS.writesPerMinute).fill(200));
    const limited = await patch(busy, call.id, { paid: true });
    expect([limited.statusCode, limited.json()]).toEqual([429, { message: CASTING_MESSAGES.tooManyRequests }]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Reading is not limited, and another member is not affected.
    expect((await get(call.id, busy)).statusCode).toBe(200);
    expect((await postCall(await member())).status).toBe('open');
  });
});
