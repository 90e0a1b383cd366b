import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '@vox/auth';
import { countPlay, flushPositions, savePlaybackPosition } from '../api/playback';
import { advance, clampSpeed, EMPTY_QUEUE, moveInQueue, playLast, playNext, playNow, removeFromQueue, shouldSave, skipTo, type QueueItem, type QueueState } from './queue';
import { LISTENER_KEY, STORE_KEY, type Player, type Saved } from './player-context';

/**
 * The podcast site's player engine: it drives the one <audio> element, which the
 * provider (player.tsx) made and never drops, so a route change never stops playback. The
 * position goes to the server every 10 s of listening and on pause (it resumes on another
 * device); the queue, speed and the episode playing are kept in localStorage for a reload.
 * It loads on first use, not with the first route, and hands its player up through
 * `onPlayer` each time it changes.
 */
/** An anonymous player's own random id, so its plays count once a day. */
function listenerId(): string {
  try {
    let id = window.localStorage.getItem(LISTENER_KEY);
    if (!id) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
      window.localStorage.setItem(LISTENER_KEY, id);
    }
    return id;
  } catch {
    return 'no-storage-listener';
  }
}

export interface PlayerEngineProps {
  /** The one element (made by the provider, inside the listener's gesture when that started it). */
  audio: HTMLAudioElement | null;
  /** What localStorage held when the page loaded. */
  saved: Saved | null;
  onPlayer(player: Player): void;
}

