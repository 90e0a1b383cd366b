/**
 * An episode's length as a listener reads it: seconds under a minute, minutes and seconds under
 * ten minutes (a 1:30 episode is "1 min 30 s", not "2 min"), whole minutes after that.
 */
export function duration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 600) {
    const rest = seconds % 60;
    return rest ? `${Math.floor(seconds / 60)} min ${rest} s` : `${seconds / 60} min`;
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes / 60} h`;
}

// One formatter for every date: toLocaleDateString makes a new one on each call, which was most
// of a server-drawn channel page's time (a date per episode).
let dayFormat: Intl.DateTimeFormat | null = null;

export function day(iso: string | null): string {
  if (!iso) return '';
  dayFormat ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  return dayFormat.format(new Date(iso));
}

interface Cue {
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
