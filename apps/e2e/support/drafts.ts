import type { APIRequestContext, Page } from '@playwright/test';
import type { Draft } from '@vox/contract';
import { admin, createAccount, expect, type TestAccount } from './fixtures';

/** The writing editor's save status (its exact texts: 'Saved', 'Saving…', ...). */
export const saveStatus = (page: Page) => page.locator('.vox-draft-editor__bar').getByRole('status');
/** The writing editor's text area (CodeMirror). */
export const draftEditor = (page: Page) => page.locator('.cm-content');

/** A new account with the writer role (drafts), and its bearer token for API checks. */
export async function writer(request: APIRequestContext): Promise<TestAccount & { token: string }> {
  const account = await createAccount(request);
  admin('grant', '--user', account.email, '--role', 'writer', '--days', '30');
  const res = await request.post('/api/users/authenticate', { data: { username: account.email, password: account.password } });
  expect(res.status()).toBe(200);
  return { ...account, token: (await res.json()).token };
}

/** The draft as the server holds it now. */
export async function serverDraft(request: APIRequestContext, token: string, draftId: string): Promise<Draft> {
  const res = await request.get(`/api/drafts/${draftId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json();
}
