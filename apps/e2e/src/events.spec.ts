import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { test, expect, createAccount, dataDir, signIn, withDb, shotsDir, type TestAccount } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { expectNoSeriousViolations } from '../support/axe';

/** Where the screenshots of these journeys go, to be looked at (not compared). */
const shots = shotsDir('events');
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function person(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: appUrl(), extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` } });
  return { context, page: await context.newPage() };
}

function setName(account: TestAccount, name: string, role?: string) {
  withDb((db) => {
    db.prepare('update users set name = ? where id = ?').run(name, account.id);
    if (role) db.prepare('update users set role = ? where id = ?').run(role, account.id);
  });
}

/** The mails written to the e2e server's outbox for `email`, oldest first (soft line breaks and folded headers joined). */
function mailsTo(email: string): string[] {
  const outbox = path.join(dataDir, 'mail');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' '))
    .filter((m) => m.includes(`To: ${email}`));
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  for (const [label, size] of [['laptop', LAPTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(LAPTOP);
}

// Three people, mail and screenshots at two sizes: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 120_000 });

/** A date some days ahead, as the date field takes it. */
const daysAhead = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

test('staff create an event with one seat; it fills up, the waiting list promotes on a cancel, and the promoted member is mailed', async ({ page, browser }) => {
  const staff = await createAccount(page.request);
  setName(staff, 'Morgan Staff', 'staff');
  const [ann, bob] = [await createAccount(page.request), await createAccount(page.request)];
  setName(ann, 'Ann Reader');
  setName(bob, 'Bob Barker');

  // Staff create the event from /events.
  await page.setViewportSize(LAPTOP);
  await signIn(page, staff);
  await page.goto('/events');
  await page.getByText('Create an event').click();
  const form = page.getByRole('form', { name: 'New event' });
  const title = `One-seat voice clinic ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('A one-to-one session on breath and diction. Bring a scene you know well.');
  await form.getByLabel('Day').fill(daysAhead(10));
  await form.getByLabel('Starts').fill('18:00');
  await form.getByLabel('Ends').fill('19:30');
  await form.getByLabel('Time zone').selectOption('Europe/London');
  await form.getByLabel('Place').fill('Studio 2, 10 Market Street, Leeds');
  await form.getByLabel('Seats').fill('1');
  await form.getByRole('button', { name: 'Create event' }).click();
  const created = form.getByRole('link', { name: title });
  await expect(created).toBeVisible();
  const eventPath = (await created.getAttribute('href')) ?? '';
  expect(eventPath).toMatch(/^\/event\/[A-Za-z0-9]+$/);
  await shoot(page, 'events-staff');

  // Ann finds it in the list, opens it (full screen) and takes the seat.
  const anns = await person(browser);
  await signIn(anns.page, ann);
  await anns.page.setViewportSize(LAPTOP);
  await anns.page.goto('/events');
  const card = anns.page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('1 of 1 seats left');
  await card.getByRole('link', { name: title }).click();
  await expect(anns.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(anns.page.getByText('18:00–19:30 (London time)')).toBeVisible();
  await shoot(anns.page, 'event');
  await anns.page.getByRole('link', { name: 'Register' }).click();
  await expect(anns.page).toHaveURL(new RegExp(`${eventPath}/register$`));
  await anns.page.getByRole('button', { name: 'Register' }).click();
  await expect(anns.page.getByText('You are registered. A confirmation is on its way to your email.')).toBeVisible();
  await expect(anns.page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await shoot(anns.page, 'event-registered');
  await expect.poll(() => mailsTo(ann.email).length).toBe(1);
  expect(mailsTo(ann.email)[0]).toContain(`Subject: You are registered: ${title}`);
  expect(mailsTo(ann.email)[0]).toContain('filename=event.ics');

  // The event is full: Bob joins the waiting list.
  const bobs = await person(browser);
  await signIn(bobs.page, bob);
  await bobs.page.goto(`${eventPath}/register`);
  await expect(bobs.page.getByText('The event is full.', { exact: false })).toBeVisible();
  await bobs.page.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(bobs.page.getByText('The event is full, so you are on the waiting list. We will email you if a seat opens.')).toBeVisible();
  await expect(bobs.page.getByRole('heading', { name: 'You are number 1 on the waiting list' })).toBeVisible();
  await shoot(bobs.page, 'event-waitlisted');
  await bobs.page.goto('/events');
  await expect(bobs.page.getByRole('listitem').filter({ hasText: title })).toContainText('Full · 1 on the waiting list');

  // Ann cancels (saying yes when asked): the seat goes to Bob at once, and he is told by mail.
  await anns.page.getByRole('button', { name: 'Cancel my registration' }).click();
  await anns.page.getByRole('dialog', { name: 'Cancel your registration?' }).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(anns.page.getByText('Your registration is cancelled.')).toBeVisible();
  // The seat went to Bob, so the event is still full for Ann.
  await expect(anns.page.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
  await bobs.page.goto(`${eventPath}/register`);
  await expect(bobs.page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await expect.poll(() => mailsTo(bob.email).some((m) => m.includes(`Subject: A seat opened up: you are registered for ${title}`))).toBe(true);
  expect(mailsTo(bob.email).at(-1)).toContain('filename=event.ics');

  await anns.context.close();
  await bobs.context.close();
});

/** The mail's event.ics, read by a calendar parser: the calendar's METHOD and its one event. */
function icsOf(mail: string): { method: string | undefined; event: VEvent } {
  // The base64 body runs to the MIME boundary; mailsTo's soft-break join may have glued a final "=" onto it.
  const body = /filename=event\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)(?:\r?\n)?--/.exec(mail)?.[1];
  expect(body, 'an event.ics attachment').toBeTruthy();
  const parsed = ical.sync.parseICS(Buffer.from(body ?? '', 'base64').toString('utf8'));
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return { method: (parsed.vcalendar as { method?: string } | undefined)?.method, event: events[0] };
}

test('cancelling asks first, then mails "you cancelled" with an .ics that cancels the same calendar entry, greeting a member without a name by handle', async ({ page }) => {
  const staff = await createAccount(page.request);
  setName(staff, 'Morgan Staff', 'staff');
  const dee = await createAccount(page.request);
  // A member who skipped the name step: the handle from sign-up, no name.
  const handle = `dee${Date.now().toString(36)}`;
  withDb((db) => db.prepare('update users set name = null, handle = ? where id = ?').run(handle, dee.id));
  const staffToken = (await (await page.request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: staff.email, password: staff.password } })).json()).token as string;
  const soon = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
  const title = `Breath and diction ${Date.now().toString(36)}`;
  const created = await page.request.post(appUrl('localhost', '/api/events'), {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { title, description: 'Warm-ups for the voice.', startsAt: soon(30), endsAt: soon(32), timeZone: 'Europe/London', place: 'Studio 2, Leeds', capacity: 5 },
  });
  expect(created.status()).toBe(201);
  const event = (await created.json()) as { id: string };

  await page.setViewportSize(PHONE);
  await signIn(page, dee);
  await page.goto(`/event/${event.id}/register`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await expect.poll(() => mailsTo(dee.email).length).toBe(1);
  const registered = mailsTo(dee.email)[0];
  expect(registered).toContain(`Hello @${handle},`);
  const entry = icsOf(registered);
  expect(entry.method).toBe('PUBLISH');
  expect(entry.event.uid).toBe(`${event.id}@${new URL(appUrl()).host}`);

  // Asked first: keeping the registration changes nothing.
  await page.getByRole('button', { name: 'Cancel my registration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your registration?' });
  await expect(dialog).toContainText(`Your seat at ${title} goes to the next person on the waiting list at once`);
  await expect(dialog.getByRole('button', { name: 'Keep my registration' })).toBeFocused();
  await expectNoSeriousViolations(page, 'cancel dialog (phone)', { include: '[role="dialog"]' });
  await shoot(page, 'event-cancel-dialog');
  await dialog.getByRole('button', { name: 'Keep my registration' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  expect(mailsTo(dee.email)).toHaveLength(1);

  // Yes: cancelled, and mailed with the calendar entry's cancellation.
  await page.getByRole('button', { name: 'Cancel my registration' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Your registration is cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await expectNoSeriousViolations(page, 'registration page after cancelling');
  await shoot(page, 'event-cancelled');
  await expect.poll(() => mailsTo(dee.email).length).toBe(2);
  const cancelled = mailsTo(dee.email)[1];
  expect(cancelled).toContain(`Subject: You cancelled your registration: ${title}`);
  expect(cancelled).toContain(`Hello @${handle},`);
  expect(cancelled).toContain(`You cancelled your registration for ${title}. Your seat has gone back to the event.`);
  const removal = icsOf(cancelled);
  expect(removal.method).toBe('CANCEL');
  expect(removal.event.uid).toBe(entry.event.uid);
  expect(removal.event.status).toBe('CANCELLED');
});

test('a certificate for an event: listed as mine, printable on one A4 or Letter page with a QR code, verified by anyone, revoked by staff', async ({ page, browser }) => {
  const staff = await createAccount(page.request);
  setName(staff, 'Morgan Staff', 'staff');
  const sam = await createAccount(page.request);
  setName(sam, 'Sam Reader');
  const token = async (account: TestAccount) =>
    (await (await page.request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: account.email, password: account.password } })).json()).token as string;
  const staffAuth = { authorization: `Bearer ${await token(staff)}` };
  const soon = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
  const event = await (
    await page.request.post(appUrl('localhost', '/api/events'), {
      headers: staffAuth,
      data: { title: 'Voice acting weekend', description: '', startsAt: soon(2), endsAt: soon(5), timeZone: 'UTC', place: 'Leeds', capacity: 10 },
    })
  ).json();
  expect((await page.request.put(appUrl('localhost', `/api/events/${event.id}/registration`), { headers: { authorization: `Bearer ${await token(sam)}` } })).status()).toBe(200);
  // Staff issue it from the event's page, where they see who came.
  const staffs = await person(browser);
  await signIn(staffs.page, staff);
  await staffs.page.goto(`/event/${event.id}`);
  const attendees = staffs.page.getByRole('list', { name: 'Attendees' });
  await expect(attendees).toContainText(`Sam Reader · ${sam.email}`);
  await attendees.getByRole('button', { name: 'Issue a certificate to Sam Reader' }).click();
  const issuedLink = attendees.getByRole('link', { name: 'Certificate issued' });
  await expect(issuedLink).toBeVisible();
  await staffs.page.setViewportSize(LAPTOP);
  await shoot(staffs.page, 'event-staff-attendees');
  const certId = ((await issuedLink.getAttribute('href')) ?? '').replace('/certificate/', '');
  expect(certId).toMatch(/^[A-Za-z0-9]{24}$/);

  // Sam finds it under /certificate and opens it.
  await page.setViewportSize(LAPTOP);
  await signIn(page, sam);
  await page.goto('/certificate');
  await expect(page.getByRole('heading', { level: 1, name: 'Your certificates' })).toBeVisible();
  await shoot(page, 'certificates');
  await page.getByRole('link', { name: 'View and print: Voice acting weekend' }).click();
  await expect(page).toHaveURL(new RegExp(`/certificate/${certId}$`));
  const sheet = page.getByRole('article');
  await expect(sheet).toContainText('Sam Reader');
  await expect(sheet).toContainText('Voice acting weekend');
  await expect(sheet).toContainText('Morgan Staff');
  await expect(sheet).toContainText(`/certificate/${certId}`);
  await expect(page.getByRole('img', { name: 'QR code of the verification link' }).locator('svg')).toBeVisible();
  await expect(page.getByText('Verified: a valid certificate issued by VoxClub to Sam Reader')).toBeVisible();
  await shoot(page, 'certificate');

  // Printed: one landscape page on A4 and on Letter, toolbar and banner left out.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 1123, height: 794 });
  await page.screenshot({ path: path.join(shots, 'certificate-print-a4.png') });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await page.pdf({ format, landscape: true, printBackground: true });
    fs.writeFileSync(path.join(shots, `certificate-${format}.pdf`), pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect({ format, pages: pages.length }).toEqual({ format, pages: 1 });
  }
  await page.emulateMedia({ media: 'screen' });

  // Anyone with the link verifies it, without signing in.
  const visitor = await person(browser);
  await visitor.page.goto(`/certificate/${certId}`);
  await expect(visitor.page.getByText('Verified: a valid certificate issued by VoxClub to Sam Reader')).toBeVisible();
  await expect(visitor.page.getByRole('button', { name: 'Revoke certificate' })).toHaveCount(0);

  // Staff revoke it; the verification says so.
  await staffs.page.goto(`/certificate/${certId}`);
  await staffs.page.getByRole('button', { name: 'Revoke certificate' }).click();
  await staffs.page.getByRole('button', { name: 'Yes, revoke it' }).click();
  await expect(staffs.page.getByText(/^Revoked: this certificate was withdrawn on/)).toBeVisible();
  await visitor.page.reload();
  await expect(visitor.page.getByText(/^Revoked: this certificate was withdrawn on/)).toBeVisible();
  await expect(visitor.page.getByText('REVOKED', { exact: true })).toBeVisible();
  await shoot(visitor.page, 'certificate-revoked');
  await visitor.context.close();
  await staffs.context.close();
});

test('the contact and pilot-programme forms look finished', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please tell us your name.')).toBeVisible();
  await shoot(page, 'contact');
  await page.goto('/pilot_program/id');
  await expect(page.getByRole('heading', { level: 1, name: 'Pilot program for schools' })).toBeVisible();
  await shoot(page, 'pilot');
});
