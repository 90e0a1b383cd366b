import type { Person } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import type { UserRow } from './users';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Users as other people see them in lists and pages (contract `Person`): name, handle, photo,
 * never an email. The one place that shapes a user row into a Person.
 */
export const toPerson = (row: Pick<UserRow, 'id' | 'handle' | 'name' | 'photo'>): Person => ({
  id: row.id,
  handle: row.handle,
  name: row.name,
  photo: row.photo,
});

/** People by id, in one query; unknown ids are left out of the map. */
export async function peopleById(db: Db, ids: Iterable<string>): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'handle', 'name', 'photo']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, toPerson(row)]));
}

/** A person whose account is gone (rows outlive it through `set null`, never in a join). */
export const unknownPerson = (id: string): Person => ({ id, handle: null, name: null, photo: null });

declare module 'fastify' {
  interface FastifyInstance {
    peopleRepository: PeopleRepository;
  }
}

const queries = {
  peopleById,
};
type PeopleRepository = Repository<typeof queries>;

export default repositoryPlugin('peopleRepository', 'people-repository', queries);
