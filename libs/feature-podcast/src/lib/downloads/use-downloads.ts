import { useCallback } from 'react';
import type { Episode } from '@vox/contract';
import { downloadEpisode } from '../api/downloads';
import { loadListeningHistoryPage } from '../listening-history-page/load';
import { preloadPlayerEngine } from '../player/player';
import { preloadPlayerBar } from '../player/player-bar-slot';
import { DOWNLOAD_ERRORS } from './download-state';
import { downloadsNow, reloadDownloads, setDownloads, useDownloadList } from './downloads-store';

/**
 * What playing a download offline needs besides the download: the player's engine and bar, and the
 * library page that lists downloads, chunks that load on first use. Fetched now (the service
 * worker keeps what it serves), so a listener who never pressed Play online can offline.
 */
function warmOfflineChunks() {
  return Promise.all([preloadPlayerEngine(), preloadPlayerBar(), loadListeningHistoryPage()]).catch(() => undefined);
}

async function download(episode: Episode): Promise<boolean> {
  if (episode.id in downloadsNow().progress) return false;
  void warmOfflineChunks();
  const { [episode.id]: _gone, ...errors } = downloadsNow().errors;
  setDownloads({ progress: { ...downloadsNow().progress, [episode.id]: 0 }, errors });
  let ok = true;
  try {
    await downloadEpisode(episode, (fraction) => setDownloads({ progress: { ...downloadsNow().progress, [episode.id]: fraction } }));
  } catch (error) {
    ok = false;
    setDownloads({ errors: { ...downloadsNow().errors, [episode.id]: error instanceof Error ? error.message : DOWNLOAD_ERRORS.failed } });
  }
  const { [episode.id]: _done, ...progress } = downloadsNow().progress;
  setDownloads({ progress });
  await reloadDownloads();
  return ok;
}

/** The list with downloading: one episode, or a playlist's one after another. */
export function useDownloads() {
  const list = useDownloadList();
  /** Stops at the first failure (its error shows). */
  const downloadAll = useCallback(async (episodes: Episode[]) => {
    for (const episode of episodes) {
      if (downloadsNow().entries?.some((entry) => entry.id === episode.id)) continue;
      if (!(await download(episode))) break;
    }
  }, []);
  return { ...list, download, downloadAll };
}
