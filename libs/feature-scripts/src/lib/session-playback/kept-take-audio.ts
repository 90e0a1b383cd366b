import { coreEndpoints, pathFor } from '@vox/contract';

/**
 * The offline worker's copies of takes' audio (docs/offline.md): a take this browser recorded
 * goes in as soon as the server confirms it, under the URL the read plays it from, so the read
 * opened offline plays it without its having been played online first. The worker keeps the
 * takes it plays itself; sign-out drops the cache with the member's other kept reads.
 */
const KEPT_AUDIO_CACHE = 'vox-audio';

/** Keeps `audio` as the bytes of /api/audio/{hash}; nothing when no offline worker runs the page. */
export async function keepTakeAudio(hash: string, audio: Blob, contentType: string): Promise<void> {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return;
  try {
    const cache = await caches.open(KEPT_AUDIO_CACHE);
    const headers = { 'Content-Type': contentType, 'Content-Length': String(audio.size) };
    await cache.put(pathFor(coreEndpoints.audio, { audioId: hash }), new Response(audio, { headers }));
  } catch {
    // A full or closed store: the take still plays from the network, as before.
  }
}
