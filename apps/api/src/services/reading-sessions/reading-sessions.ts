import type { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  SCRIPTS_PAGE_SIZE,
  SCRIPT_MESSAGES,
  type HistoryList,
  type Participant,
  type SessionDetail,
  type ShareLink,
  type ShareLinkSession,
  type Take,
} from '@vox/contract/schemas';
import type { Config } from '../../config';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import { createAudioStore } from '../../repositories/audio-store';
import { createNotification } from '../../repositories/notifications';
import { unknownPerson } from '../../repositories/people';
import type { Participation } from '../../repositories/sessions';
import { createShareLink, toShareLink } from '../../repositories/share-links';
import { toTake, type TakeRow } from '../../repositories/takes';
import { keepUploadedAudio } from './take-audio';

declare module 'fastify' {
  interface FastifyInstance {
    readingSessions: ReadingSessionsService;
  }
}

/** A take's upload as the route read it: the checked fields, then the recording's bytes. */
export interface TakeUpload {
  lineId: string;
  clientId: string;
  durationMs: number | null;
  file: Readable & { truncated?: boolean };
  /** Reads and drops the bytes, so a refused upload's request still ends normally. */
  skip(): Promise<void>;
  /** What a failure while reading the bytes means to the caller (a broken form is theirs). */
  unreadable(err: unknown): unknown;
}

/**
 * Table reads: a session, its roles, takes and share links, invitations, joining by link, and
 * my history. Everything in a session is for its participants only; to anyone else it does
 * not exist (404, as an unknown id). Rules: routes/api/README-scripts.md.
 */
interface ReadingSessionsService {
  detail(me: string, sessionId: string): Promise<SessionDetail>;
  /** Seats me in a role of the script (null gives my seat up); 409 when someone else reads it. */
  claimRole(me: string, sessionId: string, role: string | null): Promise<Participant>;
  /**
   * Stores a take, exactly once per recording (clientId): the same recording arriving again
   * answers its take with `created: false` and stores nothing. The upload is read only once the
   * caller is known to take part.
   */
  recordTake(me: string, sessionId: string, readUpload: () => Promise<TakeUpload>): Promise<{ take: Take; created: boolean }>;
  deleteTake(me: string, sessionId: string, takeId: string): Promise<void>;
  pickTake(me: string, sessionId: string, takeId: string): Promise<Take>;
  shareLinks(me: string, sessionId: string): Promise<ShareLink[]>;
  createShareLink(me: string, sessionId: string, role: string | null | undefined): Promise<ShareLink>;
  /** A friend gets a session_invite message carrying a new share link (optionally for a role). */
  invite(me: string, sessionId: string, invitation: { userId: string; role?: string | null }): Promise<ShareLink>;
  /** /s/{linkId}: joins me to the link's session, in its role when that is free. */
  joinByLink(me: string, linkId: string): Promise<ShareLinkSession>;
  /** Its creator or the session's creator may revoke a link; revoking twice is fine. */
  revokeShareLink(me: string, linkId: string): Promise<void>;
  history(me: string, paging: { page?: number; pageSize?: number }): Promise<HistoryList>;
}

