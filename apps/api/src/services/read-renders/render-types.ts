import type { Readable } from 'node:stream';
import type { CuePlace, PlayableSound } from '@vox/contract/audio';


/** The rate of the speech track and the output. */
export const RENDER_SAMPLE_RATE = 44_100;
/** Silence between two lines, and before a scene heading (ms). */
export const LINE_GAP_MS = 400;
export const SCENE_GAP_MS = 900;
/** Target loudness (integrated, LUFS) and true peak (dBTP): the podcast norm. */
export const TARGET_LUFS = -16;
export const TARGET_TRUE_PEAK = -1.5;

export type FillMode = 'speech' | 'skip';

export interface RenderLine {
  id: string;
  kind: 'scene' | 'action' | 'dialogue' | 'transition';
  /** The role of a dialogue line; null for narration. */
  role: string | null;
  text: string;
  /** The picked take's storage key (`audio/<sha256>`), or null. */
  takeKey: string | null;
  /** Who read it (the take's recorder), for the transcript. */
  actor: string | null;
}

export interface RenderCue {
  lineId: string;
  at: CuePlace;
  untilLineId: string | null;
  /** 0 to 100. */
  volume: number;
  sound: PlayableSound & { key: string };
}

export interface RenderInput {
  title: string;
  /** The script's language (BCP 47), for the synthesized voice. */
  language: string;
  lines: RenderLine[];
  cues: RenderCue[];
  fill: FillMode;
}

export interface RenderedSegment {
  lineId: string;
  role: string | null;
  actor: string | null;
  text: string;
  source: 'take' | 'speech';
  startMs: number;
  endMs: number;
}

export interface RenderResult {
  /** The MP3, in the work directory (the caller moves it into storage). */
  file: string;
  contentType: 'audio/mpeg';
  /** The speech track's exact length (the MP3's is the same within one frame). */
  durationMs: number;
  segments: RenderedSegment[];
  chapters: Array<{ startTime: number; title: string }>;
  /** WebVTT with `<v Speaker>` voice spans. */
  transcript: string;
  /** Each role once, with who read it (null when every line of it was synthesized). */
  cast: Array<{ role: string; actors: string[] }>;
  synthesizedLines: number;
}

/**
 * A failure whose message the member may read as it is, final at once (retrying cannot change
 * it). `cause`, when set, is the server's own error behind it, for the log.
 */
export class RenderError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'RenderError';
  }
}

export const RENDER_TEXTS = {
  nothingToRender: 'There is nothing to render: no line has a picked take yet. Record a take, or let a synthesized voice read the lines without one.',
  takeUnreadable: (n: number) => `The take of line ${n} could not be decoded. Record it again or pick another take, then try once more.`,
  takeMissing: (n: number) => `The recording of line ${n}'s take is missing from the storage. Record it again, then try once more.`,
  soundUnreadable: (title: string) => `The cue sound "${title}" could not be decoded. Remove the cue or replace the sound, then try once more.`,
  speechFailed: 'The speech synthesizer failed on our side, so the lines without a take could not be read. Choose "Leave them out" to render the takes alone; the error is logged for the site’s team.',
} as const;

export interface RenderEnv {
  /** Opens a stored object (a take or a cue's sound). */
  open(key: string): Promise<Readable | undefined>;
  /** A scratch directory of the caller's; the renderer writes only inside it. */
  workDir: string;
  /** 0 to 1. */
  progress?(fraction: number): Promise<void> | void;
  /** Tests shorten the synthesizer step or make it fail. */
  synthesize?: Synthesizer;
}

export type Synthesizer = (items: Array<{ text: string; voice: string; out: string }>, onDone: () => void) => Promise<void>;
