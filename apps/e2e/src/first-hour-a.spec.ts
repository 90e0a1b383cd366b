import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, createAccount, dataDir, expect, freshEmail, test, withDb } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { expectNoSeriousViolations } from '../support/axe';

/**
 * The first hour (items 1-4): a newcomer joins and names themselves, reads a demo
 * scene, a visitor listens to a featured finished read, opens a share link logged out, joins and
 * lands back on it, and logs in with a handle; the school site has its own identity. Axe and
 * screenshots at a laptop and a phone size on every page this changed.
 */
test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const SHOTS = 'tmp/screens/first-hour-a';
const FRONT_DOOR_LINE = 'Claim a role, record your lines from home, and hear the whole scene come together.';

/** Axe and a full-page screenshot of the current page at both sizes. */
async function checkAtBothSizes(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expectNoSeriousViolations(page, `${name} (${size.name})`);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Signs in through the API and answers the access token (for test setup calls). */
async function tokenFor(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

/** A short, real WAV file (silence) that Chromium plays to its end. */
function silentWav(ms: number, seed: number): Buffer {
  const rate = 8000;
  const samples = Math.round((rate * ms) / 1000);
  const data = Buffer.alloc(samples * 2);
  data.writeInt16LE(seed % 30000, 0); // distinct bytes per take, so distinct content ids
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

test.beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // The public demo scenes, as an install gets them (`npm run seed:demo`); running it again changes nothing.
  admin('seed-demo');
});

test('join, name yourself, then read a demo scene', async ({ page }) => {
  await page.goto('/');
  // The product's redirect stays; the page is the site's home for a visitor.
  await expect(page).toHaveURL(/\/scripts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Read scripts aloud together' })).toBeVisible();
  await expect(page.getByText(FRONT_DOOR_LINE)).toBeVisible();
  const scenes = page.getByRole('region', { name: 'Try a demo scene' });
  await expect(scenes.getByRole('heading', { level: 3, name: 'Macbeth, Act I, Scene 1' })).toBeVisible();
  await checkAtBothSizes(page, 'front-door');

  await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join VoxClub' });
  const email = freshEmail('ada.lovelace');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
  await dialog.getByRole('button', { name: 'Agree and Join' }).click();

  // The first-run step: the handle is suggested from the email.
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to VoxClub' })).toBeVisible();
  const suggested = email.split('@')[0];
  await expect(page.getByLabel('Handle')).toHaveValue(suggested);
  // The suggestion is kept at once: the header shows the same name as the form.
  await expect(page.getByRole('banner').getByRole('link', { name: `@${suggested}` })).toBeVisible();
  await checkAtBothSizes(page, 'welcome');
  await page.getByLabel('Display name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You’re all set, Ada Lovelace' })).toBeVisible();
  // The header names her now, by the one person-name rule.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/members/${suggested}`);
  await expect(page.getByRole('link', { name: 'Invite a friend' })).toHaveAttribute('href', '/friends');
  await checkAtBothSizes(page, 'welcome-next');

  // The shortest demo scene is offered first.
  await page.getByRole('link', { name: 'Read "Macbeth, Act I, Scene 1"' }).click();
  await expect(page).toHaveURL(/\/session\/[A-Za-z0-9]+$/);
  await expect(page.getByText('When shall we three meet again', { exact: false }).first()).toBeVisible();
});

