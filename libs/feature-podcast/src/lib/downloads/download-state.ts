import type { Episode, SharedEpisode } from '@vox/contract';

/**
 * Downloaded episodes (docs/offline.md): the audio and the episode page's read live in a cache of
 * their own, `vox-downloads`, which the service worker serves (byte ranges included) when the
 * network is not there. Each download has an index entry in the same cache, written last, so a
 * download that failed half way has no entry and its parts are removed.
 */
export const DOWNLOADS_CACHE = 'vox-downloads';
/** Where a download's index entry lives in the cache (never a URL the server answers). */
export const INDEX_PREFIX = '/__vox/downloads/';

/** What the index keeps of a download. */
export interface DownloadEntry {
  id: string;
  title: string;
  channelTitle: string;
  /** The audio's path without its query (a draft's signature changes; the content hash does not). */
  audioPath: string;
  /** The cached reads' paths: the episode page's `/api/podcast/share/{id}`. */
  reads: string[];
  /** The audio's size as the cache holds it. */
  bytes: number;
  /**
   * Only its member may hear it (a draft or a scheduled episode): removed when they sign out.
   * A published episode is public, and its kept read carries nobody's favourites or position.
   */
  private: boolean;
  savedAt: string;
}

export const readPathOf = (episodeId: string) => `/api/podcast/share/${encodeURIComponent(episodeId)}`;

export const audioPathOf = (audioUrl: string) => new URL(audioUrl, 'http://x').pathname;

const isPrivateEpisode = (episode: Episode) => episode.status !== 'published';

/**
 * The read kept with a download. A public one is stripped of what belongs to the member who
 * downloaded it (favourite, position, ownership), so it may stay after they sign out.
 */
export function keptRead(read: SharedEpisode): SharedEpisode {
  if (isPrivateEpisode(read.episode)) return read;
  return { ...read, isOwner: false, startSeconds: null, episode: { ...read.episode, favorite: false, positionMs: null } };
}

export function entryOf(read: SharedEpisode, bytes: number, now = new Date()): DownloadEntry {
  const { episode } = read;
  return {
    id: episode.id,
    title: episode.title,
    channelTitle: episode.channelTitle,
    audioPath: audioPathOf(episode.audioUrl),
    reads: [readPathOf(episode.id)],
    bytes,
    private: isPrivateEpisode(episode),
    savedAt: now.toISOString(),
  };
}

/** The storage the downloads use, from the sizes the cache holds. */
export const totalBytes = (entries: readonly Pick<DownloadEntry, 'bytes'>[]) => entries.reduce((sum, entry) => sum + Math.max(0, entry.bytes), 0);

/** Bytes in megabytes (10^6) as the page shows them, one decimal; anything kept shows at least 0.1 MB. */
export function megabytes(bytes: number): string {
  if (bytes <= 0) return '0 MB';
  const mb = Math.max(0.1, Math.round(bytes / 100_000) / 10);
  return `${mb.toFixed(1)} MB`;
}

/** The line the downloads' place shows. */
export function storageLine(entries: readonly Pick<DownloadEntry, 'bytes'>[]): string {
  const count = entries.length;
  return `${count} ${count === 1 ? 'episode' : 'episodes'} downloaded, using ${megabytes(totalBytes(entries))} on this device`;
}

/** Texts of a download that did not finish (nothing of it is kept). */
export const DOWNLOAD_ERRORS = {
  full: 'Not enough storage on this device to download this episode. Remove a download and try again.',
  failed: 'The download failed and nothing was kept. Check your connection and try again.',
} as const;

/** Whether an error is the browser saying its storage is full. */
export const isQuotaError = (error: unknown) => error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
