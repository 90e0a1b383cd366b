import type { AudioOutput, SpeechOutput } from '@vox/recording';
import { naturalPauseMs, silentLineNotice } from '../session-live/playback-plan';
import type { PlaybackItem } from './playlist';

/** The one <audio> element of the reader, behind a promise per clip. */

export type PlaybackStatus = 'idle' | 'playing' | 'paused';

export interface PlaybackState {
  status: PlaybackStatus;
  /** The line being played (or paused at); where the read stopped when idle. */
  index: number;
  /** Idle because the read ran to its end (not Stop, not a preview): the end cues may play. */
  ended?: true;
}

interface SequencerOptions {
  audio: AudioOutput;
  /** null: the browser has no speech synthesis. */
  speech: SpeechOutput | null;
  onState(state: PlaybackState): void;
  /** Said for each line nothing can voice (no take, no speech): a silent pause of its length stands in. */
  onNotice(message: string): void;
  /** Waits ms (the pause for a line nothing can speak, and the breath between lines). */
  wait?: (ms: number) => Promise<void>;
  /** The breath between two lines. */
  gapMs?: number;
  /** How long a line nothing can speak holds the read (default: its natural length, from its words). */
  pauseFor?: (item: PlaybackItem) => number;
}

export interface Sequencer {
  setPlaylist(items: readonly PlaybackItem[]): void;
  /**
   * Plays from `from` (default: where it is); after a pause without `from`, continues. With
   * `plan` (line indexes in order: my part, a selection) only those lines play.
   */
  play(from?: number, plan?: readonly number[]): void;
  pause(): void;
  /** Stops and stays on the current line. */
  stop(): void;
  /** Plays one clip alone (a take's own Play button); the table read stops. */
  preview(src: string): Promise<void>;
  getState(): PlaybackState;
}

/**
 * Plays the table read line by line (README.md): the take if there is one, else the line spoken
 * in its role's voice. Every play/pause/stop starts a new run; a run that is no longer current
 * drops whatever its clip answers.
 */
export function createSequencer(options: SequencerOptions): Sequencer {
  const { audio, onState, onNotice, gapMs = 150, pauseFor = (item: PlaybackItem) => naturalPauseMs(item.text) } = options;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let speech = options.speech;
  let items: readonly PlaybackItem[] = [];
  let state: PlaybackState = { status: 'idle', index: 0 };
  let run = 0;
  // The lines this run plays (null: every line from the current one on).
  let plan: readonly number[] | null = null;
  // The clip paused mid-way, so Play continues it rather than starting the line again.
  let pausedClip: string | null = null;

  const set = (next: PlaybackState) => {
    state = next;
    onState(state);
  };

  // Nothing can voice the line: say so, and hold the read for as long as the line would take.
  const noSpeech = async (item: PlaybackItem) => {
    const ms = pauseFor(item);
    onNotice(silentLineNotice(state.index + 1, ms));
    await wait(ms);
  };

  const nextIndex = (index: number): number => {
    if (!plan) return index + 1 < items.length ? index + 1 : -1;
    const next = plan.find((i) => i > index && i < items.length);
    return next === undefined ? -1 : next;
  };

  const playItem = async (item: PlaybackItem, resume: boolean): Promise<void> => {
    if (item.source.kind === 'take') {
      try {
        await audio.play(item.source.src, resume);
        return;
      } catch {
        // The recording could not be played (gone, unreadable): the line is read instead.
      }
    }
    if (!item.text) return;
    if (!speech) {
      await noSpeech(item);
      return;
    }
    const result = await speech.speak(item.text, item.role);
    if (result === 'unavailable') {
      speech = null;
      await noSpeech(item);
    }
  };

  const loop = async (mine: number, resume: boolean) => {
    let resuming = resume;
    while (mine === run && state.index < items.length) {
      const item = items[state.index];
      await playItem(item, resuming);
      resuming = false;
      if (mine !== run) return;
      const next = nextIndex(state.index);
      if (next >= 0) await wait(gapMs);
      if (mine !== run) return;
      if (next < 0) break;
      set({ status: 'playing', index: next });
    }
    if (mine === run) set({ status: 'idle', index: state.index, ended: true });
  };

  const halt = () => {
    run += 1;
    audio.stop();
    speech?.cancel();
  };

  return {
    setPlaylist(next) {
      items = next;
      if (state.index >= items.length && items.length > 0) set({ ...state, index: items.length - 1 });
    },

    play(from, only) {
      if (items.length === 0) return;
      const resume = from === undefined && state.status === 'paused' && pausedClip !== null;
      // A new start forgets the last plan; continuing after a pause keeps it.
      if (only) plan = only.filter((i) => i >= 0 && i < items.length);
      else if (!(from === undefined && state.status === 'paused')) plan = null;
      if (plan && plan.length === 0) return;
      const index = plan && (from === undefined || !plan.includes(from)) ? (from === undefined && state.status === 'paused' ? state.index : plan[0]) : Math.max(0, Math.min(items.length - 1, from ?? state.index));
      run += 1;
      if (!resume) {
        audio.stop();
        speech?.cancel();
      }
      pausedClip = null;
      set({ status: 'playing', index });
      void loop(run, resume);
    },

    pause() {
      if (state.status !== 'playing') return;
      run += 1;
      const item = items[state.index];
      // A take keeps its place; a spoken line starts again on Play (speech cannot be paused reliably).
      pausedClip = item?.source.kind === 'take' ? item.source.src : null;
      audio.pause();
      speech?.cancel();
      set({ status: 'paused', index: state.index });
    },

    stop() {
      halt();
      pausedClip = null;
      if (state.status !== 'idle') set({ status: 'idle', index: state.index });
    },

    async preview(src) {
      halt();
      pausedClip = null;
      if (state.status !== 'idle') set({ status: 'idle', index: state.index });
      await audio.play(src, false).catch(() => undefined);
    },

    getState: () => state,
  };
}
