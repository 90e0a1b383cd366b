/**
 * The audio library: limits, choices and texts both sides use. The web imports them
 * from `@vox/contract/audio` (its own entry, so they load with the audio pages only).
 */

export const SOUND_TYPES = ['bgm', 'sfx', 'voice'] as const;
export type SoundType = (typeof SOUND_TYPES)[number];
export const SOUND_TYPE_LABELS: Record<SoundType, string> = { bgm: 'Music', sfx: 'Effects', voice: 'Voices' };
/** One sound of a type, as a heading or a button says it. */
const SOUND_TYPE_SINGULAR: Record<SoundType, string> = { bgm: 'music bed', sfx: 'sound effect', voice: 'voice clip' };

export const SOUND_LICENCES = ['cc0', 'cc-by', 'all-rights-reserved'] as const;
export type SoundLicence = (typeof SOUND_LICENCES)[number];
export const SOUND_LICENCE_LABELS: Record<SoundLicence, string> = {
  cc0: 'CC0 (public domain)',
  'cc-by': 'CC BY (credit the author)',
  'all-rights-reserved': 'All rights reserved',
};

export const SOUND_SORTS = ['newest', 'oldest', 'title', 'duration'] as const;
export type SoundSort = (typeof SOUND_SORTS)[number];
export const SOUND_SORT_LABELS: Record<SoundSort, string> = { newest: 'Newest first', oldest: 'Oldest first', title: 'Title (A-Z)', duration: 'Shortest first' };

/** Where a cue plays on its line: when the line starts, when it ends, or as a bed under it. */
export const CUE_PLACES = ['start', 'end', 'bed'] as const;
export type CuePlace = (typeof CUE_PLACES)[number];
export const CUE_PLACE_LABELS: Record<CuePlace, string> = { start: 'At the start of the line', end: 'At the end of the line', bed: 'Bed under the line' };

/** What file types the library takes, as the upload page says it. */
const SOUND_FORMATS_TEXT = 'WAV, MP3, Ogg/Opus, WebM, M4A/AAC or FLAC';
export const SOUND_FILE_ID_PATTERN = '^[0-9a-f]{64}$';

export const SOUND_LIMITS = {
  /** Default largest file (SOUND_MAX_FILE_MB on the server). */
  maxFileBytes: 50 * 1024 * 1024,
  title: 120,
  tag: 30,
  tags: 12,
  attribution: 300,
  search: 100,
  /** Trim and fade positions, in milliseconds (6 hours). */
  maxMs: 6 * 60 * 60 * 1000,
  cuesPerScript: 500,
  /** Freesound search text. */
  freesoundQuery: 100,
} as const;

/** Storage per member, by role, in MB (SOUND_QUOTAS_MB on the server overrides). */
export const DEFAULT_SOUND_QUOTAS_MB: Record<string, number> = { premium: 500, staff: 2048 };
/** A role that holds the privilege but is not listed above. */
export const FALLBACK_SOUND_QUOTA_MB = 100;

/** Bytes as people read them: 1.5 MB, 420 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** A duration as a clock: 0:07, 1:02:03. */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export const SOUND_MESSAGES = {
  notFound: 'This sound was not found.',
  rangeOutside: 'The requested range is outside this sound.',
  fileMissing: 'Choose an audio file to upload.',
  unsupported: `This file is not audio we can use. Upload ${SOUND_FORMATS_TEXT}.`,
  corrupt: 'This file could not be read as audio: it may be damaged or not really the format its name says. Nothing was stored.',
  tooLarge: (maxBytes: number) => `This file is larger than ${formatBytes(maxBytes)}, the largest sound you can upload.`,
  overQuota: (quotaBytes: number, usedBytes: number) =>
    `This upload does not fit in your storage: you use ${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)}. Delete sounds you no longer need to make room.`,
  badType: 'Choose music (bgm), an effect (sfx) or a voice (voice).',
  trimOrder: 'The trim end must come after the trim start.',
  trimPastEnd: 'The trim cannot go past the end of the sound.',
  fadesTooLong: 'The fades are longer than the part of the sound that plays.',
  attributionRequired: 'A CC BY sound needs its attribution: say who made it.',
  inUse: (count: number) =>
    `This sound is used as a cue on ${count === 1 ? 'one script line' : `${count} script lines`}. Deleting it removes ${count === 1 ? 'that cue' : 'those cues'} too.`,
  cueLineUnknown: 'A cue names a line that is not in this script.',
  cueUntilBeforeLine: 'A bed must end on a later line than the one it starts on.',
  cueSoundUnknown: 'A cue names a sound that is not in your library or the public library.',
  cueUntilOnlyForBeds: 'Only a bed plays until a later line.',
  tooManyCues: `A script can carry at most ${SOUND_LIMITS.cuesPerScript} cues.`,
  freesoundUnavailable: 'Freesound did not answer. Try again in a moment.',
  freesoundNotFound: 'This Freesound sound was not found.',
  freesoundLicence: 'This sound’s licence does not let it be copied into a library (only CC0 and CC BY are taken).',
} as const;

