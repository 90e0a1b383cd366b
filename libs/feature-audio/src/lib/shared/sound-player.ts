import { useSyncExternalStore } from 'react';
import { playableWindow, soundGainAt, type PlayableSound } from '@vox/contract/audio';

/**
 * One sound at a time across the audio pages: a single <audio> element, created on first play.
 * Playing another sound stops the one before. The trim and fades are applied as it plays (start
 * at the trim start, volume from soundGainAt each frame, stop at the trim end): the file itself
 * is never changed.
 */
interface PlayerSound extends PlayableSound {
  id: string;
  fileUrl: string;
}

let element: HTMLAudioElement | null = null;
let current: PlayerSound | null = null;
let frame = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function tick() {
  if (!element || !current) return;
  const ms = element.currentTime * 1000;
  if (ms >= playableWindow(current).endMs) {
    stopSound();
    return;
  }
  element.volume = soundGainAt(current, ms);
  frame = requestAnimationFrame(tick);
}

function playSound(sound: PlayerSound): void {
  stopSound();
  element ??= new Audio();
  element.preload = 'auto';
  element.src = sound.fileUrl;
  element.currentTime = sound.trimStartMs / 1000;
  element.volume = soundGainAt(sound, sound.trimStartMs);
  element.onended = () => stopSound();
  current = sound;
  notify();
  const started = element.play();
  // jsdom and browsers that refuse autoplay answer a rejected promise (or nothing).
  if (started && typeof started.then === 'function') started.then(() => (frame = requestAnimationFrame(tick))).catch(() => stopSound());
}

function stopSound(): void {
  cancelAnimationFrame(frame);
  if (element) {
    element.pause();
    element.onended = null;
  }
  if (current) {
    current = null;
    notify();
  }
}

export function toggleSound(sound: PlayerSound): void {
  if (current?.id === sound.id) stopSound();
  else playSound(sound);
}

/** The id of the sound playing now, or null. */
export function useNowPlaying(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current?.id ?? null,
    () => null,
  );
}
