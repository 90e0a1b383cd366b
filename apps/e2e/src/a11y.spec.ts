import { admin, createAccount, expect, signIn, test } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { expectNoSeriousViolations } from '../support/axe';

// The pages this round built, checked with axe at a laptop and a phone size: no serious or
// critical violation (WCAG 2.1 A and AA rules).
// Sign-up, sign-in and axe on a dozen pages: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`new pages have no serious or critical axe violation (${size.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const visit = async (host: string, path: string, ready: () => Promise<unknown>) => {
      await page.goto(appUrl(host, path));
      await ready();
      await expectNoSeriousViolations(page, `${host}${path}`);
    };
    const h1 = (name: string | RegExp) => () => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Logged out.
    await visit('localhost', '/membership', h1('Choose your membership'));
    await visit('localhost', '/events', h1('Events'));
    await visit('localhost', '/contact', h1('Contact us'));
    await visit('localhost', '/guide', h1('Guide to create and upload a script'));
    await visit('localhost', '/pilot_program/id', h1('Pilot program for schools'));

    // A writer: drafts and templates.
    const writer = await createAccount(request);
    admin('grant', '--user', writer.email, '--role', 'writer', '--days', '30');
    await signIn(page, writer);
    await visit('localhost', '/write', h1('Drafts'));
    await visit('localhost', '/templates', h1('Templates'));
    await visit('localhost', '/subscription', h1(/subscription/i));

    // Staff: the metrics dashboard.
    const staff = await createAccount(request);
    admin('grant', '--user', staff.email, '--role', 'staff');
    await page.context().clearCookies();
    await signIn(page, staff, 'dashboard.localhost');
    await visit('dashboard.localhost', '/', h1('Metrics'));
  });
}
