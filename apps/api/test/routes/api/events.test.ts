import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import ical, { type VEvent } from 'node-ical';
import { EVENT_MESSAGES } from '@vox/contract/schemas';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { readOutbox } from '../../fixtures/outbox';

/**
 * The mail's event.ics attachment, read by a real calendar parser. The base64 body ends at the
 * MIME boundary; readOutbox's soft-break join may have glued a final "=" padding onto it.
 */
function icsOf(mail: string): { method: string | undefined; event: VEvent } {
  const body = /filename=event\.ics\n\n([A-Za-z0-9+/=\n]+?)\n?--/.exec(mail)?.[1];
  if (!body) throw new Error('no event.ics in the mail');
  const parsed = ical.sync.parseICS(Buffer.from(body, 'base64').toString('utf8'));
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return { method: (parsed.vcalendar as { method?: string } | undefined)?.method, event: events[0] };
}

const hours = (n: number) => new Date(Date.now() + n * 3600_000).toISOString();

describe('events: create, list, register, waiting list, cancel', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let outbox: string;
  let staff: TestUser;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-events-'));
    outbox = path.join(dataDir, 'mail');
    app = await build({ DATA_DIR: dataDir, PUBLIC_URL: 'https://voxclub.test' });
    staff = await createUser(app, { role: 'staff' });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const mailsTo = async (email: string) => {
    await app.mailer.idle();
    return readOutbox(outbox).filter((m) => m.includes(`To: ${email}`));
  };

  const input = (over: Record<string, unknown> = {}) => ({
    title: 'Open table read: The Lighthouse',
    description: 'Bring your voice; scripts are shared on the night.',
    startsAt: hours(48),
    endsAt: hours(50),
    timeZone: 'Europe/London',
    place: 'Studio 2, 10 Market Street, Leeds',
    capacity: 2,
    ...over,
  });

  async function createEvent(over: Record<string, unknown> = {}) {
    const res = await app.inject({ method: 'POST', url: '/api/events', headers: bearer(staff), payload: input(over) });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; seatsLeft: number };
  }

  const register = (user: TestUser, id: string) => app.inject({ method: 'PUT', url: `/api/events/${id}/registration`, headers: bearer(user) });
  const cancel = (user: TestUser, id: string) => app.inject({ method: 'DELETE', url: `/api/events/${id}/registration`, headers: bearer(user) });
  const get = (id: string, user?: TestUser) => app.inject({ method: 'GET', url: `/api/events/${id}`, headers: user ? bearer(user) : {} });

  it('lets staff create an event and refuses members and bad input with their texts', async () => {
    const member = await createUser(app);
    const refused = await app.inject({ method: 'POST', url: '/api/events', headers: bearer(member), payload: input() });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: EVENT_MESSAGES.staffOnly }]);

    const bad = async (over: Record<string, unknown>, message: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/events', headers: bearer(staff), payload: input(over) });
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    };
    await bad({ title: '   ' }, EVENT_MESSAGES.titleMissing);
    await bad({ endsAt: hours(47) }, EVENT_MESSAGES.endsBeforeStart);
    await bad({ timeZone: 'Mars/Olympus_Mons' }, EVENT_MESSAGES.badTimeZone);
    await bad({ place: ' ', onlineUrl: null }, EVENT_MESSAGES.placeMissing);
    await bad({ onlineUrl: 'javascript:alert(1)' }, EVENT_MESSAGES.badUrl);

    const created = await app.inject({ method: 'POST', url: '/api/events', headers: bearer(staff), payload: input({ onlineUrl: 'https://meet.example.com/lighthouse' }) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Open table read: The Lighthouse',
      timeZone: 'Europe/London',
      place: 'Studio 2, 10 Market Street, Leeds',
      onlineUrl: 'https://meet.example.com/lighthouse',
      capacity: 2,
      seatsLeft: 2,
      waitlistCount: 0,
      ended: false,
      myRegistration: null,
    });
  });

  it('lists upcoming events soonest first to anyone and archives ended ones', async () => {
    const later = await createEvent({ title: 'Later event', startsAt: hours(300), endsAt: hours(302) });
    const sooner = await createEvent({ title: 'Sooner event', startsAt: hours(1), endsAt: hours(3) });
    // Ended an hour ago (written straight to the table: the API refuses nothing about the past, but staff would not make one).
    const past = await app.eventsRepository.insertEvent({
      title: 'Last month’s showcase', description: '', starts_at: hours(-5), ends_at: hours(-1), time_zone: 'UTC', place: 'Online', online_url: null, capacity: 5, created_by: staff.id,
    });
    const upcoming = await app.inject({ method: 'GET', url: '/api/events' });
    expect(upcoming.statusCode).toBe(200);
    const ids = upcoming.json().events.map((e: { id: string }) => e.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(past.id);
    const archive = await app.inject({ method: 'GET', url: '/api/events?when=past' });
    expect(archive.json().events.map((e: { id: string }) => e.id)).toEqual([past.id]);
    expect(archive.json().events[0].ended).toBe(true);

    const member = await createUser(app);
    const closed = await register(member, past.id);
    expect([closed.statusCode, closed.json()]).toEqual([409, { message: EVENT_MESSAGES.eventEnded }]);
    const missing = await get('NoSuchEvent');
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: EVENT_MESSAGES.eventNotFound }]);
    expect((await register(member, 'NoSuchEvent')).statusCode).toBe(404);
  });

  it('registers once, mails a confirmation with an .ics, fills up into a waiting list and promotes on cancel', async () => {
    const event = await createEvent({ capacity: 1, title: 'Voice clinic' });
    const [ann, ben, cat] = [await createUser(app), await createUser(app), await createUser(app)];

    const first = await register(ann, event.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: EVENT_MESSAGES.registered, event: { seatsLeft: 0, myRegistration: { status: 'confirmed', position: null } } });
    // Registering twice is one registration (and no second mail).
    const again = await register(ann, event.id);
    expect(again.json()).toMatchObject({ message: EVENT_MESSAGES.alreadyRegistered, event: { seatsLeft: 0, waitlistCount: 0 } });

    const annMails = await mailsTo(ann.email);
    expect(annMails).toHaveLength(1);
    expect(annMails[0]).toContain('Subject: You are registered: Voice clinic');
    expect(annMails[0]).toContain('Your seat is confirmed.');
    expect(annMails[0]).toContain(`https://voxclub.test/event/${event.id}`);
    expect(annMails[0]).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH; name=event\.ics/i);
    const ics = Buffer.from(/filename=event\.ics\n\n([A-Za-z0-9+/=\n]+?)\n--/.exec(annMails[0])?.[1] ?? '', 'base64').toString('utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('SUMMARY:Voice clinic');
    expect(ics).toContain(`UID:${event.id}@voxclub.test`);
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    const benRes = await register(ben, event.id);
    expect(benRes.json()).toMatchObject({ message: EVENT_MESSAGES.waitlisted, event: { seatsLeft: 0, waitlistCount: 1, myRegistration: { status: 'waitlisted', position: 1 } } });
    expect((await register(ben, event.id)).json().message).toBe(EVENT_MESSAGES.alreadyWaitlisted);
    const catRes = await register(cat, event.id);
    expect(catRes.json().event.myRegistration).toMatchObject({ status: 'waitlisted', position: 2 });
    const benMails = await mailsTo(ben.email);
    expect(benMails).toHaveLength(1);
    expect(benMails[0]).toContain('Subject: You are on the waiting list: Voice clinic');
    expect(benMails[0]).not.toContain('event.ics');

    // Ann cancels: Ben moves up at once and is told; Cat is now next in line.
    const cancelled = await cancel(ann, event.id);
    expect(cancelled.json()).toMatchObject({ message: EVENT_MESSAGES.cancelled, event: { seatsLeft: 0, waitlistCount: 1, myRegistration: null } });
    expect((await get(event.id, ben)).json().myRegistration).toMatchObject({ status: 'confirmed', position: null });
    expect((await get(event.id, cat)).json().myRegistration).toMatchObject({ status: 'waitlisted', position: 1 });
    const promoted = (await mailsTo(ben.email)).at(-1) ?? '';
    expect(promoted).toContain('Subject: A seat opened up: you are registered for Voice clinic');
    expect(promoted).toContain('event.ics');

    const notAgain = await cancel(ann, event.id);
    expect([notAgain.statusCode, notAgain.json()]).toEqual([404, { message: EVENT_MESSAGES.notRegistered }]);

    // Cat leaves the waiting list: nothing changes for Ben; then Ben cancels and the seat is free.
    expect((await cancel(cat, event.id)).json().event).toMatchObject({ seatsLeft: 0, waitlistCount: 0 });
    expect((await cancel(ben, event.id)).json().event).toMatchObject({ seatsLeft: 1, waitlistCount: 0 });
    // Ann comes back and gets the seat again.
    expect((await register(ann, event.id)).json().event.myRegistration.status).toBe('confirmed');
  });

  it('mails a member who cancels a seat a "you cancelled" mail whose .ics cancels the same entry, greeting them by handle', async () => {
    const event = await createEvent({ capacity: 1, title: 'Breath and diction' });
    const dee = await createUser(app, { handle: 'dee' });
    await register(dee, event.id);
    const [registered] = await mailsTo(dee.email);
    expect(registered).toContain('Hello @dee,');
    expect(registered).not.toContain('Guest');
    const entry = icsOf(registered);
    expect(entry.method).toBe('PUBLISH');
    expect(entry.event.uid).toBe(`${event.id}@voxclub.test`);

    const res = await cancel(dee, event.id);
    expect(res.json()).toMatchObject({ message: EVENT_MESSAGES.cancelled, event: { seatsLeft: 1, myRegistration: null } });
    const mails = await mailsTo(dee.email);
    expect(mails).toHaveLength(2);
    const cancelled = mails[1];
    expect(cancelled).toContain('Subject: You cancelled your registration: Breath and diction');
    expect(cancelled).toContain('Hello @dee,');
    expect(cancelled).toContain('You cancelled your registration for Breath and diction. Your seat has gone back to the event.');
    expect(cancelled).toContain('The attached calendar update removes the event from your calendar.');
    expect(cancelled).toContain(`Changed your mind? Register again at https://voxclub.test/event/${event.id}/register while seats are left.`);
    expect(cancelled).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL; name=event\.ics/i);
    const removal = icsOf(cancelled);
    expect(removal.method).toBe('CANCEL');
    expect(removal.event.uid).toBe(entry.event.uid);
    expect(removal.event.status).toBe('CANCELLED');
    expect(Number(removal.event.sequence)).toBeGreaterThanOrEqual(Number(entry.event.sequence));
    expect(removal.event.start.toISOString()).toBe(entry.event.start.toISOString());
  });

  it('mails a member who leaves the waiting list without a calendar attachment', async () => {
    const event = await createEvent({ capacity: 1, title: 'Full house' });
    const [eve, fay] = [await createUser(app, { handle: 'eve' }), await createUser(app, { handle: 'fay' })];
    await register(eve, event.id);
    await register(fay, event.id);
    await cancel(fay, event.id);
    const mails = await mailsTo(fay.email);
    expect(mails.map((m) => /Subject: (.*)/.exec(m)?.[1])).toEqual(['You are on the waiting list: Full house', 'You cancelled your registration: Full house']);
    expect(mails[1]).toContain('Hello @fay,');
    expect(mails[1]).toContain('You cancelled your registration for Full house and left its waiting list.');
    expect(mails[1]).not.toContain('event.ics');
    // Eve keeps her seat and hears nothing.
    expect(await mailsTo(eve.email)).toHaveLength(1);
  });

  it('gives two members racing for the last seat one seat and one waiting-list place', async () => {
    for (let round = 0; round < 5; round++) {
      const event = await createEvent({ capacity: 2, title: `Race ${round}` });
      const early = await createUser(app);
      expect((await register(early, event.id)).json().event.seatsLeft).toBe(1);
      const racers = [await createUser(app), await createUser(app)];
      const answers = await Promise.all(racers.map((r) => register(r, event.id)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const statuses = answers.map((a) => a.json().event.myRegistration.status).sort();
      expect(statuses).toEqual(['confirmed', 'waitlisted']);
      const after = (await get(event.id)).json();
      expect(after).toMatchObject({ seatsLeft: 0, waitlistCount: 1 });
      const row = await app.db.selectFrom('events').select('seats_taken').where('id', '=', event.id).executeTakeFirstOrThrow();
      expect(Number(row.seats_taken)).toBe(2);
    }
    // Five rounds of three sign-ups (each a password hash): well past 30 s on a loaded 2-core machine.
  }, 120_000);

  it('keeps one registration when the same member registers twice at once', async () => {
    const event = await createEvent({ capacity: 3 });
    const member = await createUser(app);
    const answers = await Promise.all([register(member, event.id), register(member, event.id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().message).sort()).toEqual([EVENT_MESSAGES.alreadyRegistered, EVENT_MESSAGES.registered].sort());
    expect((await get(event.id)).json().seatsLeft).toBe(2);
  });

  it('shows staff who comes and who waits; nobody else', async () => {
    const event = await createEvent({ capacity: 1 });
    const [a, b] = [await createUser(app), await createUser(app)];
    await register(a, event.id);
    await register(b, event.id);
    const list = await app.inject({ method: 'GET', url: `/api/events/${event.id}/attendees`, headers: bearer(staff) });
    expect(list.statusCode).toBe(200);
    expect(list.json().attendees.map((x: { user: { id: string }; status: string; email: string }) => [x.user.id, x.status, x.email])).toEqual([
      [a.id, 'confirmed', a.email],
      [b.id, 'waitlisted', b.email],
    ]);
    const refused = await app.inject({ method: 'GET', url: `/api/events/${event.id}/attendees`, headers: bearer(a) });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: EVENT_MESSAGES.staffOnly }]);
  });
});
