import { SCRIPT_LIMITS, SCRIPT_MESSAGES } from '@vox/contract';
import type { FountainScript } from '@vox/fountain';
import type { EditorStore } from './editor-store';

/** Where a problem is, so the editor can point at it and move focus there. */
export type ProblemTarget =
  | { kind: 'title' }
  | { kind: 'field'; field: 'synopsis' | 'genre' | 'language' }
  | { kind: 'role'; key: string }
  | { kind: 'line'; key: string }
  | { kind: 'lines' }
  | { kind: 'roles' };

export interface Problem {
  message: string;
  target: ProblemTarget;
}

const number = (n: number) => n.toLocaleString('en');

/** Texts for the limits the server checks by schema, before anything is sent. */
export const LIMIT_MESSAGES = {
  title: `The title can have at most ${number(SCRIPT_LIMITS.title)} characters.`,
  synopsis: `The synopsis can have at most ${number(SCRIPT_LIMITS.synopsis)} characters.`,
  genre: `The genre can have at most ${number(SCRIPT_LIMITS.genre)} characters.`,
  language: `The language can have at most ${number(SCRIPT_LIMITS.language)} characters.`,
  roles: `A script can have at most ${number(SCRIPT_LIMITS.roles)} roles.`,
  lines: `A script can have at most ${number(SCRIPT_LIMITS.lines)} lines.`,
  roleName: `A role name can have at most ${number(SCRIPT_LIMITS.roleName)} characters.`,
  roleDescription: `A role description can have at most ${number(SCRIPT_LIMITS.roleDescription)} characters.`,
  lineText: (n: number) => `Line ${number(n)} has more than ${number(SCRIPT_LIMITS.lineText)} characters.`,
  parenthetical: (n: number) => `The parenthetical of line ${number(n)} has more than ${number(SCRIPT_LIMITS.parenthetical)} characters.`,
} as const;

/**
 * The rules the server applies to a save, checked on the form the editor sends (texts of
 * SCRIPT_MESSAGES where the server has one). `keys` names the roles and lines for the targets.
 */
export function scriptProblems(
  script: FountainScript,
  keys: { roles: string[]; lines: string[] } = { roles: [], lines: [] },
  options: { needsTitle?: boolean } = {},
): Problem[] {
  const problems: Problem[] = [];
  const roleKey = (i: number) => keys.roles[i] ?? '';
  const lineKey = (i: number) => keys.lines[i] ?? '';

  if (options.needsTitle !== false && !script.title) problems.push({ message: SCRIPT_MESSAGES.titleRequired, target: { kind: 'title' } });
  if (script.title.length > SCRIPT_LIMITS.title) problems.push({ message: LIMIT_MESSAGES.title, target: { kind: 'title' } });
  for (const field of ['synopsis', 'genre', 'language'] as const) {
    if (script[field].length > SCRIPT_LIMITS[field]) problems.push({ message: LIMIT_MESSAGES[field], target: { kind: 'field', field } });
  }

  if (script.roles.length > SCRIPT_LIMITS.roles) problems.push({ message: LIMIT_MESSAGES.roles, target: { kind: 'roles' } });
  const seen = new Set<string>();
  script.roles.forEach((role, i) => {
    const target = { kind: 'role', key: roleKey(i) } as const;
    if (!role.name) problems.push({ message: SCRIPT_MESSAGES.roleNameRequired, target });
    else if (seen.has(role.name.toLowerCase())) problems.push({ message: SCRIPT_MESSAGES.duplicateRole, target });
    seen.add(role.name.toLowerCase());
    if (role.name.length > SCRIPT_LIMITS.roleName) problems.push({ message: LIMIT_MESSAGES.roleName, target });
    if (role.description.length > SCRIPT_LIMITS.roleDescription) problems.push({ message: LIMIT_MESSAGES.roleDescription, target });
  });

  if (script.lines.length > SCRIPT_LIMITS.lines) problems.push({ message: LIMIT_MESSAGES.lines, target: { kind: 'lines' } });
  script.lines.forEach((line, i) => {
    const target = { kind: 'line', key: lineKey(i) } as const;
    if (line.kind === 'dialogue' && !line.role) problems.push({ message: SCRIPT_MESSAGES.dialogueNeedsRole, target });
    if (line.text.length > SCRIPT_LIMITS.lineText) problems.push({ message: LIMIT_MESSAGES.lineText(i + 1), target });
    if ((line.parenthetical?.length ?? 0) > SCRIPT_LIMITS.parenthetical) problems.push({ message: LIMIT_MESSAGES.parenthetical(i + 1), target });
  });
  return problems;
}

/** The problems of what the editor holds now. */
export function editorProblems(store: EditorStore): Problem[] {
  return scriptProblems(store.toFountainScript(), { roles: store.getRoles().map((r) => r.key), lines: store.getOrder() });
}
