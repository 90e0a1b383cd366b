import type { Chapter } from '@vox/contract';

/** The player's queue: its items and its empty state (the rules on it are in queue.ts). */
export interface QueueItem {
  id: string;
  title: string;
  channelId: string;
  channelTitle: string;
  cover: string | null;
  audioUrl: string;
  durationMs: number;
  chapters: Chapter[];
  /** Where to start (ms): the server's saved position or a share link's time. */
  startMs: number;
}

export interface QueueState {
  current: QueueItem | null;
  /** Up next, in order; never holds the current episode. */
  queue: QueueItem[];
}

export const EMPTY_QUEUE: QueueState = { current: null, queue: [] };
