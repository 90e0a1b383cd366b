import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { READ_RENDER_MESSAGES as M, SCRIPT_MESSAGES, displayName, type PublishReadInput, type ReadRender, type ReadRenderInput } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { newId } from '../../db/ids';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import type { StoredAudio } from '../../repositories/audio-store';
import { peopleById } from '../../repositories/people';
import { loadScript } from '../../repositories/scripts';
import { type RenderFile, EXTENSIONS, safeFileName, createReadRendersContext } from './context';
import { defineRenderJob } from './render-job';

declare module 'fastify' {
  interface FastifyInstance {
    readRenders: ReadRendersService;
  }
}

/**
 * The finished read and "Publish as episode": a render is
 * asked for, a background job (`read.render`, on the app's queue) runs the read renderer over
 * the session's picked takes, and the result is a file to download or share by link, or a new
 * episode on the owner's channel with chapters, transcript and show notes.
 *
 * Access: every participant of the session may render, list, see and download its renders
 * (to anyone else the session and its renders do not exist); only the session's owner publishes,
 * and only to a channel of their own; the open link is made and revoked by who rendered it or
 * the session's owner, and plays for anyone while it stands.
 */
interface ReadRendersService {
  requestDownload(me: string, sessionId: string, input: ReadRenderInput): Promise<ReadRender>;
  requestEpisode(me: string, sessionId: string, input: PublishReadInput): Promise<ReadRender>;
  list(me: string, sessionId: string): Promise<ReadRender[]>;
  get(me: string, renderId: string): Promise<ReadRender>;
  file(me: string, renderId: string): Promise<RenderFile>;
  share(me: string, renderId: string): Promise<ReadRender>;
  revoke(me: string, renderId: string): Promise<ReadRender>;
  /** The file an open link plays; undefined when the link does not exist or was revoked. */
  shared(token: string): Promise<RenderFile | undefined>;
  /** One take of the session, for a participant to download. */
  take(me: string, sessionId: string, takeId: string): Promise<{ audio: StoredAudio; fileName: string }>;
}

async function readRenders(app: FastifyInstance, { config }: { config: Config }) {
  const ctx = createReadRendersContext(app, config);
  const { audio, seatOf, visible, shape, enqueue, newRow, fileOf, mayShare, db, podcast, renders, update } = ctx;
  const service: ReadRendersService = {
    async requestDownload(me, sessionId, input) {
      const seat = await seatOf(sessionId, me);
      return enqueue(newRow(seat.id, me, 'download', input.fill));
    },

    async requestEpisode(me, sessionId, input) {
      const seat = await seatOf(sessionId, me);
      if (seat.createdBy !== me) throw new ForbiddenError(M.onlyOwnerPublishes);
      const channel = await podcast.findChannel(input.channelId);
      if (!channel) throw new NotFoundError(M.channelNotFound);
      if (channel.owner_id !== me) throw new ForbiddenError(M.notYourChannel);
      const title = input.title?.trim() || null;
      return enqueue({ ...newRow(seat.id, me, 'episode', input.fill), channel_id: channel.id, title, publish: input.publish ?? 'now' });
    },

    async list(me, sessionId) {
      const seat = await seatOf(sessionId, me);
      const rows = await renders.listSessionRenders(seat.id);
      return Promise.all(rows.map(shape));
    },

    async get(me, renderId) {
      return shape((await visible(me, renderId)).row);
    },

    async file(me, renderId) {
      return fileOf((await visible(me, renderId)).row);
    },

    async share(me, renderId) {
      const { row, seat } = await visible(me, renderId);
      await mayShare(me, row, seat.createdBy);
      if (row.state !== 'done') throw new ConflictError(M.notReady);
      const token = row.share_token ?? newId(24);
      if (!row.share_token) await update(row.id, { share_token: token });
      return shape({ ...row, share_token: token });
    },

    async revoke(me, renderId) {
      const { row, seat } = await visible(me, renderId);
      await mayShare(me, row, seat.createdBy);
      await update(row.id, { share_token: null });
      return shape({ ...row, share_token: null });
    },

    async shared(token) {
      const row = await renders.findRenderByShareToken(token.replace(/\.mp3$/, ''));
      if (!row || row.state !== 'done') return undefined;
      return fileOf(row);
    },

    async take(me, sessionId, takeId) {
      const seat = await seatOf(sessionId, me);
      const take = await app.takesRepository.findTake(seat.id, takeId);
      if (!take) throw new NotFoundError(SCRIPT_MESSAGES.takeNotFound);
      const stored = await audio.find(take.audio_id);
      if (!stored) throw new NotFoundError(SCRIPT_MESSAGES.audioNotFound);
      const script = await loadScript(db, seat.scriptId, me);
      const index = script?.lines.findIndex((l) => l.id === take.line_id) ?? -1;
      const line = index >= 0 ? script?.lines[index] : undefined;
      const reader = (await peopleById(db, [take.user_id])).get(take.user_id);
      const parts = [script?.title ?? 'Take', index >= 0 ? `line ${index + 1}` : 'retired line', line?.role ?? null, reader ? displayName(reader) : null].filter(Boolean);
      return { audio: stored, fileName: `${safeFileName(parts.join(' - '))}.${EXTENSIONS[stored.contentType] ?? 'audio'}` };
    },
  };

  await defineRenderJob(ctx);
  app.decorate('readRenders', service);
}

export default fp(readRenders, { name: 'read-renders', dependencies: ['jobs', 'storage', 'podcast-repository', 'read-renders-repository', 'sessions-repository', 'sounds-repository', 'takes-repository'] });
