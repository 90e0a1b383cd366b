import type { SignInResult, User } from '@vox/contract';

/** Token and user, both null when logged out; `ready` once the startup refresh has ended. */
export interface AuthState {
  token: string | null;
  user: User | null;
  ready: boolean;
}

interface AuthStore {
  /** Random per instance: the e2e suite compares it across the shell and remotes to prove they share one store. */
  readonly instanceId: string;
  getSnapshot(): AuthState;
  subscribe(listener: () => void): () => void;
  setSession(session: SignInResult): void;
  /** Replaces the signed-in user (after a profile edit); ignored when logged out. */
  setUser(user: User): void;
  clear(): void;
  setReady(): void;
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A tiny external store for useSyncExternalStore: snapshots are immutable and change identity only on change. */
export function createAuthStore(): AuthStore {
  let state: AuthState = { token: null, user: null, ready: false };
  const listeners = new Set<() => void>();

  const set = (next: AuthState): void => {
    if (next.token === state.token && next.user === state.user && next.ready === state.ready) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    instanceId: randomId(),
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setSession: ({ token, user }) => set({ ...state, token, user }),
    setUser: (user) => {
      if (state.token) set({ ...state, user });
    },
    clear: () => set({ ...state, token: null, user: null }),
    setReady: () => set({ ...state, ready: true }),
  };
}

/**
 * The app's one auth state. Federation shares @vox/auth as a singleton, so the shell and every
 * remote import this same object; `instanceId` lets a test prove it.
 */
export const authStore: AuthStore = createAuthStore();
