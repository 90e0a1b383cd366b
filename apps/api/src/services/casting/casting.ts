import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { auditionsService, type AuditionsService } from './auditions';
import { callsService, type CallsService } from './calls';
import { createCastingContext } from './context';
import { moderationService, type ModerationService } from './moderation';
import { reviewService, type ReviewService } from './review';

declare module 'fastify' {
  interface FastifyInstance {
    casting: CastingService;
  }
}

/**
 * Casting calls and auditions: a member posts the roles of one of their scripts to cast; others
 * find open calls on the board and audition for a role, line by line against cue lines or with
 * one file; the owner reviews the auditions, hears a scene with a chosen cast, and casts each role
 * (a message and a table read for the chosen member). Staff hide reported calls; a member's
 * profile lists the roles they were cast in unless they turn it off. Who sees what: ./context.ts.
 */
type CastingService = CallsService & AuditionsService & ReviewService & ModerationService;

async function casting(app: FastifyInstance, { config }: { config: Config }) {
  const ctx = createCastingContext(app, config);
  app.decorate('casting', { ...callsService(ctx), ...auditionsService(ctx), ...reviewService(ctx), ...moderationService(ctx) } satisfies CastingService);
}

export default fp(casting, {
  name: 'casting',
  dependencies: ['casting-repository', 'auditions-repository', 'people-repository', 'friendships-repository', 'authorization', 'file-links', 'storage', 'activity-log'],
});
