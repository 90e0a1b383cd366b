import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { authStore } from '@vox/auth';
import { notificationQueryKeys } from '@vox/notifications-data';
import { createFakeServer, json } from '@vox/testing';
import { NOTIFICATION_POLL_MS, useNewMessageDot } from './notifications';

// The server is at the edge of this unit: the kit's fake server answers the seen-mark and
// new-count calls, and each URL asked is recorded.
const calls: string[] = [];
let count = 0;
let seenMark: string | null = null;
/** While set, polls wait for it: a spec can look at the dot while a poll is still under way. */
let gate: Promise<void> | null = null;
function serve() {
  createFakeServer({ token: 'token' })
    .on('notificationsSeen', ({ url }) => {
      calls.push(url);
      return json(200, { id: seenMark });
    })
    .on('newNotifications', async ({ url }) => {
      calls.push(url);
      if (gate) await gate;
      return json(200, { count });
    });
}
const polls = () => calls.filter((c) => c.includes('/api/notifications/new'));

const user = (id: string) => ({ id, role: { name: 'member', privileges: [] }, classes: [] });

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
let client: QueryClient;

beforeEach(() => {
  calls.length = 0;
  count = 0;
  seenMark = null;
  gate = null;
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  serve();
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

  it("reads the server's last-seen mark once, then polls after it", async () => {
    seenMark = 'n40';
    count = 1;
    act(() => authStore.setSession({ token: 'token', user: user('u0') }));
    const { result } = renderHook(() => useNewMessageDot(), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
    expect(calls).toEqual([expect.stringMatching(/\/api\/notifications\/seen$/), expect.stringMatching(/\/api\/notifications\/new\?after=n40$/)]);
  });

  it('shows the dot when the server counts new messages, and clears it as soon as the mark moves', async () => {
    count = 2;
    act(() => authStore.setSession({ token: 'token', user: user('u1') }));
    const { result } = renderHook(() => useNewMessageDot(), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
    expect(polls()[0]).toMatch(/\/api\/notifications\/new$/);
    count = 0;
    let open = () => undefined as void;
    gate = new Promise<void>((resolve) => (open = resolve));
    // What the Messages page does after PUT /api/notifications/seen: the dot goes before the
    // poll with the new mark has answered.
    act(() => client.setQueryData(notificationQueryKeys.seen('u1'), { id: 'n42' }));
    await waitFor(() => expect(polls().at(-1)).toMatch(/\/api\/notifications\/new\?after=n42$/));
    expect(result.current).toBe(false);
    open();
    await waitFor(() => expect(client.getQueryData(notificationQueryKeys.newCount('u1', 'n42'))).toEqual({ count: 0 }));
    expect(result.current).toBe(false);
    // The mark was read from the server only once.
    expect(calls.filter((c) => c.endsWith('/seen'))).toHaveLength(1);
  });

  it('polls every 30000 ms', async () => {
    jest.useFakeTimers();
    try {
      act(() => authStore.setSession({ token: 'token', user: user('u2') }));
      renderHook(() => useNewMessageDot(), { wrapper });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      expect(polls()).toHaveLength(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS - 100);
      });
      expect(polls()).toHaveLength(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(200);
      });
      expect(polls()).toHaveLength(2);
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
    await waitFor(() => expect(polls()).toHaveLength(2));
    expect(result.current).toBe(false);
  });

  describe('across tabs', () => {
    const original = globalThis.BroadcastChannel;
    beforeAll(() => {
      // jsdom has no BroadcastChannel; Node's is the real thing.
      globalThis.BroadcastChannel = NodeBroadcastChannel as unknown as typeof BroadcastChannel;
    });
    afterAll(() => {
      globalThis.BroadcastChannel = original;
    });

    it('a mark moved in one tab clears the dot in another', async () => {
      count = 1;
      act(() => authStore.setSession({ token: 'token', user: user('u5') }));
      const otherClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const otherTab = renderHook(() => useNewMessageDot(), {
        wrapper: ({ children }) => <QueryClientProvider client={otherClient}>{children}</QueryClientProvider>,
      });
      const thisTab = renderHook(() => useNewMessageDot(), { wrapper });
      await waitFor(() => expect(otherTab.result.current).toBe(true));
      await waitFor(() => expect(thisTab.result.current).toBe(true));
      count = 0;
      act(() => client.setQueryData(notificationQueryKeys.seen('u5'), { id: 'n77' }));
      await waitFor(() => expect(otherClient.getQueryData(notificationQueryKeys.seen('u5'))).toEqual({ id: 'n77' }));
      await waitFor(() => expect(otherTab.result.current).toBe(false));
      otherTab.unmount();
      thisTab.unmount();
      otherClient.clear();
    });
  });
});
