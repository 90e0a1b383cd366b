import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../../domain-errors';
import { nulCharacterMessage } from './nul-characters';

type ParseDone = (err: Error | null, body?: unknown) => void;

/**
 * JSON bodies as Fastify parses them (prototype-poisoning safe), except that
 * - an empty body sent with a JSON content type counts as "no body": POSTs like refresh-token and
 *   signOut carry no payload, and some clients still send the header;
 * - text holding a NUL character (`\u0000`) is refused with a 400 (nul-characters.ts).
 * Every JSON body is parsed here: a scope that keeps large bodies raw parses its small ones with
 * `jsonBodyParser`, and the script-writes worker checks the large ones with `nulCharacterMessage`.
 * (Stripe's webhook alone keeps its body as bytes: Stripe signs them, and only ids are read from it.)
 */
export function jsonBodyParser(scope: FastifyInstance): (request: FastifyRequest, text: string, done: ParseDone) => void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  return (request, text, done) => {
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (err, body) => {
      if (err) return done(err);
      const nul = nulCharacterMessage(text, body);
      done(nul ? new BadRequestError(nul) : null, body);
    });
  };
}

async function bodyParsing(app: FastifyInstance) {
  const parse = jsonBodyParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => parse(request, body as string, done));
}

export default fp(bodyParsing, { name: 'body-parsing' });
