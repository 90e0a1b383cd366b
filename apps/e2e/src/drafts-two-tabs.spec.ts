import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { draftEditor, saveStatus, serverDraft, writer } from '../support/drafts';

/**
 * One member, one draft, two tabs of one browser, typing in turn: 50 edits, each adding a line or
 * changing one, with a random pause of 0-300 ms between them and each change to the shared
 * document taking 0-300 ms on its way, so that an edit often lands while one is in flight. The
 * tabs never touch the same lines (each writes under its own character), so every edit must end
 * up in both tabs and on the server as it was typed: no line joined to another, none dropped, none twice.
 *
 * The pauses come from a seeded generator: the seed is printed and kept in the report
 * (annotation `seed`); DRAFTS_STRESS_SEED=<seed> replays a run.
 */

const EDITS = 50;
const SEED = Number(process.env.DRAFTS_STRESS_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded generator, numbers in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The text the tab holds (what its Export Fountain writes), line by line. */
async function tabLines(page: Page): Promise<string[]> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Fountain' }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split('\n');
}

// Tall enough that the editor draws every line of the draft (CodeMirror draws what is near the view).
test.use({ viewport: { width: 1280, height: 2400 } });

test(`two tabs edit one draft in turn ${EDITS} times: both tabs and the server end with exactly every line`, async ({ page: first, context }) => {
  // 50 edits with their pauses and saves: about a minute on a busy 2-core machine.
  test.setTimeout(300_000);
  test.info().annotations.push({ type: 'seed', description: `DRAFTS_STRESS_SEED=${SEED}` });
  console.log(`drafts-two-tabs: DRAFTS_STRESS_SEED=${SEED}`);
  const random = seeded(SEED);
  const replay = `replay with DRAFTS_STRESS_SEED=${SEED}`;

  const me = await writer(first.request);
  await signIn(first, me);
  const start = ['INT. PIER - DAWN', '', 'JANE', 'Tab A line 1.', '', 'BOB', 'Tab B line 1.'];
  const created = await first.request.post('/api/drafts', { headers: { authorization: `Bearer ${me.token}` }, data: { title: 'Two tabs', body: start.join('\n') } });
  expect(created.status()).toBe(201);
  const draftId = (await created.json()).id as string;

  // Changes take 0-300 ms on their way (a network's, not the local server's 10 ms), so that edits land while one is in
  // flight. From a generator of their own: the edits' sequence stays the seed's whatever the timing.
  const latency = seeded(SEED + 1);
  const docUrl = `/api/drafts/${draftId}/doc`;
  await context.route(`**${docUrl}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, Math.floor(latency() * 301)));
    await route.continue();
  });
  const second = await context.newPage();
  const tabs = { A: first, B: second };
  // For the report: each change sent, by which tab, and its answer.
  const sent: { tab: 'A' | 'B'; status: number }[] = [];
  // Edits typed while a change was on its way (the case the pauses are for).
  let inFlight = 0;
  let duringSave = 0;
  const isDoc = (url: string) => new URL(url).pathname === docUrl;
  for (const [tab, page] of [['A', first], ['B', second]] as const) {
    page.on('request', (req) => void (isDoc(req.url()) && inFlight++));
    page.on('requestfinished', (req) => void (isDoc(req.url()) && inFlight--));
    page.on('requestfailed', (req) => void (isDoc(req.url()) && inFlight--));
    page.on('response', (res) => void (isDoc(res.url()) && sent.push({ tab, status: res.status() })));
  }

  for (const page of [first, second]) {
    await page.goto(`/write/${draftId}`);
    await expect(draftEditor(page)).toContainText('Tab B line 1.');
    await expect(saveStatus(page)).toHaveText('Saved');
  }

  // The text both tabs and the server must end with, and the lines each tab writes.
  const lines = [...start];
  const own = { A: ['Tab A line 1.'], B: ['Tab B line 1.'] };
  // A line is changed at most twice: it stays on one line of the editor's width, where End is the end of the line
  // (on a wrapped line, End stops at the wrap, and the test would type into the middle of it).
  const changes = new Map<string, number>();
  let added = 1;
  for (let edit = 1; edit <= EDITS; edit++) {
    const name = edit % 2 === 1 ? 'A' : 'B';
    const page = tabs[name];
    const mine = own[name];
    const target = mine[Math.floor(random() * mine.length)];
    const add = random() < 0.5 || (changes.get(target) ?? 0) >= 2;
    const pause = Math.floor(random() * 301);

    await draftEditor(page).locator('.cm-line').filter({ hasText: exactly(target) }).click({ timeout: 10_000 });
    if (inFlight > 0) duringSave++;
    await page.keyboard.press('End');
    if (add) {
      const text = `Tab ${name} line ${++added}.`;
      await page.keyboard.press('Enter');
      await page.keyboard.insertText(text);
      lines.splice(lines.indexOf(target) + 1, 0, text);
      mine.splice(mine.indexOf(target) + 1, 0, text);
    } else {
      const text = `${target} Again ${edit}.`;
      await page.keyboard.insertText(` Again ${edit}.`);
      lines[lines.indexOf(target)] = text;
      mine[mine.indexOf(target)] = text;
      changes.set(text, (changes.get(target) ?? 0) + 1);
    }
    await page.waitForTimeout(pause);
  }

  const summary = `${sent.length} changes sent during the edits (A ${sent.filter((s) => s.tab === 'A').length}, B ${sent.filter((s) => s.tab === 'B').length}), ${sent.filter((s) => s.status !== 200).length} refused; ${duringSave} edits typed while a change was on its way`;
  test.info().annotations.push({ type: 'saves', description: summary });
  console.log(`drafts-two-tabs: ${summary}`);
  expect(sent.filter((s) => s.status !== 200), replay).toEqual([]);
  for (const page of [second, first]) await expect(saveStatus(page), replay).toHaveText('Saved', { timeout: 30_000 });
  expect((await serverDraft(first.request, me.token, draftId)).body.split('\n'), replay).toEqual(lines);
  for (const page of [first, second]) {
    await expect(draftEditor(page).locator('.cm-line'), replay).toHaveText(lines);
    await expect(saveStatus(page), replay).toHaveText('Saved');
    expect(await tabLines(page), replay).toEqual(lines);
  }
});
