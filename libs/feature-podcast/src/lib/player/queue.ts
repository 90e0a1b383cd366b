import type { Chapter, Episode } from '@vox/contract';
import type { QueueItem, QueueState } from './queue-state';

/**
 * The player's pure rules, kept apart from the <audio> element so Jest checks them:
 * the queue (play now, next, last, advance), speeds, skips, where to resume, when to save the
 * position and which chapter is playing.
 */
// The queue's shape and its empty state live apart (queue-state.ts): the podcast site's first route
// needs them, and a module's code loads whole with the first chunk that needs any of it.
export { EMPTY_QUEUE, type QueueItem, type QueueState } from './queue-state';

export function toQueueItem(episode: Episode, startMs = episode.positionMs ?? 0): QueueItem {
  return {
    id: episode.id,
    title: episode.title,
    channelId: episode.channelId,
    channelTitle: episode.channelTitle,
    cover: episode.channelCover,
    audioUrl: episode.audioUrl,
    durationMs: episode.durationMs,
    chapters: episode.chapters,
    startMs: resumeAt(startMs, episode.durationMs),
  };
}

const without = (queue: QueueItem[], id: string) => queue.filter((item) => item.id !== id);

/** Plays it now; what played before is dropped (its position was saved), the queue stays. */
export function playNow(state: QueueState, item: QueueItem): QueueState {
  return { current: item, queue: without(state.queue, item.id) };
}

/** Next after the current one (or now, when nothing plays). */
export function playNext(state: QueueState, item: QueueItem): QueueState {
  if (!state.current) return playNow(state, item);
  if (state.current.id === item.id) return state;
  return { current: state.current, queue: [item, ...without(state.queue, item.id)] };
}

/** At the end of the queue (or now, when nothing plays). */
export function playLast(state: QueueState, item: QueueItem): QueueState {
  if (!state.current) return playNow(state, item);
  if (state.current.id === item.id) return state;
  return { current: state.current, queue: [...without(state.queue, item.id), item] };
}

/** The current episode ended (or was skipped): the next one in the queue plays. */
export function advance(state: QueueState): QueueState {
  const [next, ...rest] = state.queue;
  return { current: next ?? null, queue: rest };
}

export function removeFromQueue(state: QueueState, id: string): QueueState {
  return { ...state, queue: without(state.queue, id) };
}

/** Moves a queued episode by `delta` places (keyboard reordering). */
export function moveInQueue(state: QueueState, id: string, delta: number): QueueState {
  const from = state.queue.findIndex((item) => item.id === id);
  if (from < 0) return state;
  const to = Math.max(0, Math.min(state.queue.length - 1, from + delta));
  const queue = [...state.queue];
  const [item] = queue.splice(from, 1);
  queue.splice(to, 0, item);
  return { ...state, queue };
}

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** A playback rate within 0.5x to 2x (anything else becomes the nearest end). */
export function clampSpeed(rate: number): number {
  if (!Number.isFinite(rate)) return 1;
  return Math.min(2, Math.max(0.5, rate));
}

/** The next speed up or down the list, staying at its ends. */
export function stepSpeed(rate: number, direction: 1 | -1): number {
  const index = SPEEDS.findIndex((s) => s >= clampSpeed(rate) - 1e-9);
  const at = index < 0 ? SPEEDS.length - 1 : index;
  return SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, at + direction))];
}

/** The time after skipping `deltaSeconds` (back or forward), kept within the episode. */
export function skipTo(currentSeconds: number, deltaSeconds: number, durationSeconds: number): number {
  const end = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(end, currentSeconds + deltaSeconds));
}

/** Where to resume: a saved place, unless it is in the last 5 seconds (then from the start). */
export function resumeAt(savedMs: number, durationMs: number): number {
  if (!Number.isFinite(savedMs) || savedMs <= 0) return 0;
  if (durationMs > 0 && savedMs >= durationMs - 5000) return 0;
  return Math.floor(savedMs);
}

/** Save while playing at most every `everyMs` of listening, or after a jump of over 5 s. */
export function shouldSave(lastSavedMs: number | null, positionMs: number, everyMs = 10_000): boolean {
  if (lastSavedMs === null) return true;
  const moved = positionMs - lastSavedMs;
  return moved >= everyMs || moved < -5000;
}

/** The chapter playing at `seconds` (the last one started), or -1 before the first. */
export function chapterAt(chapters: Chapter[], seconds: number): number {
  let found = -1;
  chapters.forEach((chapter, i) => {
    if (chapter.startTime <= seconds + 1e-6) found = i;
  });
  return found;
}

/** 1:05 or 1:02:05. */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
