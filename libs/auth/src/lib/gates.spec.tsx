import { act, render, screen } from '@testing-library/react';
import { api } from '@vox/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { User } from '@vox/contract';
import { authStore } from './auth-store';
import { RequireLogin, RequirePrivilege } from './gates';
import { authModal } from './auth-modal-store';

const user = (privileges: string[]): User => ({ id: 'u1', role: { name: 'writer', privileges }, classes: [] });

function renderGate(node: React.ReactNode, subscriptions: unknown[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['subscriptions', 'u1'], subscriptions);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => authStore.clear());

describe('RequireLogin', () => {
  it('shows the log-in prompt for what it guards when logged out, and opens the modal', () => {
    renderGate(<RequireLogin what="scripts">secret</RequireLogin>);
    expect(screen.queryByText('secret')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('scripts');
    screen.getByRole('button', { name: 'Log in' }).click();
    expect(authModal.getSnapshot()).toBe('login');
    authModal.close();
  });

  it('shows the page when logged in', () => {
    authStore.setSession({ token: 't', user: user([]) });
    renderGate(<RequireLogin what="scripts">secret</RequireLogin>);
    expect(screen.getByText('secret')).toBeInTheDocument();
  });
});

describe('RequirePrivilege', () => {
  it('names the missing privilege and links to /membership', () => {
    authStore.setSession({ token: 't', user: user([]) });
    renderGate(<RequirePrivilege privilege="draft">drafts</RequirePrivilege>);
    expect(screen.queryByText('drafts')).toBeNull();
    expect(screen.getByText(/drafts and templates/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /membership/i })).toHaveAttribute('href', '/membership');
  });

  it('lets the own role grant it', () => {
    authStore.setSession({ token: 't', user: user(['draft']) });
    renderGate(<RequirePrivilege privilege="draft">drafts</RequirePrivilege>);
    expect(screen.getByText('drafts')).toBeInTheDocument();
  });

  it('lets an active subscription grant it, but not an expired one', () => {
    authStore.setSession({ token: 't', user: user([]) });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const { unmount } = renderGate(<RequirePrivilege privilege="audio_library">audio</RequirePrivilege>, [
      { role: { name: 'premium', privileges: ['audio_library'] }, expiry: future },
    ]);
    expect(screen.getByText('audio')).toBeInTheDocument();
    unmount();
    renderGate(<RequirePrivilege privilege="audio_library">audio</RequirePrivilege>, [
      { role: { name: 'premium', privileges: ['audio_library'] }, expiry: past },
    ]);
    expect(screen.queryByText('audio')).toBeNull();
  });

  it('closes when the subscription granting it runs out in the open app, renewing the session (no reload)', async () => {
    jest.useFakeTimers();
    try {
      // The server folds running subscriptions into the user's role privileges; the renewed session has none.
      const refresh = jest.spyOn(api, 'refreshToken').mockResolvedValue({ token: 't2', user: user([]) });
      authStore.setSession({ token: 't', user: user(['draft']) });
      renderGate(<RequirePrivilege privilege="draft">drafts</RequirePrivilege>, [
        { role: { name: 'writer', privileges: ['draft'] }, expiry: new Date(Date.now() + 5000).toISOString() },
      ]);
      expect(screen.getByText('drafts')).toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(4900);
      });
      expect(refresh).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(200);
      });
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(screen.queryByText('drafts')).toBeNull();
      expect(screen.getByText(/drafts and templates/)).toBeInTheDocument();
      refresh.mockRestore();
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes when the renewed user lost it (ended elsewhere), reading the stale subscriptions again; a gain asks nothing', async () => {
    let answer: unknown[] = [{ role: { name: 'writer', privileges: ['draft'] }, expiry: new Date(Date.now() + 86_400_000).toISOString() }];
    const read = jest.spyOn(api, 'getSubscriptions').mockImplementation(async () => answer as never);
    // A changed list renews the session too; the server's user is the renewed one.
    const refresh = jest.spyOn(api, 'refreshToken').mockResolvedValue({ token: 't2', user: user([]) });
    authStore.setSession({ token: 't', user: user(['draft']) });
    renderGate(<RequirePrivilege privilege="draft">drafts</RequirePrivilege>, answer);
    expect(screen.getByText('drafts')).toBeInTheDocument();
    // Another tab's check renewed the session: the writer subscription was ended by staff.
    answer = [];
    await act(async () => authStore.setSession({ token: 't2', user: user([]) }));
    // The list read again answers no running subscription: the member is told what is missing.
    expect(await screen.findByRole('link', { name: /membership/i })).toHaveAttribute('href', '/membership');
    expect(screen.queryByText('drafts')).toBeNull();
    expect(read).toHaveBeenCalledTimes(1);
    // Bought again: the user grants it at once, with no read of the list.
    await act(async () => authStore.setSession({ token: 't3', user: user(['draft']) }));
    expect(screen.getByText('drafts')).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
    refresh.mockRestore();
  });

  it('asks a logged-out visitor to log in', () => {
    renderGate(<RequirePrivilege privilege="show_metrics">metrics</RequirePrivilege>);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
