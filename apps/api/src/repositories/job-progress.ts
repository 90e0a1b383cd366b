import type { Db } from '../db/database';

/** How far running jobs have come (migration 111), kept beside pg-boss's own tables. SQL only. */
export async function progressOf(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('job_progress').select(['job_id', 'fraction']).where('job_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.job_id, Number(r.fraction)]));
}

/** Records a job's progress, a fraction from 0 to 1. */
export async function saveProgress(db: Db, jobId: string, fraction: number): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('job_progress')
    .values({ job_id: jobId, fraction, updated_at: now })
    .onConflict((oc) => oc.column('job_id').doUpdateSet({ fraction, updated_at: now }))
    .execute();
}
