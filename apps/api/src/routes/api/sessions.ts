import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import {
  AUDIO_MAX_BYTES,
  ClaimRoleBody,
  ErrorBody,
  InvitationInput,
  Participant,
  SCRIPT_MESSAGES,
  SessionDetail,
  SessionParams,
  ShareLink,
  ShareLinkInput,
  ShareLinkList,
  Take,
  TakeParams,
  TakeUploadFields,
} from '@vox/contract/schemas';
import type { Config } from '../../config';
import { HttpError, validationMessage } from '../../plugins/app/error-handler';
import { createAudioStore, type ReceivedAudio } from '../../repositories/audio-store';
import { createNotification } from '../../repositories/notifications';
import { peopleById, unknownPerson } from '../../repositories/people';
import { areFriends } from '../../repositories/friendships';
import { findLine, findScriptTitle, scriptRoleNames } from '../../repositories/scripts';
import { claimRole, findParticipation, loadSessionDetail, type Participation } from '../../repositories/sessions';
import { createShareLink, findShareLink, listShareLinks, toShareLink } from '../../repositories/share-links';
import { addTake, deleteTake, findTake, findTakeByClientId, pickTake, toTake, type NewTake } from '../../repositories/takes';
import { asUploadError, drain, fieldValue, readFilePart } from './script-uploads';

const takeFields = Compile(TakeUploadFields);

/** TypeBox's errors in the shape the error handler turns into sentences (Ajv's names). */
function takeFieldErrors(fields: unknown): FastifySchemaValidationError[] {
  return [...takeFields.Errors(fields)].map((error) => {
    const params = error.params as Record<string, unknown>;
    const missing = Array.isArray(params.requiredProperties) ? params.requiredProperties[0] : undefined;
    return { ...error, params: missing ? { ...params, missingProperty: missing } : params } as FastifySchemaValidationError;
  });
}

/**
 * /api/sessions/{id}: a table read. Everything here is for its participants only; to anyone
 * else a session does not exist (404, the same as an unknown id). Rules: README-scripts.md.
 */
const sessionRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const audio = createAudioStore(app.db, config.dataDir);

  /** The caller's seat in the session, or a 404 answer. */
  async function participation(sessionId: string, userId: string): Promise<Participation> {
    const seat = await findParticipation(app.db, sessionId, userId);
    if (!seat) throw new HttpError(404, SCRIPT_MESSAGES.sessionNotFound);
    return seat;
  }

  /** A role the script has (roles are matched exactly: the reader picks from the script's list). */
  async function checkRole(scriptId: string, role: string | null | undefined): Promise<string | null> {
    if (role === null || role === undefined) return null;
    const names = await scriptRoleNames(app.db, scriptId);
    if (!names.includes(role)) throw new HttpError(400, SCRIPT_MESSAGES.unknownRole);
    return role;
  }

  app.get(
    '/:sessionId',
    {
      preHandler: app.authenticate,
      schema: { params: SessionParams, response: { 200: SessionDetail, 401: ErrorBody, 404: ErrorBody } },
    },
    async (request) => {
      const userId = request.userId as string;
      return loadSessionDetail(app.db, await participation(request.params.sessionId, userId), userId);
    },
  );

  app.put(
    '/:sessionId/role',
    {
      preHandler: app.authenticate,
      schema: {
        params: SessionParams,
        body: ClaimRoleBody,
        response: { 200: Participant, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.userId as string;
      const seat = await participation(request.params.sessionId, userId);
      const role = await checkRole(seat.scriptId, request.body.role);
      await claimRole(app.db, seat.id, userId, role);
      const people = await peopleById(app.db, [userId]);
      return { user: people.get(userId) ?? unknownPerson(userId), role, joinedAt: seat.joinedAt };
    },
  );

  /**
   * A recorded take, as multipart: text fields lineId, clientId, durationMs, then the file
   * "audio". The same recording (clientId) arriving again answers its take with 200 and
   * stores nothing, so the browser can retry until it hears back.
   */
  app.post(
    '/:sessionId/takes',
    {
      preHandler: app.authenticate,
      schema: {
        description:
          'multipart/form-data: text fields lineId, clientId, durationMs, then the file "audio" (at most 20 MB; WebM, Ogg, MP3, WAV or M4A, recognised from the bytes). 201 for a new take, 200 when this clientId arrived before.',
        params: SessionParams,
        response: {
          200: Take,
          201: Take,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          406: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const seat = await participation(request.params.sessionId, userId);
      const part = await readFilePart(request, 'audio', AUDIO_MAX_BYTES);
      if (!part) return reply.code(400).send({ message: SCRIPT_MESSAGES.audioMissing });

      const durationText = fieldValue(part, 'durationMs');
      const fields: Record<string, unknown> = {};
      for (const name of ['lineId', 'clientId'] as const) {
        const value = fieldValue(part, name);
        if (value !== undefined) fields[name] = value;
      }
      // Multipart fields are text: a whole number of milliseconds arrives as digits.
      if (durationText !== undefined && durationText !== '') fields.durationMs = /^\d+$/.test(durationText) ? Number(durationText) : durationText;
      if (!takeFields.Check(fields)) {
        await drain(part);
        return reply.code(400).send({ message: validationMessage(takeFieldErrors(fields), 'body') });
      }
      const { lineId, clientId, durationMs } = fields as TakeUploadFields;

      // Exactly once: a recording that already became a take answers that take, whatever
      // happened since (a role given up, a retry after a reload), and stores nothing.
      const earlier = await findTakeByClientId(app.db, seat.id, userId, clientId);
      if (earlier) {
        await drain(part);
        return reply.code(200).send(toTake(earlier));
      }
      const line = await findLine(app.db, seat.scriptId, lineId);
      if (!line) {
        await drain(part);
        return reply.code(404).send({ message: SCRIPT_MESSAGES.lineNotFound });
      }
      if (line.kind !== 'dialogue' || !seat.role || line.role_name !== seat.role) {
        await drain(part);
        return reply.code(403).send({ message: SCRIPT_MESSAGES.notYourLine });
      }

      const { status, body } = await storeTake(part, { sessionId: seat.id, lineId, userId, clientId, durationMs: durationMs ?? null });
      return reply.code(status).send(body);
    },
  );

  /**
   * Streams the recording aside, checks size and type, and stores it as a take. The answer is
   * made only once a refused upload's bytes are gone from the disk.
   */
  async function storeTake(part: MultipartFile, take: Omit<NewTake, 'audio'>) {
    let received: ReceivedAudio;
    try {
      received = await audio.receive(part.file);
    } catch (err) {
      throw asUploadError(err);
    }
    let kept = false;
    try {
      if (received.tooLarge) return { status: 413 as const, body: { message: SCRIPT_MESSAGES.audioTooLarge } };
      const contentType = received.byteSize > 0 ? await audio.sniff(received.tmp) : undefined;
      if (!contentType) return { status: 415 as const, body: { message: SCRIPT_MESSAGES.audioUnsupported } };
      // The bytes go into place before their row exists, so a take is never served without them.
      await audio.keep(received);
      kept = true;
      const { take: row, created } = await addTake(app.db, { ...take, audio: { id: received.id, contentType, byteSize: received.byteSize } });
      // A retry that raced the first upload of the same recording: the first take stands.
      if (!created) await audio.prune([received.id]);
      return { status: created ? (201 as const) : (200 as const), body: toTake(row) };
    } catch (err) {
      if (kept) await audio.prune([received.id]).catch(() => undefined);
      throw err;
    } finally {
      if (!kept) await audio.discard(received.tmp);
    }
  }

  app.delete(
    '/:sessionId/takes/:takeId',
    {
      preHandler: app.authenticate,
      schema: { params: TakeParams, response: { 204: Type.Null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const seat = await participation(request.params.sessionId, userId);
      const take = await findTake(app.db, seat.id, request.params.takeId);
      if (!take) return reply.code(404).send({ message: SCRIPT_MESSAGES.takeNotFound });
      if (take.user_id !== userId) return reply.code(403).send({ message: SCRIPT_MESSAGES.notYourTake });
      await deleteTake(app.db, take);
      await audio.prune([take.audio_id]);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/:sessionId/takes/:takeId/pick',
    {
      preHandler: app.authenticate,
      schema: { params: TakeParams, response: { 200: Take, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const seat = await participation(request.params.sessionId, userId);
      const take = await findTake(app.db, seat.id, request.params.takeId);
      if (!take) return reply.code(404).send({ message: SCRIPT_MESSAGES.takeNotFound });
      if (take.user_id !== userId) return reply.code(403).send({ message: SCRIPT_MESSAGES.notYourTake });
      return toTake(await pickTake(app.db, take));
    },
  );

  app.get(
    '/:sessionId/sharelinks',
    {
      preHandler: app.authenticate,
      schema: { params: SessionParams, response: { 200: ShareLinkList, 401: ErrorBody, 404: ErrorBody } },
    },
    async (request) => {
      const seat = await participation(request.params.sessionId, request.userId as string);
      return listShareLinks(app.db, seat.id);
    },
  );

  app.post(
    '/:sessionId/sharelinks',
    {
      preHandler: app.authenticate,
      schema: {
        params: SessionParams,
        body: ShareLinkInput,
        response: { 201: ShareLink, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const seat = await participation(request.params.sessionId, userId);
      const role = await checkRole(seat.scriptId, request.body?.role);
      const linkId = await createShareLink(app.db, { sessionId: seat.id, createdBy: userId, roleName: role });
      const link = await findShareLink(app.db, linkId);
      return reply.code(201).send(toShareLink(link as NonNullable<typeof link>));
    },
  );

  /** A friend gets a session_invite message carrying a new share link (optionally for a role). */
  app.post(
    '/:sessionId/invitations',
    {
      preHandler: app.authenticate,
      schema: {
        params: SessionParams,
        body: InvitationInput,
        response: { 201: ShareLink, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const seat = await participation(request.params.sessionId, userId);
      const role = await checkRole(seat.scriptId, request.body.role);
      const friendId = request.body.userId;
      if (friendId === userId || !(await areFriends(app.db, friendId, userId))) {
        return reply.code(403).send({ message: SCRIPT_MESSAGES.inviteNotFriend });
      }
      const scriptTitle = (await findScriptTitle(app.db, seat.scriptId)) ?? '';
      const linkId = await app.db.transaction().execute(async (trx) => {
        const id = await createShareLink(trx, { sessionId: seat.id, createdBy: userId, roleName: role });
        await createNotification(trx, {
          userId: friendId,
          type: 'session_invite',
          payload: { sessionId: seat.id, scriptId: seat.scriptId, scriptTitle, linkId: id, role, fromUserId: userId },
        });
        return id;
      });
      const link = await findShareLink(app.db, linkId);
      return reply.code(201).send(toShareLink(link as NonNullable<typeof link>));
    },
  );

};

export default sessionRoutes;
