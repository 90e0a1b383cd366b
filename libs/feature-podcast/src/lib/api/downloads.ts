import { api } from '@vox/api-client';
import type { Episode, SharedEpisode } from '@vox/contract';
import { podcastEndpoints } from '@vox/contract/podcast';
import { audioPathOf, DOWNLOAD_ERRORS, DOWNLOADS_CACHE, entryOf, INDEX_PREFIX, isQuotaError, keptRead, readPathOf, type DownloadEntry } from '../downloads/download-state';

/** A download that did not finish; its message is the one the page shows. */
class DownloadError extends Error {
  override readonly name = 'DownloadError';
}

const downloadsAvailable = () => typeof caches !== 'undefined';

/** Removes a download's parts; its audio stays while another download holds the same file (audio is stored by content). */
async function removeParts(cache: Cache, entry: Pick<DownloadEntry, 'id' | 'audioPath' | 'reads'>) {
  await cache.delete(INDEX_PREFIX + entry.id);
  const shared = (await entriesOf(cache)).some((other) => other.audioPath === entry.audioPath);
  await Promise.all([shared ? true : cache.delete(entry.audioPath, { ignoreSearch: true }), ...entry.reads.map((read) => cache.delete(read))]);
}

async function entriesOf(cache: Cache): Promise<DownloadEntry[]> {
  const entries: DownloadEntry[] = [];
  for (const request of await cache.keys()) {
    if (!new URL(request.url).pathname.startsWith(INDEX_PREFIX)) continue;
    const answer = await cache.match(request);
    if (answer) entries.push((await answer.json()) as DownloadEntry);
  }
  return entries.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

async function readAudio(url: string, expected: number, onProgress: (fraction: number) => void): Promise<Blob> {
  const answer = await fetch(url, { cache: 'no-store' });
  if (!answer.ok || !answer.body) throw new DownloadError(DOWNLOAD_ERRORS.failed);
  const total = Number(answer.headers.get('Content-Length')) || expected;
  const reader = answer.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    if (total > 0) onProgress(Math.min(1, received / total));
  }
  if (total > 0 && received < total) throw new DownloadError(DOWNLOAD_ERRORS.failed);
  return new Blob(parts as BlobPart[], { type: answer.headers.get('Content-Type') ?? 'application/octet-stream' });
}

/**
 * Downloads an episode into the Cache Storage the service worker serves offline: the audio
 * (read as a stream, for the progress), then the episode page's read, then the index entry. Any
 * failure removes what was written, so a download is there whole or not at all.
 */
export async function downloadEpisode(episode: Episode, onProgress: (fraction: number) => void): Promise<DownloadEntry> {
  if (!downloadsAvailable()) throw new DownloadError(DOWNLOAD_ERRORS.failed);
  const cache = await caches.open(DOWNLOADS_CACHE);
  const planned = { id: episode.id, audioPath: audioPathOf(episode.audioUrl), reads: [readPathOf(episode.id)] };
  try {
    // The read first: it names the audio the page will ask for (a draft's is signed afresh).
    const read: SharedEpisode = await api.call(podcastEndpoints.podcastSharedEpisode, { params: { linkId: episode.id } });
    const audio = await readAudio(read.episode.audioUrl, read.episode.byteSize, onProgress);
    const entry = entryOf(read, audio.size);
    await cache.put(entry.audioPath, new Response(audio, { headers: { 'Content-Type': audio.type, 'Content-Length': String(audio.size) } }));
    await cache.put(readPathOf(episode.id), new Response(JSON.stringify(keptRead(read)), { headers: { 'Content-Type': 'application/json' } }));
    await cache.put(INDEX_PREFIX + entry.id, new Response(JSON.stringify(entry), { headers: { 'Content-Type': 'application/json' } }));
    return entry;
  } catch (error) {
    await removeParts(cache, planned).catch(() => undefined);
    throw new DownloadError(isQuotaError(error) ? DOWNLOAD_ERRORS.full : DOWNLOAD_ERRORS.failed);
  }
}

/** The downloads this browser holds, oldest first. */
export async function listDownloads(): Promise<DownloadEntry[]> {
  if (!downloadsAvailable() || !(await caches.has(DOWNLOADS_CACHE))) return [];
  return entriesOf(await caches.open(DOWNLOADS_CACHE));
}

export async function removeDownload(entry: DownloadEntry): Promise<void> {
  if (!downloadsAvailable()) return;
  await removeParts(await caches.open(DOWNLOADS_CACHE), entry);
}

export async function clearDownloads(): Promise<void> {
  if (downloadsAvailable()) await caches.delete(DOWNLOADS_CACHE);
}
