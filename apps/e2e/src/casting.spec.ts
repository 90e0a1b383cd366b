import path from 'node:path';
import type { Page } from '@playwright/test';
import { CASTING_MESSAGES } from '@vox/contract/casting';
import { expectNoSeriousViolations } from '../support/axe';
import { createAccount, expect, runSql, shotsDir, signIn, test } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { recordSide } from '../support/casting';
import { earnestScript, secondReader, tokenOf, withFakeMicrophone } from '../support/reading';

/**
 * Casting calls end to end on the production build: an owner with a name posts a call from a
 * script with every dialog's defaults, a member without a name finds it on the board by search,
 * records the sides from Chromium's fake microphone after their cues and sends them; the owner
 * plays the audition in context, stars it, hears the scene with this cast and casts them; the
 * cast member gets the message and lands in the table read with the role claimed. A visitor
 * browses; acting asks them to log in; the cast member's profile lists the role. The open-calls
 * limit shows before it is reached. The member reports the call; staff see it and hide it.
 */

test.use(withFakeMicrophone());
test.describe.configure({ timeout: 300_000 });

const shots = shotsDir('casting');
const PHONE = { width: 390, height: 844 };
/** After a navigation or a save: the shared machine can take a while to answer. */
const SLOW = { timeout: 30_000 };
const LAPTOP = { width: 1280, height: 800 };

/** Screenshots at both sizes, axe, and no horizontal overflow on the phone. */
async function check(page: Page, name: string) {
  await page.waitForFunction(() => !document.querySelector('.vox-spinner'));
  await expectNoSeriousViolations(page, name);
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} is wider than a 390 px screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(shots, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(LAPTOP);
}

