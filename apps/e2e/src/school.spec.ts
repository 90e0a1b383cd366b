import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { admin, createAccount, expect, signIn, test, withDb, shotsDir, type TestAccount } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { expectNoSeriousViolations } from '../support/axe';
import { EARNEST_LINES, earnestScript, withFakeMicrophone } from '../support/reading';

/**
 * The school journey in Chromium. Staff give a member the teacher role (the
 * admin CLI); the teacher creates a class on school.localhost, enrols two students from CSV and
 * assigns a scene; a student sets a password with the code from the sign-in sheet, logs in on
 * the school site with the User ID, records a take (Chromium's fake microphone) and hands it in;
 * the teacher listens in the reader, comments on a line at a time in the take and marks the work
 * complete; the student reads the feedback in Messages; the teacher issues the certificate and
 * anyone with its link sees it verified. Every school page is looked at (laptop and phone) and
 * checked with axe on the way.
 *
 * The steps depend on each other, so they run in order and stop at the first failure; each has
 * its own time limit, so a page that never settles fails the step instead of holding CI.
 */

test.use(withFakeMicrophone({ extraArgs: ['--autoplay-policy=no-user-gesture-required'] }));
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SCHOOL = 'school.localhost';
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const shots = shotsDir('school');

const SCENE = earnestScript({ visibility: 'private', lines: EARNEST_LINES.slice(0, 5) });
const ALG_1 = 'Did you hear what I was playing, Lane?';
const ALG_2 = "I'm sorry for that, for your sake. I don't play accurately.";

/** What one step hands to the next. */
const run = Date.now().toString(36);
const CLASS_NAME = `Drama 9B ${run}`;
const TERM = 'Spring 2027';
const ANA = { name: 'Ana Bell', loginId: `ana.bell.${run}`, password: 'ana-new-pass-1' };
const CY = { name: 'Cy Dunn', loginId: `cy.dunn.${run}`, password: 'cy-new-pass-1' };
const state: {
  teacher?: TestAccount;
  classPath?: string;
  assignmentPath?: string;
  sheet: Map<string, { code: string; link: string }>;
  certificatePath?: string;
} = { sheet: new Map() };

async function shoot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  for (const [label, size] of [['laptop', LAPTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    // Nothing wider than the screen: a phone never scrolls sideways (wide tables scroll in their box).
    await expect.poll(() => widerThanScreen(page), { message: `${name} (${label}) is wider than the screen` }).toEqual([]);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: true });
    await expectNoSeriousViolations(page, `${name} (${label})`);
  }
  await page.setViewportSize(LAPTOP);
}

