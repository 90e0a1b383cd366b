/**
 * Days in an IANA time zone, for the metrics. The database keeps UTC instants
 * (`created_at`, ISO text); a day in a zone runs from one local midnight to the next, which is
 * 23 or 25 hours long on a daylight-saving change. The range is cut into spans of one UTC
 * offset each, so SQL can number an instant's local day as floor((epoch + offset) / 86400) with
 * the offset of the span it falls in: exact on both databases with no time zone tables.
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when the runtime knows the zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in seconds (east positive). */
export function offsetAt(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 1000);
}

/** Day number (days since 1970-01-01) of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC instant (ms) of local midnight starting `day` in the zone. */
export function localMidnight(timeZone: string, day: number): number {
  const wall = day * DAY_MS;
  let instant = wall - offsetAt(timeZone, wall) * 1000;
  // A second pass settles days whose offset differs from the guess's (the change's own day).
  instant = wall - offsetAt(timeZone, instant) * 1000;
  return instant;
}

/** A stretch of time with one UTC offset: [start, end) in ms. */
interface OffsetSpan {
  start: number;
  end: number;
  offset: number;
}

const spansCache = new Map<string, OffsetSpan[]>();

/**
 * The spans of one offset each that cover [start, end). Offsets change a few times a year at
 * most: the offset is read once a week through the range and each change is found by halving
 * to the second, so a 360-day range costs some sixty lookups. Answers are cached.
 */
export function offsetSpans(timeZone: string, start: number, end: number): OffsetSpan[] {
  const key = `${timeZone}|${start}|${end}`;
  const cached = spansCache.get(key);
  if (cached) return cached;
  const spans: OffsetSpan[] = [];
  let spanStart = start;
  let offset = offsetAt(timeZone, start);
  const STEP = 7 * DAY_MS;
  for (let t = start; t < end; ) {
    const next = Math.min(t + STEP, end - 1);
    const nextOffset = offsetAt(timeZone, next);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > 1000) {
        const mid = Math.floor((lo + hi) / 2000) * 1000;
        if (offsetAt(timeZone, mid) === offset) lo = mid;
        else hi = mid;
      }
      spans.push({ start: spanStart, end: hi, offset });
      spanStart = hi;
      offset = offsetAt(timeZone, hi);
      t = hi;
      continue;
    }
    if (next >= end - 1) break;
    t = next;
  }
  spans.push({ start: spanStart, end, offset });
  if (spansCache.size > 200) spansCache.clear();
  spansCache.set(key, spans);
  return spans;
}

/**
 * The UTC instants (ms) of the local midnights that start days `firstDay` .. `firstDay + count`
 * (count + 1 edges), worked out from the spans alone: no lookup per day.
 */
export function dayEdges(timeZone: string, firstDay: number, count: number): number[] {
  const start = localMidnight(timeZone, firstDay);
  const end = localMidnight(timeZone, firstDay + count);
  const spans = offsetSpans(timeZone, start, end + 1);
  const edges: number[] = [];
  let s = 0;
  for (let i = 0; i <= count; i++) {
    const wall = (firstDay + i) * DAY_MS;
    while (s < spans.length - 1 && wall - spans[s].offset * 1000 >= spans[s].end) s++;
    edges.push(i === 0 ? start : i === count ? end : wall - spans[s].offset * 1000);
  }
  return edges;
}

export const isoOf = (ms: number) => new Date(ms).toISOString();
