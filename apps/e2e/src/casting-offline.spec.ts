import type { Route } from '@playwright/test';
import type { CastingAuditionList, CastingCall } from '@vox/contract/casting';
import { createAccount, expect, signIn, test } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { recordSide } from '../support/casting';
import { earnestScript, tokenOf, withFakeMicrophone } from '../support/reading';

/**
 * An audition's takes go through the same outbox as a table read's: a take kept with the network
 * cut waits in the browser (through a reload), says so, and arrives exactly once when the network
 * is back; a take whose answer is lost is sent again and stored once; the audition can be sent
 * only once its takes have arrived. Runs on SQLite and on PostgreSQL (playwright.config.ts).
 */

test.use(withFakeMicrophone());
test.describe.configure({ timeout: 180_000 });

const SLOW = { timeout: 30_000 };
const WAITING_ONE = '1 take is waiting to upload. They are kept in this browser until they arrive. You can send your audition once they have arrived.';

test('an audition take survives a cut network and a reload, arrives exactly once, and then the audition is sent', async ({ page, context }) => {
  // The owner's call, through the API: ALGERNON's first two lines are the sides.
  const owner = await createAccount(page.request);
  const ownerToken = await tokenOf(page.request, owner);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const script = await page.request.post(appUrl('localhost', '/api/scripts'), {
    data: earnestScript({ title: `Earnest offline ${Date.now().toString(36)}`, lines: earnestScript().lines.slice(0, 5) }),
    headers: auth(ownerToken),
  });
  expect(script.status(), await script.text()).toBe(201);
  const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString();
  const posted = await page.request.post(appUrl('localhost', '/api/casting/calls'), {
    data: { scriptId: (await script.json()).id, roles: [{ name: 'ALGERNON' }], deadline, paid: false, visibility: 'public' },
    headers: auth(ownerToken),
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const call: CastingCall = await posted.json();
  const role = call.roles[0];
  expect(role.sides).toHaveLength(2);

  const actor = await createAccount(page.request);
  const actorToken = await tokenOf(page.request, actor);
  const myAuditions = async (): Promise<CastingAuditionList> => {
    const res = await page.request.get(appUrl('localhost', `/api/casting/calls/${call.id}/my-auditions`), { headers: auth(actorToken) });
    expect(res.status()).toBe(200);
    return res.json();
  };
  await signIn(page, actor);
  await page.goto(`/casting/calls/${call.id}/roles/${role.id}/audition`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audition for ALGERNON' })).toBeVisible(SLOW);
  const takeStatuses: number[] = [];
  page.on('response', (r) => r.request().method() === 'POST' && /\/api\/casting\/auditions\/[^/]+\/takes$/.test(r.url()) && takeStatuses.push(r.status()));
  const first = page.getByRole('listitem', { name: 'Line 1' });
  const second = page.getByRole('listitem', { name: 'Line 2' });
  const sendButton = page.getByRole('button', { name: 'Send audition' });

  // 1. The network is cut: the kept take waits in the browser, and the page says so.
  await context.setOffline(true);
  await recordSide(page, 1, { arrived: false });
  await expect(first.getByText('Your take of line 1: Waiting to upload')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: WAITING_ONE })).toHaveText(WAITING_ONE);
  await expect(sendButton).toBeDisabled();

  // 2. A reload while uploads still fail: the page that sends the take is the reloaded one,
  // which can only know of it from the browser's store.
  const castingWrites = '**/api/casting/**';
  await page.route(castingWrites, (route: Route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  await context.setOffline(false);
  await page.reload();
  await expect(first.getByText('Your take of line 1: Waiting to upload')).toBeVisible(SLOW);
  await expect(page.getByRole('status').filter({ hasText: WAITING_ONE })).toBeVisible();
  await expect(sendButton).toBeDisabled();
  expect((await myAuditions()).items).toEqual([]);

  // 3. The network is back: the take arrives, once.
  await page.unroute(castingWrites);
  await expect(first.getByLabel('Your take of line 1', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(first.getByText(/^Your take of line 1: /)).toHaveCount(0);
  expect(takeStatuses).toEqual([201]);
  let mine = (await myAuditions()).items;
  expect(mine.map((a) => [a.roleId, a.status, a.takes.map((t) => t.lineId)])).toEqual([[role.id, 'draft', [role.sides[0].lineId]]]);
  await expect(sendButton).toBeDisabled();

  // 4. The server stores the second take but its answer is lost: the outbox sends the same
  // recording again and the server answers 200 with the take it already made.
  takeStatuses.length = 0;
  const heard: number[] = [];
  const takesPath = `**/api/casting/auditions/${mine[0].id}/takes`;
  await page.route(
    takesPath,
    async (route: Route) => {
      const response = await route.fetch();
      heard.push(response.status());
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await recordSide(page, 2, { arrived: false });
  await expect(second.getByLabel('Your take of line 2', { exact: true })).toBeVisible({ timeout: 45_000 });
  expect(heard).toEqual([201]);
  await expect.poll(() => takeStatuses, SLOW).toEqual([200]);
  mine = (await myAuditions()).items;
  expect(mine.map((a) => [a.status, a.takes.map((t) => t.lineId)])).toEqual([['draft', role.sides.map((s) => s.lineId)]]);

  // 5. Every take has arrived: the audition can be sent.
  await expect(page.getByText('Listen back, then send it. You can send one audition for this role.')).toBeVisible();
  await sendButton.click();
  await expect(page.getByText('Your audition was sent')).toBeVisible(SLOW);
  mine = (await myAuditions()).items;
  expect(mine.map((a) => [a.status, a.takes.length])).toEqual([['sent', 2]]);
});
