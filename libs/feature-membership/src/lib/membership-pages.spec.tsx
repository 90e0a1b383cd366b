import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authModal, authStore } from '@vox/auth';
import type { Plan, SubscriptionDetail, User } from '@vox/contract';
import { createFakeServer, json, renderPage } from '@vox/testing';
import { ContactPage } from './contact-page/contact-page';
import { MembershipPage } from './membership-page/membership-page';
import { PENDING_PLAN_KEY } from './shared/format';
import { providerNavigation } from './shared/navigation';
import { SubscriptionPage } from './subscription-page/subscription-page';

const ada: User = { id: 'u1', handle: null, name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };

const plan = (overrides: Partial<Plan>): Plan => ({
  id: 'writer-monthly',
  name: 'Writer monthly',
  role: { name: 'writer', privileges: ['draft'] },
  periodUnit: 'month',
  periodCount: 1,
  priceMinor: 500,
  currency: 'USD',
  current: false,
  ...overrides,
});
const PLANS: Plan[] = [
  plan({}),
  plan({ id: 'premium-yearly', name: 'Premium yearly', role: { name: 'premium', privileges: ['audio_library', 'draft', 'read_free_script'] }, periodCount: 12, priceMinor: 12000 }),
];

const subscription = (overrides: Partial<SubscriptionDetail>): SubscriptionDetail => ({
  id: 's1',
  planName: 'Writer monthly',
  role: { name: 'writer', privileges: ['draft'] },
  startedAt: '2026-05-01T10:00:00.000Z',
  expiry: '2999-06-01T10:00:00.000Z',
  status: 'active',
  source: 'test',
  renewable: true,
  receipts: [{ id: 'p1', kind: 'purchase', amountMinor: 500, currency: 'USD', createdAt: '2026-05-01T10:00:00.000Z', expectedMinor: null }],
  ...overrides,
});

const assign = jest.spyOn(providerNavigation, 'assign').mockImplementation(() => undefined);
afterEach(() => {
  authStore.clear();
  authModal.close();
  sessionStorage.clear();
  assign.mockClear();
});

