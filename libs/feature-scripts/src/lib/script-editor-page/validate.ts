import { SCRIPT_LIMITS, scriptRuleProblems } from '@vox/contract/scripts';
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
const LIMIT_MESSAGES = {
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
 * The rules the server applies to a save, checked on the form the editor sends: the contract's
 * save rules (scriptRuleProblems, the server's own check) and the schema's limits, each placed
 * with the title, role or line it concerns. `keys` names the roles and lines for the targets.
 */
export function scriptProblems(
  script: FountainScript,
  keys: { roles: string[]; lines: string[] } = { roles: [], lines: [] },
  options: { needsTitle?: boolean } = {},
): Problem[] {
  const problems: Problem[] = [];
  const roleKey = (i: number) => keys.roles[i] ?? '';
  const lineKey = (i: number) => keys.lines[i] ?? '';

  // The save rules' problems by where they are, to list each with the other problems of its place.
  const rules = new Map<string, string[]>();
  for (const { message, target } of scriptRuleProblems(script)) {
    const at = target.kind === 'title' ? 'title' : `${target.kind}:${target.index}`;
    rules.set(at, [...(rules.get(at) ?? []), message]);
  }
  const rulesAt = (kind: 'title' | 'role' | 'line', index?: number) => rules.get(index === undefined ? kind : `${kind}:${index}`) ?? [];

  if (options.needsTitle !== false) for (const message of rulesAt('title')) problems.push({ message, target: { kind: 'title' } });
  if (script.title.length > SCRIPT_LIMITS.title) problems.push({ message: LIMIT_MESSAGES.title, target: { kind: 'title' } });
  for (const field of ['synopsis', 'genre', 'language'] as const) {
    if (script[field].length > SCRIPT_LIMITS[field]) problems.push({ message: LIMIT_MESSAGES[field], target: { kind: 'field', field } });
  }

  if (script.roles.length > SCRIPT_LIMITS.roles) problems.push({ message: LIMIT_MESSAGES.roles, target: { kind: 'roles' } });
  script.roles.forEach((role, i) => {
    const target = { kind: 'role', key: roleKey(i) } as const;
    for (const message of rulesAt('role', i)) problems.push({ message, target });
    if (role.name.length > SCRIPT_LIMITS.roleName) problems.push({ message: LIMIT_MESSAGES.roleName, target });
    if (role.description.length > SCRIPT_LIMITS.roleDescription) problems.push({ message: LIMIT_MESSAGES.roleDescription, target });
  });

  if (script.lines.length > SCRIPT_LIMITS.lines) problems.push({ message: LIMIT_MESSAGES.lines, target: { kind: 'lines' } });
  script.lines.forEach((line, i) => {
    const target = { kind: 'line', key: lineKey(i) } as const;
    for (const message of rulesAt('line', i)) problems.push({ message, target });
    if (line.text.length > SCRIPT_LIMITS.lineText) problems.push({ message: LIMIT_MESSAGES.lineText(i + 1), target });
    if ((line.parenthetical?.length ?? 0) > SCRIPT_LIMITS.parenthetical) problems.push({ message: LIMIT_MESSAGES.parenthetical(i + 1), target });
  });
  return problems;
}

/** The problems of what the editor holds now. */
export function editorProblems(store: EditorStore): Problem[] {
  return scriptProblems(store.toFountainScript(), { roles: store.getRoles().map((r) => r.key), lines: store.getOrder() });
}
