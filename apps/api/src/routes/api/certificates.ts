import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

const tags = ['certificates'];

/** One certificate, for anyone holding its id: the printable page and the public verification. */
export const certificateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('certificate', { tags, summary: 'A certificate and whether it is valid or revoked (anyone with its id)' }),
    handler: async (request) => app.certificates.get(request.userId, request.params.certId),
  });
};

/** Mine, issuing and revoking (members-only scope). */
export const memberCertificateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('myCertificates', { tags, summary: 'The certificates issued to me, newest first' }),
    handler: async (request) => app.certificates.mine(request.user.id),
  });

  app.route({
    ...fromContract('issueCertificate', { tags, summary: 'Issue a certificate (staff: for an event attended, or a named course)' }),
    handler: async (request, reply) => reply.code(201).send(await app.certificates.issue(request.user.id, request.body)),
  });

  app.route({
    ...fromContract('revokeCertificate', { tags, summary: 'Revoke a certificate (staff or its issuer)' }),
    handler: async (request) => app.certificates.revoke(request.user.id, request.params.certId),
  });
};