describe('membership page', () => {
  it('shows each plan with price, period and what it unlocks in words, the current one marked', async () => {
    authStore.setSession({ token: 't', user: ada });
    createFakeServer().on('plans', () => json(200, [plan({ current: true }), PLANS[1]]));
    renderPage(<MembershipPage />, { route: '/membership' });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your membership' })).toBeInTheDocument();
    const writer = await screen.findByRole('listitem', { name: 'Writer monthly' });
    expect(writer).toHaveTextContent('Your current plan');
    expect(writer).toHaveTextContent('$5.00 / month');
    expect(writer).toHaveTextContent('Drafts and templates: write scripts with history');
    expect(writer).toHaveTextContent('Write your own scripts: drafts with their full history, and templates to start from.');
    expect(writer).not.toHaveTextContent('Grants');
    expect(writer).not.toHaveTextContent(/\brole\b/);
    expect(within(writer).getByRole('button', { name: 'Add time to Writer monthly' })).toBeInTheDocument();
    const premium = screen.getByRole('listitem', { name: 'Premium yearly' });
    expect(premium).toHaveTextContent('$120.00 / year');
    expect(premium).toHaveTextContent('The audio library: your own music, effects and voices');
    expect(premium).toHaveTextContent('Free scripts to read and record');
    expect(premium).toHaveTextContent('Everything a writer gets, plus your own audio library and free scripts to read and record.');
    expect(premium).not.toHaveTextContent('Your current plan');
  });

  it('Choose starts a checkout of that plan on the server and goes to the provider page', async () => {
    authStore.setSession({ token: 't', user: ada });
    const server = createFakeServer()
      .on('plans', () => json(200, PLANS))
      .on('startCheckout', () =>
        json(201, { id: 'c1', planId: 'premium-yearly', planName: 'Premium yearly', status: 'open', url: '/api/membership/test-checkout/c1', failure: null, subscriptionId: null, expiry: null }),
      );
    renderPage(<MembershipPage />, { route: '/membership' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Premium yearly' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/membership/test-checkout/c1'));
    expect(server.calls.find((c) => c.url.includes('/checkouts'))?.body).toEqual({ planId: 'premium-yearly' });
  });

  it('logged out, Choose opens the login modal and continues to checkout after sign-in', async () => {
    createFakeServer()
      .on('plans', () => json(200, PLANS))
      .on('startCheckout', () =>
        json(201, { id: 'c2', planId: 'writer-monthly', planName: 'Writer monthly', status: 'open', url: '/api/membership/test-checkout/c2', failure: null, subscriptionId: null, expiry: null }),
      );
    renderPage(<MembershipPage />, { route: '/membership' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Writer monthly' }));
    expect(authModal.getSnapshot()).toBe('login');
    expect(sessionStorage.getItem(PENDING_PLAN_KEY)).toBe('writer-monthly');
    expect(assign).not.toHaveBeenCalled();
    act(() => authStore.setSession({ token: 't', user: ada }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/membership/test-checkout/c2'));
    expect(sessionStorage.getItem(PENDING_PLAN_KEY)).toBeNull();
  });

  it('drops the choice when the login modal is closed without signing in', async () => {
    createFakeServer().on('plans', () => json(200, PLANS));
    renderPage(<MembershipPage />, { route: '/membership' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Writer monthly' }));
    expect(sessionStorage.getItem(PENDING_PLAN_KEY)).toBe('writer-monthly');
    act(() => authModal.close());
    await waitFor(() => expect(sessionStorage.getItem(PENDING_PLAN_KEY)).toBeNull());
    act(() => authStore.setSession({ token: 't', user: ada }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(assign).not.toHaveBeenCalled();
  });

  it('says so clearly when the buyer cancelled the checkout', async () => {
    createFakeServer().on('plans', () => json(200, PLANS));
    renderPage(<MembershipPage />, { route: '/membership?checkout=cancelled' });
    expect(await screen.findByRole('status')).toHaveTextContent('Checkout cancelled. You have not been charged; choose a plan whenever you are ready.');
  });
});

describe('contact page', () => {
  it('the contact page says the team answers', () => {
    renderPage(<ContactPage />, { route: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
  });
});

describe('subscription page', () => {
  it('lists my subscriptions with plan, role, start, expiry, status and receipts', async () => {
    authStore.setSession({ token: 't', user: ada });
    createFakeServer().on('membershipSubscriptions', () =>
      json(200, [
        subscription({}),
        subscription({ id: 's0', planName: null, source: 'admin', role: { name: 'premium', privileges: ['audio_library'] }, expiry: '2000-01-01T00:00:00.000Z', status: 'expired', renewable: false, receipts: [] }),
      ]),
    );
    renderPage(<SubscriptionPage />, { route: '/subscription' });
    const writer = await screen.findByRole('listitem', { name: 'Writer monthly' });
    expect(writer).toHaveTextContent('Active');
    expect(writer).toHaveTextContent('Role writer · started May 1, 2026');
    expect(writer).toHaveTextContent('Active until June 1, 2999');
    expect(writer).toHaveTextContent('Includes drafts and templates.');
    expect(writer).toHaveTextContent('May 1, 2026 · Purchase · $5.00');
    const expired = screen.getByRole('listitem', { name: 'premium' });
    expect(expired).toHaveTextContent('Expired January 1, 2000');
    expect(within(expired).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose your membership' })).toHaveAttribute('href', '/membership');
  });

  it('cancels at period end and resumes', async () => {
    authStore.setSession({ token: 't', user: ada });
    let current = subscription({});
    createFakeServer()
      .on('membershipSubscriptions', () => json(200, [current]))
      .on('cancelSubscription', () => {
        current = subscription({ status: 'cancelled' });
        return json(200, current);
      })
      .on('resumeSubscription', () => {
        current = subscription({ status: 'active' });
        return json(200, current);
      })
      .on('subscriptions', () => json(200, []));
    renderPage(<SubscriptionPage />, { route: '/subscription' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    const item = await screen.findByRole('listitem', { name: 'Writer monthly' });
    await waitFor(() => expect(item).toHaveTextContent('Cancelled: ends at the end of the period'));
    expect(item).toHaveTextContent('Ends June 1, 2999');
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel at period end' })).toBeInTheDocument());
  });

  it('confirms a completed checkout with the plan and its expiry', async () => {
    authStore.setSession({ token: 't', user: ada });
    createFakeServer()
      .on('membershipSubscriptions', () => json(200, [subscription({})]))
      .on('checkout', () =>
        json(200, { id: 'c1', planId: 'writer-monthly', planName: 'Writer monthly', status: 'completed', url: '/x', failure: null, subscriptionId: 's1', expiry: '2999-06-01T10:00:00.000Z' }),
      )
      .on('refreshToken', () => json(200, { token: 't2', user: { ...ada, role: { name: 'member', privileges: ['draft'] } } }))
      .on('subscriptions', () => json(200, []));
    renderPage(<SubscriptionPage />, { route: '/subscription?checkout=c1' });
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(await screen.findByText('Thank you. Writer monthly is active until June 1, 2999. A receipt is on its way to your mail.')).toBeInTheDocument();
    await waitFor(() => expect(authStore.getSnapshot().user?.role.privileges).toEqual(['draft']));
  });

  it('shows the provider text for a failed checkout', async () => {
    authStore.setSession({ token: 't', user: ada });
    createFakeServer()
      .on('membershipSubscriptions', () => json(200, []))
      .on('checkout', () =>
        json(200, { id: 'c1', planId: 'writer-monthly', planName: 'Writer monthly', status: 'failed', url: '/x', failure: 'Your card was declined.', subscriptionId: null, expiry: null }),
      );
    renderPage(<SubscriptionPage />, { route: '/subscription?checkout=c1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. Nothing was charged. Try another card. Choose the plan again');
    expect(screen.getByText('You have no subscriptions yet.')).toBeInTheDocument();
  });

  it("lets staff see a member's subscriptions (?user=) and end one or refund a payment", async () => {
    authStore.setSession({ token: 't', user: { ...ada, role: { name: 'staff', privileges: ['show_metrics'] } } });
    let current = subscription({});
    const server = createFakeServer()
      .on('membershipSubscriptions', () => json(200, [current]))
      .on('refundPayment', () => {
        current = subscription({
          status: 'expired',
          renewable: false,
          receipts: [...current.receipts, { id: 'p1-refund', kind: 'refund', amountMinor: -500, currency: 'USD', createdAt: '2026-05-02T10:00:00.000Z', expectedMinor: null }],
        });
        return json(200, current);
      })
      .on('subscriptions', () => json(200, []));
    renderPage(<SubscriptionPage />, { route: '/subscription?user=u9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Member subscriptions' })).toBeInTheDocument();
    const item = await screen.findByRole('listitem', { name: 'Writer monthly' });
    expect(within(item).getByRole('button', { name: 'End now' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
    await userEvent.click(within(item).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Writer monthly' })).toHaveTextContent('May 2, 2026 · Refund · -$5.00'));
    expect(server.calls.find((c) => c.url.includes('/refund'))?.url).toContain('/api/membership/payments/p1/refund');
    expect(server.calls[0].url).toContain('user=u9');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('shows staff a payment whose amount differs from the price, and the member only what was paid', async () => {
    const odd = subscription({ receipts: [{ id: 'p1', kind: 'purchase', amountMinor: 400, currency: 'USD', createdAt: '2026-05-01T10:00:00.000Z', expectedMinor: 500 }] });
    authStore.setSession({ token: 't', user: { ...ada, role: { name: 'staff', privileges: ['show_metrics'] } } });
    createFakeServer()
      .on('membershipSubscriptions', () => json(200, [odd]))
      .on('subscriptions', () => json(200, []));
    const staffPage = renderPage(<SubscriptionPage />, { route: '/subscription?user=u9' });
    const item = await screen.findByRole('listitem', { name: 'Writer monthly' });
    expect(item).toHaveTextContent('May 1, 2026 · Purchase · $4.00 · differs from the price ($5.00): check it with the payment provider');
    staffPage.unmount();
    authStore.setSession({ token: 't', user: ada });
    renderPage(<SubscriptionPage />, { route: '/subscription' });
    const mine = await screen.findByRole('listitem', { name: 'Writer monthly' });
    expect(mine).toHaveTextContent('May 1, 2026 · Purchase · $4.00');
    expect(mine).not.toHaveTextContent('differs from the price');
  });

  it("shows the server's text when the list cannot be read", async () => {
    authStore.setSession({ token: 't', user: ada });
    createFakeServer().on('membershipSubscriptions', () => json(500, { message: 'An error occurred.' }));
    renderPage(<SubscriptionPage />, { route: '/subscription' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred.');
  });
});
