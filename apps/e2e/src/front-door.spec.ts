import path from 'node:path';
import type { Page } from '@playwright/test';
import { admin, expect, freshEmail, shotsDir, test, withDb } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';

/**
 * The front door keeps its promise on a fresh install: `npm run seed:demo` leaves a finished
 * demo read (eSpeak NG, a voice per role) that a visitor plays at once; the demo scenes are drawn
 * with the page's first render, without a request for them; each scene's text opens logged out;
 * the scene a visitor chose is the one offered after joining; and the page is titled as a home.
 */
test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const MACBETH = 'Macbeth, Act I, Scene 1';
const HAMLET = 'Hamlet, Act I, Scene 1';

async function checkAtBothSizes(page: Page, name: string) {
  const dir = shotsDir('front-door');
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expectNoSeriousViolations(page, `${name} (${size.name})`);
    await page.screenshot({ path: path.join(dir, `${name}-${size.name}.png`) });
    await page.screenshot({ path: path.join(dir, `${name}-${size.name}-full.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const card = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title }) });

test.beforeAll(() => {
  // The install's own read: an earlier spec may have featured a member's read of the scene.
  withDb((db) =>
    db.prepare("delete from featured_reads where script_id in (select s.id from scripts s join users u on u.id = s.owner_id where lower(u.handle) = 'voxclub')").run(),
  );
  const started = Date.now();
  const out = admin('seed-demo');
  console.log(`seed-demo took ${Date.now() - started} ms:\n${out}`);
  expect(out).toContain(`Made the demo read of ${MACBETH}: 10 lines read by eSpeak NG, a voice per role.`);
});

test('a fresh load draws the demo scenes with the front door, asks for none, and plays the demo read to its end', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  // Whether the list was already there when the heading first appeared: one render, not two.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.getElementById('vox-front-title')) return;
      (window as unknown as { listWithHeading: boolean }).listWithHeading = Boolean(document.querySelector('.vox-demo__list li'));
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/scripts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read scripts aloud together');
  await expect(page).toHaveTitle('Read scripts aloud together · VoxClub');
  await expect(page.getByText('Log in to see your scripts', { exact: true })).toHaveCount(0);
  const scenes = page.getByRole('region', { name: 'Try a demo scene' });
  // The scene with a read to listen to leads.
  await expect(scenes.getByRole('heading', { level: 3 })).toHaveText([
    MACBETH,
    "A Midsummer Night's Dream, Act I, Scene 2",
    HAMLET,
    'Romeo and Juliet, Act II, Scene 2',
    'The Importance of Being Earnest, Act I (opening)',
  ]);
  expect(await page.evaluate(() => (window as unknown as { listWithHeading?: boolean }).listWithHeading)).toBe(true);
  await expect(card(page, MACBETH).getByText('Read by computer voices (eSpeak NG)')).toBeVisible();
  await checkAtBothSizes(page, 'front-door');

  // Listen: every spoken line's take, once, in script order, to the end.
  const audio = withDb((db) =>
    db
      .prepare(
        `select t.audio_id as id from featured_reads f join script_lines l on l.script_id = f.script_id
         join takes t on t.line_id = l.id and t.session_id = f.session_id and t.picked = 1
         join scripts s on s.id = f.script_id where s.title = ? order by l.position`,
      )
      .all(MACBETH) as Array<{ id: string }>,
  ).map((t) => `/api/audio/${t.id}`);
  expect(audio).toHaveLength(10);
  await card(page, MACBETH).getByRole('button', { name: `Listen to ${MACBETH}` }).click();
  await expect(page.getByText(`Now playing ${MACBETH}: First Witch When shall we three meet again`)).toBeVisible();
  await expect(card(page, MACBETH).getByRole('button', { name: `Stop ${MACBETH}` })).toBeVisible();
  await expect(page.getByText(`Now playing ${MACBETH}: All Fair is foul, and foul is fair:`)).toBeVisible({ timeout: 60_000 });
  await expect(card(page, MACBETH).getByRole('button', { name: `Listen to ${MACBETH}` })).toBeVisible({ timeout: 30_000 });
  expect([...new Set(asked.filter((p) => p.startsWith('/api/audio/')))]).toEqual(audio);
  // Nothing asked for the scenes after the page: they came in it.
  await page.waitForTimeout(1000);
  expect(asked.filter((p) => p.startsWith('/api/showcase'))).toEqual([]);
});

test("a visitor reads a scene's text, signs up to read it, and is offered that scene after joining", async ({ page }) => {
  await page.goto('/scripts');
  const hamlet = card(page, HAMLET);
  await hamlet.getByRole('button', { name: 'Read the scene' }).click();
  const text = hamlet.getByRole('region', { name: `The text of ${HAMLET}` });
  await expect(text.getByText('EXT. ELSINORE, A PLATFORM BEFORE THE CASTLE - NIGHT')).toBeVisible();
  await expect(text.getByText("Nay, answer me: stand, and unfold yourself.")).toBeVisible();
  await expect(hamlet.getByRole('button', { name: 'Hide the scene' })).toHaveAttribute('aria-expanded', 'true');
  await hamlet.getByRole('heading', { level: 3 }).evaluate((heading) => heading.scrollIntoView());
  await checkAtBothSizes(page, 'front-door-scene-text');

  await hamlet.getByRole('button', { name: 'Sign up to read it' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join VoxClub' });
  await dialog.getByLabel('Email').fill(freshEmail('hamlet'));
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
  await dialog.getByRole('button', { name: 'Agree and Join' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page.getByText('Claim a role in the scene you picked and record your first lines.')).toBeVisible();
  await page.getByRole('link', { name: `Read "${HAMLET}"` }).click();
  await expect(page).toHaveURL(/\/session\/[A-Za-z0-9]+$/);
  await expect(page.getByText('Nay, answer me: stand, and unfold yourself.').first()).toBeVisible();
  // Signed in, /scripts is the member's list again, named as such.
  await page.goto('/scripts');
  await expect(page).toHaveTitle('Scripts · VoxClub');
});