async function readingSessions(app: FastifyInstance, { config }: { config: Config }) {
  const {
    db,
    friendshipsRepository: friendships,
    peopleRepository: people,
    scriptsRepository: scripts,
    sessionsRepository: sessions,
    shareLinksRepository: shareLinks,
    takesRepository: takes,
  } = app;
  const audio = createAudioStore(db, config.dataDir, app.storage);

  /** My seat in the session; 404 unless I take part. */
  async function participation(sessionId: string, me: string): Promise<Participation> {
    const seat = await sessions.findParticipation(sessionId, me);
    if (!seat) throw new NotFoundError(SCRIPT_MESSAGES.sessionNotFound);
    return seat;
  }

  /** A role the script has (roles are matched exactly: the reader picks from the script's list). */
  async function checkRole(scriptId: string, role: string | null | undefined): Promise<string | null> {
    if (role === null || role === undefined) return null;
    if (!(await scripts.scriptRoleNames(scriptId)).includes(role)) throw new BadRequestError(SCRIPT_MESSAGES.unknownRole);
    return role;
  }

  /** One of my own takes in the session: 404 when there is no such take, 403 when it is someone else's. */
  async function ownTake(me: string, sessionId: string, takeId: string): Promise<TakeRow> {
    const seat = await participation(sessionId, me);
    const take = await takes.findTake(seat.id, takeId);
    if (!take) throw new NotFoundError(SCRIPT_MESSAGES.takeNotFound);
    if (take.user_id !== me) throw new ForbiddenError(SCRIPT_MESSAGES.notYourTake);
    return take;
  }

  async function linkAnswer(linkId: string): Promise<ShareLink> {
    const link = await shareLinks.findShareLink(linkId);
    return toShareLink(link as NonNullable<typeof link>);
  }

  /** Stores the recording as a take (./take-audio.ts checks and keeps its bytes). */
  async function storeTake(seat: Participation, me: string, upload: TakeUpload): Promise<{ take: Take; created: boolean }> {
    return keepUploadedAudio(audio, upload, async (kept) => {
      const { take, created } = await takes.addTake({
        sessionId: seat.id,
        lineId: upload.lineId,
        userId: me,
        clientId: upload.clientId,
        durationMs: upload.durationMs,
        audio: kept,
      });
      // A retry that raced the first upload of the same recording: the first take stands.
      if (!created) await audio.prune([kept.id]);
      return { take: toTake(take), created };
    });
  }

  app.decorate('readingSessions', {
    async detail(me, sessionId) {
      const detail = await sessions.loadSessionDetail(await participation(sessionId, me), me);
      if (!detail) throw new NotFoundError(SCRIPT_MESSAGES.sessionNotFound);
      return detail;
    },

    async claimRole(me, sessionId, asked) {
      const seat = await participation(sessionId, me);
      const role = await checkRole(seat.scriptId, asked);
      if (!(await sessions.claimRole(seat.id, me, role))) throw new ConflictError(SCRIPT_MESSAGES.roleTaken);
      const persons = await people.peopleById([me]);
      return { user: persons.get(me) ?? unknownPerson(me), role, joinedAt: seat.joinedAt };
    },

    async recordTake(me, sessionId, readUpload) {
      const seat = await participation(sessionId, me);
      const upload = await readUpload();
      // Exactly once: a recording that already became a take answers that take, whatever
      // happened since (a role given up, a retry after a reload), and stores nothing.
      const earlier = await takes.findTakeByClientId(seat.id, me, upload.clientId);
      if (earlier) {
        await upload.skip();
        return { take: toTake(earlier), created: false };
      }
      const line = await scripts.findLine(seat.scriptId, upload.lineId);
      if (!line) {
        await upload.skip();
        throw new NotFoundError(SCRIPT_MESSAGES.lineNotFound);
      }
      if (line.kind !== 'dialogue' || !seat.role || line.role_name !== seat.role) {
        await upload.skip();
        throw new ForbiddenError(SCRIPT_MESSAGES.notYourLine);
      }
      return storeTake(seat, me, upload);
    },

    async deleteTake(me, sessionId, takeId) {
      const take = await ownTake(me, sessionId, takeId);
      await takes.deleteTake(take);
      await audio.prune([take.audio_id]);
    },

    async pickTake(me, sessionId, takeId) {
      return toTake(await takes.pickTake(await ownTake(me, sessionId, takeId)));
    },

    async shareLinks(me, sessionId) {
      return shareLinks.listShareLinks((await participation(sessionId, me)).id);
    },

    async createShareLink(me, sessionId, asked) {
      const seat = await participation(sessionId, me);
      const role = await checkRole(seat.scriptId, asked);
      return linkAnswer(await shareLinks.createShareLink({ sessionId: seat.id, createdBy: me, roleName: role }));
    },

    async invite(me, sessionId, invitation) {
      const seat = await participation(sessionId, me);
      const role = await checkRole(seat.scriptId, invitation.role);
      const friendId = invitation.userId;
      if (friendId === me || !(await friendships.areFriends(friendId, me))) throw new ForbiddenError(SCRIPT_MESSAGES.inviteNotFriend);
      const scriptTitle = (await scripts.findScriptTitle(seat.scriptId)) ?? '';
      // One transaction across two repositories: their functions take the transaction itself.
      const linkId = await db.transaction().execute(async (trx) => {
        const id = await createShareLink(trx, { sessionId: seat.id, createdBy: me, roleName: role, invitedUserId: friendId });
        await createNotification(trx, {
          userId: friendId,
          type: 'session_invite',
          payload: { sessionId: seat.id, scriptId: seat.scriptId, scriptTitle, linkId: id, role, fromUserId: me },
        });
        return id;
      });
      return linkAnswer(linkId);
    },

    async joinByLink(me, linkId) {
      // Unknown and revoked links read the same.
      const link = await shareLinks.findActiveShareLink(linkId);
      if (!link) throw new NotFoundError(MESSAGES.invalidLink);
      await sessions.joinSession(link.sessionId, me, link.roleName, linkId);
      return { id: link.sessionId, scriptId: link.scriptId };
    },

    async revokeShareLink(me, linkId) {
      const link = await shareLinks.findShareLink(linkId);
      if (!link) throw new NotFoundError(SCRIPT_MESSAGES.shareLinkNotFound);
      if (link.created_by !== me && link.session_created_by !== me) throw new ForbiddenError(SCRIPT_MESSAGES.notLinkOwner);
      await shareLinks.revokeShareLink(link.id);
    },

    async history(me, { page = 1, pageSize = SCRIPTS_PAGE_SIZE }) {
      const { items, total } = await sessions.listHistory(me, page, pageSize);
      return { items, total, page, pageSize };
    },
  } satisfies ReadingSessionsService);
}

export default fp(readingSessions, { name: 'reading-sessions', dependencies: ['database', 'friendships-repository', 'people-repository', 'scripts-repository', 'sessions-repository', 'share-links-repository', 'takes-repository', 'storage'] });
