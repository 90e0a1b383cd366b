import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HARDENING_MESSAGES, SCRIPT_MESSAGES } from '@vox/contract/schemas';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import { findParticipation, removeLinkJoiners, removeParticipant } from '../../repositories/sessions';
import { findShareLink } from '../../repositories/share-links';

declare module 'fastify' {
  interface FastifyInstance {
    sessionPeople: SessionPeopleService;
  }
}

/**
 * The creator of a reading session removes people from it, one at a time or
 * everyone who joined by a revoked link. Removed people keep nothing but their takes, which stay
 * with the lines (as when a role is given up); they can come back only through a working link,
 * so the creator revokes the links first.
 */
interface SessionPeopleService {
  remove(me: string, sessionId: string, userId: string): Promise<void>;
  removeLinkJoiners(me: string, linkId: string): Promise<number>;
}

async function sessionPeople(app: FastifyInstance) {
  const { db } = app;

  app.decorate('sessionPeople', {
    async remove(me, sessionId, userId) {
      const seat = await findParticipation(db, sessionId, me);
      if (!seat) throw new NotFoundError(SCRIPT_MESSAGES.sessionNotFound);
      if (seat.createdBy !== me) throw new ForbiddenError(HARDENING_MESSAGES.onlyCreatorRemoves);
      if (userId === me) throw new BadRequestError(HARDENING_MESSAGES.cannotRemoveSelf);
      if (!(await removeParticipant(db, seat.id, userId))) throw new NotFoundError(HARDENING_MESSAGES.notAParticipant);
    },

    async removeLinkJoiners(me, linkId) {
      const link = await findShareLink(db, linkId);
      // Someone who is not in the session learns nothing about its links.
      if (!link || !(await findParticipation(db, link.session_id, me))) throw new NotFoundError(SCRIPT_MESSAGES.shareLinkNotFound);
      if (link.session_created_by !== me) throw new ForbiddenError(HARDENING_MESSAGES.onlyCreatorRemoves);
      if (link.revoked_at === null) throw new ConflictError(HARDENING_MESSAGES.revokeLinkFirst);
      return removeLinkJoiners(db, link.session_id, link.id, link.session_created_by);
    },
  } satisfies SessionPeopleService);
}

export default fp(sessionPeople, { name: 'session-people', dependencies: ['database'] });
