import type { Kysely, Migration } from 'kysely';
import { pageCount } from '@vox/fountain';

/**
 * A draft's `page_estimate` becomes the page count of its PDF (@vox/fountain's `pageCount`: the
 * pages the screenplay prints on after the title page, laid out as the PDF lays them out) instead
 * of a guess at 55 text lines a page, which the list showed against a PDF of another length.
 * Saves write the new count; this counts the drafts saved before. Down puts the old guess back.
 */

const BATCH = 100;

/** The count before this migration: about 55 printed lines a page, a line longer than 60 characters wrapping. */
function oldEstimate(text: string): number {
  if (!text.trim()) return 0;
  let lines = 0;
  for (const line of text.split('\n')) lines += Math.max(1, Math.ceil(line.length / 60));
  return Math.max(1, Math.round(lines / 55));
}

/** Counts every draft's pages again with `count` (also when a page's line count changes, migration 215). */
export async function recount(db: Kysely<unknown>, count: (body: string) => number): Promise<void> {
  const drafts = db as unknown as Kysely<{ drafts: { id: string; body: string; page_estimate: number } }>;
  let after = '';
  for (;;) {
    const rows = await drafts.selectFrom('drafts').select(['id', 'body', 'page_estimate']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    for (const row of rows) {
      const pages = count(row.body);
      if (pages !== row.page_estimate) await drafts.updateTable('drafts').set({ page_estimate: pages }).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

export const draftPageCounts: Migration = {
  async up(db: Kysely<unknown>) {
    await recount(db, pageCount);
  },
  async down(db: Kysely<unknown>) {
    await recount(db, oldEstimate);
  },
};
