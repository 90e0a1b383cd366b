import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOidcStandIn, type OidcStandIn } from '@vox/oidc-standin';
import { test, expect, root } from '../support/fixtures';
import { PORTS } from '../support/ports';

// Microsoft sign-in end to end: MSAL in Chromium against a local OpenID provider standing in for
// Microsoft (https, as MSAL requires), and an API server configured with it as MS_AUTHORITY.
const PORT = PORTS.microsoftApp;
const CLIENT_ID = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const USER = { oid: '5b1c2d3e-0000-4000-8000-00000000ada1', tid: '7a6b5c4d-0000-4000-8000-0000000000aa', email: 'ada@example.com', name: 'Ada Lovelace' };

let idp: OidcStandIn;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  idp = await startOidcStandIn({
    clientId: CLIENT_ID,
    redirectUris: [`http://localhost:${PORT}/auth/ms/login`, `http://localhost:${PORT}/auth/ms/logout`],
    users: [USER],
    https: true,
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-ms-'));
  server = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MS_CLIENT_ID: CLIENT_ID,
      MS_AUTHORITY: idp.authority,
      NODE_EXTRA_CA_CERTS: idp.certificateFile ?? '',
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://localhost:${PORT}/api/health`)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('the API did not start');
});

test.afterAll(async () => {
  server?.kill();
  await idp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test.use({ ignoreHTTPSErrors: true });

test('Log in with Microsoft signs in through the identity provider and lands on /scripts', async ({ page }) => {
  await page.goto(`http://localhost:${PORT}/login`);
  expect(await page.evaluate(() => sessionStorage.getItem('pendingLogin'))).toBeNull();
  await page.getByRole('dialog').getByRole('button', { name: 'Log in with Microsoft' }).click();
  await page.waitForURL((url) => url.origin === new URL(idp.authority).origin);
  await page.getByRole('button', { name: /Ada Lovelace/ }).click();
  // Back on /auth/ms/login, which exchanges the ID token with the API, then goes on to /scripts.
  await expect(page).toHaveURL(`http://localhost:${PORT}/scripts`, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: /Ada Lovelace/ })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('pendingLogin'))).toBeNull();

  // Microsoft's sign-out returns to /auth/ms/logout, which ends the VoxClub session too.
  await page.goto(`http://localhost:${PORT}/auth/ms/logout`);
  await expect(page.getByRole('heading', { name: 'You are logged out.' })).toBeVisible();
  await page.goto(`http://localhost:${PORT}/about`);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
});

// A button that could only fail is not shown. The server this test
// runs against has no Microsoft sign-in set up; the log-in form has its other ways in.
test('without configuration there is no Microsoft button, only the ways in that work', async ({ page }) => {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog.getByLabel('Email or handle')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Log in with Microsoft' })).toHaveCount(0);
  await expect(dialog.getByText('Sign-in with Microsoft is not configured.')).toHaveCount(0);
});
