import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDITION_LIMITS, AUDITION_MESSAGES, CASTING_LIMITS, CASTING_MESSAGES, SCRIPT_MESSAGES } from '@vox/contract/schemas';
import { NotFoundError } from '../../domain-errors';
import { PRIVATE_IMMUTABLE, serveFile } from './content-addressed';
import { fromContract } from './from-contract';
import { readAuditionFileUpload, readTakeUpload } from './script-uploads';
import { perUserLimit } from './social-limits';

const tags = ['casting'];

/**
 * Posting, editing, closing and reopening: one group per member (counters in Redis share it across
 * the four routes; the in-memory store of a single instance counts each route on its own).
 */
const writeLimit = { rateLimit: perUserLimit('casting-writes', CASTING_LIMITS.writesPerMinute, CASTING_MESSAGES.tooManyRequests) };
/** Recording, sending, withdrawing and reviewing auditions: one group per member, roomier (a take per line). */
const auditionLimit = { rateLimit: perUserLimit('casting-auditions', AUDITION_LIMITS.writesPerMinute, AUDITION_MESSAGES.tooManyRequests) };
const reportLimit = { rateLimit: perUserLimit('casting-reports', AUDITION_LIMITS.reportsPerMinute, AUDITION_MESSAGES.tooManyReports) };

/** The board and a call's page, open to anyone (a signed-in caller also sees friends-only calls). */
export const castingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('castingCalls', { tags, summary: 'The board: open calls I may see, newest first, filtered and searched, a page at a time' }),
    handler: async (request) => app.casting.board(request.userId, request.query),
  });

  app.route({
    ...fromContract('castingCall', { tags, summary: "One call: the script's title and synopsis, the roles with their sides, the deadline" }),
    handler: async (request) => app.casting.get(request.userId, request.params.callId),
  });

  app.route({
    ...fromContract('castingCallByLink', { tags, summary: "A call by its link (a link-only call's address)" }),
    handler: async (request) => app.casting.getByLink(request.userId, request.params.linkId),
  });

  app.route({
    ...fromContract('castingAuditionAudio', {
      tags,
      summary: "An audition's recording by its signed link (given only to the auditioner and the call's owner), with ranges",
    }),
    handler: async (request, reply) => {
      const found = await app.casting.auditionAudio(request.params.auditionId, request.params.part, request.query);
      if (!found) throw new NotFoundError(SCRIPT_MESSAGES.audioNotFound);
      return serveFile(request, reply, {
        etag: `"${found.audio.id}"`,
        size: found.audio.byteSize,
        contentType: found.audio.contentType,
        cacheControl: PRIVATE_IMMUTABLE,
        open: found.open,
        notFound: SCRIPT_MESSAGES.audioNotFound,
        rangeNotSatisfiable: SCRIPT_MESSAGES.rangeNotSatisfiable,
      });
    },
  });

  app.route({
    ...fromContract('castingCredits', { tags, summary: 'The roles a member was cast in, unless they keep them off their profile' }),
    handler: async (request) => app.casting.credits(request.userId, request.params.userId),
  });
};

