import type { Page } from '@playwright/test';
import type { DraftCommentThreads } from '@vox/contract';
import { expect, runSql, shotsDir, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { draftEditor as editor, saveStatus as status, writer } from '../support/drafts';

/**
 * Comments on lines of a draft in Chromium against the real API: a comment on the selected
 * lines, its thread following those lines as lines are written above them, a reply, resolve and
 * reopen, kept across a reload; the writer named by handle, then by name; a laptop and a phone.
 */

const SHOTS = shotsDir('draft-comments');

const SCENE = 'INT. FERRY - NIGHT\n\nRain on the deck.\n\nNORA\nOne way, please.\n\nTOM\nThere is only one way.';

const pane = (page: Page) => page.getByRole('complementary', { name: 'Comments' });
const commented = (page: Page) => page.locator('.cm-line.vox-fountain-commented');

/** Selects whole lines `from`..`to` of the text by keyboard, as a writer does. */
async function selectLines(page: Page, from: number, to: number) {
  await editor(page).click();
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < from; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  for (let i = from; i < to; i++) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
}

test('comment on lines, follow them, reply, resolve, reopen; named by handle then by name; laptop and phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const me = await writer(page.request);
  const auth = { authorization: `Bearer ${me.token}` };
  const created = await page.request.post('/api/drafts', { headers: auth, data: { title: 'The Night Ferry', body: SCENE } });
  expect(created.status()).toBe(201);
  const draftId: string = (await created.json()).id;
  // The handle the welcome step gives every new member; no name yet.
  const handle = `nora${Date.now().toString(36)}`;
  await runSql('update users set handle = ? where id = ?', [handle, me.id]);
  await signIn(page, me);

  await page.goto(`/write/${draftId}`);
  await expect(editor(page)).toContainText('There is only one way.');
  await selectLines(page, 5, 6);
  await page.getByRole('button', { name: 'Comments', exact: true }).click();
  const comments = pane(page);
  await expect(comments.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await expect(comments.getByText('No open comments. Select lines and write one above.')).toBeVisible();
  const box = comments.getByLabel('Comment on lines 5–6', { exact: true });
  await box.fill('Should Nora sound tired here?');
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(comments.getByText('Comment added.')).toBeVisible();
  await expect(box).toHaveValue('');
  const thread = comments.getByRole('list', { name: 'Open comments' }).getByRole('listitem').filter({ hasText: 'Should Nora sound tired here?' }).first();
  await expect(thread.getByRole('button', { name: 'Select lines 5–6 in the text' })).toHaveText('Lines 5–6');
  await expect(thread.locator('blockquote')).toHaveText('NORA');
  // Without a name the writer is their @handle, never "Guest".
  await expect(thread.locator('.vox-draft-editor__comment-meta strong')).toHaveText(`@${handle}`);
  await expect(commented(page)).toHaveText(['NORA', 'One way, please.']);
  await expect(page.getByRole('button', { name: 'Comments (1)' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the comments pane at 1280x800');
  await page.screenshot({ path: `${SHOTS}/comments-1280.png` });

  // Two lines written above: the thread follows its lines once typing pauses.
  await editor(page).click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Title: The Night Ferry');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(thread.getByRole('button', { name: 'Select lines 7–8 in the text' })).toBeVisible();
  await expect(commented(page)).toHaveText(['NORA', 'One way, please.']);
  await thread.getByRole('button', { name: 'Select lines 7–8 in the text' }).click();
  expect(await page.evaluate(() => getSelection()?.toString())).toBe('NORA\nOne way, please.');

  // A reply, then resolved: the open list is empty and the mark is gone.
  await thread.getByLabel('Reply on lines 7–8', { exact: true }).fill('Tired, and cold.');
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(comments.getByText('Reply added.')).toBeVisible();
  await expect(thread.locator('.vox-draft-editor__comment-body')).toHaveText(['Should Nora sound tired here?', 'Tired, and cold.']);
  await thread.getByRole('button', { name: 'Resolve the comment on lines 7–8' }).click();
  await expect(comments.getByText('Thread resolved.')).toBeVisible();
  await expect(comments.getByText('No open comments. Select lines and write one above.')).toBeVisible();
  await expect(commented(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Comments', exact: true })).toBeVisible();

  // The server kept it all.
  const kept: DraftCommentThreads = await (await page.request.get(`/api/drafts/${draftId}/comments`, { headers: auth })).json();
  expect(kept.threads.map((t) => [t.fromLine, t.toLine, t.quote, t.resolvedAt !== null, t.comments.map((c) => c.body)])).toEqual([
    [5, 6, 'NORA\nOne way, please.', true, ['Should Nora sound tired here?', 'Tired, and cold.']],
  ]);

  // With a name, after a reload: the name, and the resolved thread reopened from the list.
  await expect(status(page)).toHaveText('Saved');
  await runSql('update users set name = ? where id = ?', ['Nora Vale', me.id]);
  await page.reload();
  await expect(editor(page)).toContainText('There is only one way.');
  await page.getByRole('button', { name: 'Comments', exact: true }).click();
  await pane(page).getByText('Resolved (1)').click();
  const resolved = pane(page).getByRole('list', { name: 'Resolved comments' }).getByRole('listitem').first();
  await expect(resolved.getByText('Resolved by Nora Vale')).toBeVisible();
  await expect(resolved.locator('.vox-draft-editor__comment-meta strong')).toHaveText(['Nora Vale', 'Nora Vale']);
  await resolved.getByRole('button', { name: 'Reopen the comment on lines 7–8' }).click();
  await expect(pane(page).getByText('Thread reopened.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Comments (1)' })).toBeVisible();
  await expect(commented(page)).toHaveText(['NORA', 'One way, please.']);

  // A phone: the comments are the one pane shown; the views bring the text back.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pane(page)).toBeVisible();
  await expect(editor(page)).toBeHidden();
  await expectNoSeriousViolations(page, 'the comments pane at 390x844');
  await page.screenshot({ path: `${SHOTS}/comments-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Write', exact: true }).click();
  await expect(pane(page)).toBeHidden();
  await expect(editor(page)).toBeVisible();
});
