import { useSyncExternalStore } from 'react';
import type { AuthMode } from '../modal';

/**
 * Whether the auth modal is open over the current page without a route change (a "Log in"
 * button on a prompt or share-link page). /login, /register and /resetpassword open it by route.
 */
type Listener = () => void;
let mode: AuthMode | null = null;
const listeners = new Set<Listener>();

function set(next: AuthMode | null) {
  mode = next;
  listeners.forEach((l) => l());
}

export const authModal = {
  open: (next: AuthMode = 'login') => set(next),
  close: () => set(null),
  getSnapshot: () => mode,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAuthModal(): AuthMode | null {
  return useSyncExternalStore(authModal.subscribe, authModal.getSnapshot, authModal.getSnapshot);
}
