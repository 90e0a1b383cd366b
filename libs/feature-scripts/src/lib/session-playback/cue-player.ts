import { useEffect, useMemo, useRef } from 'react';
import { cueLevel, planCues, playableWindow, soundGainAt, type Cue, type CueTiming } from '@vox/contract/audio';
import { useScriptCues } from '../api/cues';
import { cuesByLine } from '../session-page/line-cues';
import type { PlaybackState } from './sequencer';

/**
 * Sound cues in the table read. The read moves line by line (the sequencer's state);
 * each move decides what the cues do: start cues and beds start as their line starts, end cues as
 * their line ends, a bed stops when its "until" line starts, and beds sit ducked under the lines
 * being read (BED_DUCK), rising when the read ends. Pause pauses them, stop stops them.
 */
export type CueAction =
  | { kind: 'start'; cue: Cue; lineIndex: number }
  | { kind: 'stop'; cueId: string }
  | { kind: 'stopAll' }
  | { kind: 'pauseAll' }
  | { kind: 'resumeAll' }
  | { kind: 'duck'; ducked: boolean };

/** What the cues do when the read goes from `prev` to `next` (pure; `plan` from planCues). */
export function cueActions(prev: PlaybackState, next: PlaybackState, lineIds: readonly string[], plan: ReadonlyMap<string, CueTiming<Cue>>): CueAction[] {
  const at = (index: number) => plan.get(lineIds[index] ?? '');
  const startLine = (index: number): CueAction[] => {
    const line = at(index);
    if (!line) return [];
    return [...line.stopAtStart.map((cue): CueAction => ({ kind: 'stop', cueId: cue.id })), ...line.atStart.map((cue): CueAction => ({ kind: 'start', cue, lineIndex: index }))];
  };
  const endLine = (index: number): CueAction[] => (at(index)?.atEnd ?? []).map((cue): CueAction => ({ kind: 'start', cue, lineIndex: index }));
  /** Beds that began on an earlier line and run past `index` (a read started in their middle). */
  const bedsSpanning = (index: number): CueAction[] => {
    const out: CueAction[] = [];
    for (let i = 0; i < index; i++) {
      for (const cue of at(i)?.atStart ?? []) {
        const until = cue.untilLineId ? lineIds.indexOf(cue.untilLineId) : -1;
        if (cue.at === 'bed' && until > index) out.push({ kind: 'start', cue, lineIndex: i });
      }
    }
    return out;
  };

  if (next.status === 'playing') {
    if (prev.status === 'paused' && prev.index === next.index) return [{ kind: 'resumeAll' }, { kind: 'duck', ducked: true }];
    if (prev.status === 'playing' && next.index === prev.index + 1) return [...endLine(prev.index), ...startLine(next.index), { kind: 'duck', ducked: true }];
    if (prev.status === 'playing' && next.index === prev.index) return [];
    // A new read (or a jump): from silence, with the beds this line sits under.
    return [{ kind: 'stopAll' }, ...bedsSpanning(next.index), ...startLine(next.index), { kind: 'duck', ducked: true }];
  }
  if (next.status === 'paused') return prev.status === 'playing' ? [{ kind: 'pauseAll' }] : [];
  // idle
  if (next.ended && prev.status === 'playing' && prev.index === next.index && next.index === lineIds.length - 1) {
    // The read reached its end (not Stop on the last line): the last line's end cues, and the
    // beds swell and play out.
    return [...endLine(next.index), { kind: 'duck', ducked: false }];
  }
  return prev.status === 'idle' ? [] : [{ kind: 'stopAll' }];
}

interface Playing {
  cue: Cue;
  element: HTMLAudioElement;
  frame: number;
}

/**
 * Plays a script's cues alongside the reader's sequencer. Each cue plays in its own <audio>
 * element, kept in a hidden box at the end of the page (data-cue-line, data-cue-at and
 * data-started-line say which cue it is and on which line it started).
 */
export function useCuePlayer(scriptId: string, lines: readonly { id: string }[], state: PlaybackState) {
  const lineIds = useMemo(() => lines.map((l) => l.id), [lines]);
  const cues = useScriptCues(scriptId);
  const plan = useMemo(() => planCues(lineIds, cues.data?.cues ?? []), [lineIds, cues.data]);
  const prev = useRef<PlaybackState>({ status: 'idle', index: 0 });
  const playing = useRef(new Map<string, Playing>());
  const ducked = useRef(true);
  const box = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const div = document.createElement('div');
    div.hidden = true;
    div.dataset.testid = 'cue-audio';
    document.body.appendChild(div);
    box.current = div;
    const all = playing.current;
    return () => {
      for (const p of all.values()) stop(p);
      all.clear();
      div.remove();
      box.current = null;
    };
  }, []);

  useEffect(() => {
    const actions = cueActions(prev.current, state, lineIds, plan);
    prev.current = state;
    for (const action of actions) {
      if (action.kind === 'start') start(action.cue, action.lineIndex);
      else if (action.kind === 'stop') {
        const p = playing.current.get(action.cueId);
        if (p) stop(p);
        playing.current.delete(action.cueId);
      } else if (action.kind === 'stopAll') {
        for (const p of playing.current.values()) stop(p);
        playing.current.clear();
        box.current?.replaceChildren();
      } else if (action.kind === 'pauseAll') {
        for (const p of playing.current.values()) p.element.pause();
      } else if (action.kind === 'resumeAll') {
        for (const p of playing.current.values()) void p.element.play().catch(() => undefined);
      } else {
        ducked.current = action.ducked;
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on each move of the read
  }, [state.status, state.index]);

  function start(cue: Cue, lineIndex: number) {
    const old = playing.current.get(cue.id);
    if (old) stop(old);
    const element = document.createElement('audio');
    element.preload = 'auto';
    element.src = cue.sound.fileUrl;
    element.dataset.cueId = cue.id;
    element.dataset.cueLine = cue.lineId;
    element.dataset.cueAt = cue.at;
    element.dataset.startedLine = lineIds[lineIndex] ?? '';
    element.setAttribute('aria-label', `Cue: ${cue.sound.title}`);
    const { startMs, endMs } = playableWindow(cue.sound);
    element.currentTime = startMs / 1000;
    const entry: Playing = { cue, element, frame: 0 };
    const level = () => cueLevel(cue.volume, soundGainAt(cue.sound, element.currentTime * 1000), cue.at === 'bed' && ducked.current);
    element.volume = level();
    const tick = () => {
      if (element.currentTime * 1000 >= endMs) {
        stop(entry);
        playing.current.delete(cue.id);
        return;
      }
      element.volume = level();
      entry.frame = requestAnimationFrame(tick);
    };
    element.onended = () => {
      stop(entry);
      playing.current.delete(cue.id);
    };
    box.current?.appendChild(element);
    playing.current.set(cue.id, entry);
    void element
      .play()
      .then(() => (entry.frame = requestAnimationFrame(tick)))
      .catch(() => undefined);
  }

  const byLine = useMemo(() => cuesByLine(cues.data?.cues ?? []), [cues.data]);
  return { cues: cues.data?.cues ?? [], byLine };
}

function stop(p: Playing) {
  cancelAnimationFrame(p.frame);
  p.element.pause();
  p.element.onended = null;
  // Kept in the box as a record until the next read starts (stopAll clears), marked stopped.
  p.element.dataset.stopped = 'true';
}
