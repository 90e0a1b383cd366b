import Type from 'typebox';
import { IdParam } from './common';
import { CUE_PLACES, SOUND_FILE_ID_PATTERN, SOUND_LICENCES, SOUND_LIMITS as L, SOUND_SORTS, SOUND_TYPES } from './audio-values';

/**
 * The audio library: sounds, their waveform peaks, cues on script lines and the
 * Freesound search. Every call needs the `audio_library` privilege except reading a script's
 * cues (anyone who may read the script) and a sound's bytes (an unguessable capability URL).
 */

/** One of a fixed list of words (a JSON Schema enum; validation names the allowed values). */
const literals = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

const SoundTypeSchema = literals(SOUND_TYPES);
const SoundLicenceSchema = literals(SOUND_LICENCES);
const CuePlaceSchema = literals(CUE_PLACES);

export const SoundParams = Type.Object({ soundId: IdParam });
export type SoundParams = Type.Static<typeof SoundParams>;
export const SoundFileParams = Type.Object({ fileId: Type.String({ pattern: SOUND_FILE_ID_PATTERN }) });
export type SoundFileParams = Type.Static<typeof SoundFileParams>;
export const CueScriptParams = Type.Object({ scriptId: IdParam });

const Ms = Type.Integer({ minimum: 0, maximum: L.maxMs });

export const Sound = Type.Object({
  id: Type.String(),
  /** True when the caller owns it (only then can they change it). */
  mine: Type.Boolean(),
  ownerName: Type.String(),
  title: Type.String(),
  type: SoundTypeSchema,
  tags: Type.Array(Type.String()),
  licence: SoundLicenceSchema,
  attribution: Type.String(),
  isPublic: Type.Boolean(),
  contentType: Type.String(),
  byteSize: Type.Integer({ minimum: 0 }),
  durationMs: Type.Integer({ minimum: 0 }),
  sampleRate: Type.Integer({ minimum: 0 }),
  channels: Type.Integer({ minimum: 0 }),
  trimStartMs: Type.Integer({ minimum: 0 }),
  trimEndMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  fadeInMs: Type.Integer({ minimum: 0 }),
  fadeOutMs: Type.Integer({ minimum: 0 }),
  peaksState: literals(['pending', 'ready', 'failed'] as const),
  /** The bytes: `/api/sound-files/<sha256>` (range requests); a private sound's link is signed and expires (`?expires=…&sig=…`). */
  fileUrl: Type.String(),
  /** Where it was copied from (a Freesound page), if anywhere. */
  sourceUrl: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Sound = Type.Static<typeof Sound>;

export const SoundUsage = Type.Object({
  usedBytes: Type.Integer({ minimum: 0 }),
  quotaBytes: Type.Integer({ minimum: 0 }),
  maxFileBytes: Type.Integer({ minimum: 0 }),
});
export type SoundUsage = Type.Static<typeof SoundUsage>;

export const SoundList = Type.Object({ items: Type.Array(Sound), usage: SoundUsage });
export type SoundList = Type.Static<typeof SoundList>;

export const SoundListQuery = Type.Object({
  /** `mine` (default) or `public`: every member's shared sounds. */
  scope: Type.Optional(literals(['mine', 'public'] as const)),
  type: Type.Optional(SoundTypeSchema),
  /** Matches the title or a tag. */
  q: Type.Optional(Type.String({ maxLength: L.search })),
  sort: Type.Optional(literals(SOUND_SORTS)),
});
export type SoundListQuery = Type.Static<typeof SoundListQuery>;

export const SoundUpdate = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: L.title })),
    type: Type.Optional(SoundTypeSchema),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: L.tag }), { maxItems: L.tags })),
    licence: Type.Optional(SoundLicenceSchema),
    attribution: Type.Optional(Type.String({ maxLength: L.attribution })),
    isPublic: Type.Optional(Type.Boolean()),
    trimStartMs: Type.Optional(Ms),
    trimEndMs: Type.Optional(Type.Union([Ms, Type.Null()])),
    fadeInMs: Type.Optional(Ms),
    fadeOutMs: Type.Optional(Ms),
  },
  { additionalProperties: false },
);
export type SoundUpdate = Type.Static<typeof SoundUpdate>;

