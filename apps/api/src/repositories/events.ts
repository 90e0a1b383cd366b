import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { EventRegistrationsTable, EventsTable } from '../db/schema';
import { newId } from '../db/ids';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Events and registrations. Every change of an event's registrations runs in one
 * transaction that starts by writing the event row: on PostgreSQL that row lock queues the
 * changes of one event one after another (SQLite runs one transaction at a time anyway), and
 * the seat itself is taken by a conditional UPDATE (`seats_taken < capacity`), so two members
 * racing for the last seat get one seat and one waiting-list place, and a cancellation and a
 * registration cannot cross (a freed seat always goes to the first in line).
 */

export type EventRow = EventsTable;
type RegistrationStatus = EventRegistrationsTable['status'];
export type ActiveStatus = Exclude<RegistrationStatus, 'cancelled'>;

async function findEvent(db: Db, eventId: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
}

/** Not yet ended, soonest first; or the archive (ended), latest first. */
async function listEvents(db: Db, when: 'upcoming' | 'past', now: string, limit = 200): Promise<EventRow[]> {
  const query = db.selectFrom('events').selectAll();
  return when === 'upcoming'
    ? query.where('ends_at', '>', now).orderBy('starts_at', 'asc').orderBy('id').limit(limit).execute()
    : query.where('ends_at', '<=', now).orderBy('starts_at', 'desc').orderBy('id').limit(limit).execute();
}

async function insertEvent(db: Db, row: Omit<EventRow, 'id' | 'seats_taken' | 'created_at' | 'updated_at'>): Promise<EventRow> {
  const now = new Date().toISOString();
  const event: EventRow = { ...row, id: newId(), seats_taken: 0, created_at: now, updated_at: now };
  await db.insertInto('events').values(event).execute();
  return event;
}

/** How many wait for each event. */
async function waitlistCounts(db: Db, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_registrations')
    .select(['event_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('event_id', 'in', eventIds)
    .where('status', '=', 'waitlisted')
    .groupBy('event_id')
    .execute();
  return new Map(rows.map((r) => [r.event_id, Number(r.n)]));
}

export interface MyRegistration {
  eventId: string;
  status: ActiveStatus;
  queuedAt: string;
  /** 1 = next in line; null when confirmed. */
  position: number | null;
}

/** The member's active registrations for these events, with their place on the waiting list. */
async function registrationsOf(db: Db, userId: string, eventIds: string[]): Promise<Map<string, MyRegistration>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_registrations as r')
    .select((eb) => [
      'r.event_id',
      'r.status',
      'r.queued_at',
      eb
        .selectFrom('event_registrations as w')
        .select((w) => w.fn.countAll<string | number>().as('n'))
        .whereRef('w.event_id', '=', 'r.event_id')
        .where('w.status', '=', 'waitlisted')
        .where((w) => w.or([w('w.queued_at', '<', w.ref('r.queued_at')), w.and([w('w.queued_at', '=', w.ref('r.queued_at')), w('w.id', '<', w.ref('r.id'))])]))
        .as('ahead'),
    ])
    .where('r.user_id', '=', userId)
    .where('r.event_id', 'in', eventIds)
    .where('r.status', '!=', 'cancelled')
    .execute();
  return new Map(
    rows.map((r) => [
      r.event_id,
      {
        eventId: r.event_id,
        status: r.status as ActiveStatus,
        queuedAt: r.queued_at,
        position: r.status === 'waitlisted' ? Number(r.ahead ?? 0) + 1 : null,
      },
    ]),
  );
}

/** Writes the event row, which holds its lock (PostgreSQL) until the transaction ends; false when there is no such event. */
async function lockEvent(trx: Db, eventId: string): Promise<boolean> {
  const result = await trx
    .updateTable('events')
    .set({ seats_taken: sql<number>`seats_taken` })
    .where('id', '=', eventId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type RegisterOutcome = { outcome: 'not_found' } | { outcome: 'already' | 'new'; status: ActiveStatus };

/**
 * Registers the member: a seat while one is left, else the waiting list (at its end). An active
 * registration is left as it is ('already'); a cancelled one is taken up again.
 */
async function register(db: Db, eventId: string, userId: string): Promise<RegisterOutcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockEvent(trx, eventId))) return { outcome: 'not_found' } as const;
    const existing = await trx
      .selectFrom('event_registrations')
      .select(['id', 'status'])
      .where('event_id', '=', eventId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing && existing.status !== 'cancelled') return { outcome: 'already', status: existing.status } as const;
    // The seat, taken in one statement that checks and counts together.
    const seat = await trx
      .updateTable('events')
      .set({ seats_taken: sql<number>`seats_taken + 1` })
      .where('id', '=', eventId)
      .where('seats_taken', '<', sql<number>`capacity`)
      .executeTakeFirst();
    const status: ActiveStatus = Number(seat.numUpdatedRows) > 0 ? 'confirmed' : 'waitlisted';
    const now = new Date().toISOString();
    if (existing) {
      await trx.updateTable('event_registrations').set({ status, queued_at: now, updated_at: now }).where('id', '=', existing.id).execute();
    } else {
      await trx
        .insertInto('event_registrations')
        .values({ id: newId(), event_id: eventId, user_id: userId, status, queued_at: now, created_at: now, updated_at: now })
        .execute();
    }
    return { outcome: 'new', status } as const;
  });
}

