import { act, renderHook } from '@testing-library/react';
import { createAuthStore } from './auth-store';
import { session } from './fake-server';

describe('useAuth and useUser', () => {
  it('follow the shared store', async () => {
    const { authStore } = await import('./auth-store');
    const { useAuth, useUser } = await import('./use-auth');
    const auth = renderHook(() => useAuth());
    const current = renderHook(() => useUser());
    expect(auth.result.current).toEqual({ token: null, user: null, ready: false });
    expect(current.result.current).toBeNull();

    const s = session('u7', 'jwt-7');
    act(() => {
      authStore.setSession(s);
      authStore.setReady();
    });
    expect(auth.result.current).toEqual({ token: 'jwt-7', user: s.user, ready: true });
    expect(current.result.current).toEqual(s.user);

    act(() => authStore.clear());
    expect(current.result.current).toBeNull();
    expect(createAuthStore().instanceId).not.toBe(authStore.instanceId);
  });
});
