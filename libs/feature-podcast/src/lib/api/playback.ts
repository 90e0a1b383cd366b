import { api } from '@vox/api-client';
import { podcastEndpoints } from '@vox/contract/podcast';

/**
 * What the player tells the server while it plays: a signed-in listener's position (it resumes on
 * another device) and one play per episode started. Both are best effort: a failed report is
 * dropped, never shown, and the next one carries on.
 */
export function savePlaybackPosition(episodeId: string, positionMs: number): void {
  void api.call(podcastEndpoints.savePodcastPosition, { params: { episodeId }, body: { positionMs } }).catch(() => undefined);
}

/** Counts a play; an anonymous player sends its own random id (`listener`), so it counts once a day. */
export function countPlay(episodeId: string, listener?: string): void {
  void api.call(podcastEndpoints.podcastPlay, { params: { episodeId }, body: listener ? { listener } : {} }).catch(() => undefined);
}
