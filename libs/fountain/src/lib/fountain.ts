import type { LineKind, ScriptRole } from '@vox/contract';

/** One line of a script as Fountain carries it: no id (ids belong to the server). */
export interface FountainLine {
  kind: LineKind;
  /** The role of a dialogue line; null for scene, action and transition lines. */
  role: string | null;
  /** A dialogue line's direction, with its brackets: "(whispering)"; null when there is none. */
  parenthetical: string | null;
  text: string;
}

/** What a Fountain text carries of a script (no id, owner, cover, visibility or free flag). */
export interface FountainScript {
  title: string;
  synopsis: string;
  genre: string;
  language: string;
  roles: ScriptRole[];
  lines: FountainLine[];
}

/** Runs of white space (line breaks included) become one space; the ends are trimmed. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Every line trimmed, blank lines at the start and the end dropped; blank lines inside stay. */
export function tidyText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((line) => line.trim());
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start++;
  while (end > start && lines[end - 1] === '') end--;
  return lines.slice(start, end).join('\n');
}

/** "(whispering)", "whispering" and "(whispering" all become "(whispering)"; empty becomes null. */
export function tidyParenthetical(text: string | null | undefined): string | null {
  const inner = oneLine(text ?? '')
    .replace(/^\(/, '')
    .replace(/\)$/, '')
    .trim();
  return inner ? `(${inner})` : null;
}

/**
 * The form a script has after a Fountain round trip: what the editor saves. White space at the
 * ends of texts and lines is dropped, one-line fields are one line, parentheticals carry their
 * brackets, and only dialogue lines have a role or a parenthetical.
 */
export function normalizeFountainScript(script: FountainScript): FountainScript {
  return {
    title: oneLine(script.title),
    synopsis: tidyText(script.synopsis),
    genre: oneLine(script.genre),
    language: oneLine(script.language),
    roles: script.roles.map((role) => ({ name: oneLine(role.name), description: oneLine(role.description) })),
    lines: script.lines.map((line) => normalizeLine(line)),
  };
}

function normalizeLine(line: { kind: LineKind; role: string | null; parenthetical?: string | null; text: string }): FountainLine {
  switch (line.kind) {
    case 'dialogue':
      return {
        kind: 'dialogue',
        role: line.role === null ? null : oneLine(line.role),
        parenthetical: tidyParenthetical(line.parenthetical),
        text: tidyText(line.text),
      };
    case 'action':
      return { kind: 'action', role: null, parenthetical: null, text: tidyText(line.text) };
    default:
      return { kind: line.kind, role: null, parenthetical: null, text: oneLine(line.text) };
  }
}
