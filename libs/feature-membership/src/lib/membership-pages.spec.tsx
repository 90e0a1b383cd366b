import { screen, within } from '@testing-library/react';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import { createFakeServer, json, renderPage, type FakeAnswer } from '@vox/testing';
import { ContactPage } from './contact-page/contact-page';
import { MembershipPage } from './membership-page/membership-page';
import { SubscriptionPage } from './subscription-page/subscription-page';

const ada: User = { id: 'u1', handle: null, name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };

/** GET /api/subscriptions answers `answer`. */
function serveSubscriptions(answer: FakeAnswer) {
  createFakeServer().on('subscriptions', () => answer);
}

afterEach(() => authStore.clear());

describe('membership pages', () => {
  it('the membership page says what plans unlock', () => {
    renderPage(<MembershipPage />, { route: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your membership' })).toBeInTheDocument();
    expect(screen.getByText(/the audio library and free scripts/)).toBeInTheDocument();
  });

  it('the contact page says the team answers', () => {
    renderPage(<ContactPage />, { route: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
  });

  it('lists my subscriptions with what they include and when they end', async () => {
    authStore.setSession({ token: 't', user: ada });
    serveSubscriptions(
      json(200, [
        { role: { name: 'writer', privileges: ['draft'] }, expiry: '2000-01-01T00:00:00.000Z' },
        { role: { name: 'premium', privileges: ['draft', 'audio_library', 'read_free_script'] }, expiry: '2999-06-01T00:00:00.000Z' },
      ]),
    );
    renderPage(<SubscriptionPage />, { route: '/' });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('premium')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent(/Active until/);
    expect(items[0]).toHaveTextContent('Includes drafts and templates, the audio library, free scripts.');
    expect(items[1]).toHaveTextContent(/Expired/);
    expect(screen.getByRole('link', { name: 'Choose your membership' })).toHaveAttribute('href', '/membership');
  });

  it('says when there are none', async () => {
    authStore.setSession({ token: 't', user: ada });
    serveSubscriptions(json(200, []));
    renderPage(<SubscriptionPage />, { route: '/' });
    expect(await screen.findByText('You have no subscriptions yet.')).toBeInTheDocument();
  });

  it("shows the server's text when the list cannot be read", async () => {
    authStore.setSession({ token: 't', user: ada });
    serveSubscriptions(json(500, { message: 'An error occurred.' }));
    renderPage(<SubscriptionPage />, { route: '/' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred.');
  });
});
