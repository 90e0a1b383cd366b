import Type from 'typebox';
import { IdParam } from './common';

/**
 * The finished read and "Publish as episode": one background
 * render of a session's picked takes in script order, to download, share by link, or publish to
 * a podcast channel. Texts and values the web shows are in ./read-renders-values.ts.
 */

export const RenderFillSchema = Type.Union([Type.Literal('speech'), Type.Literal('skip')]);
export type RenderFill = Type.Static<typeof RenderFillSchema>;

export const ReadRenderParams = Type.Object({ renderId: IdParam });
export type ReadRenderParams = Type.Static<typeof ReadRenderParams>;
export const ReadLinkParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9]{24}(\\.mp3)?$' }) });
export type ReadLinkParams = Type.Static<typeof ReadLinkParams>;

/** POST /api/sessions/{id}/renders: "Download the read". */
export const ReadRenderInput = Type.Object(
  {
    /** Lines with no take: read by a synthesized voice, or left out. */
    fill: RenderFillSchema,
  },
  { additionalProperties: false },
);
export type ReadRenderInput = Type.Static<typeof ReadRenderInput>;

/** POST /api/sessions/{id}/episode: the session's owner publishes the read to a channel of theirs. */
export const PublishReadInput = Type.Object(
  {
    channelId: IdParam,
    fill: RenderFillSchema,
    /** Defaults to the script's title. */
    title: Type.Optional(Type.String({ maxLength: 200 })),
    /** Publish at once (default) or keep it a draft. */
    publish: Type.Optional(Type.Union([Type.Literal('now'), Type.Literal('draft')])),
  },
  { additionalProperties: false },
);
export type PublishReadInput = Type.Static<typeof PublishReadInput>;

const ReadRenderStateSchema = Type.Union([Type.Literal('queued'), Type.Literal('rendering'), Type.Literal('done'), Type.Literal('failed')]);

export const ReadRender = Type.Object({
  id: Type.String(),
  sessionId: Type.String(),
  kind: Type.Union([Type.Literal('download'), Type.Literal('episode')]),
  fill: RenderFillSchema,
  state: ReadRenderStateSchema,
  /** 0 to 1 while rendering; null before the job reported any. */
  progress: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  /** Why it failed, for the member to read. */
  error: Type.Union([Type.String(), Type.Null()]),
  requestedBy: Type.String(),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  byteSize: Type.Union([Type.Integer(), Type.Null()]),
  /** The download's name, e.g. "The Last Bus - table read.mp3". */
  fileName: Type.String(),
  /** Where a participant downloads it (sign-in needed). */
  audioUrl: Type.Union([Type.String(), Type.Null()]),
  /** The open link, when one was made and not revoked (anyone with it can listen). */
  shareUrl: Type.Union([Type.String(), Type.Null()]),
  channelId: Type.Union([Type.String(), Type.Null()]),
  episodeId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});
export type ReadRender = Type.Static<typeof ReadRender>;

export const ReadRenderList = Type.Object({ renders: Type.Array(ReadRender) });
export type ReadRenderList = Type.Static<typeof ReadRenderList>;
