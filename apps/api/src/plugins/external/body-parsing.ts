import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (prototype-poisoning safe), except that an empty body sent
 * with a JSON content type counts as "no body": POSTs like refresh-token and signOut carry no
 * payload, and some clients still send the header.
 */
async function bodyParsing(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

export default fp(bodyParsing, { name: 'body-parsing' });
