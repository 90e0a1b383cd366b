/** Short texts the podcast pages share. */
export function duration(ms: number): string {
  const minutes = Math.round(ms / 60000);
  if (ms < 60000) return `${Math.max(1, Math.round(ms / 1000))} s`;
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

export function day(iso: string | null): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export interface Cue {
  start: string;
  speaker: string | null;
  text: string;
}

/** The cues of a WebVTT transcript, with the speaker of a `<v Name>` voice span. */
export function parseVtt(vtt: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n').filter(Boolean);
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const start = lines[timing].split('-->')[0].trim().replace(/\.\d+$/, '').replace(/^00:/, '');
    const body = lines.slice(timing + 1).join(' ');
    const voice = /^<v(?:\.[^ >]+)? ([^>]+)>/.exec(body);
    cues.push({ start, speaker: voice ? voice[1].trim() : null, text: body.replace(/<[^>]+>/g, '').trim() });
  }
  return cues;
}