export const SoundDeleteQuery = Type.Object({ confirm: Type.Optional(Type.Boolean()) });
export type SoundDeleteQuery = Type.Static<typeof SoundDeleteQuery>;

/** A line where a sound is used as a cue. */
const SoundUse = Type.Object({ scriptId: Type.String(), scriptTitle: Type.String(), lineId: Type.String(), lineText: Type.String() });
type SoundUse = Type.Static<typeof SoundUse>;
/** 409 on delete without confirm: where the sound is used. */
export const SoundInUse = Type.Object({ message: Type.String(), uses: Type.Array(SoundUse) });
export type SoundInUse = Type.Static<typeof SoundInUse>;

export const SoundPeaks = Type.Object({
  state: literals(['pending', 'ready', 'failed'] as const),
  durationMs: Type.Integer({ minimum: 0 }),
  /** Loudest sample per slice, 0 to 1, over the whole file; null until ready. */
  peaks: Type.Union([Type.Array(Type.Number({ minimum: 0, maximum: 1 })), Type.Null()]),
});
export type SoundPeaks = Type.Static<typeof SoundPeaks>;

/** What a cue plays: enough to play it with its trim and fades, no second call. */
const CueSound = Type.Object({
  id: Type.String(),
  title: Type.String(),
  type: SoundTypeSchema,
  fileUrl: Type.String(),
  durationMs: Type.Integer({ minimum: 0 }),
  trimStartMs: Type.Integer({ minimum: 0 }),
  trimEndMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  fadeInMs: Type.Integer({ minimum: 0 }),
  fadeOutMs: Type.Integer({ minimum: 0 }),
  licence: SoundLicenceSchema,
  attribution: Type.String(),
});
type CueSound = Type.Static<typeof CueSound>;

export const Cue = Type.Object({
  id: Type.String(),
  lineId: Type.String(),
  at: CuePlaceSchema,
  /** A bed plays until this later line starts; null: until the sound ends. */
  untilLineId: Type.Union([Type.String(), Type.Null()]),
  /** 0 to 100 per cent. */
  volume: Type.Integer({ minimum: 0, maximum: 100 }),
  sound: CueSound,
});
export type Cue = Type.Static<typeof Cue>;

export const CueList = Type.Object({ cues: Type.Array(Cue) });
export type CueList = Type.Static<typeof CueList>;

export const CueInput = Type.Object(
  {
    lineId: IdParam,
    soundId: IdParam,
    at: CuePlaceSchema,
    untilLineId: Type.Optional(Type.Union([IdParam, Type.Null()])),
    volume: Type.Integer({ minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false },
);
export type CueInput = Type.Static<typeof CueInput>;
export const CueListInput = Type.Object({ cues: Type.Array(CueInput, { maxItems: L.cuesPerScript }) }, { additionalProperties: false });
export type CueListInput = Type.Static<typeof CueListInput>;

/** No `q`: Freesound answers nothing, the public library lists everything shared. */
export const FreesoundQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: L.freesoundQuery })) });
export type FreesoundQuery = Type.Static<typeof FreesoundQuery>;

export const FreesoundHit = Type.Object({
  /** Freesound's numeric id as text, or a library sound's id. */
  id: Type.String(),
  title: Type.String(),
  author: Type.String(),
  durationMs: Type.Integer({ minimum: 0 }),
  tags: Type.Array(Type.String()),
  /** A playable preview (Freesound's MP3 preview, or the library file). */
  previewUrl: Type.String(),
  /** Our licence when it maps to one we take; null: it cannot be added. */
  licence: Type.Union([SoundLicenceSchema, Type.Null()]),
  /** The licence as the source names it. */
  licenceName: Type.String(),
  attribution: Type.String(),
  sourceUrl: Type.Union([Type.String(), Type.Null()]),
});
export type FreesoundHit = Type.Static<typeof FreesoundHit>;

export const FreesoundResults = Type.Object({ source: literals(['freesound', 'library'] as const), items: Type.Array(FreesoundHit) });
export type FreesoundResults = Type.Static<typeof FreesoundResults>;

export const FreesoundImport = Type.Object(
  { source: literals(['freesound', 'library'] as const), id: IdParam, type: Type.Optional(SoundTypeSchema) },
  { additionalProperties: false },
);
export type FreesoundImport = Type.Static<typeof FreesoundImport>;