test('a visitor listens to a featured finished read of a demo scene', async ({ page, request }) => {
  // A reader records every spoken line of the Macbeth scene; staff feature the read.
  const reader = await createAccount(request);
  const token = await tokenFor(request, reader.email, reader.password);
  const auth = { authorization: `Bearer ${token}` };
  const handle = `reader${Date.now().toString(36)}`;
  expect((await request.patch(appUrl('localhost', '/api/users/me'), { headers: auth, data: { handle } })).status()).toBe(200);
  const scriptId = withDb((db) =>
    (db.prepare("select s.id from scripts s join users u on u.id = s.owner_id where lower(u.handle) = 'voxclub' and s.title = ?").get('Macbeth, Act I, Scene 1') as { id: string }).id,
  );
  const session = await (await request.get(appUrl('localhost', `/api/scripts/${scriptId}/session`), { headers: auth })).json();
  const spoken = withDb((db) => db.prepare('select id from script_lines where script_id = ? and role_name is not null order by position').all(scriptId) as Array<{ id: string }>);
  const audioIds: string[] = [];
  const dir = path.join(dataDir, 'uploads', 'audio');
  fs.mkdirSync(dir, { recursive: true });
  withDb((db) => {
    spoken.forEach((line, i) => {
      const bytes = silentWav(150, i + 1);
      const id = createHash('sha256').update(bytes).digest('hex');
      fs.writeFileSync(path.join(dir, id), bytes);
      const now = new Date().toISOString();
      db.prepare('insert or ignore into audio_files (id, content_type, byte_size, created_at) values (?, ?, ?, ?)').run(id, 'audio/wav', bytes.length, now);
      db.prepare(
        'insert into takes (id, session_id, line_id, user_id, client_id, audio_id, content_type, byte_size, duration_ms, picked, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)',
      ).run(`tk${randomUUID().replace(/-/g, '').slice(0, 20)}`, session.id, line.id, reader.id, `take-${randomUUID()}`, id, 'audio/wav', bytes.length, 150, now);
      audioIds.push(id);
    });
  });
  expect(admin('feature-read', '--session', session.id)).toContain('The front door now plays this read of "Macbeth, Act I, Scene 1".');

  // Logged out: the front door plays it, line by line in script order.
  const played: string[] = [];
  page.on('request', (r) => {
    const m = /\/api\/audio\/([0-9a-f]{64})/.exec(r.url());
    if (m && !played.includes(m[1])) played.push(m[1]);
  });
  await page.goto('/scripts');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Macbeth, Act I, Scene 1' }) });
  await expect(card.getByText(`Read by @${handle}`)).toBeVisible();
  await card.getByRole('button', { name: 'Listen to Macbeth, Act I, Scene 1' }).click();
  await expect(page.getByText(/^Now playing Macbeth, Act I, Scene 1:/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Stop Macbeth, Act I, Scene 1' })).toBeVisible();
  // It plays to the end: every take once, in order, then the button offers Listen again.
  await expect(card.getByRole('button', { name: 'Listen to Macbeth, Act I, Scene 1' })).toBeVisible({ timeout: 30_000 });
  expect(played).toEqual(audioIds);
  await checkAtBothSizes(page, 'front-door-listened');
});

test('open a share link logged out, see what it offers, join and land back on it', async ({ page, request }) => {
  const owner = await createAccount(request);
  const token = await tokenFor(request, owner.email, owner.password);
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.patch(appUrl('localhost', '/api/users/me'), { headers: auth, data: { name: 'Owen Owner' } })).status()).toBe(200);
  const script = await (
    await request.post(appUrl('localhost', '/api/scripts'), {
      headers: auth,
      data: {
        title: 'The Storm, a rehearsal',
        synopsis: '',
        genre: '',
        language: 'en',
        visibility: 'private',
        isFree: false,
        roles: [
          { name: 'Miranda', description: '' },
          { name: 'Prospero', description: '' },
        ],
        lines: [
          { kind: 'dialogue', role: 'Miranda', text: 'If by your art, my dearest father, you have put the wild waters in this roar, allay them.' },
          { kind: 'dialogue', role: 'Prospero', text: 'Be collected: no more amazement.' },
        ],
      },
    })
  ).json();
  const session = await (await request.get(appUrl('localhost', `/api/scripts/${script.id}/session`), { headers: auth })).json();
  const link = await (await request.post(appUrl('localhost', `/api/sessions/${session.id}/sharelinks`), { headers: auth, data: { role: 'Miranda' } })).json();

  await page.goto(`/s/${link.id}`);
  // The invitation leads with the person, then Sign up and Log in; the product's sentence stays below.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Owen Owner invited you to read Miranda in “The Storm, a rehearsal”');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByText('Please log in to access the shared script.')).toBeVisible();
  await checkAtBothSizes(page, 'share-link-logged-out');

  await page.getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join VoxClub' });
  await dialog.getByLabel('Email').fill(freshEmail('invitee'));
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
  await dialog.getByRole('button', { name: 'Agree and Join' }).click();
  await expect(page).toHaveURL(new RegExp(`/welcome\\?next=%2Fs%2F${link.id}$`));
  await page.getByLabel('Display name').fill('Ivy Invitee');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('link', { name: 'Continue to the shared script' }).click();
  // Back on the link, which opens the session with the offered role.
  await expect(page).toHaveURL(new RegExp(`/session/${session.id}$`));
  const detail = await (await request.get(appUrl('localhost', `/api/sessions/${session.id}`), { headers: auth })).json();
  const invitee = detail.participants.find((p: { user: { name: string | null } }) => p.user.name === 'Ivy Invitee');
  expect(invitee?.role).toBe('Miranda');
});

test('log in with a handle in "Email or handle"', async ({ page, request }) => {
  const member = await createAccount(request);
  const token = await tokenFor(request, member.email, member.password);
  const handle = `Handle${Date.now().toString(36)}`;
  expect((await request.patch(appUrl('localhost', '/api/users/me'), { headers: { authorization: `Bearer ${token}` }, data: { handle } })).status()).toBe(200);
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Email or handle').fill(`@${handle.toLowerCase()}`);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/scripts$/);
  await expect(page.getByRole('banner').getByRole('link', { name: `@${handle}` })).toBeVisible();
});

test('the school site has its own name, About and look', async ({ page }) => {
  await page.goto(appUrl('school.localhost', '/'));
  await expect(page).toHaveURL(appUrl('school.localhost', '/about'));
  await expect(page.getByRole('heading', { level: 1, name: 'About VoxClub School' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'VoxClub School' })).toBeVisible();
  await expect(page.locator('.vox-theme-root')).toHaveAttribute('data-theme', 'school');
  await checkAtBothSizes(page, 'school-about');
  // The main site keeps its own.
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About VoxClub' })).toBeVisible();
  await expect(page.locator('.vox-theme-root')).toHaveAttribute('data-theme', 'main');
});
