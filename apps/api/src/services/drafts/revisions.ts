import { DRAFT_MESSAGES, type Draft, type DraftRevision, type DraftRevisionList } from '@vox/contract/schemas';
import { BadRequestError, NotFoundError } from '../../domain-errors';
import { toDraft, toRevisionSummary, type DraftsContext } from './context';

/** A draft's revisions: list, name, read and restore them. */
export interface RevisionsService {
  revisions(me: string, draftId: string): Promise<DraftRevisionList>;
  nameRevision(me: string, draftId: string, name: string): Promise<DraftRevision>;
  revision(me: string, draftId: string, revisionId: string): Promise<DraftRevision>;
  restore(me: string, draftId: string, revisionId: string): Promise<Draft>;
}

export function revisionsService(ctx: DraftsContext): RevisionsService {
  const { repo, mine, snapshot, writeText } = ctx;
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
      // Through the document: everyone in the draft sees the restored text at once.
      const restored = await writeText(row, target.body);
      const label = target.name ? `“${target.name}”` : `revision ${target.number}`;
      await snapshot(restored, 'restore', `Restored ${label}`, now);
      return toDraft(restored);
    },
  };
}