export function PlayerEngine({ audio: element, saved, onPlayer }: PlayerEngineProps) {
  const { user, token } = useAuth();
  const audioRef = useRef<HTMLAudioElement | null>(element);
  const [state, setState] = useState<QueueState>(saved?.state ?? EMPTY_QUEUE);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState((saved?.timeMs ?? 0) / 1000);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeedState] = useState(clampSpeed(saved?.speed ?? 1));
  const lastSaved = useRef<number | null>(null);
  const counted = useRef<string | null>(null);
  const userId = user?.id ?? null;
  const current = state.current;

  const savePosition = useCallback(
    (item: QueueItem | null, seconds: number) => {
      if (!item || !userId) return;
      const positionMs = Math.max(0, Math.round(seconds * 1000));
      lastSaved.current = positionMs;
      savePlaybackPosition(userId, item.id, positionMs);
    },
    [userId],
  );

  // Positions kept while the network was down (a downloaded episode played offline) go when it
  // is back, and at start for a page that opened after they were kept; never under the stand-in
  // session of a page that started offline (its real session replaces it first).
  const realSession = Boolean(token && !token.startsWith('offline.'));
  useEffect(() => {
    if (!userId || !realSession) return;
    const flush = () => {
      if (navigator.onLine) void flushPositions(userId);
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [userId, realSession]);

  // A new episode: load it at its start point (a reload resumes where the bar was).
  const loadedId = useRef<string | null>(null);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !current || loadedId.current === current.id) return;
    const first = loadedId.current === null && saved?.state.current?.id === current.id;
    loadedId.current = current.id;
    audio.src = current.audioUrl;
    audio.playbackRate = speed;
    const start = first ? (saved?.timeMs ?? current.startMs) / 1000 : current.startMs / 1000;
    const seekOnce = () => {
      if (start > 0) audio.currentTime = start;
      audio.removeEventListener('loadedmetadata', seekOnce);
    };
    audio.addEventListener('loadedmetadata', seekOnce);
    setTime(start);
    lastSaved.current = null;
    // A reloaded page waits for the listener (browsers refuse autoplay); a chosen episode plays.
    if (!first) void audio.play().catch(() => setPlaying(false));
  }, [current, saved, speed]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onTime = () => {
      setTime(audio.currentTime);
      if (!audio.paused && shouldSave(lastSaved.current, audio.currentTime * 1000)) savePosition(state.current, audio.currentTime);
    };
    const onPlay = () => {
      setPlaying(true);
      const item = state.current;
      if (item && counted.current !== item.id) {
        counted.current = item.id;
        countPlay(item.id, userId ? undefined : listenerId());
      }
    };
    const onPause = () => {
      setPlaying(false);
      if (!audio.ended) savePosition(state.current, audio.currentTime);
    };
    const onMeta = () => setDuration(audio.duration);
    const onEnded = () => {
      savePosition(state.current, audio.duration);
      setState((s) => advance(s));
    };
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('loadedmetadata', onMeta);
    audio.addEventListener('ended', onEnded);
    return () => {
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('loadedmetadata', onMeta);
      audio.removeEventListener('ended', onEnded);
    };
  }, [state, savePosition, userId]);

  // Kept for a reload: the queue, the speed, and where the bar is (every few seconds while
  // playing, and exactly where it stopped on a pause).
  const roundedTime = playing ? Math.floor(time / 3) : time;
  useEffect(() => {
    try {
      window.localStorage.setItem(STORE_KEY, JSON.stringify({ state, speed, timeMs: Math.round((audioRef.current?.currentTime ?? 0) * 1000) } satisfies Saved));
    } catch {
      // private mode: nothing kept
    }
  }, [state, speed, roundedTime]);

  const player = useMemo<Player>(() => {
    const audio = audioRef.current;
    const seek = (seconds: number) => {
      if (!audio) return;
      audio.currentTime = seconds;
      setTime(seconds);
      savePosition(state.current, seconds);
    };
    return {
      state,
      playing,
      time,
      duration: duration || (current ? current.durationMs / 1000 : 0),
      speed,
      play: (item) => {
        if (current?.id === item.id) {
          void audio?.play();
          return;
        }
        if (current && audio) savePosition(current, audio.currentTime);
        setState((s) => playNow(s, item));
      },
      playNext: (item) => setState((s) => playNext(s, item)),
      playLast: (item) => setState((s) => playLast(s, item)),
      toggle: () => {
        if (!audio || !current) return;
        if (audio.paused) void audio.play();
        else audio.pause();
      },
      skip: (delta) => audio && seek(skipTo(audio.currentTime, delta, audio.duration)),
      seek,
      setSpeed: (rate) => {
        const next = clampSpeed(rate);
        if (audio) audio.playbackRate = next;
        setSpeedState(next);
      },
      next: () => {
        if (current && audio) savePosition(current, audio.currentTime);
        setState((s) => advance(s));
      },
      remove: (id) => setState((s) => removeFromQueue(s, id)),
      move: (id, delta) => setState((s) => moveInQueue(s, id, delta)),
    };
  }, [state, playing, time, duration, speed, current, savePosition]);

  // Nothing left to play: stop the element.
  useEffect(() => {
    if (!current && audioRef.current) {
      audioRef.current.pause();
      audioRef.current.removeAttribute('src');
      loadedId.current = null;
    }
  }, [current]);

  // Lock-screen and headset controls.
  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session || !current || typeof MediaMetadata === 'undefined') return;
    session.metadata = new MediaMetadata({
      title: current.title,
      artist: current.channelTitle,
      album: current.channelTitle,
      artwork: current.cover ? [{ src: current.cover, sizes: '512x512', type: 'image/webp' }] : [],
    });
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => void audioRef.current?.play()],
      ['pause', () => audioRef.current?.pause()],
      ['seekbackward', (d) => player.skip(-(d.seekOffset ?? 15))],
      ['seekforward', (d) => player.skip(d.seekOffset ?? 30)],
      ['seekto', (d) => d.seekTime !== undefined && player.seek(d.seekTime)],
      ['nexttrack', () => player.next()],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // an action this browser does not know
      }
    }
  }, [current, player]);

  // Keyboard: k or space play/pause, j back 15 s, l forward 30 s, < and > speed (not while typing).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (!current || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON|A|SUMMARY)$/.test(target.tagName))) return;
      const actions: Record<string, () => void> = {
        k: player.toggle,
        ' ': player.toggle,
        j: () => player.skip(-15),
        l: () => player.skip(30),
        '<': () => player.setSpeed(Math.round((player.speed - 0.25) * 100) / 100),
        '>': () => player.setSpeed(Math.round((player.speed + 0.25) * 100) / 100),
      };
      const action = actions[event.key];
      if (action) {
        event.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, player]);

  useEffect(() => onPlayer(player), [player, onPlayer]);

  return null;
}
