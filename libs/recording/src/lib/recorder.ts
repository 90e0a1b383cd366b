/**
 * Records one take from the microphone. The browser parts (getUserMedia, MediaRecorder, an
 * AudioContext for the level meter) come in through `RecorderDevices`, so the logic runs in
 * jsdom, where none of them exist.
 */

/** The part of MediaRecorder used here. */
export interface RecorderLike {
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
  onerror: ((event: unknown) => void) | null;
  start(timeslice?: number): void;
  stop(): void;
}

export interface RecorderDevices {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  createRecorder(stream: MediaStream, mimeType: string | undefined): RecorderLike;
  isTypeSupported(type: string): boolean;
  /** A function answering the input level 0..1, or null without Web Audio. */
  createLevelMeter?(stream: MediaStream): { level(): number; close(): void } | null;
  now(): number;
}

export interface Recording {
  audio: Blob;
  /** Without codec parameters: "audio/webm", as the server names it. */
  contentType: string;
  durationMs: number;
}

/** Preferred first; Chrome and Firefox take WebM/Opus, Safari MP4/AAC. */
const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export const RECORDER_MESSAGES = {
  unsupported: 'This browser cannot record audio. Use a current Chrome, Edge, Firefox or Safari.',
  denied: 'Allow the microphone for this site to record your lines.',
  noMicrophone: 'No microphone was found. Connect one and try again.',
  busy: 'The microphone is in use by another app. Close it and try again.',
  failed: 'The recording failed. Try again.',
} as const;

class RecorderError extends Error {
  override readonly name = 'RecorderError';
}

/** What getUserMedia's failure means to the reader. */
export function recorderMessage(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (error instanceof RecorderError) return error.message;
  if (name === 'NotAllowedError' || name === 'SecurityError') return RECORDER_MESSAGES.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return RECORDER_MESSAGES.noMicrophone;
  if (name === 'NotReadableError' || name === 'AbortError') return RECORDER_MESSAGES.busy;
  return RECORDER_MESSAGES.failed;
}

export interface ActiveRecording {
  /** When the recording started (devices.now()). */
  readonly startedAt: number;
  /** Input level 0..1 for the meter (0 without Web Audio). */
  level(): number;
  /** Ends the recording and answers it. */
  stop(): Promise<Recording>;
  /** Ends it and throws the audio away. */
  cancel(): void;
}

/** Starts recording; rejects with a RecorderError or getUserMedia's DOMException (see recorderMessage). */
export async function startRecording(devices: RecorderDevices | null): Promise<ActiveRecording> {
  if (!devices) throw new RecorderError(RECORDER_MESSAGES.unsupported);
  const stream = await devices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
  const release = () => stream.getTracks().forEach((track) => track.stop());
  let recorder: RecorderLike;
  try {
    recorder = devices.createRecorder(stream, TYPES.find((type) => devices.isTypeSupported(type)));
  } catch (error) {
    release();
    throw error;
  }
  const meter = devices.createLevelMeter?.(stream) ?? null;
  const chunks: Blob[] = [];
  const startedAt = devices.now();
  let finished = false;
  let stopping: Promise<Recording> | null = null;
  let settle: { resolve: (r: Recording) => void; reject: (e: unknown) => void } | null = null;

  const finish = () => {
    finished = true;
    meter?.close();
    release();
  };

  recorder.ondataavailable = (event) => {
    if (event.data && event.data.size > 0) chunks.push(event.data);
  };
  recorder.onstop = () => {
    const durationMs = Math.max(0, Math.round(devices.now() - startedAt));
    finish();
    const type = (recorder.mimeType || chunks[0]?.type || 'audio/webm').split(';')[0].trim();
    const audio = new Blob(chunks, { type });
    if (audio.size === 0) settle?.reject(new RecorderError(RECORDER_MESSAGES.failed));
    else settle?.resolve({ audio, contentType: type, durationMs });
  };
  recorder.onerror = () => {
    finish();
    settle?.reject(new RecorderError(RECORDER_MESSAGES.failed));
  };
  // A timeslice, so a long take arrives in chunks instead of one buffer at the end.
  recorder.start(1000);

  return {
    startedAt,
    level: () => (meter && !finished ? meter.level() : 0),
    // A second Stop (a double press) gets the same recording instead of stopping twice.
    stop: () =>
      (stopping ??= new Promise<Recording>((resolve, reject) => {
        if (finished) {
          reject(new RecorderError(RECORDER_MESSAGES.failed));
          return;
        }
        settle = { resolve, reject };
        recorder.stop();
      })),
    cancel: () => {
      if (finished) return;
      settle = null;
      recorder.ondataavailable = null;
      recorder.stop();
      finish();
    },
  };
}

/** The browser's devices, or null where recording is impossible (no MediaRecorder or no getUserMedia). */
export function browserDevices(): RecorderDevices | null {
  if (typeof window === 'undefined' || typeof window.MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return {
    getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
    createRecorder: (stream, mimeType) => new MediaRecorder(stream, mimeType ? { mimeType } : undefined) as unknown as RecorderLike,
    isTypeSupported: (type) => MediaRecorder.isTypeSupported(type),
    createLevelMeter: (stream) => {
      const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!Context) return null;
      const context = new Context();
      const analyser = context.createAnalyser();
      analyser.fftSize = 512;
      context.createMediaStreamSource(stream).connect(analyser);
      const samples = new Uint8Array(analyser.fftSize);
      return {
        level: () => {
          analyser.getByteTimeDomainData(samples);
          let sum = 0;
          for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
          // RMS of speech sits around 0.05-0.3; the square root spreads it over the meter.
          return Math.min(1, Math.sqrt(Math.sqrt(sum / samples.length)) * 1.4);
        },
        close: () => void context.close().catch(() => undefined),
      };
    },
    now: () => performance.now(),
  };
}
