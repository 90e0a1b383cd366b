import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  EVENT_MESSAGES,
  displayName,
  type EventAttendeeList,
  type EventInput,
  type EventList,
  type EventRegistrationResult,
  type EventSummary,
} from '@vox/contract/schemas';
import type { Config } from '../config';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../domain-errors';
import { eventMail, type EventMailKind } from '../mail/event-mails';
import type { EventRow, MyRegistration } from '../repositories/events';
import { toPerson } from '../repositories/people';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventsService;
  }
}

/**
 * Events: anyone sees them; a signed-in member registers (a seat, else the waiting
 * list) and cancels; staff create them and see who comes. Each registration change is mailed
 * (a seat with its .ics calendar entry, a given-up seat with that entry's cancellation).
 */
interface EventsService {
  list(viewer: string | null, when: 'upcoming' | 'past'): Promise<EventList>;
  get(viewer: string | null, eventId: string): Promise<EventSummary>;
  create(me: string, input: EventInput): Promise<EventSummary>;
  register(me: string, eventId: string): Promise<EventRegistrationResult>;
  cancel(me: string, eventId: string): Promise<EventRegistrationResult>;
  attendees(me: string, eventId: string): Promise<EventAttendeeList>;
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

async function events(app: FastifyInstance, { config }: { config: Config }) {
  const { eventsRepository: repo, mailer } = app;
  const notFound = () => new NotFoundError(EVENT_MESSAGES.eventNotFound);

  async function shape(rows: EventRow[], viewer: string | null): Promise<EventSummary[]> {
    const ids = rows.map((r) => r.id);
    const [waiting, mine] = await Promise.all([repo.waitlistCounts(ids), viewer ? repo.registrationsOf(viewer, ids) : new Map<string, MyRegistration>()]);
    const now = new Date().toISOString();
    return rows.map((r) => {
      const my = mine.get(r.id);
      return {
        id: r.id,
        title: r.title,
        description: r.description,
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        timeZone: r.time_zone,
        place: r.place,
        onlineUrl: r.online_url,
        capacity: Number(r.capacity),
        seatsLeft: Math.max(0, Number(r.capacity) - Number(r.seats_taken)),
        waitlistCount: waiting.get(r.id) ?? 0,
        ended: r.ends_at <= now,
        myRegistration: my ? { status: my.status, position: my.position, registeredAt: my.queuedAt } : null,
      };
    });
  }

  async function one(viewer: string | null, eventId: string): Promise<{ row: EventRow; summary: EventSummary }> {
    const row = await repo.findEvent(eventId);
    if (!row) throw notFound();
    const [summary] = await shape([row], viewer);
    return { row, summary };
  }

  async function requireStaff(me: string) {
    if (!(await app.hasRole(me, 'staff'))) throw new ForbiddenError(EVENT_MESSAGES.staffOnly);
  }

  async function mail(kind: EventMailKind, userId: string, event: EventRow) {
    const user = await repo.mailTarget(userId);
    if (!user?.email) return; // User ID accounts without an email read it on the site.
    mailer.sendLater(eventMail(kind, user.email, displayName(user), event, config.publicUrl), { userId, eventId: event.id, mail: `event-${kind}` });
  }

  app.decorate('events', {
    async list(viewer, when) {
      return { events: await shape(await repo.listEvents(when, new Date().toISOString()), viewer) };
    },

    async get(viewer, eventId) {
      return (await one(viewer, eventId)).summary;
    },

    async create(me, input) {
      await requireStaff(me);
      const title = input.title.trim();
      if (!title) throw new BadRequestError(EVENT_MESSAGES.titleMissing);
      const starts = Date.parse(input.startsAt);
      const ends = Date.parse(input.endsAt);
      if (!(ends > starts)) throw new BadRequestError(EVENT_MESSAGES.endsBeforeStart);
      if (!validTimeZone(input.timeZone)) throw new BadRequestError(EVENT_MESSAGES.badTimeZone);
      const place = input.place?.trim() || null;
      const onlineUrl = input.onlineUrl?.trim() || null;
      if (!place && !onlineUrl) throw new BadRequestError(EVENT_MESSAGES.placeMissing);
      if (onlineUrl && !/^https?:\/\/\S+$/.test(onlineUrl)) throw new BadRequestError(EVENT_MESSAGES.badUrl);
      const row = await repo.insertEvent({
        title,
        description: input.description.trim(),
        starts_at: new Date(starts).toISOString(),
        ends_at: new Date(ends).toISOString(),
        time_zone: input.timeZone,
        place,
        online_url: onlineUrl,
        capacity: input.capacity,
        created_by: me,
      });
      const [summary] = await shape([row], me);
      return summary;
    },

    async register(me, eventId) {
      const row = await repo.findEvent(eventId);
      if (!row) throw notFound();
      if (row.ends_at <= new Date().toISOString()) throw new ConflictError(EVENT_MESSAGES.eventEnded);
      const result = await repo.register(eventId, me);
      if (result.outcome === 'not_found') throw notFound();
      const { row: fresh, summary } = await one(me, eventId);
      if (result.outcome === 'already') {
        return { message: result.status === 'confirmed' ? EVENT_MESSAGES.alreadyRegistered : EVENT_MESSAGES.alreadyWaitlisted, event: summary };
      }
      await mail(result.status, me, fresh);
      return { message: result.status === 'confirmed' ? EVENT_MESSAGES.registered : EVENT_MESSAGES.waitlisted, event: summary };
    },

    async cancel(me, eventId) {
      const result = await repo.cancel(eventId, me);
      if (result.outcome === 'not_found') throw notFound();
      if (result.outcome === 'not_registered') throw new NotFoundError(EVENT_MESSAGES.notRegistered);
      const { row, summary } = await one(me, eventId);
      await mail(result.was === 'confirmed' ? 'cancelled' : 'left-waitlist', me, row);
      if (result.promotedUserId) await mail('promoted', result.promotedUserId, row);
      return { message: EVENT_MESSAGES.cancelled, event: summary };
    },

    async attendees(me, eventId) {
      await requireStaff(me);
      if (!(await repo.findEvent(eventId))) throw notFound();
      const rows = await repo.attendees(eventId);
      return {
        attendees: rows.map((r) => ({
          user: toPerson(r),
          email: r.email,
          status: r.status as 'confirmed' | 'waitlisted',
          registeredAt: r.queued_at,
        })),
      };
    },
  } satisfies EventsService);
}

export default fp(events, { name: 'events', dependencies: ['events-repository', 'mailer', 'authorization'] });
