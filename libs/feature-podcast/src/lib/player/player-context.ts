import { createContext, useContext } from 'react';
import type { QueueItem, QueueState } from './queue-state';

/** What pages see of the podcast site's one player. */
export interface Player {
  state: QueueState;
  playing: boolean;
  /** Seconds. */
  time: number;
  duration: number;
  speed: number;
  play(item: QueueItem): void;
  playNext(item: QueueItem): void;
  playLast(item: QueueItem): void;
  toggle(): void;
  skip(deltaSeconds: number): void;
  seek(seconds: number): void;
  setSpeed(rate: number): void;
  next(): void;
  remove(id: string): void;
  move(id: string, delta: number): void;
}

export const PlayerContext = createContext<Player | null>(null);

/** The player, or null outside the podcast site (the main site's full-screen episode page). */
export const usePlayer = () => useContext(PlayerContext);

export const STORE_KEY = 'vox-podcast-player';
export const LISTENER_KEY = 'vox-podcast-listener';

/** What localStorage keeps for a reload: the queue, the speed and where the bar was. */
export interface Saved {
  state: QueueState;
  speed: number;
  timeMs: number;
}

export function loadSaved(): Saved | null {
  try {
    const raw = window.localStorage.getItem(STORE_KEY);
    return raw ? (JSON.parse(raw) as Saved) : null;
  } catch {
    return null;
  }
}
