import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { READ_RENDER_MESSAGES, SCRIPT_MESSAGES } from '@vox/contract/schemas';
import { NotFoundError } from '../../domain-errors';
import { serveFile, type ServedFile } from './content-addressed';
import { fromContract } from './from-contract';

const tags = ['reading sessions'];

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII fallback and the real name. */
function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A stored render or take, named for download (`attachment`) or for a player (`inline`). */
function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { open: ServedFile['open']; byteSize: number; contentType: string; fileName: string; etag: string },
  disposition: 'attachment' | 'inline',
  notFound: string,
) {
  return serveFile(request, reply, {
    etag: file.etag,
    size: file.byteSize,
    contentType: file.contentType,
    cacheControl: 'private, no-cache',
    open: file.open,
    notFound,
    rangeNotSatisfiable: SCRIPT_MESSAGES.rangeNotSatisfiable,
    disposition: contentDisposition(disposition, file.fileName),
  });
}

/** Open to anyone with the link: a rendered read shared by link (revocable). */
export const sharedReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('sharedReadAudio', { tags, summary: 'A rendered read shared by link' }),
    handler: async (request, reply) => {
      const file = await app.readRenders.shared(request.params.token);
      if (!file) throw new NotFoundError(READ_RENDER_MESSAGES.linkNotFound);
      return sendStored(request, reply, { ...file, open: (range) => app.storage.get(file.key, range), etag: `"${file.key.split('/')[1]}"` }, 'inline', READ_RENDER_MESSAGES.linkNotFound);
    },
  });
};

/** Members: render, publish, follow progress, download, share; download one take. */
export const readRenderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { readRenders } = app;
  const me = (request: { user: { id: string } }) => request.user.id;

  app.route({
    ...fromContract('renderRead', { tags, summary: 'Download the read: render the picked takes in script order' }),
    handler: async (request, reply) => reply.code(202).send(await readRenders.requestDownload(me(request), request.params.sessionId, request.body)),
  });
  app.route({
    ...fromContract('sessionRenders', { tags, summary: 'The renders of a session, newest first' }),
    handler: async (request) => ({ renders: await readRenders.list(me(request), request.params.sessionId) }),
  });
  app.route({
    ...fromContract('publishReadAsEpisode', { tags, summary: 'Publish the read as an episode of my channel (the session’s owner)' }),
    handler: async (request, reply) => reply.code(202).send(await readRenders.requestEpisode(me(request), request.params.sessionId, request.body)),
  });
  app.route({
    ...fromContract('readRender', { tags, summary: 'A render: its state, progress and failure text' }),
    handler: async (request) => readRenders.get(me(request), request.params.renderId),
  });
  app.route({
    ...fromContract('readRenderAudio', { tags, summary: 'Download a rendered read' }),
    handler: async (request, reply) => {
      const file = await readRenders.file(me(request), request.params.renderId);
      return sendStored(request, reply, { ...file, open: (range) => app.storage.get(file.key, range), etag: `"${file.key.split('/')[1]}"` }, 'attachment', READ_RENDER_MESSAGES.renderNotFound);
    },
  });
  app.route({
    ...fromContract('shareReadRender', { tags, summary: 'Make an open link to a rendered read' }),
    handler: async (request) => readRenders.share(me(request), request.params.renderId),
  });
  app.route({
    ...fromContract('revokeReadRenderLink', { tags, summary: 'Revoke the open link of a rendered read' }),
    handler: async (request) => readRenders.revoke(me(request), request.params.renderId),
  });
  app.route({
    ...fromContract('downloadTake', { tags, summary: 'Download one take of the session' }),
    handler: async (request, reply) => {
      const { audio, fileName } = await readRenders.take(me(request), request.params.sessionId, request.params.takeId);
      return sendStored(
        request,
        reply,
        { byteSize: audio.byteSize, contentType: audio.contentType, fileName, etag: `"${audio.id}"`, open: (range) => app.storage.get(audio.key, range) },
        'attachment',
        SCRIPT_MESSAGES.audioNotFound,
      );
    },
  });
};
