import { METRICS_MAX_DAYS, METRICS_VARIANTS, type MetricsVariant } from '@vox/contract/metrics';

/** The dashboard's view, kept in the URL so a view can be shared: ?range=30&tz=Europe/Berlin&variant=school. */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number] | 'custom';

export interface MetricsView {
  range: RangePreset;
  /** YYYY-MM-DD, inclusive, in `tz`. */
  from: string;
  to: string;
  tz: string;
  variant: MetricsVariant;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own zone (UTC when it cannot tell). */
function browserTimeZone(): string {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return tz && isTimeZone(tz) ? tz : 'UTC';
}

/** Today's date in a zone, YYYY-MM-DD. */
export function todayIn(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const validDate = (value: string | null): value is string => !!value && DATE.test(value) && addDays(value, 0) === value;

/** Reads the view from the URL; anything missing or malformed falls back to the last 30 days. */
export function readView(params: URLSearchParams, now = new Date(), defaultTz = browserTimeZone()): MetricsView {
  const tzParam = params.get('tz');
  const tz = tzParam && isTimeZone(tzParam) ? tzParam : defaultTz;
  const variantParam = params.get('variant');
  const variant = (METRICS_VARIANTS as readonly string[]).includes(variantParam ?? '') ? (variantParam as MetricsVariant) : 'all';
  const from = params.get('from');
  const to = params.get('to');
  if (params.get('range') === 'custom' && validDate(from) && validDate(to) && from <= to && daysBetween(from, to) <= METRICS_MAX_DAYS) {
    return { range: 'custom', from, to, tz, variant };
  }
  const preset = Number(params.get('range'));
  const range = (RANGE_PRESETS as readonly number[]).includes(preset) ? (preset as RangePreset) : 30;
  const today = todayIn(tz, now);
  return { range, from: addDays(today, -((range as number) - 1)), to: today, tz, variant };
}

/** The URL query of a view: presets carry no dates (they follow today), custom ranges do. */
export function viewSearch(view: MetricsView, defaultTz = browserTimeZone()): URLSearchParams {
  const params = new URLSearchParams();
  params.set('range', String(view.range));
  if (view.range === 'custom') {
    params.set('from', view.from);
    params.set('to', view.to);
  }
  if (view.tz !== defaultTz) params.set('tz', view.tz);
  if (view.variant !== 'all') params.set('variant', view.variant);
  return params;
}

/** The zones offered: UTC, the browser's own, the chosen one, and the zones most teams work in. */
const COMMON_TIME_ZONES = [
  'UTC',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/St_Johns',
  'America/Mexico_City',
  'America/Bogota',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'Atlantic/Reykjavik',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Europe/Stockholm',
  'Europe/Warsaw',
  'Europe/Athens',
  'Europe/Helsinki',
  'Europe/Istanbul',
  'Europe/Moscow',
  'Africa/Lagos',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Africa/Nairobi',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Shanghai',
  'Asia/Singapore',
  'Asia/Manila',
  'Asia/Seoul',
  'Asia/Tokyo',
  'Australia/Perth',
  'Australia/Adelaide',
  'Australia/Sydney',
  'Pacific/Auckland',
];

export function timeZones(current: string, own = browserTimeZone()): string[] {
  const zones = new Set(COMMON_TIME_ZONES);
  zones.add(own);
  zones.add(current);
  return [...zones].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}
