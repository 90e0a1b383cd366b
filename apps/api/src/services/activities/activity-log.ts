import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SOCIAL_MESSAGES, type ActivityEntry } from '@vox/contract/schemas';
import { BadRequestError, ForbiddenError } from '../../domain-errors';
import { newId } from '../../db/ids';
import { routePattern, variantOfHost } from '../metrics/metrics-routes';

const ACTIVITY_CONTEXT_MAX_DEPTH = 8;
const ACTIVITY_CONTEXT_MAX_BYTES = 2048;
/** Per client address and per activity session (the browser tab's 10-character id), a minute each. */
export const ACTIVITY_LIMITS = { perAddress: 120, perSession: 60 } as const;

export const ACTIVITY_MESSAGES = {
  contextTooDeep: `The activity context is nested too deeply (at most ${ACTIVITY_CONTEXT_MAX_DEPTH} levels).`,
  contextTooLarge: `The activity context is too large (at most ${ACTIVITY_CONTEXT_MAX_BYTES / 1024} KB).`,
  tooMany: 'Too many activity entries. Please wait a minute.',
};

/** True when `value` has more than `max` levels of objects and lists; iterative, so any depth is safe. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

declare module 'fastify' {
  interface FastifyInstance {
    activityLog: ActivityLogService;
  }
}

interface ActivityLogService {
  /**
   * Stores a visit or action. Anonymous visitors log with a null or empty userId; a signed-in
   * caller may only log as themselves, so the metrics cannot be filled in someone else's name.
   * The request's host name gives the site (main, school, podcast, dashboard) the metrics filter by.
   */
  record(callerId: string | null, entry: ActivityEntry, hostname?: string): Promise<void>;
  /**
   * Stores an action the server itself did for a member (a casting call posted, an audition
   * sent, a role cast), at the web path of what it made, on the main site (casting's). Such
   * entries carry SERVER_SESSION as their session: no browser tab logged them.
   */
  recordAction(userId: string, action: ServerAction, path: string, context?: Record<string, unknown>): Promise<void>;
}

/** The actions the server logs on its own (the browser logs visits, logins and share-link opens). */
type ServerAction = 'casting_call_posted' | 'audition_sent' | 'role_cast';
/** The `session` of the server's own entries (a browser tab's is 10 letters and digits). */
const SERVER_SESSION = 'server';

async function activityLog(app: FastifyInstance) {
  app.decorate('activityLog', {
    async record(callerId, entry, hostname) {
      if (entry.userId && !callerId) throw new ForbiddenError(SOCIAL_MESSAGES.activityNeedsLogin);
      if (entry.userId && entry.userId !== callerId) throw new ForbiddenError(SOCIAL_MESSAGES.activityNotYours);
      const { context } = entry;
      if (context != null) {
        // Checked before anything serializes it: JSON.stringify overflows the stack on deep input.
        if (deeperThan(context, ACTIVITY_CONTEXT_MAX_DEPTH)) throw new BadRequestError(ACTIVITY_MESSAGES.contextTooDeep);
        if (Buffer.byteLength(JSON.stringify(context)) > ACTIVITY_CONTEXT_MAX_BYTES) throw new BadRequestError(ACTIVITY_MESSAGES.contextTooLarge);
      }
      await app.activitiesRepository.recordActivity(entry, { variant: variantOfHost(hostname), route: routePattern(entry.path) });
    },
    async recordAction(userId, action, path, context) {
      const now = new Date().toISOString();
      await app.activitiesRepository.insertActivity({
        id: newId(),
        user_id: userId,
        local_time: now,
        session: SERVER_SESSION,
        path,
        action,
        context: context ? JSON.stringify(context) : null,
        created_at: now,
        // Casting is the main site's.
        variant: 'main',
        route: routePattern(path),
      });
    },
  } satisfies ActivityLogService);
}

export default fp(activityLog, { name: 'activity-log', dependencies: ['activities-repository'] });