/** Posting and managing my calls (members-only scope). */
export const memberCastingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('createCastingCall', { tags, summary: 'Post a call from one of my scripts, within my open-calls limit', config: writeLimit }),
    handler: async (request, reply) => reply.code(201).send(await app.casting.create(request.user.id, request.body)),
  });

  app.route({
    ...fromContract('updateCastingCall', { tags, summary: 'Change my open call', config: writeLimit }),
    handler: async (request) => app.casting.update(request.user.id, request.params.callId, request.body),
  });

  app.route({
    ...fromContract('closeCastingCall', { tags, summary: 'Close my call early', config: writeLimit }),
    handler: async (request) => app.casting.close(request.user.id, request.params.callId),
  });

  app.route({
    ...fromContract('reopenCastingCall', { tags, summary: 'Reopen my call before its deadline, within my open-calls limit', config: writeLimit }),
    handler: async (request) => app.casting.reopen(request.user.id, request.params.callId),
  });

  app.route({
    ...fromContract('myCastingCalls', { tags, summary: 'My calls, open and closed, newest first' }),
    handler: async (request) => app.casting.mine(request.user.id, request.query.page ?? 1),
  });

  app.route({
    ...fromContract('castingLimits', { tags, summary: 'How many open calls I have and may have' }),
    handler: async (request) => app.casting.limits(request.user.id),
  });

  // --- Auditions: the auditioner ---
  app.route({
    ...fromContract('castingRoleCues', { tags, summary: "A role's sides, each with its cue lines and the owner's takes of them" }),
    handler: async (request) => app.casting.cues(request.user.id, request.params.roleId),
  });

  app.route({
    ...fromContract('startCastingAudition', { tags, summary: 'My draft audition for a role (created, or the one I have)', config: auditionLimit }),
    handler: async (request, reply) => {
      const { audition, created } = await app.casting.start(request.user.id, request.params.roleId);
      return reply.code(created ? 201 : 200).send(audition);
    },
  });

  app.route({
    ...fromContract('myCastingAuditions', { tags, summary: 'My drafts and sent auditions in a call' }),
    handler: async (request) => app.casting.myAuditions(request.user.id, request.params.callId),
  });

  app.route({
    ...fromContract('castingAudition', { tags, summary: 'One audition, to its auditioner or (once sent) the call’s owner' }),
    handler: async (request) => app.casting.audition(request.user.id, request.params.auditionId),
  });

  app.route({
    ...fromContract('uploadAuditionTake', {
      tags,
      summary: "Record one side line of my draft (replaces the line's earlier take)",
      description:
        'multipart/form-data as a table read\'s take: text fields lineId, clientId, durationMs, then the file "audio" (at most 20 MB; WebM, Ogg, MP3, WAV or M4A, recognised from the bytes). 201: a new take; 200: this recording (clientId) had already arrived, its take is answered and nothing is stored.',
      config: auditionLimit,
    }),
    handler: async (request, reply) => {
      const { take, created } = await app.casting.uploadTake(request.user.id, request.params.auditionId, () => readTakeUpload(request));
      return reply.code(created ? 201 : 200).send(take);
    },
  });

  app.route({
    ...fromContract('deleteAuditionTake', { tags, summary: "Remove a line's take from my draft", config: auditionLimit }),
    handler: async (request, reply) => {
      await app.casting.deleteTake(request.user.id, request.params.auditionId, request.params.lineId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromContract('uploadAuditionFile', {
      tags,
      summary: 'One file for my whole draft (its line takes go)',
      description: 'multipart/form-data: the optional text field durationMs, then the file "audio" (the same limits as a take).',
      config: auditionLimit,
    }),
    handler: async (request) => app.casting.uploadFile(request.user.id, request.params.auditionId, () => readAuditionFileUpload(request)),
  });

  app.route({
    ...fromContract('sendCastingAudition', { tags, summary: 'Send my draft, once every side is recorded or the whole file is there', config: auditionLimit }),
    handler: async (request) => app.casting.send(request.user.id, request.params.auditionId),
  });

  app.route({
    ...fromContract('withdrawCastingAudition', { tags, summary: 'Withdraw my audition (a sent one until the deadline); its recordings are deleted', config: auditionLimit }),
    handler: async (request, reply) => {
      await app.casting.withdraw(request.user.id, request.params.auditionId);
      return reply.code(204).send(null);
    },
  });

  // --- Auditions: the call's owner ---
  app.route({
    ...fromContract('castingRoleAuditions', { tags, summary: 'The sent auditions for a role of my call' }),
    handler: async (request) => app.casting.roleAuditions(request.user.id, request.params.roleId),
  });

  app.route({
    ...fromContract('reviewCastingAudition', { tags, summary: 'My private note, shortlist star and rating of an audition', config: auditionLimit }),
    handler: async (request) => app.casting.review(request.user.id, request.params.auditionId, request.body),
  });

  app.route({
    ...fromContract('castingScene', { tags, summary: "The chosen auditions' sides and cues in script order, with audio" }),
    handler: async (request) => app.casting.scene(request.user.id, request.params.callId, request.query.auditions.split(',')),
  });

  app.route({
    ...fromContract('castCastingRole', { tags, summary: 'Cast a role: a message and a table read for the chosen member', config: writeLimit }),
    handler: async (request) => app.casting.cast(request.user.id, request.params.roleId, request.body),
  });

  // --- Reports, staff hiding, credits ---
  app.route({
    ...fromContract('reportCastingCall', { tags, summary: 'Report a call to staff', config: reportLimit }),
    handler: async (request, reply) => {
      await app.casting.report(request.user.id, request.params.callId, request.body);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromContract('reportedCastingCalls', { tags, summary: 'Staff: reported calls, most recently reported first' }),
    handler: async (request) => app.casting.reports(request.user.id),
  });

  app.route({
    ...fromContract('hideCastingCall', { tags, summary: 'Staff: hide a call or show it again' }),
    handler: async (request) => app.casting.hide(request.user.id, request.params.callId, request.body.hidden),
  });

  app.route({
    ...fromContract('castingSettings', { tags, summary: 'My casting settings' }),
    handler: async (request) => app.casting.settings(request.user.id),
  });

  app.route({
    ...fromContract('updateCastingSettings', { tags, summary: 'Whether my profile lists the roles I was cast in', config: writeLimit }),
    handler: async (request) => app.casting.updateSettings(request.user.id, request.body),
  });
};
