import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '@vox/api-client';
import { authStore } from '@vox/auth';
import { markNotificationsSeen } from './last-seen-notification';
import { NOTIFICATION_POLL_MS, useNewMessageDot } from './use-new-message-dot';

// The server is at the edge of this unit: a recording fetch answers the new-count call.
const calls: string[] = [];
let count = 0;
const fakeFetch = async (input: RequestInfo | URL) => {
  calls.push(String(input));
  return { ok: true, status: 200, headers: new Headers({ 'content-type': 'application/json' }), json: async () => ({ count }), text: async () => JSON.stringify({ count }) } as Response;
};

const user = (id: string) => ({ id, role: { name: 'member', privileges: [] }, classes: [] });

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
let client: QueryClient;

beforeEach(() => {
  calls.length = 0;
  count = 0;
  window.localStorage.clear();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  api.configure({ fetch: fakeFetch as typeof fetch, getToken: () => 'token' });
});
afterEach(() => {
  client.clear();
  authStore.clear();
});

describe('useNewMessageDot', () => {
  it('asks nothing and shows no dot when logged out', async () => {
    const { result } = renderHook(() => useNewMessageDot(), { wrapper });
    expect(result.current).toBe(false);
    expect(calls).toEqual([]);
  });

  it('shows the dot when the server counts new messages, and asks again after the last-seen mark moves', async () => {
    count = 2;
    act(() => authStore.setSession({ token: 'token', user: user('u1') }));
    const { result } = renderHook(() => useNewMessageDot(), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
    expect(calls[0]).toMatch(/\/api\/notifications\/new$/);
    count = 0;
    act(() => markNotificationsSeen('u1', 'n42'));
    await waitFor(() => expect(result.current).toBe(false));
    expect(calls.at(-1)).toMatch(/\/api\/notifications\/new\?after=n42$/);
  });

  it('polls every 30000 ms', async () => {
    jest.useFakeTimers();
    try {
      act(() => authStore.setSession({ token: 'token', user: user('u2') }));
      renderHook(() => useNewMessageDot(), { wrapper });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      expect(calls).toHaveLength(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS - 100);
      });
      expect(calls).toHaveLength(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(200);
      });
      expect(calls).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('resets when the user changes', async () => {
    count = 3;
    act(() => authStore.setSession({ token: 'token', user: user('u3') }));
    const { result } = renderHook(() => useNewMessageDot(), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
    count = 0;
    act(() => authStore.setSession({ token: 'token', user: user('u4') }));
    expect(result.current).toBe(false);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(result.current).toBe(false);
  });
});
