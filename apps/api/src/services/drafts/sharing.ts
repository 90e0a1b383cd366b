import { randomBytes } from 'node:crypto';
import { DRAFT_MESSAGES, coWriterName, type DraftInviteLink, type DraftJoined, type DraftPeople, type DraftRole } from '@vox/contract/schemas';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../domain-errors';
import { createNotification } from '../../repositories/notifications';
import type { DraftsContext } from './context';

/**
 * Who writes in a draft (docs/drafts.md): its owner invites friends, or anyone through an invite
 * link, as editor or commenter; only the owner invites and removes. Removing someone ends their
 * access at once: their open editor is cut off on every instance.
 */
export interface SharingService {
  people(me: string, draftId: string): Promise<DraftPeople>;
  invite(me: string, draftId: string, userId: string, role: DraftRole): Promise<DraftPeople>;
  removePerson(me: string, draftId: string, userId: string): Promise<void>;
  createLink(me: string, draftId: string, role: DraftRole): Promise<DraftInviteLink>;
  deleteLink(me: string, draftId: string, token: string): Promise<void>;
  join(me: string, token: string): Promise<DraftJoined>;
}

export function sharingService(ctx: DraftsContext, revoke: (draftId: string, userIds: string[]) => Promise<void>): SharingService {
  const { app, repo, access } = ctx;

  /** The draft, when I own it; a co-writer is told only the owner may (403), anyone else gets 404. */
  const owned = async (me: string, draftId: string) => {
    const { row, role } = await access(me, draftId);
    if (role !== 'owner') throw new ForbiddenError(DRAFT_MESSAGES.ownerOnly);
    return row;
  };

  const peopleOf = async (draftId: string): Promise<DraftPeople> => {
    const [people, links] = await Promise.all([repo.listCollaborators(draftId), repo.listInviteLinks(draftId)]);
    return {
      people: people.map((p) => ({ id: p.id, name: coWriterName(p), handle: p.handle, photo: p.photo, role: p.role, invitedAt: p.created_at })),
      links: links.map((l) => ({ token: l.token, role: l.role, createdAt: l.created_at })),
    };
  };

  return {
    async people(me, draftId) {
      await owned(me, draftId);
      return peopleOf(draftId);
    },

    async invite(me, draftId, userId, role) {
      const row = await owned(me, draftId);
      if (userId === me || !(await app.friendshipsRepository.areFriends(me, userId))) throw new BadRequestError(DRAFT_MESSAGES.inviteFriendsOnly);
      const before = (await repo.listCollaborators(draftId)).find((p) => p.id === userId)?.role;
      await repo.putCollaborator({ draft_id: draftId, user_id: userId, role, created_at: new Date().toISOString() });
      // The friend is told in Messages, with the way in: a draft shared with them is nowhere else in their pages.
      if (before !== role) await createNotification(app.db, { userId, type: 'draft_invite', payload: { fromUserId: me, draftId, draftTitle: row.title, role } });
      // A part changed from editor to commenter holds from now on: the open editor reconnects as a reader.
      if (role === 'commenter') await revoke(draftId, [userId]);
      return peopleOf(draftId);
    },

    async removePerson(me, draftId, userId) {
      await owned(me, draftId);
      if (!(await repo.removeCollaborator(draftId, userId))) throw new NotFoundError(DRAFT_MESSAGES.personNotInDraft);
      await revoke(draftId, [userId]);
    },

    async createLink(me, draftId, role) {
      await owned(me, draftId);
      const row = { token: randomBytes(18).toString('base64url'), draft_id: draftId, role, created_at: new Date().toISOString() };
      await repo.insertInviteLink(row);
      return { token: row.token, role: row.role, createdAt: row.created_at };
    },

    async deleteLink(me, draftId, token) {
      await owned(me, draftId);
      if (!(await repo.deleteInviteLink(draftId, token))) throw new NotFoundError(DRAFT_MESSAGES.inviteNotFound);
    },

    async join(me, token) {
      const link = await repo.findInviteLink(token);
      if (!link) throw new NotFoundError(DRAFT_MESSAGES.inviteNotFound);
      if (link.owner_id !== me) await repo.addCollaborator({ draft_id: link.draft_id, user_id: me, role: link.role, created_at: new Date().toISOString() });
      const { role } = await access(me, link.draft_id);
      return { draftId: link.draft_id, title: link.title, role };
    },
  };
}
