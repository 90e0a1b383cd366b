import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../../config';
import { COVER_MAX_BYTES, IDEMPOTENCY_KEY_HEADER, SCRIPT_MESSAGES } from '@vox/contract/schemas';
import { createIdempotency } from '../../plugins/app/idempotency';
import { PayloadTooLargeError } from '../../domain-errors';
import { fromContract } from './from-contract';
import { RawJsonBody, ScriptWriteRefused } from '../../services/scripts/script-writes';
import { acceptLargeBodiesUnparsed, createLargeWriteGate, LARGE_WRITE_BYTES, largeWriteLimit, refusalError, skippingRawBodies } from './large-writes';
import { readFilePart } from './script-uploads';

/** GET /api/scripts: the list (search, scopes); anonymous visitors see public scripts. */
export const scriptListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('scripts'),
    handler: async (request) => app.scripts.list(request.userId, request.query),
  });
};

/**
 * Scripts (members only): one script, create / replace / delete (owner), the cover picture
 * (owner) and the product's session lookup. Access rules: README-scripts.md.
 */
export const scriptRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { scripts } = app;
  // One large script write at a time per instance (item 7).
  const largeWrites = createLargeWriteGate();
  // ...and a member's large writes are spaced out (undefined: no limit).
  const rateLimit = largeWriteLimit(config.largeScriptSaveIntervalSeconds);
  // A retry of a create with the same Idempotency-Key makes no second script (item 10).
  const idempotent = createIdempotency(app.db);

  app.route({
    ...fromContract('createScript', {
      config: { rateLimit },
      description:
        'Optional header Idempotency-Key (1-255 visible characters): a retry with the same key and body answers the script the first request made (header Idempotent-Replayed: true) instead of making another; the same key with another body answers 409. Keys are kept a day.',
    }),
    preParsing: largeWrites.hook,
    handler: async (request, reply) => {
      const me = request.user.id;
      const { result, replayed } = await idempotent(
        me,
        request.headers[IDEMPOTENCY_KEY_HEADER],
        request.body,
        () => scripts.create(me, request.body),
        (id) => scripts.get(me, id),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result);
    },
  });

  app.route({
    ...fromContract('script'),
    handler: async (request) => scripts.get(request.user.id, request.params.scriptId),
  });

  // PUT /api/scripts/{id} in a scope of its own: its JSON parser leaves a large body unparsed.
  await app.register(async (scope) => {
    acceptLargeBodiesUnparsed(scope, LARGE_WRITE_BYTES);
    scope.withTypeProvider<TypeBoxTypeProvider>().route({
      ...fromContract('saveScript', { config: { rateLimit } }),
      preParsing: largeWrites.hook,
      validatorCompiler: skippingRawBodies,
      handler: async (request, reply) => {
        const body: unknown = request.body;
        if (!(body instanceof RawJsonBody)) return scripts.replace(request.user.id, request.params.scriptId, request.body);
        // Parsed, checked, written and serialized in the script-writes worker.
        try {
          const json = await scripts.replaceFromBytes(request.user.id, request.params.scriptId, body.bytes);
          // Already serialized JSON (a Buffer is sent as it is, past the response schema's serializer).
          return reply.type('application/json; charset=utf-8').send(json as never);
        } catch (err) {
          throw err instanceof ScriptWriteRefused ? refusalError(err.refusal) : err;
        }
      },
    });
  });

  app.route({
    ...fromContract('deleteScript'),
    handler: async (request, reply) => {
      await scripts.remove(request.user.id, request.params.scriptId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromContract('uploadScriptCover', {
      description: 'multipart/form-data: the file "cover" (at most 10 MB; PNG, JPEG, GIF or WebP), stored as WebP within 1200 x 1200.',
      consumes: ['multipart/form-data'],
    }),
    handler: async (request) =>
      scripts.setCover(request.user.id, request.params.scriptId, async () => {
        const part = await readFilePart(request, 'cover', COVER_MAX_BYTES);
        if (!part) return undefined;
        try {
          return await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(SCRIPT_MESSAGES.coverTooLarge);
          throw err;
        }
      }),
  });

  app.route({
    ...fromContract('removeScriptCover'),
    handler: async (request) => scripts.removeCover(request.user.id, request.params.scriptId),
  });

  /** /script/{scriptId} resolves here to my current reading session of the script. */
  app.route({
    ...fromContract('scriptSession'),
    handler: async (request) => scripts.currentSession(request.user.id, request.params.scriptId),
  });
};
