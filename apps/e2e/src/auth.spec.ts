import { test, expect, createAccount, freshEmail, latestResetCode, root, routeReads, signIn } from '../support/fixtures';
import fs from 'node:fs';
import path from 'node:path';
import { appUrl } from '../support/ports';

test.describe('start-up', () => {
  // The app renders nothing until the first token refresh has ended. A member's page (the signed-in
  // hint cookie) stays empty until then; a visitor's public page comes drawn by the server
  // (docs/public-pages.md "Bodies"), and the app takes it over only once the refresh has ended.
  const gateRefresh = async (page: import('@playwright/test').Page) => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/refresh-token', async (route) => {
      await gate;
      await route.continue();
    });
    return () => release();
  };

  test('renders nothing until the first token refresh has ended', async ({ page }) => {
    const account = await createAccount(page.request);
    await signIn(page, account);
    const release = await gateRefresh(page);
    await page.goto('/about');
    await page.waitForTimeout(1000);
    await expect(page.locator('#root')).toBeEmpty();
    release();
    await expect(page.getByRole('link', { name: /Guest/ })).toHaveAttribute('href', `/profile/${account.id}`);
  });

  test("a visitor sees the server's page at once; the app takes it over only after the first refresh", async ({ page }) => {
    const release = await gateRefresh(page);
    await page.goto('/about');
    await page.waitForTimeout(1000);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The app's root marks itself once it has rendered (RemoteRoot): not yet.
    await expect(page.locator('#root [data-auth-store]')).toHaveCount(0);
    release();
    await expect(page.locator('#root [data-auth-store]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('a returning user is signed in by the startup refresh', async ({ page }) => {
    const account = await createAccount(page.request);
    await signIn(page, account);
    await page.goto('/about');
    await expect(page.getByRole('link', { name: /Guest/ })).toHaveAttribute('href', `/profile/${account.id}`);
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  });
});

