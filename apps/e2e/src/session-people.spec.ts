import type { Page } from '@playwright/test';
import { appUrl } from '../support/ports';
import { createAccount, expect, signIn, test, shotsDir, type TestAccount } from '../support/fixtures';
import { EARNEST_LINES, earnestScript } from '../support/reading';
import { expectNoSeriousViolations } from '../support/axe';

/**
 * The creator of a table read removes a participant from the reader's People
 * dialog; the removed member no longer sees the session. Axe at laptop and phone sizes on the
 * dialog; screenshots of it at both sizes (shotsDir).
 */
const SHOTS = shotsDir('session-people');

const SCRIPT = earnestScript({ synopsis: '', visibility: 'private', lines: EARNEST_LINES.slice(0, 3) });

async function api(page: Page, account: TestAccount, method: 'POST' | 'GET', path: string, data?: object) {
  const signed = await page.request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: account.email, password: account.password } });
  const token = (await signed.json()).token as string;
  const res = await page.request.fetch(appUrl('localhost', path), { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test('the creator removes a participant from the People dialog', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const owner = await createAccount(page.request);
  const guest = await createAccount(page.request);
  const script = await api(page, owner, 'POST', '/api/scripts', SCRIPT);
  const { id: sessionId } = await api(page, owner, 'GET', `/api/scripts/${script.id}/session`);
  const link = await api(page, owner, 'POST', `/api/sessions/${sessionId}/sharelinks`, {});
  await api(page, guest, 'GET', `/api/sharelinks/${link.id}/session`);

  await signIn(page, owner);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/session/${sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: SCRIPT.title })).toBeVisible();
  await page.getByRole('button', { name: 'People' }).click();
  const dialog = page.getByRole('dialog', { name: 'People at this table read' });
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toContainText('Listening');

  for (const [name, size] of [
    ['laptop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await expectNoSeriousViolations(page, `people dialog (${name})`, { include: '[role="dialog"]' });
    await page.screenshot({ path: `${SHOTS}/people-dialog-${name}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/sessions/${sessionId}/participants/${guest.id}`));
  await dialog.getByRole('button', { name: /^Remove / }).click();
  expect((await removed).status()).toBe(204);
  await expect(dialog.getByText('Nobody else is at this table read.')).toBeVisible();

  // The guest no longer sees the session.
  const context = await browser.newContext({ baseURL: appUrl('localhost', '') });
  try {
    const other = await context.newPage();
    const signed = await other.request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: guest.email, password: guest.password } });
    const token = (await signed.json()).token as string;
    const res = await other.request.get(appUrl('localhost', `/api/sessions/${sessionId}`), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(404);
  } finally {
    await context.close();
  }
});
