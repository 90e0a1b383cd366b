import ical, { ICalCalendarMethod } from 'ical-generator';
import type { MailMessage } from './mailer';
import type { EventRow } from '../repositories/events';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** "Tuesday 1 December 2026, 18:00–20:00 (Europe/London)", in the event's own time zone. */
export function eventWhen(event: Pick<EventRow, 'starts_at' | 'ends_at' | 'time_zone'>): string {
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
 * shows them right in its own zone; the UID is stable, so a second mail updates the same entry.
 */
export function eventIcs(event: EventRow, eventUrl: string, host: string): string {
  const calendar = ical({ name: 'VoxClub events', prodId: { company: 'VoxClub', product: 'events', language: 'EN' } });
  calendar.method(ICalCalendarMethod.PUBLISH);
  calendar.createEvent({
    id: `${event.id}@${host}`,
    start: new Date(event.starts_at),
    end: new Date(event.ends_at),
    summary: event.title,
    description: `${event.description}\n\n${eventUrl}`.trim(),
    location: event.place ?? event.online_url ?? undefined,
    url: event.online_url ?? eventUrl,
  });
  return calendar.toString();
}

export type EventMailKind = 'confirmed' | 'waitlisted' | 'promoted';

const intro: Record<EventMailKind, (title: string) => string> = {
  confirmed: (title) => `You are registered for ${title}. Your seat is confirmed.`,
  waitlisted: (title) => `${title} is full, so you are on the waiting list. If a seat opens, it is yours at once and we will email you.`,
  promoted: (title) => `Good news: a seat opened for ${title} and it is now yours. Your registration is confirmed.`,
};

const subjects: Record<EventMailKind, (title: string) => string> = {
  confirmed: (title) => `You are registered: ${title}`,
  waitlisted: (title) => `You are on the waiting list: ${title}`,
  promoted: (title) => `A seat opened up: you are registered for ${title}`,
};

/** The mail after registering, joining the waiting list or being moved up from it (a seat comes with the .ics). */
export function eventMail(kind: EventMailKind, to: string, name: string, event: EventRow, publicUrl: string): MailMessage {
  const eventUrl = `${publicUrl}/event/${event.id}`;
  const where = event.place ?? event.online_url ?? '';
  const lines = [
    `Hello ${name},`,
    '',
    intro[kind](event.title),
    '',
    `When: ${eventWhen(event)}`,
    ...(where ? [`Where: ${where}`] : []),
    '',
    kind === 'waitlisted' ? `The event: ${eventUrl}` : `The calendar entry is attached. The event: ${eventUrl}`,
    `To cancel, open ${eventUrl}/register and choose Cancel my registration.`,
    '',
    'The VoxClub team',
  ];
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(intro[kind](event.title))}</p>
<p><strong>When:</strong> ${escapeHtml(eventWhen(event))}${where ? `<br><strong>Where:</strong> ${escapeHtml(where)}` : ''}</p>
<p><a href="${escapeHtml(eventUrl)}">${escapeHtml(event.title)}</a>${kind === 'waitlisted' ? '' : ' (the calendar entry is attached)'}</p>
<p>To cancel, open <a href="${escapeHtml(eventUrl)}/register">the registration page</a> and choose Cancel my registration.</p>
<p>The VoxClub team</p>
</body></html>`;
  const host = new URL(publicUrl).host;
  return {
    to,
    subject: subjects[kind](event.title),
    text: lines.join('\n'),
    html,
    ...(kind === 'waitlisted'
      ? {}
      : { attachments: [{ filename: 'event.ics', content: eventIcs(event, eventUrl, host), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] }),
  };
}