test.describe('auth modal', () => {
  test('register shows the fixed validation texts, then joins and signs in', async ({ page }) => {
    await page.goto('/register');
    const dialog = page.getByRole('dialog', { name: 'Join VoxClub' });
    await expect(dialog.getByText('at least 6 characters')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
    await dialog.getByRole('button', { name: 'Agree and Join' }).click();
    await expect(dialog.getByText('Email address is not valid.')).toBeVisible();
    const email = freshEmail('joiner');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('12345');
    await dialog.getByRole('button', { name: 'Agree and Join' }).click();
    await expect(dialog.getByText('Your password needs to contain at least 6 characters.')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
    await dialog.getByRole('button', { name: 'Agree and Join' }).click();
    // Joining leads to the first-run step, which keeps the handle suggested from the email at
    // once: the header names the newcomer by it, never Guest.
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: `@${email.split('@')[0]}` })).toBeVisible();
    await expect(page.getByRole('link', { name: /Guest/ })).toHaveCount(0);
  });

  test('register shows the server text in a red alert when the email is taken', async ({ page }) => {
    const account = await createAccount(page.request);
    await page.goto('/register');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
    await dialog.getByRole('button', { name: 'Agree and Join' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('An account with this email already exists.');
  });

  test('login trims what it sends, shows failures in a red alert and signs in', async ({ page }) => {
    const account = await createAccount(page.request);
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    // This server has no Microsoft sign-in set up, so its button is hidden (microsoft.spec.ts covers it configured).
    await expect(dialog.getByRole('button', { name: 'Log in with Microsoft' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'New Member' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'School Member' })).toHaveAttribute('href', /^http:\/\/school\.localhost:\d+\/login$/);
    await dialog.getByLabel('Email or handle').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The user ID, email or password is incorrect.');

    await dialog.getByLabel('Email or handle').fill(`  ${account.email}  `);
    await dialog.getByLabel('Password', { exact: true }).fill(`  ${account.password}  `);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/users/authenticate'));
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({ username: account.email, password: account.password });
    await expect(page).toHaveURL(/\/scripts$/);
    await expect(page.getByRole('link', { name: /Guest/ })).toBeVisible();
  });

  test('the password field has a show/hide toggle and the modal closes on Escape', async ({ page }) => {
    await page.goto('/login');
    const dialog = page.getByRole('dialog');
    const password = dialog.getByLabel('Password', { exact: true });
    await password.fill('visible?');
    await expect(password).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the login form is usable by keyboard alone', async ({ page }) => {
    const account = await createAccount(page.request);
    await page.goto('/login');
    await expect(page.getByLabel('Email or handle')).toBeFocused();
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/scripts$/);
  });

  test('reset flow: code by mail, resend stays, new password, success text, OK back to login', async ({ page }) => {
    const account = await createAccount(page.request);
    await page.goto('/login');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL(/\/resetpassword$/);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    const code = dialog.getByLabel('Verification code');
    await expect(code).toBeVisible();
    await expect(dialog.getByText("Didn't get it? Check your spam folder.")).toBeVisible();
    await dialog.getByRole('button', { name: 'Resend code' }).click();
    // One resend a minute: the server's text shows and we stay on the code step.
    await expect(dialog.getByRole('alert')).toHaveText('We just sent a code. Please wait a minute before asking for another one.');
    await expect(code).toBeVisible();
    await code.fill('000000');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This code is not valid. Check the code or request a new one.');
    await code.fill(latestResetCode(account.email));
    await dialog.getByRole('button', { name: 'Next' }).click();
    const newPassword = dialog.getByLabel('New password', { exact: true });
    await newPassword.fill('short');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Your password needs to contain at least 6 characters.')).toBeVisible();
    await newPassword.fill('brand-new-pass');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Your password has been reset successfully.')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByLabel('Email or handle')).toBeVisible();
    await dialog.getByLabel('Email or handle').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill('brand-new-pass');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/scripts$/);
  });

  test('logged in, /login, /register and /resetpassword redirect to /scripts (podcast: /)', async ({ page }) => {
    const account = await createAccount(page.request);
    await signIn(page, account);
    for (const path of ['/login', '/register', '/resetpassword']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/scripts$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await signIn(page, account, 'podcast.localhost');
    await page.goto(appUrl('podcast.localhost', '/login'));
    await expect(page).toHaveURL(appUrl('podcast.localhost', '/'));
  });

  test('Sign Out from the menu ends the session', async ({ page }) => {
    const account = await createAccount(page.request);
    await signIn(page, account);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  // The dialog and the fields are @vox/ui/forms, a shared singleton that the shell
  // provides lazily (not in its entry file). The modal and a page use one copy of it, whichever
  // loads it first, and opening the modal asks no remote for its entry ('loaded-first').
  test('loads one copy of the dialog and fields with a page that has them, and no remote entry', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const formsFiles = filesHolding('libs/ui/src/lib/modal/modal.tsx');
    const loaded = () => scripts.splice(0);

    // The page first: its form loads the dialog's file, the modal then loads none.
    await page.goto('/contact');
    await expect(page.getByRole('textbox').first()).toBeVisible();
    expect(loaded().filter((file) => formsFiles.has(file))).toHaveLength(1);
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const withModal = loaded();
    expect(withModal.filter((file) => formsFiles.has(file))).toEqual([]);
    expect(withModal.filter((file) => file.endsWith('/remoteEntry.js'))).toEqual([]);

    // The modal first, on a fresh page: it loads the file, the page with a form then none.
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    loaded();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const opening = loaded();
    expect(opening.filter((file) => formsFiles.has(file))).toHaveLength(1);
    expect(opening.filter((file) => file.endsWith('/remoteEntry.js'))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(loaded().filter((file) => formsFiles.has(file))).toEqual([]);
  });
});

test.describe('api client', () => {
  test('a 401 triggers one refresh and one retry of the request', async ({ page }) => {
    const account = await createAccount(page.request);
    await signIn(page, account);
    let refreshes = 0;
    page.on('request', (r) => r.url().endsWith('/api/users/refresh-token') && refreshes++);
    let first = true;
    const statuses: number[] = [];
    // The first read goes in the first script's batch (GET /api/first-reads), the retry alone.
    await routeReads(
      page,
      '/api/notifications/new',
      () => {
        if (!first) return null;
        first = false;
        // Stands in for an access token that expired on the server.
        return { status: 401, json: { message: 'Your session has expired. Please log in again.' } };
      },
      (status) => statuses.push(status),
    );
    await page.goto('/about');
    await expect.poll(() => statuses).toEqual([200]);
    // One refresh at start-up, one for the 401.
    expect(refreshes).toBe(2);
  });

  test('when the retry gets 401 again the user is sent to /', async ({ page }) => {
    const account = await createAccount(page.request);
    await signIn(page, account);
    await routeReads(page, '/api/notifications/new', () => ({ status: 401, json: { message: 'Your session has expired. Please log in again.' } }));
    await page.goto('/faq');
    // location.assign('/'), after which / itself may forward to /scripts.
    await expect(page).toHaveURL(/:\d+\/(scripts)?$/);
  });
});

/** The URL paths, in every build (the shell's and each remote's), of the script files that hold a module. */
function filesHolding(module: string): Set<string> {
  const dir = path.join(root, 'dist/bundle-contents');
  const files = new Set<string>();
  for (const name of fs.readdirSync(dir)) {
    const { app, files: built } = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
      app: string;
      files: Record<string, { modules?: string[] }>;
    };
    for (const [file, info] of Object.entries(built)) {
      if (info.modules?.includes(module)) files.add(app === 'shell' ? `/${file}` : `/remotes/${app}/${file}`);
    }
  }
  return files;
}
