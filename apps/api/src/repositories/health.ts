import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The readiness check's question to the database: one round trip that reads nothing. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
