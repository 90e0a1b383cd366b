import type { APIRequestContext, Browser, BrowserContext, Page, PlaywrightTestOptions } from '@playwright/test';
import { createAccount, expect, signIn, withDb, type TestAccount } from './fixtures';
import { appUrl } from './ports';

/** The config's Chromium flags: without them, Chromium keeps reaching for Google's hosts on a closed network. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * `test.use` for specs that record: the config's Chromium with a fake microphone (a beep, no
 * prompt) at laptop size. `extraArgs` and `permissions` add to it (e.g. autoplay, the clipboard).
 */
export function withFakeMicrophone({ extraArgs = [] as string[], permissions = [] as string[] } = {}): Partial<PlaywrightTestOptions> & {
  launchOptions: { executablePath: string; args: string[] };
} {
  return {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', ...extraArgs],
    },
    permissions: ['microphone', ...permissions],
    viewport: { width: 1280, height: 800 },
  };
}

/** A script line as the API takes it. */
interface ScriptLine {
  kind: 'scene' | 'dialogue' | 'action' | 'transition';
  role: string | null;
  text: string;
  parenthetical?: string;
}

/** The opening of The Importance of Being Earnest: ALGERNON has lines 2 and 5 (1-based, the scene heading first). */
export const EARNEST_LINES: ScriptLine[] = [
  { kind: 'scene', role: null, text: "INT. ALGERNON'S FLAT IN HALF-MOON STREET - DAY" },
  { kind: 'dialogue', role: 'ALGERNON', parenthetical: '(turning from the piano)', text: 'Did you hear what I was playing, Lane?' },
  { kind: 'dialogue', role: 'LANE', text: "I didn't think it polite to listen, sir." },
  { kind: 'action', role: null, text: 'Algernon crosses to the tea table.' },
  { kind: 'dialogue', role: 'ALGERNON', text: "I'm sorry for that, for your sake. I don't play accurately." },
  { kind: 'transition', role: null, text: 'CUT TO:' },
];

/**
 * The Earnest scene as the API's createScript takes it; `overrides` change its title, visibility
 * or lines (e.g. `EARNEST_LINES.slice(0, 5)` without the transition).
 */
export function earnestScript(overrides: Partial<{ title: string; synopsis: string; visibility: 'public' | 'private' | 'friends'; lines: ScriptLine[] }> = {}) {
  return {
    title: 'The Importance of Being Earnest, Act I',
    synopsis: 'Algernon and his manservant Lane, before Jack arrives.',
    genre: 'Comedy',
    language: 'en',
    visibility: 'public' as const,
    isFree: false,
    roles: [
      { name: 'ALGERNON', description: 'A young man of leisure' },
      { name: 'LANE', description: 'His manservant' },
    ],
    lines: EARNEST_LINES,
    ...overrides,
  };
}

/** The account's access token, signed in through the API as the web app does. */
export async function tokenOf(request: APIRequestContext, account: Pick<TestAccount, 'email' | 'password'>): Promise<string> {
  const res = await request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: account.email, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

/** A line of the table-read reader, by its text. */
export const readerLine = (page: Page, text: string) => page.locator('.vox-reader-line', { hasText: text });

/** Records about a second and a half on the reader's line with `text`, from the fake microphone. */
export async function recordTake(page: Page, text: string) {
  const row = readerLine(page, text);
  await row.getByRole('button', { name: /^Record/ }).click();
  await expect(row.getByRole('status', { name: 'Recording' })).toBeVisible();
  await page.waitForTimeout(1500);
  await row.getByRole('button', { name: 'Stop' }).click();
}

/**
 * A second member in a browser context of their own (microphone allowed, laptop size, another
 * client address so per-address limits count them apart), signed in; named `name` when given.
 */
export async function secondReader(browser: Browser, page: Page, name?: string): Promise<{ context: BrowserContext; page: Page; account: TestAccount }> {
  const context = await browser.newContext({
    baseURL: appUrl('localhost', ''),
    permissions: ['microphone'],
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
  });
  const other = await context.newPage();
  const account = await createAccount(page.request);
  if (name) withDb((db) => db.prepare('update users set name = ? where id = ?').run(name, account.id));
  await signIn(other, account);
  return { context, page: other, account };
}
