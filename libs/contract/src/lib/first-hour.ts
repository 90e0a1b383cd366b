import Type from 'typebox';
import { IdParam } from './common';
import { LineKindSchema } from './scripts';

/**
 * What a visitor sees before joining and what a newcomer is offered
 * right after. Three small calls:
 * - a share link's preview, public and minimal (title, who invited, the role offered), for the
 *   logged-out /s/{linkId} page; nothing else about the session or the script leaks;
 * - the front door's demo scenes (public scenes of the VoxClub account), each with its featured
 *   finished read when staff chose one, so a visitor can listen before joining, and the text of
 *   one of them, so a visitor can read it before joining;
 * - a free handle suggested from my email, for the first-run step.
 */

export const ShareLinkPreviewParams = Type.Object({ linkId: IdParam });
export type ShareLinkPreviewParams = Type.Static<typeof ShareLinkPreviewParams>;

export const ShareLinkPreview = Type.Object(
  {
    title: Type.String(),
    /** The inviter by the person-name rule (name, else @handle, else Guest). */
    inviter: Type.String(),
    /** The role the link offers; null: any free role. */
    role: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type ShareLinkPreview = Type.Static<typeof ShareLinkPreview>;

/** One line of a featured read: who speaks, what, and the take to play (null: a stage direction). */
const ShowcaseLine = Type.Object({
  role: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  audioId: Type.Union([Type.String(), Type.Null()]),
  durationMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
type ShowcaseLine = Type.Static<typeof ShowcaseLine>;

export const ShowcaseScene = Type.Object({
  scriptId: Type.String(),
  title: Type.String(),
  synopsis: Type.String(),
  roles: Type.Array(Type.String()),
  lineCount: Type.Integer({ minimum: 0 }),
  /** A finished read staff featured (every spoken line has its picked take), or null. */
  read: Type.Union([
    Type.Object({
      /** The readers by the person-name rule, in script order of their first line. */
      readers: Type.Array(Type.String()),
      lines: Type.Array(ShowcaseLine),
    }),
    Type.Null(),
  ]),
});
export type ShowcaseScene = Type.Static<typeof ShowcaseScene>;

export const Showcase = Type.Object({ scenes: Type.Array(ShowcaseScene) });
export type Showcase = Type.Static<typeof Showcase>;

export const DemoSceneParams = Type.Object({ scriptId: IdParam });
export type DemoSceneParams = Type.Static<typeof DemoSceneParams>;

/** A demo scene's text as a script shows it: headings, action and each role's lines, in order. */
export const DemoScene = Type.Object(
  {
    scriptId: Type.String(),
    title: Type.String(),
    lines: Type.Array(
      Type.Object({
        kind: LineKindSchema,
        role: Type.Union([Type.String(), Type.Null()]),
        parenthetical: Type.Union([Type.String(), Type.Null()]),
        text: Type.String(),
      }),
    ),
  },
  { additionalProperties: false },
);
export type DemoScene = Type.Static<typeof DemoScene>;

export const HandleSuggestion = Type.Object({
  /** A free handle made from my email's local part, or null when I already have a handle. */
  handle: Type.Union([Type.String(), Type.Null()]),
});
export type HandleSuggestion = Type.Static<typeof HandleSuggestion>;
