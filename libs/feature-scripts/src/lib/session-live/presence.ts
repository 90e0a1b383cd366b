import { LIVE_TIMING, type LivePerson } from '@vox/contract/live';

/** The last presence list the server sent and when it arrived (client clock). */
export interface PresenceSnapshot {
  people: readonly LivePerson[];
  receivedAt: number;
}

/**
 * Who is here now. The server refreshes the list every heartbeat; a list older than the
 * presence TTL is stale (the connection is down or its instance died), so nobody is shown
 * rather than people who may have left.
 */
export function peopleHere(snapshot: PresenceSnapshot | null, now: number): readonly LivePerson[] {
  if (!snapshot || now - snapshot.receivedAt > LIVE_TIMING.presenceTtlMs) return [];
  return snapshot.people;
}

/** Line id -> who records it now (others only: my own recording shows in my take panel). */
export function recordingByLine(people: readonly LivePerson[], myId: string): ReadonlyMap<string, LivePerson[]> {
  const map = new Map<string, LivePerson[]>();
  for (const person of people) {
    if (!person.recordingLineId || person.user.id === myId) continue;
    map.set(person.recordingLineId, [...(map.get(person.recordingLineId) ?? []), person]);
  }
  return map;
}
