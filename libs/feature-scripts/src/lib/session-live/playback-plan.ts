import type { ScriptLine } from '@vox/contract';

/** Which lines a Play button plays. */
export type PlayMode =
  | { kind: 'top' }
  | { kind: 'here'; from: number }
  | { kind: 'mine'; role: string | null }
  | { kind: 'selection'; from: number; to: number };

/** The line indexes to play, in script order. */
export function planPlayback(lines: readonly ScriptLine[], mode: PlayMode): number[] {
  const all = lines.map((_, i) => i);
  const clamp = (i: number) => Math.max(0, Math.min(lines.length - 1, Math.trunc(i)));
  switch (mode.kind) {
    case 'top':
      return all;
    case 'here':
      return all.slice(clamp(mode.from));
    case 'mine':
      return mode.role === null ? [] : all.filter((i) => lines[i].kind === 'dialogue' && lines[i].role === mode.role);
    case 'selection': {
      if (lines.length === 0) return [];
      const [a, b] = [clamp(mode.from), clamp(mode.to)].sort((x, y) => x - y);
      return all.slice(a, b + 1);
    }
  }
}

/** Speaking pace used to estimate a line's length: 150 words a minute, as actors read. */
const WORDS_PER_SECOND = 2.5;

/**
 * How long a line takes to say, from its words, for a line nothing can voice: the read holds
 * that long in silence (a short breath for very short lines, at most 20 s).
 */
export function naturalPauseMs(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  if (words === 0) return 0;
  return Math.round(Math.min(20_000, Math.max(1_000, 400 + (words / WORDS_PER_SECOND) * 1000)));
}

/** The note shown while a silent pause stands in for a line. */
export const silentLineNotice = (lineNumber: number, ms: number) =>
  `Line ${lineNumber} has no take and no voice can read it here, so the read pauses for its length (about ${Math.max(1, Math.round(ms / 1000))} s).`;

/**
 * "Cue me": the line of mine to record (the current line when it is mine, else my next one) and
 * the line before it to play as the cue (-1 when mine is the first line).
 */
export function cuePlan(lines: readonly ScriptLine[], current: number, myRole: string | null): { mine: number; cue: number } | null {
  if (myRole === null) return null;
  const isMine = (i: number) => lines[i]?.kind === 'dialogue' && lines[i]?.role === myRole;
  let mine = -1;
  for (let i = Math.max(0, current); i < lines.length; i += 1) {
    if (isMine(i)) {
      mine = i;
      break;
    }
  }
  if (mine < 0) return null;
  // The cue is the nearest line before mine that says something.
  let cue = mine - 1;
  while (cue >= 0 && !lines[cue].text.trim()) cue -= 1;
  return { mine, cue };
}
