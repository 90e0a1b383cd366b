import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { commentsService, type CommentsService } from './comments';
import { publishingService, type PublishingService } from './publishing';
import { revisionsService, type RevisionsService } from './revisions';
import { templatesService, type TemplatesService } from './templates';
import { writingService, type WritingService } from './writing';
import { createDraftsContext } from './context';
import { coWritingService, type CoWritingService } from './co-writing';
import { sharingService, type SharingService } from './sharing';

declare module 'fastify' {
  interface FastifyInstance {
    drafts: DraftsService;
  }
}

/**
 * Drafts, revisions and templates. The routes check the `draft` privilege; this
 * service makes every draft its writer's and their invited co-writers' alone (anyone else's is
 * "not found") and keeps every text: the text is derived from the draft's shared document
 * (co-writing.ts, docs/drafts.md), automatic snapshots are taken while writing, and a restore
 * first keeps what it replaces.
 */
type DraftsService = WritingService & RevisionsService & TemplatesService & PublishingService & CoWritingService & SharingService & CommentsService;

async function drafts(app: FastifyInstance) {
  const ctx = createDraftsContext(app);
  const coWriting = coWritingService(ctx);
  const writing = writingService(ctx);
  app.decorate('drafts', {
    ...writing,
    // A deleted draft's open editors are told at once, on every instance.
    remove: async (me, draftId) => {
      await writing.remove(me, draftId);
      await coWriting.revoke(draftId);
    },
    ...revisionsService(ctx),
    ...templatesService(ctx),
    ...publishingService(ctx),
    ...sharingService(ctx, coWriting.revoke),
    ...commentsService(ctx),
    live: coWriting.live,
    applyUpdate: coWriting.applyUpdate,
    awareness: coWriting.awareness,
    revoke: coWriting.revoke,
    get connections() {
      return coWriting.connections;
    },
  } satisfies DraftsService);
}

export default fp(drafts, { name: 'drafts', dependencies: ['drafts-repository', 'draft-comments-repository', 'scripts-repository', 'live-sessions', 'roles-repository', 'friendships-repository', 'people-repository'] });
