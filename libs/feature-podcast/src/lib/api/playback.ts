import { api, isApiError } from '@vox/api-client';
import { podcastEndpoints } from '@vox/contract/podcast';
import { OUTBOX_KEY, parseOutbox, pendingFor, queuePosition, settle, supersede, type Outbox, type PendingPosition } from '../downloads/position-outbox';

/**
 * What the player tells the server while it plays: a signed-in listener's position (it resumes on
 * another device) and one play per episode started. A position the network could not take
 * (offline, a downloaded episode playing) waits in localStorage and goes once the network is back
 * (`flushPositions`); any other failure is dropped, never shown, and the next report carries on.
 */
function readOutbox(): Outbox {
  try {
    return parseOutbox(window.localStorage.getItem(OUTBOX_KEY));
  } catch {
    return [];
  }
}

function writeOutbox(outbox: Outbox): void {
  try {
    if (outbox.length === 0) window.localStorage.removeItem(OUTBOX_KEY);
    else window.localStorage.setItem(OUTBOX_KEY, JSON.stringify(outbox));
  } catch {
    // private mode: nothing waits
  }
}

const unreachable = (error: unknown) => isApiError(error) && error.status === 0;

const send = (position: Pick<PendingPosition, 'episodeId' | 'positionMs'>) =>
  api.call(podcastEndpoints.savePodcastPosition, { params: { episodeId: position.episodeId }, body: { positionMs: position.positionMs } });

export function savePlaybackPosition(userId: string, episodeId: string, positionMs: number): void {
  const pending: PendingPosition = { userId, episodeId, positionMs, at: Date.now() };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    writeOutbox(queuePosition(readOutbox(), pending));
    return;
  }
  send(pending).then(
    () => writeOutbox(supersede(readOutbox(), userId, episodeId, pending.at)),
    (error: unknown) => {
      if (unreachable(error)) writeOutbox(queuePosition(readOutbox(), pending));
    },
  );
}

let flushing: Promise<void> | null = null;

/** Sends the member's waiting positions, each once; what the network still cannot take waits on. */
export function flushPositions(userId: string): Promise<void> {
  if (flushing) return flushing;
  flushing = (async () => {
    for (const position of pendingFor(readOutbox(), userId)) {
      try {
        await send(position);
      } catch (error) {
        if (unreachable(error)) break;
      }
      writeOutbox(settle(readOutbox(), position));
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Counts a play; an anonymous player sends its own random id (`listener`), so it counts once a day. */
export function countPlay(episodeId: string, listener?: string): void {
  void api.call(podcastEndpoints.podcastPlay, { params: { episodeId }, body: listener ? { listener } : {} }).catch(() => undefined);
}
