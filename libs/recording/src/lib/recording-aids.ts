import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browserDevices, type RecorderDevices } from './recorder';

/** Recording aids: the microphone choice, the count-in and the take check. */

export const AIDS_TEXTS = {
  clipped: (line: number) => `Your take of line ${line} clipped (too loud, it distorts). Move back from the microphone or turn its level down, then record it again.`,
  silent: (line: number) => `Your take of line ${line} is almost silent. Check that the right microphone is chosen and not muted, then record it again.`,
} as const;

interface TakeLevels {
  /** Highest absolute sample, 0..1. */
  peak: number;
  /** Root mean square over the take, 0..1. */
  rms: number;
  /** Share of samples at full scale (|x| >= 0.99). */
  clipped: number;
}

export function measureLevels(samples: Float32Array): TakeLevels {
  let peak = 0;
  let sum = 0;
  let clipped = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const v = Math.abs(samples[i]);
    if (v > peak) peak = v;
    sum += v * v;
    if (v >= 0.99) clipped += 1;
  }
  return { peak, rms: samples.length ? Math.sqrt(sum / samples.length) : 0, clipped: samples.length ? clipped / samples.length : 0 };
}

/**
 * What a finished take needs said: clipping when more than 0.1 % of it is at full scale, silence
 * when it never rises above -50 dBFS peak or its RMS stays under -60 dBFS; otherwise nothing.
 */
export function takeWarning(levels: TakeLevels): 'clipped' | 'silent' | null {
  if (levels.clipped > 0.001) return 'clipped';
  if (levels.peak < 0.00316 || levels.rms < 0.001) return 'silent';
  return null;
}

/** Decodes a recording and measures it; null where the browser cannot decode it. */
export async function analyzeTake(audio: Blob): Promise<TakeLevels | null> {
  const Context = typeof window !== 'undefined' ? (window.OfflineAudioContext ?? window.AudioContext) : undefined;
  if (!Context || typeof audio.arrayBuffer !== 'function') return null;
  try {
    const context = new Context(1, 44_100, 44_100);
    const buffer = await context.decodeAudioData(await audio.arrayBuffer());
    return measureLevels(buffer.getChannelData(0));
  } catch {
    return null;
  }
}

const DEVICE_KEY = 'vox:reader-microphone';
const COUNT_IN_KEY = 'vox:reader-count-in';

const stored = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string | null) => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
};

/**
 * The microphone the reader records with: the recorder gets devices whose getUserMedia asks for
 * the chosen input (remembered in this browser). `devices` null: recording is impossible here.
 */
export function useMicrophone(devices: RecorderDevices | null | undefined) {
  const [deviceId, setDeviceIdState] = useState<string | null>(() => stored(DEVICE_KEY));
  const deviceRef = useRef(deviceId);
  const base = useMemo(() => (devices === undefined ? browserDevices() : devices), [devices]);
  const wrapped = useMemo<RecorderDevices | null>(() => {
    if (!base) return null;
    return {
      ...base,
      getUserMedia: (constraints) => {
        const chosen = deviceRef.current;
        if (!chosen || typeof constraints.audio !== 'object') return base.getUserMedia(constraints);
        return base.getUserMedia({ ...constraints, audio: { ...constraints.audio, deviceId: { exact: chosen } } });
      },
    };
  }, [base]);
  const setDeviceId = useCallback((id: string | null) => {
    deviceRef.current = id;
    setDeviceIdState(id);
    store(DEVICE_KEY, id);
  }, []);
  return { deviceId, setDeviceId, devices: wrapped, base };
}

export const COUNT_IN_BEAT_MS = 800;

/** The optional 3-2-1 before a recording starts, with its visual beat (and a short tick when Web Audio is there). */
export function useCountIn() {
  const [enabled, setEnabledState] = useState(() => stored(COUNT_IN_KEY) === 'on');
  const [beat, setBeat] = useState<number | null>(null);
  const cancelRef = useRef<(() => void) | null>(null);
  const setEnabled = useCallback((on: boolean) => {
    setEnabledState(on);
    store(COUNT_IN_KEY, on ? 'on' : null);
  }, []);
  useEffect(() => () => cancelRef.current?.(), []);

  /** Counts 3, 2, 1 (when on, or when `force`d); false when cancelled. */
  const run = useCallback(
    (force = false): Promise<boolean> => {
      if (!enabled && !force) return Promise.resolve(true);
      cancelRef.current?.();
      return new Promise<boolean>((resolve) => {
        let n = 3;
        let timer: ReturnType<typeof setTimeout>;
        const tick = () => {
          if (n === 0) {
            setBeat(null);
            cancelRef.current = null;
            resolve(true);
            return;
          }
          setBeat(n);
          click(n === 1);
          n -= 1;
          timer = setTimeout(tick, COUNT_IN_BEAT_MS);
        };
        cancelRef.current = () => {
          clearTimeout(timer);
          setBeat(null);
          cancelRef.current = null;
          resolve(false);
        };
        tick();
      });
    },
    [enabled],
  );
  const cancel = useCallback(() => cancelRef.current?.(), []);
  return { enabled, setEnabled, beat, run, cancel };
}

let clickContext: AudioContext | null = null;
/** A short tick on each beat (higher on the last one); silent where Web Audio is missing. */
function click(last: boolean) {
  try {
    if (typeof window === 'undefined' || !window.AudioContext) return;
    clickContext ??= new AudioContext();
    const osc = clickContext.createOscillator();
    const gain = clickContext.createGain();
    osc.frequency.value = last ? 1320 : 880;
    gain.gain.setValueAtTime(0.15, clickContext.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, clickContext.currentTime + 0.08);
    osc.connect(gain).connect(clickContext.destination);
    osc.start();
    osc.stop(clickContext.currentTime + 0.09);
  } catch {
    // No sound is fine: the beat is visual too.
  }
}
