import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { commentsService, type CommentsService } from './comments';
import { publishingService, type PublishingService } from './publishing';
import { revisionsService, type RevisionsService } from './revisions';
import { templatesService, type TemplatesService } from './templates';
import { writingService, type WritingService } from './writing';
import { createDraftsContext } from './context';

declare module 'fastify' {
  interface FastifyInstance {
    drafts: DraftsService;
  }
}

/**
 * Drafts, revisions and templates. The routes check the `draft` privilege; this
 * service makes every draft its writer's alone (anyone else's is "not found") and keeps every
 * text: a save must name the revision it was made on (409 otherwise), automatic snapshots are
 * taken while writing, and a restore first keeps what it replaces.
 */
type DraftsService = WritingService & RevisionsService & TemplatesService & PublishingService & CommentsService;

async function drafts(app: FastifyInstance) {
  const ctx = createDraftsContext(app);
  app.decorate('drafts', { ...writingService(ctx), ...revisionsService(ctx), ...templatesService(ctx), ...publishingService(ctx), ...commentsService(ctx) } satisfies DraftsService);
}

export default fp(drafts, { name: 'drafts', dependencies: ['drafts-repository', 'draft-comments-repository', 'scripts-repository', 'roles-repository', 'people-repository'] });
