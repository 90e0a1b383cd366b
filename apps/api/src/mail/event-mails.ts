import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MailMessage } from './mailer';
import type { EventRow } from '../repositories/events';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** "Tuesday 1 December 2026, 18:00–20:00 (Europe/London)", in the event's own time zone. */
function eventWhen(event: Pick<EventRow, 'starts_at' | 'ends_at' | 'time_zone'>): string {
  const start = new Date(event.starts_at);
  const end = new Date(event.ends_at);
  const zone = { timeZone: event.time_zone };
  const day = (d: Date) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { ...zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(d).map((p) => [p.type, p.value]),
    );
    return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
  };
  const time = (d: Date) => new Intl.DateTimeFormat('en-GB', { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  const sameDay = day(start) === day(end);
  return sameDay
    ? `${day(start)}, ${time(start)}–${time(end)} (${event.time_zone})`
    : `${day(start)} ${time(start)} – ${day(end)} ${time(end)} (${event.time_zone})`;
}

/**
 * The event as a calendar entry (RFC 5545, by ical-generator): times in UTC, so every calendar
 * shows them right in its own zone; the UID is stable, so a later mail updates the same entry.
 * `cancel` makes it the cancellation of that entry (METHOD:CANCEL, STATUS:CANCELLED), which
 * removes it from the member's calendar. SEQUENCE is the time the mail is written (in seconds),
 * so whichever of a register, cancel, register again arrives last wins.
 */
function eventIcs(event: EventRow, eventUrl: string, host: string, { cancel = false, now = new Date() }: { cancel?: boolean; now?: Date } = {}): string {
  const calendar = ical({ name: 'VoxClub events', prodId: { company: 'VoxClub', product: 'events', language: 'EN' } });
  calendar.method(cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH);
  calendar.createEvent({
    id: `${event.id}@${host}`,
    sequence: Math.floor(now.getTime() / 1000),
    stamp: now,
    start: new Date(event.starts_at),
    end: new Date(event.ends_at),
    summary: event.title,
    description: `${event.description}\n\n${eventUrl}`.trim(),
    location: event.place ?? event.online_url ?? undefined,
    url: event.online_url ?? eventUrl,
    ...(cancel ? { status: ICalEventStatus.CANCELLED } : {}),
  });
  return calendar.toString();
}

/**
 * confirmed, waitlisted, promoted: a seat or a waiting-list place was taken; cancelled: the
 * member gave up their seat; left-waitlist: they left the waiting list.
 */
export type EventMailKind = 'confirmed' | 'waitlisted' | 'promoted' | 'cancelled' | 'left-waitlist';

const intro: Record<EventMailKind, (title: string) => string> = {
  confirmed: (title) => `You are registered for ${title}. Your seat is confirmed.`,
  waitlisted: (title) => `${title} is full, so you are on the waiting list. If a seat opens, it is yours at once and we will email you.`,
  promoted: (title) => `Good news: a seat opened for ${title} and it is now yours. Your registration is confirmed.`,
  cancelled: (title) => `You cancelled your registration for ${title}. Your seat has gone back to the event.`,
  'left-waitlist': (title) => `You cancelled your registration for ${title} and left its waiting list.`,
};

const subjects: Record<EventMailKind, (title: string) => string> = {
  confirmed: (title) => `You are registered: ${title}`,
  waitlisted: (title) => `You are on the waiting list: ${title}`,
  promoted: (title) => `A seat opened up: you are registered for ${title}`,
  cancelled: (title) => `You cancelled your registration: ${title}`,
  'left-waitlist': (title) => `You cancelled your registration: ${title}`,
};

/** What the mail says about the calendar entry and the next step, per kind. */
function closing(kind: EventMailKind, eventUrl: string): { calendar: string; next: string } {
  const page = `${eventUrl}/register`;
  switch (kind) {
    case 'waitlisted':
      return { calendar: '', next: `To cancel, open ${page} and choose Cancel my registration.` };
    case 'cancelled':
      return { calendar: 'The attached calendar update removes the event from your calendar.', next: `Changed your mind? Register again at ${page} while seats are left.` };
    case 'left-waitlist':
      return { calendar: '', next: `Changed your mind? Register again at ${page}.` };
    default:
      return { calendar: 'The calendar entry is attached.', next: `To cancel, open ${page} and choose Cancel my registration.` };
  }
}

/**
 * The mail after registering, joining the waiting list, being moved up from it, or cancelling.
 * A seat comes with the .ics entry; a given-up seat with its cancellation (same UID). `name` is
 * the person-name rule's (name, else @handle).
 */
export function eventMail(kind: EventMailKind, to: string, name: string, event: EventRow, publicUrl: string, now = new Date()): MailMessage {
  const eventUrl = `${publicUrl}/event/${event.id}`;
  const where = event.place ?? event.online_url ?? '';
  const { calendar, next } = closing(kind, eventUrl);
  const lines = [
    `Hello ${name},`,
    '',
    intro[kind](event.title),
    '',
    `When: ${eventWhen(event)}`,
    ...(where ? [`Where: ${where}`] : []),
    '',
    `${calendar ? `${calendar} ` : ''}The event: ${eventUrl}`,
    next,
    '',
    'The VoxClub team',
  ];
  const link = (url: string, text: string) => `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;
  const nextHtml = escapeHtml(next).replace(escapeHtml(`${eventUrl}/register`), link(`${eventUrl}/register`, 'the registration page'));
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(intro[kind](event.title))}</p>
<p><strong>When:</strong> ${escapeHtml(eventWhen(event))}${where ? `<br><strong>Where:</strong> ${escapeHtml(where)}` : ''}</p>
<p>${calendar ? `${escapeHtml(calendar)} ` : ''}The event: ${link(eventUrl, event.title)}</p>
<p>${nextHtml}</p>
<p>The VoxClub team</p>
</body></html>`;
  const host = new URL(publicUrl).host;
  const method = kind === 'cancelled' ? 'CANCEL' : 'PUBLISH';
  return {
    to,
    subject: subjects[kind](event.title),
    text: lines.join('\n'),
    html,
    ...(calendar
      ? { attachments: [{ filename: 'event.ics', content: eventIcs(event, eventUrl, host, { cancel: kind === 'cancelled', now }), contentType: `text/calendar; charset=utf-8; method=${method}` }] }
      : {}),
  };
}
