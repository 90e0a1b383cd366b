import { authStore, createAuthStore } from './auth-store';
import { session, user } from './fake-server';

describe('createAuthStore', () => {
  it('starts logged out and not ready', () => {
    expect(createAuthStore().getSnapshot()).toEqual({ token: null, user: null, ready: false });
  });

  it('has a random 32-hex-character instanceId, different per store', () => {
    const a = createAuthStore();
    const b = createAuthStore();
    expect(a.instanceId).toMatch(/^[0-9a-f]{32}$/);
    expect(a.instanceId).not.toBe(b.instanceId);
  });

  it('setSession fills token and user and notifies subscribers', () => {
    const store = createAuthStore();
    const listener = jest.fn();
    store.subscribe(listener);
    const s = session('u1', 'jwt-1');
    store.setSession(s);
    expect(store.getSnapshot()).toEqual({ token: 'jwt-1', user: s.user, ready: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('gives a new snapshot object on change and the same one otherwise', () => {
    const store = createAuthStore();
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    store.setReady();
    expect(store.getSnapshot()).not.toBe(before);
  });

  it('does not notify when nothing changes', () => {
    const store = createAuthStore();
    const listener = jest.fn();
    store.subscribe(listener);
    store.clear();
    store.setReady();
    store.setReady();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('clear empties token and user but stays ready', () => {
    const store = createAuthStore();
    store.setReady();
    store.setSession(session());
    store.clear();
    expect(store.getSnapshot()).toEqual({ token: null, user: null, ready: true });
  });

  it('setUser replaces the user of a signed-in session only', () => {
    const store = createAuthStore();
    store.setUser(user('ghost'));
    expect(store.getSnapshot().user).toBeNull();
    store.setSession(session('u1'));
    const renamed = { ...user('u1'), name: 'Grace' };
    store.setUser(renamed);
    expect(store.getSnapshot().user).toBe(renamed);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createAuthStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.setReady();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('authStore', () => {
  it('is one module-level instance', async () => {
    const again = await import('./auth-store');
    expect(again.authStore).toBe(authStore);
    expect(authStore.instanceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
