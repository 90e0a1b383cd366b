import { DRAFT_MESSAGES, type Draft, type DraftRevision, type DraftRevisionList } from '@vox/contract/schemas';
import { BadRequestError, ConflictError, NotFoundError } from '../../domain-errors';
import type { DraftRow } from '../../repositories/drafts';
import { toDraft, toRevisionSummary, measures, type DraftsContext } from './context';

/** A draft's revisions: list, name, read and restore them. */
export interface RevisionsService {
  revisions(me: string, draftId: string): Promise<DraftRevisionList>;
  nameRevision(me: string, draftId: string, name: string): Promise<DraftRevision>;
  revision(me: string, draftId: string, revisionId: string): Promise<DraftRevision>;
  restore(me: string, draftId: string, revisionId: string): Promise<Draft>;
}

export function revisionsService(ctx: DraftsContext): RevisionsService {
  const { repo, mine, snapshot } = ctx;
  return {
    async revisions(me, draftId) {
      await mine(me, draftId);
      return { items: (await repo.listRevisions(draftId)).map(toRevisionSummary) };
    },

    async nameRevision(me, draftId, name) {
      const row = await mine(me, draftId);
      const clean = name.trim();
      if (!clean) throw new BadRequestError('Give the revision a name.');
      const saved = await snapshot(row, 'named', clean);
      return { ...toRevisionSummary(saved), body: saved.body };
    },

    async revision(me, draftId, revisionId) {
      await mine(me, draftId);
      const row = await repo.findRevision(draftId, revisionId);
      if (!row) throw new NotFoundError(DRAFT_MESSAGES.revisionNotFound);
      return { ...toRevisionSummary(row), body: row.body };
    },

    async restore(me, draftId, revisionId) {
      const row = await mine(me, draftId);
      const target = await repo.findRevision(draftId, revisionId);
      if (!target) throw new NotFoundError(DRAFT_MESSAGES.revisionNotFound);
      // What the restore replaces is kept first, unless the newest snapshot already holds it.
      const [newest] = await repo.listRevisions(draftId);
      const newestBody = newest && (await repo.findRevision(draftId, newest.id))?.body;
      if (newestBody !== row.body) await snapshot(row, 'auto', null);
      const now = new Date().toISOString();
      const values = { body: target.body, ...measures(target.body), updated_at: now };
      if (!(await repo.updateDraftBody({ id: row.id, ownerId: me, baseRevision: row.revision }, values))) {
        throw new ConflictError(DRAFT_MESSAGES.staleRevision);
      }
      const restored: DraftRow = { ...row, ...values, revision: row.revision + 1 };
      const label = target.name ? `“${target.name}”` : `revision ${target.number}`;
      await snapshot(restored, 'restore', `Restored ${label}`, now);
      return toDraft(restored);
    },
  };
}