/** The outermost elements that stick out past the right edge of the screen (empty when the page fits). */
function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Inside a box that scrolls or clips sideways: fine.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const overflow = getComputedStyle(p).overflowX;
        if (overflow !== 'visible' && p.getBoundingClientRect().right <= width + 1) clipped = true;
      }
      if (!clipped) out.push(`${el.tagName.toLowerCase()}.${el.className} (${Math.round(box.right)} px)`);
    }
    if (out.length) return out.slice(0, 5);
    const all = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.right > width + 1)
      .slice(0, 8)
      .map(({ el, box }) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.left)}-${Math.round(box.right)} ${getComputedStyle(el).position} ${getComputedStyle(el).overflowX}`);
    return [`the document is ${document.documentElement.scrollWidth} px wide`, ...all];
  });
}

async function newPerson(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    permissions: ['microphone'],
    viewport: LAPTOP,
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
  });
  return { context, page: await context.newPage() };
}

/** Signs the teacher in on the school site (a fresh page of the test's context). */
async function asTeacher(page: Page) {
  await signIn(page, state.teacher as TestAccount, SCHOOL);
}

const line = (page: Page, text: string) => page.locator('.vox-reader-line', { hasText: text });

test('staff make a member a teacher, who creates a class, enrols two students from CSV and assigns a scene', async ({ page }) => {
  // Four pages looked at and checked with axe at two sizes: more than the others on a busy 2-core machine.
  test.setTimeout(180_000);
  const teacher = await createAccount(page.request);
  state.teacher = teacher;
  withDb((db) => db.prepare('update users set name = ? where id = ?').run('Maria Rivera', teacher.id));
  // Staff grant the teach privilege with the real admin CLI.
  expect(admin('grant', '--user', teacher.email, '--role', 'teacher')).toContain('teacher');
  const token = (await (await page.request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: teacher.email, password: teacher.password } })).json()).token as string;
  const created = await page.request.post(appUrl('localhost', '/api/scripts'), { data: SCENE, headers: { authorization: `Bearer ${token}` } });
  expect(created.status(), await created.text()).toBe(201);

  await asTeacher(page);
  await page.goto(appUrl(SCHOOL, '/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Maria' })).toBeVisible();
  await expect(page.getByText('Nothing is waiting for you.', { exact: false })).toBeVisible();

  // A class, from the school header's Classes tab (a teacher's), beside Certificates.
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link', { name: 'Certificates' })).toHaveAttribute('href', '/certificate');
  await sections.getByRole('link', { name: 'Classes' }).click();
  await expect(page).toHaveURL(appUrl(SCHOOL, '/classes'));
  await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();
  await shoot(page, 'school-classes-teacher');
  const create = page.getByRole('region', { name: 'New class' });
  await create.getByRole('button', { name: 'Create class' }).click();
  await expect(create.getByText('Please give the class a name.')).toBeVisible();
  await create.getByRole('textbox', { name: 'Class name' }).fill(CLASS_NAME);
  await create.getByRole('textbox', { name: 'Term' }).fill(TERM);
  await create.getByLabel('Description (optional)').fill('Reading aloud together: voice, timing and listening.');
  await create.getByRole('button', { name: 'Create class' }).click();
  await expect(page).toHaveURL(/\/classes\/[A-Za-z0-9_-]+$/);
  state.classPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: CLASS_NAME })).toBeVisible();
  await expect(page.getByText('No students yet.', { exact: false })).toBeVisible();

  // Two students from a pasted CSV: a bad list first creates nobody and says why, row by row.
  const csv = page.getByLabel('Students (CSV)');
  await csv.fill(`name,user id\n${ANA.name},${ANA.loginId}\n${CY.name},no spaces allowed`);
  await page.getByRole('button', { name: 'Create accounts' }).click();
  const problems = page.locator('#vox-class-csv-problems');
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('paragraph')).toHaveText('1 row needs fixing; no account was created.');
  await expect(problems.getByRole('listitem')).toHaveCount(1);
  await expect(problems.getByRole('listitem')).toContainText('Row 3: "no spaces allowed" is not a valid User ID');
  await expect(page.getByText('No students yet.', { exact: false })).toBeVisible();
  await csv.fill(`name,user id\n${ANA.name},${ANA.loginId}\n"${CY.name}",${CY.loginId}\n`);
  await page.getByRole('button', { name: 'Create accounts' }).click();

  // The sign-in sheet: one slip a student, with the User ID, the code and the set-password link.
  const sheet = page.getByRole('region', { name: 'Sign-in sheet' });
  await expect(sheet).toBeVisible();
  const slips = sheet.getByRole('listitem');
  await expect(slips).toHaveCount(2);
  for (const student of [ANA, CY]) {
    const slip = slips.filter({ hasText: student.name });
    await expect(slip).toContainText(student.loginId);
    const code = (await slip.locator('.vox-class-slip__code').innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const link = (await slip.locator('.vox-class-slip__link').innerText()).trim();
    expect(link).toBe(appUrl(SCHOOL, `/set-password?user=${encodeURIComponent(student.loginId)}&code=${encodeURIComponent(code)}`));
    state.sheet.set(student.loginId, { code, link });
  }
  const students = page.getByRole('table');
  await expect(students.getByRole('row')).toHaveCount(3);
  await expect(students.getByRole('row', { name: new RegExp(ANA.name) })).toContainText(`${ANA.loginId} (no password yet)`);
  await shoot(page, 'school-class-sheet');

  // A scene: Ana reads ALGERNON, Cy reads LANE, together (group 1).
  const assign = page.getByRole('region', { name: 'New assignment' });
  await assign.getByLabel('Script').selectOption({ label: SCENE.title });
  await assign.getByLabel(`Role for ${ANA.name}`).selectOption('ALGERNON');
  await assign.getByLabel(`Group for ${ANA.name}`).fill('1');
  await assign.getByLabel(`Role for ${CY.name}`).selectOption('LANE');
  await assign.getByLabel(`Group for ${CY.name}`).fill('1');
  await assign.getByLabel('Instructions (optional)').fill('Read it twice before you record. Let Lane finish before you answer.');
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page).toHaveURL(/\/assignments\/[A-Za-z0-9_-]+$/);
  state.assignmentPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: SCENE.title })).toBeVisible();
  const works = page.getByRole('region', { name: "Students' work" }).getByRole('listitem');
  await expect(works).toHaveCount(2);
  await expect(works.filter({ hasText: ANA.name })).toContainText('Reads ALGERNON');
  await expect(works.filter({ hasText: CY.name })).toContainText('Reads LANE');
  await shoot(page, 'school-assignment-teacher');
});

test('a student sets a password with the code, logs in on the school site with the User ID, records and hands in', async ({ browser }) => {
  // Two pages looked at (and checked with axe) at two sizes, then a recording: on a busy 2-core machine this passes 2 minutes.
  test.setTimeout(180_000);
  const { context, page } = await newPerson(browser);
  try {
    const slip = state.sheet.get(ANA.loginId);
    expect(slip).toBeDefined();
    // The sheet's link fills in the User ID and the code.
    await page.goto(slip?.link as string);
    await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveValue(ANA.loginId);
    await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(slip?.code as string);
    await shoot(page, 'school-set-password');
    await page.getByLabel('New password').fill(ANA.password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Your password is set. Log in with your User ID and the new password.')).toBeVisible();
    await page.getByRole('region', { name: 'Set your password' }).getByRole('link', { name: 'Log in' }).click();

    // The school site's own login, with the User ID.
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'School Member' })).toHaveCount(0);
    await dialog.getByLabel('User ID', { exact: true }).fill(ANA.loginId);
    await dialog.getByLabel('Password', { exact: true }).fill(ANA.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();
    // Signing in lands on the school home: my class, the work due.
    await expect(page).toHaveURL(appUrl(SCHOOL, '/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ana' })).toBeVisible();
    const due = page.getByRole('region', { name: 'Due' });
    await expect(due.getByRole('link', { name: SCENE.title, exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your classes' })).toContainText(CLASS_NAME);
    await shoot(page, 'school-home-student');

    // The assignment, then its reading session.
    await due.getByRole('link', { name: SCENE.title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: SCENE.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your reading: ALGERNON' })).toBeVisible();
    await page.getByRole('link', { name: 'Open the reading session' }).click();
    await expect(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole('button', { name: 'Your role: ALGERNON' })).toBeVisible();

    // Record ALGERNON's first line from the fake microphone.
    const row = line(page, ALG_1);
    await row.getByRole('button', { name: /^Record/ }).click();
    await expect(row.getByRole('status', { name: 'Recording' })).toBeVisible();
    await page.waitForTimeout(1500);
    await row.getByRole('button', { name: 'Stop' }).click();
    await expect(row.getByText('Take 1')).toBeVisible({ timeout: 20_000 });
    await expect(row.getByText(/Uploading|Waiting to upload/)).toHaveCount(0, { timeout: 20_000 });

    // Hand in from the reader's assignment panel: with a line left, it asks first and says how
    // many; its default (Enter) keeps recording.
    const panel = page.locator('.vox-assignment__work');
    await expect(panel).toContainText('You read ALGERNON');
    await panel.getByRole('button', { name: 'Hand in to your teacher' }).click();
    const ask = page.getByRole('dialog', { name: 'Hand in with 1 line unrecorded?' });
    await expect(ask).toContainText('1 of your lines has no recording yet.');
    await expect(ask.getByRole('button', { name: 'Keep recording' })).toBeFocused();
    await expectNoSeriousViolations(page, 'hand-in question', { include: '[role="dialog"]' });
    await page.screenshot({ path: path.join(shots, 'hand-in-question-laptop.png') });
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
    await expect(panel).toContainText('To do');

    // The second line, then handing in asks nothing.
    const second = line(page, ALG_2);
    await second.getByRole('button', { name: /^Record/ }).click();
    await expect(second.getByRole('status', { name: 'Recording' })).toBeVisible();
    await page.waitForTimeout(1000);
    await second.getByRole('button', { name: 'Stop' }).click();
    await expect(second.getByText('Take 1')).toBeVisible({ timeout: 20_000 });
    await expect(second.getByText(/Uploading|Waiting to upload/)).toHaveCount(0, { timeout: 20_000 });
    await panel.getByRole('button', { name: 'Hand in to your teacher' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Hand in to your teacher' })).toHaveCount(0);
    await expect(panel).toContainText('Submitted');
  } finally {
    await context.close();
  }
});

test('the teacher listens in the reader, comments on a line at a time in the take and marks the work complete', async ({ page }) => {
  await asTeacher(page);
  await page.goto(appUrl(SCHOOL, '/'));
  const review = page.getByRole('region', { name: 'Needs review' });
  await expect(review).toContainText(ANA.name);

  await page.goto(appUrl(SCHOOL, state.assignmentPath as string));
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.getByRole('link', { name: `Listen and review: ${ANA.name}` }).click();
  await expect(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: SCENE.title })).toBeVisible();
  await expect(page.getByText('You are listening', { exact: false })).toBeVisible();
  // The reader keeps its live channel (server-sent events) open for as long as it is shown, so
  // the network is never idle here: wait for what the page shows, never for 'networkidle'.
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // Ana's take plays in the one player of the reader, to its end.
  const taken = line(page, ALG_1);
  await expect(taken.getByRole('button', { name: `Play ${ANA.name}'s take` })).toBeVisible();
  const audio = page.getByTestId('table-read-audio');
  await taken.getByRole('button', { name: `Play ${ANA.name}'s take` }).click();
  await expect(audio).toHaveAttribute('src', /\/api\/audio\/[0-9a-f]{64}$/);
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => ({ ended: el.ended, error: el.error?.code ?? null })), { timeout: 20_000 }).toEqual({ ended: true, error: null });

  // Then the page settles: no request goes out again and again, the main thread is not kept busy.
  const requests: string[] = [];
  const count = (r: { url(): string; method(): string }) => r.url().includes('/api/') && requests.push(`${r.method()} ${new URL(r.url()).pathname}`);
  page.on('request', count);
  const busyMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let busy = 0;
        const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => (busy += e.duration)));
        observer.observe({ type: 'longtask', buffered: false });
        setTimeout(() => (observer.disconnect(), resolve(busy)), 4000);
      }),
  );
  page.off('request', count);
  expect(busyMs).toBeLessThan(1500);
  // The one request an open tab repeats by design is the session check (every 1.5 s: a sign-out or
  // a membership change elsewhere reaches it), three at most in these 4 s; nothing else comes back.
  const sessionChecks = requests.filter((r) => r === 'GET /api/users/session').length;
  expect(sessionChecks).toBeLessThanOrEqual(3);
  const repeated = [...new Set(requests)].filter((r) => r !== 'GET /api/users/session' && requests.filter((x) => x === r).length > 2);
  expect(repeated).toEqual([]);

  // A comment on her line, at a time in her take.
  const form = page.getByRole('form', { name: `Comment on ${ANA.name}'s reading` });
  await form.getByLabel('Line').selectOption({ label: `1. ${ALG_1}` });
  await form.getByLabel('Take').selectOption({ label: 'Take 1 (picked)' });
  await form.getByLabel('At (seconds)').fill('0.5');
  await form.getByLabel('Comment').fill('Lovely warmth. Lean on "playing" a little more.');
  await form.getByRole('button', { name: 'Add comment' }).click();
  const feedback = page.getByRole('list', { name: `Feedback for ${ANA.name}` });
  await expect(feedback.getByRole('listitem')).toHaveCount(1);
  await expect(feedback).toContainText(`${ALG_1} (at 0.5 s in the take)`);
  await expect(feedback).toContainText('Lean on "playing" a little more.');
  await page.screenshot({ path: path.join(shots, 'school-reader-teacher-laptop.png') });

  // On a phone the review panel fits the width, and "Mark complete" comes whole into view (the
  // panel scrolls under the reader's bar; nothing clips it on the right or at the bottom).
  await page.setViewportSize({ width: 390, height: 844 });
  const markComplete = page.getByRole('button', { name: 'Mark complete' });
  await markComplete.scrollIntoViewIfNeeded();
  await expect(markComplete).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const panel = page.locator('.vox-assignment');
  expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await page.screenshot({ path: path.join(shots, 'school-reader-teacher-phone.png') });
  await expectNoSeriousViolations(page, 'the review panel (phone)');
  await page.setViewportSize({ width: 1280, height: 800 });

  await markComplete.click();
  await expect(page.locator('.vox-assignment__work').filter({ hasText: ANA.name })).toContainText('Complete');
  await expect(page.getByRole('button', { name: 'Mark complete' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the student reads the feedback in Messages and on the assignment', async ({ browser }) => {
  const { context, page } = await newPerson(browser);
  try {
    await page.goto(appUrl(SCHOOL, '/login'));
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('User ID', { exact: true }).fill(ANA.loginId);
    await dialog.getByLabel('Password', { exact: true }).fill(ANA.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.goto(appUrl(SCHOOL, '/notifications'));
    await expect(page.getByText(`Feedback on ${SCENE.title} on "${ALG_1}": Lovely warmth.`, { exact: false })).toBeVisible();
    await expect(page.getByText(`${SCENE.title} is complete.`, { exact: false })).toBeVisible();

    await page.goto(appUrl(SCHOOL, state.assignmentPath as string));
    await expect(page.getByText('Your teacher marked this complete.')).toBeVisible();
    await expect(page.getByText('Lean on "playing" a little more.', { exact: false })).toBeVisible();
    await shoot(page, 'school-assignment-student');
  } finally {
    await context.close();
  }
});

test('the teacher issues the certificate; its page verifies for anyone with the link', async ({ page, browser }) => {
  await asTeacher(page);
  await page.goto(appUrl(SCHOOL, state.classPath as string));
  await expect(page.getByRole('heading', { level: 1, name: CLASS_NAME })).toBeVisible();
  // Cy has not read yet: the certificate is refused with the reason.
  await page.getByRole('button', { name: `Issue a certificate to ${CY.name}` }).click();
  await expect(page.getByText('Certificates are for students who have completed every assignment of the class.')).toBeVisible();
  await page.getByRole('button', { name: `Issue a certificate to ${ANA.name}` }).click();
  const link = page.getByRole('link', { name: `Certificate of ${ANA.name}` });
  await expect(link).toBeVisible();
  state.certificatePath = (await link.getAttribute('href')) as string;
  expect(state.certificatePath).toMatch(/^\/certificate\/[A-Za-z0-9_-]{16,}$/);
  await shoot(page, 'school-class-teacher');

  // Anyone holding the link: logged out, on any site.
  const visitor = await newPerson(browser);
  try {
    await visitor.page.goto(appUrl(SCHOOL, state.certificatePath));
    const verified = visitor.page.getByText(`Verified: a valid certificate issued by VoxClub to ${ANA.name}`, { exact: false });
    await expect(verified).toBeVisible();
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Certificate of completion' })).toBeVisible();
    await expect(visitor.page.locator('.vox-cert__recipient')).toHaveText(ANA.name);
    await expect(visitor.page.locator('.vox-cert__course')).toHaveText(`${CLASS_NAME}, ${TERM}`);
    await expect(visitor.page.locator('.vox-cert__sign').first()).toContainText('Maria Rivera');
    await expect(visitor.page.getByRole('img', { name: 'QR code of the verification link' })).toBeVisible();
    await expect(visitor.page.getByRole('button', { name: 'Revoke certificate' })).toHaveCount(0);
    await shoot(visitor.page, 'school-certificate');
  } finally {
    await visitor.context.close();
  }
});
