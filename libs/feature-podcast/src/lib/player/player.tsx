import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyComponent } from '@vox/ui';
import { EMPTY_QUEUE, type QueueItem } from './queue-state';
import { loadSaved, PlayerContext, type Player } from './player-context';

export { usePlayer, type Player } from './player-context';

// The engine (the element's events, the server's position, the queue's rules, media
// keys) loads when something is to be played, not with the podcast site's first route.
const PlayerEngine = lazyComponent(() => import('./player-engine'), (m) => m.PlayerEngine);

/** Loads the engine's code ahead of use (a download fetches it, so the episode plays offline). */
export const preloadPlayerEngine = () => PlayerEngine.preload();

type Call = (player: Player) => void;

/**
 * The podcast site's one player. It sits above the routes in the podcast app and owns
 * the only <audio> element, made once and never dropped: a route change re-renders pages, never
 * the element, so playback never stops. Until the engine has loaded, pages see a player that is
 * stopped, with the queue a reload kept; what they ask of it (play, queue, ...) is kept and done
 * by the engine once it is there (a listener with a kept episode gets the engine at once).
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const saved = useMemo(loadSaved, []);
  const [wanted, setWanted] = useState(() => Boolean(saved?.state.current));
  const [engine, setEngine] = useState<Player | null>(null);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const pending = useRef<Call[]>([]);

  // Made on first need: inside the listener's click when a play starts the engine (browsers let
  // an element play that a gesture made), else when the engine mounts for a kept episode.
  const audio = () => {
    if (!audioRef.current && typeof Audio !== 'undefined') {
      audioRef.current = new Audio();
      audioRef.current.preload = 'metadata';
    }
    return audioRef.current;
  };

  const waiting = useMemo<Player>(() => {
    const later = (call: Call) => {
      audio();
      pending.current.push(call);
      setWanted(true);
    };
    const current = saved?.state.current ?? null;
    return {
      state: saved?.state ?? EMPTY_QUEUE,
      playing: false,
      time: (saved?.timeMs ?? 0) / 1000,
      duration: current ? current.durationMs / 1000 : 0,
      speed: saved?.speed ?? 1,
      play: (item: QueueItem) => later((p) => p.play(item)),
      playNext: (item: QueueItem) => later((p) => p.playNext(item)),
      playLast: (item: QueueItem) => later((p) => p.playLast(item)),
      toggle: () => later((p) => p.toggle()),
      skip: (delta: number) => later((p) => p.skip(delta)),
      seek: (seconds: number) => later((p) => p.seek(seconds)),
      setSpeed: (rate: number) => later((p) => p.setSpeed(rate)),
      next: () => later((p) => p.next()),
      remove: (id: string) => later((p) => p.remove(id)),
      move: (id: string, delta: number) => later((p) => p.move(id, delta)),
    };
  }, [saved]);

  const onPlayer = useCallback((player: Player) => setEngine(() => player), []);

  // The engine is here: what was asked before it came is done now, in order.
  useEffect(() => {
    if (!engine || pending.current.length === 0) return;
    const calls = pending.current.splice(0);
    for (const call of calls) call(engine);
  }, [engine]);

  return (
    <PlayerContext.Provider value={engine ?? waiting}>
      {wanted && <PlayerEngine audio={audio()} saved={saved} onPlayer={onPlayer} />}
      {children}
    </PlayerContext.Provider>
  );
}
