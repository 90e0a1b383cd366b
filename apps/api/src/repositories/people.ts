import type { Person } from '@vox/contract/schemas';
import type { Db } from '../db/database';

/**
 * Users as other people see them in lists (contract `Person`): name, handle, photo, never an
 * email. Unknown ids are left out of the map.
 */
export async function peopleById(db: Db, ids: Iterable<string>): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'handle', 'name', 'photo']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, handle: row.handle, name: row.name, photo: row.photo }]));
}

/** A person whose account is gone (rows outlive it through `set null`, never in a join). */
export const unknownPerson = (id: string): Person => ({ id, handle: null, name: null, photo: null });
