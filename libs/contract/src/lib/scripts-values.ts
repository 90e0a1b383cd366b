import type { ScriptInput } from './scripts';

/**
 * Plain values of the scripts and reading-session area: limits, kinds, texts and the
 * save rules (the API paths are in ./scripts-endpoints.ts). No TypeBox here (the web imports this); the
 * schemas are in ./scripts.ts.
 */

/** Who may read a script. */
export const SCRIPT_VISIBILITIES = ['private', 'friends', 'public'] as const;
export type ScriptVisibility = (typeof SCRIPT_VISIBILITIES)[number];

/** What a line of a script is. Dialogue lines belong to a role; the others are narration. */
export const LINE_KINDS = ['scene', 'action', 'dialogue', 'transition'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const SCRIPT_LIMITS = {
  title: 200,
  synopsis: 4000,
  genre: 60,
  language: 35,
  roleName: 60,
  roleDescription: 500,
  roles: 100,
  lineText: 4000,
  parenthetical: 200,
  lines: 5000,
  searchQuery: 200,
} as const;

export const SCRIPTS_PAGE_SIZE = 20;

/** Which scripts GET /api/scripts lists: all I may read, mine, my friends', public, or free. */
export const SCRIPT_SCOPES = ['all', 'mine', 'friends', 'public', 'free'] as const;
export type ScriptScope = (typeof SCRIPT_SCOPES)[number];

/** Recorded takes: at most 20 MB, and only these types, recognised from the bytes. */
export const AUDIO_MAX_BYTES = 20 * 1024 * 1024;
export const AUDIO_CONTENT_TYPES = ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/wav', 'audio/mp4'] as const;
export type AudioContentType = (typeof AUDIO_CONTENT_TYPES)[number];
/** An audio id is the SHA-256 (lower-case hex) of the stored bytes: content-addressed. */
export const AUDIO_ID_PATTERN = '^[0-9a-f]{64}$';
/** Cover pictures: at most 10 MB uploaded; stored as WebP that fits in 1200 x 1200 pixels. */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
export const COVER_MAX_SIZE = 1200;
/** The browser's id for a take, made before the upload, so a retried upload lands once. */
export const TAKE_CLIENT_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';

/** The server's texts for the scripts area (the UI shows `message` as the server's text). */
export const SCRIPT_MESSAGES = {
  notOwner: 'Only the owner of this script can change it.',
  titleRequired: 'Give the script a title.',
  duplicateRole: 'Two roles have the same name. Give each role its own name.',
  unknownLineRole: 'A line names a role that is not in the script.',
  dialogueNeedsRole: 'A dialogue line needs a role.',
  freeNeedsPrivilege: 'Free scripts are part of a membership that includes them.',
  sessionNotFound: 'This reading session was not found.',
  roleTaken: 'Someone else is already reading this role.',
  unknownRole: 'This script has no such role.',
  lineNotFound: 'This line is not in the script.',
  notYourLine: 'Claim the role of this line before you record it.',
  takeNotFound: 'This take was not found.',
  notYourTake: 'Only the reader who recorded a take can change it.',
  audioMissing: 'Attach the recording as the file field "audio".',
  audioTooLarge: 'This recording is larger than 20 MB.',
  audioUnsupported: 'This file is not a supported recording. Upload WebM, Ogg, MP3, WAV or M4A audio.',
  audioNotFound: 'This recording was not found.',
  shareLinkNotFound: 'This share link was not found.',
  demoSceneNotFound: 'This demo scene was not found.',
  notLinkOwner: 'Only the person who made this link can revoke it.',
  inviteNotFriend: 'You can invite only your friends.',
  coverUnsupported: 'The cover must be a PNG, JPEG, GIF or WebP picture.',
  coverMissing: 'Attach the picture as the file field "cover".',
  coverTooLarge: 'The cover picture is larger than 10 MB.',
  roleNameRequired: 'Give every role a name.',
  rangeNotSatisfiable: 'The requested range is outside this recording.',
  uploadUnreadable: 'The upload could not be read. Please try again.',
  /** A large script (over 128 KB as sent) saved again within the server's interval (10 s by default). */
  largeSaveTooSoon: (intervalSeconds: number, waitSeconds: number) =>
    `This script is large, so it can be saved once every ${intervalSeconds} seconds. Your changes are kept: save again in ${waitSeconds} ${waitSeconds === 1 ? 'second' : 'seconds'}.`,
} as const;


/** A script in its stored form (see normalizeScript). */
export interface NormalizedScript {
  title: string;
  synopsis: string;
  genre: string;
  language: string;
  visibility: ScriptInput['visibility'];
  isFree: boolean;
  roles: Array<{ name: string; description: string }>;
  lines: Array<{ id?: string; kind: LineKind; role: string | null; parenthetical: string | null; text: string }>;
}

/** Where a broken save rule is: the title, the role or the line at `index`. */
type ScriptRuleTarget = { kind: 'title' } | { kind: 'role'; index: number } | { kind: 'line'; index: number };

/** What the save rules look at (a ScriptInput, or the editor's script before it is sent). */
interface ScriptRulesInput {
  title: string;
  roles: ReadonlyArray<{ name: string }>;
  lines: ReadonlyArray<{ kind: string; role?: string | null }>;
}

/**
 * The save rules of a script, beyond its schema's limits: a title, every role named and named
 * once (in any case), every dialogue line in one of the script's roles. Every broken rule, in
 * order (title, roles, lines), with the text to show. The server refuses a save with the first
 * one; the editor points at each before it sends.
 */
export function scriptRuleProblems(script: ScriptRulesInput): Array<{ message: string; target: ScriptRuleTarget }> {
  const problems: Array<{ message: string; target: ScriptRuleTarget }> = [];
  if (!script.title.trim()) problems.push({ message: SCRIPT_MESSAGES.titleRequired, target: { kind: 'title' } });
  const names = new Set<string>();
  script.roles.forEach((role, index) => {
    const key = role.name.trim().toLowerCase();
    if (!key) problems.push({ message: SCRIPT_MESSAGES.roleNameRequired, target: { kind: 'role', index } });
    else if (names.has(key)) problems.push({ message: SCRIPT_MESSAGES.duplicateRole, target: { kind: 'role', index } });
    names.add(key);
  });
  script.lines.forEach((line, index) => {
    if (line.kind !== 'dialogue') return;
    const asked = line.role?.trim().toLowerCase();
    if (!asked) problems.push({ message: SCRIPT_MESSAGES.dialogueNeedsRole, target: { kind: 'line', index } });
    else if (!names.has(asked)) problems.push({ message: SCRIPT_MESSAGES.unknownLineRole, target: { kind: 'line', index } });
  });
  return problems;
}

/**
 * A script in its stored form, or the first broken save rule's text (scriptRuleProblems): texts
 * trimmed, a dialogue line's role spelled as the role list spells it, narration lines without
 * role or parenthetical, empty parentheticals as null.
 */
export function normalizeScript(input: ScriptInput): { script: NormalizedScript } | { problem: string } {
  const [first] = scriptRuleProblems(input);
  if (first) return { problem: first.message };
  const roles = input.roles.map((r) => ({ name: r.name.trim(), description: r.description.trim() }));
  const byKey = new Map(roles.map((role) => [role.name.toLowerCase(), role.name]));
  const lines: NormalizedScript['lines'] = [];
  for (const line of input.lines) {
    if (line.kind !== 'dialogue') {
      lines.push({ id: line.id, kind: line.kind, role: null, parenthetical: null, text: line.text.trim() });
      continue;
    }
    const role = byKey.get(line.role?.trim().toLowerCase() ?? '') ?? '';
    lines.push({ id: line.id, kind: 'dialogue', role, parenthetical: line.parenthetical?.trim() || null, text: line.text.trim() });
  }
  return {
    script: {
      title: input.title.trim(),
      synopsis: input.synopsis.trim(),
      genre: input.genre.trim(),
      language: input.language.trim(),
      visibility: input.visibility,
      isFree: input.isFree,
      roles,
      lines,
    },
  };
}