type CancelOutcome =
  | { outcome: 'not_found' }
  | { outcome: 'not_registered' }
  | { outcome: 'cancelled'; was: ActiveStatus; promotedUserId: string | null };

/**
 * Cancels the member's registration. A freed seat goes at once to the first on the waiting list
 * (their id is answered, so they can be told); with nobody waiting, the seat is given back.
 */
async function cancel(db: Db, eventId: string, userId: string): Promise<CancelOutcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockEvent(trx, eventId))) return { outcome: 'not_found' } as const;
    const existing = await trx
      .selectFrom('event_registrations')
      .select(['id', 'status'])
      .where('event_id', '=', eventId)
      .where('user_id', '=', userId)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst();
    if (!existing) return { outcome: 'not_registered' } as const;
    const now = new Date().toISOString();
    await trx.updateTable('event_registrations').set({ status: 'cancelled', updated_at: now }).where('id', '=', existing.id).execute();
    if (existing.status !== 'confirmed') return { outcome: 'cancelled', was: 'waitlisted', promotedUserId: null } as const;
    const next = await trx
      .selectFrom('event_registrations')
      .select(['id', 'user_id'])
      .where('event_id', '=', eventId)
      .where('status', '=', 'waitlisted')
      .orderBy('queued_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (next) {
      // The seat changes hands: seats_taken stays as it is.
      await trx.updateTable('event_registrations').set({ status: 'confirmed', updated_at: now }).where('id', '=', next.id).execute();
      return { outcome: 'cancelled', was: 'confirmed', promotedUserId: next.user_id } as const;
    }
    await trx
      .updateTable('events')
      .set({ seats_taken: sql<number>`seats_taken - 1` })
      .where('id', '=', eventId)
      .where('seats_taken', '>', 0)
      .execute();
    return { outcome: 'cancelled', was: 'confirmed', promotedUserId: null } as const;
  });
}

/** Who holds a seat and who waits, in order. */
async function attendees(db: Db, eventId: string) {
  return db
    .selectFrom('event_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id', 'u.handle', 'u.name', 'u.photo', 'u.email', 'r.status', 'r.queued_at', 'r.created_at'])
    .where('r.event_id', '=', eventId)
    .where('r.status', '!=', 'cancelled')
    .orderBy('r.status')
    .orderBy('r.queued_at')
    .orderBy('r.id')
    .execute();
}

/** Name and email of one member, for their mail. */
async function mailTarget(db: Db, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'name', 'handle']).where('id', '=', userId).executeTakeFirst();
}

declare module 'fastify' {
  interface FastifyInstance {
    eventsRepository: EventsRepository;
  }
}

const queries = { findEvent, listEvents, insertEvent, waitlistCounts, registrationsOf, register, cancel, attendees, mailTarget };
type EventsRepository = Repository<typeof queries>;

export default repositoryPlugin('eventsRepository', 'events-repository', queries);
