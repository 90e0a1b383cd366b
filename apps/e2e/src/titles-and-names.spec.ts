import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { PATHS, type PathId } from '@vox/variant';
import { admin, createAccount, expect, freshEmail, signIn, test, type TestAccount } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { expectNoSeriousViolations } from '../support/axe';

/**
 * Names and titles: skipping the first-run step keeps the suggested handle (a friend sees the
 * request from @handle, never from Guest); the logged-out share page leads with the inviter; and
 * every route of every variant has a tab title of its own: walked as a staff member (every
 * privilege), no title is shared by two different pages.
 */
test.describe.configure({ timeout: 240_000 });

const SHOTS = 'tmp/screens/titles-and-names';
const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

async function checkAtBothSizes(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expectNoSeriousViolations(page, `${name} (${size.name})`);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function tokenFor(request: APIRequestContext, account: TestAccount): Promise<string> {
  const res = await request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: account.email, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

async function setProfile(request: APIRequestContext, account: TestAccount, data: { name?: string; handle?: string }) {
  const token = await tokenFor(request, account);
  const res = await request.patch(appUrl('localhost', '/api/users/me'), { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return token;
}

test('Skip for now keeps the suggested handle: the header and the form agree, and a friend sees the request from @handle', async ({ page, browser, request }) => {
  // Set up from a context of its own: signing in through page.request would sign the page in.
  const friend = await createAccount(request);
  const friendHandle = `fran${Date.now().toString(36)}`;
  await setProfile(request, friend, { name: 'Fran Friend', handle: friendHandle });

  await page.goto('/register');
  const dialog = page.getByRole('dialog', { name: 'Join VoxClub' });
  const email = freshEmail('skipper');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
  await dialog.getByRole('button', { name: 'Agree and Join' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  const suggested = email.split('@')[0];
  // Step 1: the header and the form show the same name, the suggested @handle.
  await expect(page.getByLabel('Handle')).toHaveValue(suggested);
  await expect(page.getByRole('banner').getByRole('link', { name: `@${suggested}` })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /Guest/ })).toHaveCount(0);
  await expect(page).toHaveTitle('Welcome · VoxClub');
  await checkAtBothSizes(page, 'welcome-step-1');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `You’re all set, @${suggested}` })).toBeVisible();

  // She asks Fran to be friends; Fran sees who asked, by handle.
  await page.goto('/friends');
  await page.getByLabel('Handle or email').fill(friendHandle);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Friend request sent to Fran Friend.')).toBeVisible();

  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.251' } });
  try {
    const fran = await context.newPage();
    await signIn(fran, friend);
    await fran.goto('/friends');
    const incoming = fran.getByRole('list', { name: 'Requests for you' });
    // A fresh browser: the first page loads its code cold.
    await expect(incoming).toContainText(`@${suggested}`, { timeout: 30_000 });
    await expect(incoming).not.toContainText('Guest');
    await expect(incoming.getByRole('button', { name: `Accept @${suggested}` })).toBeVisible();
    await fran.goto('/notifications');
    await expect(fran.getByRole('list', { name: 'Messages' })).toContainText(`@${suggested} sent you a friend request.`);
  } finally {
    await context.close();
  }
});

test('the logged-out share page leads with the inviter; a revoked link offers no Sign up', async ({ page, request }) => {
  const owner = await createAccount(request);
  const token = await setProfile(request, owner, { name: 'Owen Owner' });
  const auth = { authorization: `Bearer ${token}` };
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
        roles: [{ name: 'Miranda', description: '' }],
        lines: [{ kind: 'dialogue', role: 'Miranda', text: 'If by your art, my dearest father, you have put the wild waters in this roar, allay them.' }],
      },
    })
  ).json();
  const session = await (await request.get(appUrl('localhost', `/api/scripts/${script.id}/session`), { headers: auth })).json();
  const link = await (await request.post(appUrl('localhost', `/api/sessions/${session.id}/sharelinks`), { headers: auth, data: { role: 'Miranda' } })).json();

  await page.goto(`/s/${link.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Owen Owner invited you to read Miranda in “The Storm, a rehearsal”');
  const main = page.getByRole('main');
  await expect(main.getByRole('button')).toHaveText(['Sign up', 'Log in']);
  await expect(main.getByText('Please log in to access the shared script.')).toBeVisible();
  await checkAtBothSizes(page, 'share-link-invitation');

  await page.goto('/s/no-such-link');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please log in to access the shared script.');
  await expect(main.getByRole('button')).toHaveText(['Log in']);
  await expect(main.getByText(/invited you/)).toHaveCount(0);
  await checkAtBothSizes(page, 'share-link-unknown');
});

/** Sample values for the routes' parameters: real ones where the walk has them. */
interface Params {
  scriptId: string;
  sessionId: string;
  handle: string;
  userId: string;
}

function pathOf(id: PathId, params: Params): string {
  const values: Record<string, string> = { ...params, eventId: 'ev-none', audioId: 'au-none', type: 'sfx', templateId: 'tp-none', classId: 'cl-none', assignmentId: 'as-none', channelId: 'ch-none', playlistId: 'pl-none', certId: 'ce-none', documentId: 'dr-none', linkId: 'ln-none' };
  return PATHS[id].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]));
}

/** Goes to a path inside the app, as its links do (no reload: the walk stays quick). */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `walk${idx}`, idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/** What a page is: an open dialog's name, else its main heading (the same page keeps its heading across sites). */
async function identity(page: Page): Promise<string> {
  // Spinners first: a page that loads names itself when it has what it shows.
  await page.waitForTimeout(150);
  await expect(page.locator('.vox-spinner:visible')).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
  const heading = page.locator('h1').first();
  await heading.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(250);
  const dialog = page.getByRole('dialog');
  if (await dialog.count()) return `dialog: ${(await dialog.first().locator('h2, h1').first().textContent())?.trim()}`;
  return (await heading.count()) ? ((await heading.textContent()) ?? '').trim() : '(no heading)';
}

test('every route of every variant has a title of its own: no two different pages share one', async ({ page, request }) => {
  // About 230 pages, visited inside the app (a few minutes on a quiet machine).
  test.setTimeout(1_500_000);
  const staff = await createAccount(request);
  admin('grant', '--user', staff.email, '--role', 'staff');
  const handle = `stella${Date.now().toString(36)}`;
  const token = await setProfile(request, staff, { name: 'Stella Staff', handle });
  const auth = { authorization: `Bearer ${token}` };
  const script = await (
    await request.post(appUrl('localhost', '/api/scripts'), {
      headers: auth,
      data: { title: 'The Tempest, Act I', synopsis: '', genre: '', language: 'en', visibility: 'public', isFree: false, roles: [{ name: 'Ariel', description: '' }], lines: [{ kind: 'dialogue', role: 'Ariel', text: 'All hail, great master!' }] },
    })
  ).json();
  const session = await (await request.get(appUrl('localhost', `/api/scripts/${script.id}/session`), { headers: auth })).json();
  const params: Params = { scriptId: script.id, sessionId: session.id, handle, userId: staff.id };

  const hosts = ['localhost', 'school.localhost', 'podcast.localhost', 'dashboard.localhost'];
  // The dashboard's own tabs, besides every path of the table.
  const extra = ['/no/such/page', '/metrics', '/metrics/jobs', '/metrics/requests'];
  const seen = new Map<string, Map<string, string[]>>();
  const titles: Record<string, string> = {};
  for (const host of hosts) {
    await signIn(page, staff, host);
    await page.goto(appUrl(host, '/guide'));
    // Microsoft's start page leaves for Microsoft; its logout page signs out, so it comes last.
    const ids = (Object.keys(PATHS) as PathId[]).filter((id) => id !== 'msLogin' && id !== 'msLogout');
    for (const path of [...ids.map((id) => pathOf(id, params)), ...extra, PATHS.msLogout]) {
      await visit(page, path);
      const what = await identity(page);
      const title = await page.title();
      const where = `${host}${path}`;
      titles[where] = title;
      expect(title, where).toMatch(/^.+ · VoxClub( School)?$/);
      const pages = seen.get(title) ?? new Map<string, string[]>();
      pages.set(what, [...(pages.get(what) ?? []), where]);
      seen.set(title, pages);
    }
  }
  const shared = [...seen].filter(([, pages]) => pages.size > 1).map(([title, pages]) => `${title}: ${[...pages].map(([what, at]) => `"${what}" at ${at.join(', ')}`).join(' / ')}`);
  expect(shared).toEqual([]);

  // What each kind of page is called.
  expect(titles[`localhost/members/${handle}`]).toBe('Stella Staff · VoxClub');
  expect(titles[`localhost/profile/${staff.id}`]).toBe('Stella Staff · VoxClub');
  expect(titles[`localhost/session/${session.id}`]).toBe('The Tempest, Act I · VoxClub');
  expect(titles[`localhost/script/${script.id}`]).toBe('The Tempest, Act I · VoxClub');
  expect(titles['localhost/welcome']).toBe('Welcome · VoxClub');
  expect(titles['localhost/no/such/page']).toBe('Page not found · VoxClub');
  expect(titles['school.localhost/classes']).toBe('Classes · VoxClub School');
  expect(titles['school.localhost/about']).toBe('About · VoxClub School');
  expect(titles['dashboard.localhost/metrics']).toBe('Metrics · VoxClub');
  expect(titles['dashboard.localhost/metrics/jobs']).toBe('Failed jobs · VoxClub');
  expect(titles['dashboard.localhost/metrics/requests']).toBe('Requests · VoxClub');
});
