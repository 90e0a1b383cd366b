import type { EventSummary } from '@vox/contract/events';

type When = Pick<EventSummary, 'startsAt' | 'endsAt' | 'timeZone'>;

// Formatters kept by zone and options: making one is the costly part of formatting a date, and
// a page draws the same few again and again (the server draws one for each visit).
const formats = new Map<string, Intl.DateTimeFormat>();
const fmt = (zone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${zone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...options });
    formats.set(key, format);
  }
  return format;
};

/** "Tuesday 1 December 2026", in the event's own zone. */
export function eventDay(event: When, at: 'start' | 'end' = 'start'): string {
  // Put together from parts: engines differ on the comma after the weekday.
  const parts = Object.fromEntries(
    fmt(event.timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
      .formatToParts(new Date(at === 'start' ? event.startsAt : event.endsAt))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** "18:00–20:00" (or with the end's day when it ends on another day), in the event's zone. */
export function eventTimes(event: When): string {
  const time = fmt(event.timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const start = time.format(new Date(event.startsAt));
  const end = time.format(new Date(event.endsAt));
  return eventDay(event, 'start') === eventDay(event, 'end') ? `${start}–${end}` : `${start} – ${eventDay(event, 'end')} ${end}`;
}

/** "Europe/London" reads as "London time"; UTC stays UTC. */
export function zoneLabel(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const city = zone.split('/').at(-1)?.replace(/_/g, ' ');
  return city ? `${city} time` : zone;
}

/** The day and month for the date badge: { day: '1', month: 'Dec' }. */
export function dateBadge(event: When): { day: string; month: string } {
  const date = new Date(event.startsAt);
  return {
    day: fmt(event.timeZone, { day: 'numeric' }).format(date),
    month: fmt(event.timeZone, { month: 'short' }).format(date),
  };
}

/** "12 of 20 seats left", "1 seat left", or "Full · 3 on the waiting list". */
export function seatsText(event: Pick<EventSummary, 'seatsLeft' | 'capacity' | 'waitlistCount'>): string {
  if (event.seatsLeft > 0) return event.seatsLeft === 1 ? `1 of ${event.capacity} seats left` : `${event.seatsLeft} of ${event.capacity} seats left`;
  return event.waitlistCount > 0 ? `Full · ${event.waitlistCount} on the waiting list` : 'Full · waiting list open';
}

/** My registration in a few words, or null. */
export function myStatusText(event: Pick<EventSummary, 'myRegistration'>): string | null {
  const mine = event.myRegistration;
  if (!mine) return null;
  return mine.status === 'confirmed' ? 'You are registered' : `You are number ${mine.position} on the waiting list`;
}

/** Milliseconds the zone is ahead of UTC at this instant. */
function zoneOffset(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    fmt(zone, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** A wall-clock date ("2026-12-01") and time ("18:30") in `zone`, as an ISO UTC instant. */
export function zonedToUtc(date: string, time: string, zone: string): string | null {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  if (![y, m, d, hh, mm].every(Number.isFinite)) return null;
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let utc = wall - zoneOffset(wall, zone);
  // Once more: the offset at the guessed instant may differ across a daylight-saving change.
  utc = wall - zoneOffset(utc, zone);
  return new Date(utc).toISOString();
}

/** Zones offered by the staff form; the browser's own is added when it is not among them. */
export const COMMON_ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Berlin',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'Australia/Sydney',
  'Asia/Tokyo',
];