test('a casting call from posting to the cast table read', async ({ page, browser }) => {
  const title = `Earnest casting ${Date.now().toString(36)}`;
  const owner = await createAccount(page.request);
  await runSql('update users set name = ? where id = ?', ['Cecily Cardew', owner.id]);
  const token = await tokenOf(page.request, owner);
  const created = await page.request.post(appUrl('localhost', '/api/scripts'), {
    data: earnestScript({ title, lines: earnestScript().lines.slice(0, 5) }),
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The owner posts a call from the menu's Casting entry, keeping every default but the role.
  await signIn(page, owner);
  await page.goto('/about');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Casting' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Casting calls' })).toBeVisible(SLOW);
  await page.getByRole('link', { name: 'Post a call' }).click();
  await expect(page.getByText('0 of 1 open call used.')).toBeVisible(SLOW);
  await page.getByRole('combobox', { name: 'Script' }).selectOption({ label: title });
  await page.getByRole('checkbox', { name: 'ALGERNON' }).check();
  const sides = page.getByRole('region', { name: 'Role: ALGERNON' }).getByRole('checkbox');
  await expect(sides).toHaveCount(2);
  for (const side of await sides.all()) await expect(side).toBeChecked();
  await check(page, 'post-call');
  await page.getByRole('button', { name: 'Post call' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(SLOW);
  await expect(page.getByRole('list', { name: 'Audition sides for ALGERNON' }).getByRole('listitem')).toHaveText([
    '(turning from the piano) Did you hear what I was playing, Lane?',
    "I'm sorry for that, for your sake. I don't play accurately.",
  ]);
  const callUrl = page.url();
  await check(page, 'call-owner');

  // The limit, before another post: used up, said plainly, with the way to more.
  await page.goto('/casting/new');
  await expect(page.getByText('1 of 1 open call used.')).toBeVisible(SLOW);
  await expect(page.getByText(CASTING_MESSAGES.openCallsLimit)).toBeVisible(SLOW);
  await expect(page.getByRole('link', { name: 'see memberships' })).toHaveAttribute('href', '/membership');
  await check(page, 'limit');

  // A member without a name finds the call by search and records the sides.
  const actor = await secondReader(browser, page);
  const them = actor.page;
  await them.goto('/casting');
  await them.getByRole('searchbox', { name: 'Search calls' }).fill(title);
  await them.getByRole('button', { name: 'Search' }).click();
  const board = them.getByRole('list', { name: 'Open casting calls' });
  await expect(board.getByRole('link')).toHaveText([title]);
  await check(them, 'board');
  await board.getByRole('link', { name: title }).click();
  // A member may report the call to staff, with a reason.
  await them.getByRole('button', { name: 'Report this call' }).click();
  const report = them.getByRole('dialog', { name: 'Report this call' });
  await report.getByRole('textbox', { name: 'Reason (optional)' }).fill('Only testing the report.');
  await check(them, 'report');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(them.getByText('Thank you. Staff will look at this casting call.')).toBeVisible(SLOW);
  await them.getByRole('link', { name: 'Audition for ALGERNON' }).click();
  await expect(them.getByRole('heading', { level: 1, name: 'Audition for ALGERNON' })).toBeVisible(SLOW);
  // Line 2's cue is LANE's line before it.
  await expect(them.getByRole('list', { name: 'Cues for line 2' })).toHaveText(["LANE: I didn't think it polite to listen, sir."]);
  await expect(them.getByRole('button', { name: 'Send audition' })).toBeDisabled();
  await recordSide(them, 1);
  await recordSide(them, 2);
  await check(them, 'audition');
  await them.getByRole('button', { name: 'Send audition' }).click();
  await expect(them.getByText('Your audition was sent')).toBeVisible(SLOW);
  await expect(them.getByRole('button', { name: 'Withdraw audition' })).toBeVisible(SLOW);

  // The owner reviews: plays it in context, stars it, hears the scene with this cast, casts.
  await page.goto(callUrl);
  await page.getByRole('link', { name: 'Review auditions for ALGERNON' }).click();
  const audition = page.getByRole('listitem', { name: 'Audition by Guest' });
  await expect(audition).toBeVisible(SLOW);
  await audition.getByRole('button', { name: 'Play in context' }).click();
  await expect(page.getByTestId('review-audio')).toHaveAttribute('src', /\/api\/casting\/audition-audio\//, SLOW);
  await audition.getByRole('button', { name: '☆ Star' }).click();
  await expect(audition.getByRole('button', { name: '★ Starred' })).toHaveAttribute('aria-pressed', 'true');
  await audition.getByRole('checkbox', { name: 'In the scene' }).check();
  await page.getByRole('button', { name: 'Load the scene' }).click();
  await expect(page.getByRole('list', { name: 'Scene lines' }).getByRole('listitem')).toHaveCount(3, SLOW);
  await page.getByRole('button', { name: 'Play the scene with this cast' }).click();
  await check(page, 'review');
  await audition.getByRole('button', { name: 'Cast Guest' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cast Guest as ALGERNON?' });
  await expect(dialog.getByRole('checkbox', { name: 'Tell the other auditioners the role was cast' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cast Guest' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cast: Guest' })).toBeVisible(SLOW);

  // The cast member sees the message and lands in the table read with the role claimed.
  await them.goto('/notifications');
  await expect(them.getByText(`cast you as ALGERNON in ${title}.`)).toBeVisible(SLOW);
  await them.getByRole('link', { name: 'Open your table read' }).click();
  await expect(them).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/, SLOW);
  await expect(them.getByRole('button', { name: 'Your role: ALGERNON' })).toBeVisible(SLOW);
  await actor.context.close();

  // A visitor browses the board and the call; auditioning asks them to log in.
  const visitor = await browser.newContext({ baseURL: appUrl('localhost', ''), viewport: LAPTOP });
  const guest = await visitor.newPage();
  await guest.goto('/casting');
  await expect(guest.getByRole('heading', { level: 1, name: 'Casting calls' })).toBeVisible(SLOW);
  await guest.goto(callUrl);
  await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible(SLOW);
  await expect(guest.getByText('Cast: Guest')).toBeVisible(SLOW);
  await check(guest, 'call-visitor');
  await guest.goto('/casting/new');
  await expect(guest.getByRole('heading', { level: 1, name: 'Log in to see your casting calls' })).toBeVisible(SLOW);

  // The cast member's profile lists the role, linking the call.
  await guest.goto(`/profile/${actor.account.id}`);
  const castIn = guest.getByRole('list', { name: 'Cast in' });
  await expect(castIn.getByRole('listitem')).toHaveText([`ALGERNON in ${title}`], SLOW);
  await expect(castIn.getByRole('link', { name: title })).toHaveAttribute('href', new URL(callUrl).pathname);
  await check(guest, 'profile-credits');

  // Staff see the report and hide the call: the visitor then finds it gone.
  await runSql('update users set role = ? where id = ?', ['staff', owner.id]);
  await page.goto('/casting');
  await page.getByRole('link', { name: 'Reported calls' }).click();
  const reported = page.getByRole('list', { name: 'Reported casting calls' }).getByRole('listitem').filter({ hasText: title });
  await expect(reported).toContainText('Latest reason: Only testing the report.', SLOW);
  await check(page, 'reports');
  await reported.getByRole('button', { name: `Hide ${title}` }).click();
  await expect(reported.getByRole('button', { name: `Unhide ${title}` })).toBeVisible(SLOW);
  await guest.goto(callUrl);
  await expect(guest.getByRole('heading', { level: 1, name: 'Casting call not found' })).toBeVisible(SLOW);
  await visitor.close();
});
