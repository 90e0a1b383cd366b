import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { clearDownloads, listDownloads, removeDownload } from '../api/downloads';
import type { DownloadEntry } from './download-state';

/**
 * The downloads as every open page of this tab sees them: one list, reloaded from the cache after
 * each change, and what is downloading now with its progress. Downloading itself is
 * use-downloads.ts; the library page's list needs only this.
 */
interface DownloadsState {
  entries: DownloadEntry[] | null;
  /** Episode id -> fraction done. */
  progress: Record<string, number>;
  /** Episode id -> why its last download failed. */
  errors: Record<string, string>;
}

let state: DownloadsState = { entries: null, progress: {}, errors: {} };
const listeners = new Set<() => void>();
export const setDownloads = (next: Partial<DownloadsState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};
export const downloadsNow = () => state;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export async function reloadDownloads() {
  try {
    setDownloads({ entries: await listDownloads() });
  } catch {
    setDownloads({ entries: [] });
  }
}

/** The list, with removing one or all. */
export function useDownloadList() {
  const current = useSyncExternalStore(subscribe, downloadsNow, downloadsNow);
  useEffect(() => {
    if (current.entries === null) void reloadDownloads();
  }, [current.entries]);
  const remove = useCallback(async (entry: DownloadEntry) => {
    await removeDownload(entry).catch(() => undefined);
    await reloadDownloads();
  }, []);
  const clear = useCallback(async () => {
    await clearDownloads().catch(() => undefined);
    await reloadDownloads();
  }, []);
  return { ...current, remove, clear };
}

/** Whether this browser can keep downloads at all (Cache Storage needs a secure context). */
export const canDownload = () => typeof window !== 'undefined' && 'caches' in window;
