import type { Kysely, Migration } from 'kysely';
import { pageCount } from '@vox/fountain';
import { recount } from './241-draft-page-counts';

/**
 * Revision colours of a draft: `revision_color` is its current colour's place in the industry
 * sequence (0 White, 1 Blue, ... 9 Double White; @vox/fountain's revisionColorName), and
 * `revision_base` the text as it was when that revision set was started, against which the
 * editor's margin and the PDF mark the changed lines (null while the draft is still White).
 * The page count is counted again: a page now holds 55 lines (it held 54), the industry page.
 */

export const draftRevisionColors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('drafts')
      .addColumn('revision_color', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('drafts').addColumn('revision_base', 'text').execute();
    await db.schema.alterTable('drafts').addColumn('revision_started_at', 'text').execute();
    await recount(db, pageCount);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('drafts').dropColumn('revision_started_at').execute();
    await db.schema.alterTable('drafts').dropColumn('revision_base').execute();
    await db.schema.alterTable('drafts').dropColumn('revision_color').execute();
  },
};
