import { normalizeFountainScript, type FountainScript } from './fountain';
import { parseFountain } from './parse';
import { toFountain, writeLine } from './write';

/**
 * Sound cues in Fountain. Fountain has no cues, so they travel as notes, which every
 * Fountain tool keeps and none prints: one note on its own line after the line it belongs to,
 *
 *     [[cue: bed "Night garden" sound=Xy12 volume=40 until=+2]]
 *
 * `at` first (start, end or bed), the sound's title in quotes (for people), its library id (for
 * VoxClub), the volume in per cent, and for a bed the line it plays until, counted from its own.
 */
export interface FountainCue {
  /** Index of the line in the script's lines. */
  line: number;
  at: 'start' | 'end' | 'bed';
  soundId: string;
  title: string;
  volume: number;
  /** Index of the line a bed plays until; null: until the sound ends. */
  until: number | null;
}

export function cueNote(cue: FountainCue): string {
  const title = cue.title.replace(/["\]\n]/g, ' ').trim();
  const until = cue.at === 'bed' && cue.until !== null && cue.until > cue.line ? ` until=+${cue.until - cue.line}` : '';
  return `[[cue: ${cue.at} "${title}" sound=${cue.soundId} volume=${Math.round(cue.volume)}${until}]]`;
}

/** toFountain with each line's cues written as notes after it. */
export function toFountainWithCues(input: FountainScript, cues: readonly FountainCue[]): string {
  if (cues.length === 0) return toFountain(input);
  const script = normalizeFountainScript(input);
  const head = toFountain({ ...script, lines: [] }).replace(/\n+$/, '');
  const byLine = new Map<number, FountainCue[]>();
  for (const cue of cues) byLine.set(cue.line, [...(byLine.get(cue.line) ?? []), cue]);
  const blocks = script.lines.map((line, index) => [writeLine(line), ...(byLine.get(index) ?? []).map(cueNote)].join('\n'));
  return [head, ...blocks].join('\n\n') + '\n';
}

const NOTE = /\[\[cue:([^\]]*)\]\]/gi;

/** The cue notes of a Fountain text, each on the line it follows (notes before any line are dropped). */
export function readCueNotes(text: string): FountainCue[] {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const out: FountainCue[] = [];
  for (const match of source.matchAll(NOTE)) {
    const body = match[1];
    const at = /^\s*(start|end|bed)\b/i.exec(body)?.[1].toLowerCase() as FountainCue['at'] | undefined;
    const soundId = /\bsound=([A-Za-z0-9_-]{1,64})/.exec(body)?.[1];
    if (!at || !soundId) continue;
    const line = parseFountain(source.slice(0, match.index)).lines.length - 1;
    if (line < 0) continue;
    const volume = Number(/\bvolume=(\d{1,3})/.exec(body)?.[1] ?? 100);
    const offset = Number(/\buntil=\+(\d+)/.exec(body)?.[1] ?? 0);
    out.push({
      line,
      at,
      soundId,
      title: /"([^"]*)"/.exec(body)?.[1] ?? '',
      volume: Math.max(0, Math.min(100, volume)),
      until: at === 'bed' && offset > 0 ? line + offset : null,
    });
  }
  return out;
}
