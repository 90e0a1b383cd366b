import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ErrorBody,
  COVER_MAX_BYTES,
  SCRIPT_MESSAGES,
  SOCIAL_MESSAGES,
  Script,
  ScriptInput,
  ScriptList,
  ScriptListQuery,
  ScriptParams,
  ScriptSession,
  ScriptSessionParams,
} from '@vox/contract/schemas';
import type { Config } from '../../config';
import { MESSAGE_LOGIN_REQUIRED } from '../../plugins/app/authentication';
import { HttpError } from '../../plugins/app/error-handler';
import { createAudioStore } from '../../repositories/audio-store';
import { toCoverPicture } from '../../repositories/covers';
import { createPhotoStore } from '../../repositories/photos';
import {
  deleteScript,
  findReadableScript,
  listScripts,
  loadScript,
  normalizeScriptInput,
  saveScript,
  setScriptCover,
} from '../../repositories/scripts';
import { openCurrentSession } from '../../repositories/sessions';
import { readFilePart, viewerOf } from './script-uploads';

/**
 * /api/scripts: the list (search, scopes), one script, create / replace / delete (owner), the
 * cover picture (owner) and the seed's session lookup. Access rules: README-scripts.md.
 */
const scriptRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const photos = createPhotoStore(app.db, config.dataDir);
  const audio = createAudioStore(app.db, config.dataDir);
  const notFound = { message: SOCIAL_MESSAGES.scriptNotFound };

  /** The whole script as the caller sees it (it can vanish only if deleted meanwhile). */
  async function answer(scriptId: string, userId: string) {
    const script = await loadScript(app.db, scriptId, userId);
    if (!script) throw new HttpError(404, SOCIAL_MESSAGES.scriptNotFound);
    return script;
  }

  /** The script the caller may change: 404 when they may not even read it, 403 when not theirs. */
  async function ownScript(scriptId: string, userId: string) {
    const viewer = await viewerOf(app, userId);
    const script = await findReadableScript(app.db, scriptId, userId, viewer.canReadFree);
    if (!script) return { status: 404 as const, body: notFound };
    if (script.owner_id !== userId) return { status: 403 as const, body: { message: SCRIPT_MESSAGES.notOwner } };
    return { status: 200 as const, script };
  }

  app.get(
    '/',
    {
      schema: {
        querystring: ScriptListQuery,
        response: { 200: ScriptList, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const { q, scope = 'all', owner, page, pageSize } = request.query;
      const viewer = await viewerOf(app, request.userId);
      // Anonymous visitors (a public profile page) list public scripts; the other scopes are someone's.
      if (!viewer.userId && scope !== 'all' && scope !== 'public') return reply.code(401).send({ message: MESSAGE_LOGIN_REQUIRED });
      if (scope === 'free' && !viewer.canReadFree) return reply.code(403).send({ message: SCRIPT_MESSAGES.freeNeedsPrivilege });
      return listScripts(app.db, { viewer, q, scope, owner, page, pageSize });
    },
  );

  app.post(
    '/',
    {
      preHandler: app.authenticate,
      schema: { body: ScriptInput, response: { 201: Script, 400: ErrorBody, 401: ErrorBody } },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const { id } = await saveScript(app.db, userId, normalizeScriptInput(request.body));
      return reply.code(201).send(await answer(id, userId));
    },
  );

  app.get(
    '/:scriptId',
    {
      preHandler: app.authenticate,
      schema: { params: ScriptParams, response: { 200: Script, 401: ErrorBody, 404: ErrorBody } },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const viewer = await viewerOf(app, userId);
      const readable = await findReadableScript(app.db, request.params.scriptId, userId, viewer.canReadFree);
      const script = readable && (await loadScript(app.db, readable.id, userId));
      if (!script) return reply.code(404).send(notFound);
      return script;
    },
  );

  app.put(
    '/:scriptId',
    {
      preHandler: app.authenticate,
      schema: {
        params: ScriptParams,
        body: ScriptInput,
        response: { 200: Script, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const owned = await ownScript(request.params.scriptId, userId);
      if (owned.status !== 200) return reply.code(owned.status).send(owned.body);
      const input = normalizeScriptInput(request.body);
      const { id, droppedAudio } = await saveScript(app.db, userId, input, owned.script.id);
      await audio.prune(droppedAudio);
      return answer(id, userId);
    },
  );

  app.delete(
    '/:scriptId',
    {
      preHandler: app.authenticate,
      schema: { params: ScriptParams, response: { 204: Type.Null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const owned = await ownScript(request.params.scriptId, userId);
      if (owned.status !== 200) return reply.code(owned.status).send(owned.body);
      await audio.prune(await deleteScript(app.db, owned.script.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:scriptId/cover',
    {
      preHandler: app.authenticate,
      schema: {
        description: 'multipart/form-data: the file "cover" (at most 10 MB; PNG, JPEG, GIF or WebP), stored as WebP within 1200 x 1200.',
        params: ScriptParams,
        response: { 200: Script, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 406: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const owned = await ownScript(request.params.scriptId, userId);
      if (owned.status !== 200) return reply.code(owned.status).send(owned.body);
      const part = await readFilePart(request, 'cover', COVER_MAX_BYTES);
      if (!part) return reply.code(400).send({ message: SCRIPT_MESSAGES.coverMissing });
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          return reply.code(413).send({ message: SCRIPT_MESSAGES.coverTooLarge });
        }
        throw err;
      }
      const picture = await toCoverPicture(bytes);
      if (!picture) return reply.code(415).send({ message: SCRIPT_MESSAGES.coverUnsupported });
      const photoId = await photos.savePhoto(picture, 'image/webp');
      await setScriptCover(app.db, owned.script.id, photoId);
      return answer(owned.script.id, userId);
    },
  );

  app.delete(
    '/:scriptId/cover',
    {
      preHandler: app.authenticate,
      schema: { params: ScriptParams, response: { 200: Script, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const owned = await ownScript(request.params.scriptId, userId);
      if (owned.status !== 200) return reply.code(owned.status).send(owned.body);
      // The picture itself stays in the photo store: content-addressed, others may show it too.
      await setScriptCover(app.db, owned.script.id, null);
      return answer(owned.script.id, userId);
    },
  );

  /** /script/{scriptId} resolves here to my current reading session of the script. */
  app.get(
    '/:scriptId/session',
    {
      preHandler: app.authenticate,
      schema: { params: ScriptSessionParams, response: { 200: ScriptSession, 401: ErrorBody, 404: ErrorBody } },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const viewer = await viewerOf(app, userId);
      const script = await findReadableScript(app.db, request.params.scriptId, userId, viewer.canReadFree);
      // The same answer for "does not exist" and "not yours to read": private scripts stay unseen.
      if (!script) return reply.code(404).send(notFound);
      return { id: await openCurrentSession(app.db, app.dbDialect, script.id, userId) };
    },
  );
};

export default scriptRoutes;
