import { useSyncExternalStore } from 'react';
import type { User } from '@vox/contract';
import { authStore, type AuthState } from './auth-store';

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getSnapshot);
}

export function useUser(): User | null {
  return useAuth().user;
}
