import type { Db } from '../db/database';
import type { FormRequestsTable } from '../db/schema';
import { newId } from '../db/ids';
import { repositoryPlugin, type Repository } from './repository-plugin';

/** Contact and pilot-programme requests. */
type FormRequestRow = FormRequestsTable;

async function insertRequest(db: Db, row: Omit<FormRequestRow, 'id' | 'created_at'>): Promise<FormRequestRow> {
  const request: FormRequestRow = { ...row, id: newId(), created_at: new Date().toISOString() };
  await db.insertInto('form_requests').values(request).execute();
  return request;
}

/** Newest first, of one kind or both. */
async function listRequests(db: Db, kind: FormRequestRow['kind'] | undefined, limit: number): Promise<FormRequestRow[]> {
  let query = db.selectFrom('form_requests').selectAll();
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

declare module 'fastify' {
  interface FastifyInstance {
    formsRepository: FormsRepository;
  }
}

const queries = { insertRequest, listRequests };
type FormsRepository = Repository<typeof queries>;

export default repositoryPlugin('formsRepository', 'forms-repository', queries);
