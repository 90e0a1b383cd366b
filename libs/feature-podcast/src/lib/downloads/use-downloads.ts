import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Episode } from '@vox/contract';
import { clearDownloads, downloadEpisode, listDownloads, removeDownload } from '../api/downloads';
import { loadListeningHistoryPage } from '../listening-history-page/load';
import { preloadPlayerEngine } from '../player/player';
import { preloadPlayerBar } from '../player/player-bar-slot';
import { DOWNLOAD_ERRORS, type DownloadEntry } from './download-state';

/**
 * The downloads as every open page of this tab sees them: one list, reloaded from the cache after
 * each change, and what is downloading now with its progress.
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
const set = (next: Partial<DownloadsState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

async function reload() {
  try {
    set({ entries: await listDownloads() });
  } catch {
    set({ entries: [] });
  }
}

/**
 * What playing a download offline needs besides the download: the player's engine and bar, and the
 * library page that lists downloads, chunks that load on first use. Fetched now (the service
 * worker keeps what it serves), so a listener who never pressed Play online can offline.
 */
function warmOfflineChunks() {
  return Promise.all([preloadPlayerEngine(), preloadPlayerBar(), loadListeningHistoryPage()]).catch(() => undefined);
}

async function download(episode: Episode): Promise<boolean> {
  if (episode.id in state.progress) return false;
  void warmOfflineChunks();
  const { [episode.id]: _gone, ...errors } = state.errors;
  set({ progress: { ...state.progress, [episode.id]: 0 }, errors });
  let ok = true;
  try {
    await downloadEpisode(episode, (fraction) => set({ progress: { ...state.progress, [episode.id]: fraction } }));
  } catch (error) {
    ok = false;
    set({ errors: { ...state.errors, [episode.id]: error instanceof Error ? error.message : DOWNLOAD_ERRORS.failed } });
  }
  const { [episode.id]: _done, ...progress } = state.progress;
  set({ progress });
  await reload();
  return ok;
}

export function useDownloads() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (current.entries === null) void reload();
  }, [current.entries]);
  const remove = useCallback(async (entry: DownloadEntry) => {
    await removeDownload(entry).catch(() => undefined);
    await reload();
  }, []);
  const clear = useCallback(async () => {
    await clearDownloads().catch(() => undefined);
    await reload();
  }, []);
  /** Downloads them one after another; stops at the first failure (its error shows). */
  const downloadAll = useCallback(async (episodes: Episode[]) => {
    for (const episode of episodes) {
      if (state.entries?.some((entry) => entry.id === episode.id)) continue;
      if (!(await download(episode))) break;
    }
  }, []);
  return { ...current, download, downloadAll, remove, clear };
}

/** Whether this browser can keep downloads at all (Cache Storage needs a secure context). */
export function useCanDownload(): boolean {
  const [can] = useState(() => typeof window !== 'undefined' && 'caches' in window);
  return can;
}
