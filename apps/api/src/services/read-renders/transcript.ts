import type { RenderLine, RenderedSegment, RenderResult } from './render-types';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export function vttTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)}.${pad(t % 1000, 3)}`;
}

/** A WebVTT voice name: no `>` or line breaks, and `&`/`<` escaped. */
const vttText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\s*\n\s*/g, ' ');

function speakerOf(segment: Pick<RenderedSegment, 'role' | 'actor' | 'source'>): string {
  const who = segment.source === 'take' ? segment.actor : 'synthesized voice';
  const role = segment.role ?? 'Narrator';
  return who ? `${role} (${who})` : role;
}

export function buildTranscript(segments: RenderedSegment[]): string {
  const cues = segments.map((s, i) => `${i + 1}\n${vttTime(s.startMs)} --> ${vttTime(s.endMs)}\n<v ${vttText(speakerOf(s))}>${vttText(s.text)}</v>`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * Chapters at each scene heading's place in the render (a heading left out still marks where its
 * scene begins). The first chapter starts at 0: when something precedes the first heading, a
 * chapter named after the script covers it.
 */
export function buildChapters(lines: RenderLine[], startOf: Map<string, number>, title: string): Array<{ startTime: number; title: string }> {
  const chapters: Array<{ startTime: number; title: string }> = [];
  for (const line of lines) {
    if (line.kind !== 'scene' || !line.text.trim()) continue;
    const at = startOf.get(line.id);
    if (at === undefined) continue;
    const startTime = Math.round(at) / 1000;
    if (chapters.length && chapters[chapters.length - 1].startTime >= startTime) chapters[chapters.length - 1].title = line.text.trim();
    else chapters.push({ startTime, title: line.text.trim() });
  }
  if (chapters.length && chapters[0].startTime > 0) {
    if (chapters[0].startTime < 1) chapters[0].startTime = 0;
    else chapters.unshift({ startTime: 0, title: title.trim() || 'Opening' });
  }
  return chapters;
}

/** Show notes that credit the cast (and the cue sounds' attributions). */
export function creditNotes(result: Pick<RenderResult, 'cast' | 'synthesizedLines'>, extra: { attributions?: string[]; intro?: string } = {}): string {
  const lines: string[] = [];
  if (extra.intro) lines.push(extra.intro, '');
  lines.push('Cast:');
  for (const c of result.cast) lines.push(`- ${c.role}: ${c.actors.length ? c.actors.join(', ') : 'synthesized voice'}`);
  if (result.synthesizedLines > 0) lines.push('', `${result.synthesizedLines} line${result.synthesizedLines === 1 ? '' : 's'} without a take read by a synthesized voice (eSpeak NG).`);
  const attributions = [...new Set(extra.attributions ?? [])].filter((a) => a.trim());
  if (attributions.length) lines.push('', 'Sounds:', ...attributions.map((a) => `- ${a}`));
  return lines.join('\n');
}
