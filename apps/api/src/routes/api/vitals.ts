import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REMOTE_FAILURE_MAX_BODY_BYTES, VITALS_MAX_BODY_BYTES } from '@vox/contract/schemas';
import { jsonBodyParser } from '../../plugins/external/body-parsing';
import { fromContract } from './from-contract';

/** Beacons one address may send a minute: one per page view hidden, with room for an office behind one address. */
export const VITALS_BEACONS_PER_MINUTE = 60;
/** Load failures one address may report a minute: one per page view that fell back, fewer than vitals. */
export const REMOTE_FAILURES_PER_MINUTE = 20;

/**
 * POST /api/vitals (anyone, signed in or not): one page view's web vitals, sent by the shell's
 * reporter with navigator.sendBeacon once the page is hidden. sendBeacon sends a string as
 * `text/plain;charset=UTF-8` (a content type a browser may send cross-site without asking, so the
 * site-origins check still applies: its Origin must be this site's or a listed one), so this
 * scope reads text/plain as JSON, through the same parser as every JSON body. Bounded by size
 * (VITALS_MAX_BODY_BYTES), per address, and by the contract's schema (metric names, value ranges,
 * tag lengths).
 */
export const vitalsBeaconRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.removeContentTypeParser('text/plain');
  const parse = jsonBodyParser(app);
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => parse(request, body as string, done));
  app.route({
    ...fromContract('reportVitals', {
      tags: ['vitals'],
      summary: "One page view's web vitals (anyone; sendBeacon's text/plain or JSON)",
      config: { rateLimit: { max: VITALS_BEACONS_PER_MINUTE, timeWindow: '1 minute', groupId: 'vitals' } },
    }),
    bodyLimit: VITALS_MAX_BODY_BYTES,
    handler: async (request, reply) => {
      await app.vitals.record(request.body);
      return reply.code(204).send(null);
    },
  });
  // The shell's report of a remote that failed to load (it turned to the manifest's fallback):
  // sent the same way, so bounded the same way.
  app.route({
    ...fromContract('reportRemoteFailure', {
      tags: ['vitals'],
      summary: 'A remote that failed to load, as the shell turned to its fallback (anyone; sendBeacon)',
      config: { rateLimit: { max: REMOTE_FAILURES_PER_MINUTE, timeWindow: '1 minute', groupId: 'remote-failures' } },
    }),
    bodyLimit: REMOTE_FAILURE_MAX_BODY_BYTES,
    handler: async (request, reply) => {
      await app.vitals.recordFailure(request.body);
      return reply.code(204).send(null);
    },
  });
};

/** The dashboard's Web vitals tab (staff with show_metrics; 403 for anyone else signed in). */
export const vitalsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('vitals', { tags: ['vitals'], summary: 'p75 and rating shares of the web vitals per site, route and remote version (show_metrics)' }),
    preHandler: app.requirePrivilege('show_metrics'),
    handler: async (request) => app.vitals.summary(request.query),
  });
  app.route({
    ...fromContract('remoteFailures', { tags: ['vitals'], summary: 'Remote load failures per remote version and fallback (show_metrics)' }),
    preHandler: app.requirePrivilege('show_metrics'),
    handler: async (request) => app.vitals.failures(request.query),
  });
};