/** The texts the pages show. */
export const AUDIO_TEXTS = {
  libraryTitle: 'Audio library',
  libraryIntro: 'Music beds, sound effects and voice clips for your scripts. Put them on script lines as cues and they play in the table read.',
  storage: (used: number, quota: number) => `${formatBytes(used)} of ${formatBytes(quota)} used`,
  empty: (type: SoundType) => `No ${SOUND_TYPE_LABELS[type].toLowerCase()} yet.`,
  noMatch: 'No sound matches this search.',
  upload: (type: SoundType) => `Upload ${SOUND_TYPE_SINGULAR[type]}s`,
  maxSize: (bytes: number) => `Up to ${formatBytes(bytes)} per file: ${SOUND_FORMATS_TEXT}.`,
  dropHere: 'Drop audio files here, or',
  choose: 'Choose files',
  waveformPending: 'Drawing the waveform…',
  waveformFailed: 'The waveform could not be drawn.',
  deleteAsk: 'Delete this sound?',
  deleted: 'The sound was deleted.',
  saved: 'Saved.',
  freesoundTitle: 'Find sounds',
  freesoundFrom: { freesound: 'Results from Freesound', library: 'Results from the public VoxClub library' },
  added: 'Added to your library.',
} as const;

// --- Playback rules both the library pages and the table read apply (pure, tested in Jest) ---

/** What playback needs of a sound: its length and the owner's non-destructive trim and fades. */
export interface PlayableSound {
  durationMs: number;
  trimStartMs: number;
  trimEndMs: number | null;
  fadeInMs: number;
  fadeOutMs: number;
}

/** The part of the file that plays, in file time (ms). */
export function playableWindow(sound: PlayableSound): { startMs: number; endMs: number } {
  const endMs = sound.trimEndMs ?? sound.durationMs;
  return { startMs: Math.min(sound.trimStartMs, endMs), endMs };
}

/** The gain (0 to 1) at `positionMs` in file time: silent outside the trim, ramps in the fades. */
export function soundGainAt(sound: PlayableSound, positionMs: number): number {
  const { startMs, endMs } = playableWindow(sound);
  if (positionMs < startMs || positionMs >= endMs) return 0;
  const fadeIn = sound.fadeInMs > 0 ? (positionMs - startMs) / sound.fadeInMs : 1;
  const fadeOut = sound.fadeOutMs > 0 ? (endMs - positionMs) / sound.fadeOutMs : 1;
  return Math.max(0, Math.min(1, fadeIn, fadeOut));
}

/** A bed plays at this share of its volume while a line is spoken over it. */
export const BED_DUCK = 0.3;

/** The element volume of a cue: its own volume (0-100), ducked when a bed sits under speech. */
export function cueLevel(volume: number, gain: number, ducked: boolean): number {
  return Math.max(0, Math.min(1, (volume / 100) * gain * (ducked ? BED_DUCK : 1)));
}

export interface CueTiming<C> {
  /** Cues to start as the line starts (start cues and beds). */
  atStart: C[];
  /** Cues to start as the line ends. */
  atEnd: C[];
  /** Beds to stop as this line starts (their "until" line). */
  stopAtStart: C[];
}

/**
 * When each cue fires in a read-through of `lineIds` (script order): start cues and beds when
 * their line starts, end cues when it ends, and a bed stops when its "until" line starts (a bed
 * with none plays out). Cues on lines not in the list are left out.
 */
export function planCues<C extends { lineId: string; at: CuePlace; untilLineId: string | null }>(lineIds: readonly string[], cues: readonly C[]): Map<string, CueTiming<C>> {
  const plan = new Map<string, CueTiming<C>>(lineIds.map((id) => [id, { atStart: [], atEnd: [], stopAtStart: [] }]));
  for (const cue of cues) {
    const line = plan.get(cue.lineId);
    if (!line) continue;
    if (cue.at === 'end') line.atEnd.push(cue);
    else line.atStart.push(cue);
    if (cue.at === 'bed' && cue.untilLineId) plan.get(cue.untilLineId)?.stopAtStart.push(cue);
  }
  return plan;
}
