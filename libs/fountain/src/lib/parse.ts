import type { ScriptRole } from '@vox/contract';
import { decodeInline, stripNotesAndBoneyard } from './inline';
import { oneLine, tidyParenthetical, tidyText, type FountainLine, type FountainScript } from './fountain';

// Title page keys of the Fountain spec, plus ours. Only a document whose first line is one of
// these has a title page, so a script that opens on "Dawn: the city wakes." keeps that action.
const TITLE_PAGE_START =
  /^(?:title|credit|authors?|source|notes|draft ?date|date|contact|copyright|revisions?|synopsis|genre|language|roles)[^\S\n]*:/i;
const TITLE_PAGE_KEY = /^([A-Za-z][A-Za-z0-9 _'.-]*?)[^\S\n]*:(.*)$/;

const SCENE_HEADING = /^(?:(?:INT|EXT)\.?\/(?:INT|EXT)|I\/E|E\/I|INT|EXT|EST)[. ]/i;
const SCENE_NUMBER = /\s*#[\w.-]+#$/;
const CENTERED = /^>.*(?<!\\)<$/;
const PAGE_BREAK = /^={3,}$/;
const SECTION = /^#/;
const SYNOPSIS = /^=/;
const TRANSITION = /^(?:FADE (?:TO BLACK|OUT)|CUT TO BLACK)\.$|TO:$/;
// An escaped bracket or caret is part of the name (the writer escapes them when a name ends so).
const CHARACTER_EXTENSIONS = /(?:\s*(?<!\\)\([^()]*\))+$/;
const DUAL_MARK = /\s*(?<!\\)\^$/;

/** A line of exactly two spaces is Fountain's deliberate empty line inside an element. */
const KEPT_EMPTY_LINE = '  ';

const isUpperCaseName = (name: string): boolean => /\p{Lu}/u.test(name) && !/\p{Ll}/u.test(name);

/** The role a character line names: extensions such as (V.O.) and (CONT'D) and the dual-dialogue caret removed. */
export function characterName(line: string): string {
  const forced = line.trim().startsWith('@');
  const name = line.trim().slice(forced ? 1 : 0);
  return oneLine(decodeInline(name.replace(DUAL_MARK, '').replace(CHARACTER_EXTENSIONS, '')));
}

/**
 * Reads a screenplay in Fountain (https://fountain.io/syntax). Scene headings, action (centered
 * text and lyrics included), transitions and dialogue become lines; each dialogue paragraph is a
 * line of its character, with the parenthetical before it. Notes, boneyard, sections, synopses
 * and page breaks are dropped. The title page gives the title, and our own keys Synopsis, Genre,
 * Language and Roles (see README.md).
 */
export function parseFountain(text: string): FountainScript {
  const source = stripNotesAndBoneyard(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
  const lines = source.split('\n');
  const { entries, next } = readTitlePage(lines);
  const body = readBody(lines.slice(next));

  const value = (key: string): string[] | undefined => entries.find((entry) => entry.key === key)?.lines;
  const listed = value('roles');
  const roles: ScriptRole[] = listed ? readRoles(listed) : [];
  // Role names are one role whatever their case (the server's rule too): "McCLANE" and
  // "MCCLANE" are the same man, spelt as he first appears.
  const known = new Map(roles.map((role) => [role.name.toLowerCase(), role.name]));
  for (const line of body) {
    if (line.role === null) continue;
    const key = line.role.toLowerCase();
    const name = known.get(key);
    if (name === undefined) {
      known.set(key, line.role);
      roles.push({ name: line.role, description: '' });
    } else {
      line.role = name;
    }
  }

  return {
    title: oneLine(decodeInline((value('title') ?? []).join(' '))),
    synopsis: tidyText(decodeInline((value('synopsis') ?? []).join('\n'))),
    genre: oneLine(decodeInline((value('genre') ?? []).join(' '))),
    language: oneLine(decodeInline((value('language') ?? []).join(' '))),
    roles,
    lines: body,
  };
}

interface TitlePageEntry {
  key: string;
  lines: string[];
}

function readTitlePage(lines: string[]): { entries: TitlePageEntry[]; next: number } {
  let i = 0;
  while (i < lines.length && lines[i].trim() === '') i++;
  if (i >= lines.length || !TITLE_PAGE_START.test(lines[i])) return { entries: [], next: 0 };

  const entries: TitlePageEntry[] = [];
  let current: TitlePageEntry | undefined;
  // The title page ends at the first blank line.
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line === KEPT_EMPTY_LINE) {
      current?.lines.push('');
      continue;
    }
    if (line.trim() === '') break;
    // Keys start at the margin; indented lines continue the value above.
    const key = /^\s/.test(line) ? null : TITLE_PAGE_KEY.exec(line);
    if (key) {
      current = { key: key[1].trim().toLowerCase().replace(/\s+/g, ' '), lines: [] };
      if (key[2].trim()) current.lines.push(key[2].trim());
      // A key given twice keeps its first value.
      if (!entries.some((entry) => entry.key === current?.key)) entries.push(current);
    } else {
      current?.lines.push(line.trim());
    }
  }
  return { entries, next: i };
}

/** `Roles:` lines are `NAME: description`; the name ends at the first colon that is not escaped. */
function readRoles(lines: string[]): ScriptRole[] {
  const roles: ScriptRole[] = [];
  for (const line of lines) {
    let j = 0;
    while (j < line.length && line[j] !== ':') j += line[j] === '\\' ? 2 : 1;
    const role = { name: oneLine(decodeInline(line.slice(0, j))), description: oneLine(decodeInline(line.slice(j + 1))) };
    if (role.name && !roles.some((r) => r.name.toLowerCase() === role.name.toLowerCase())) roles.push(role);
  }
  return roles;
}

/** The script after the title page: blocks of lines between blank lines, read one by one. */
export function readBody(lines: string[]): FountainLine[] {
  const out: FountainLine[] = [];
  let block: string[] = [];
  for (const line of lines) {
    // Two spaces keep an empty line inside an element; anywhere else a blank line ends the block.
    if (line.trim() === '' && !(line === KEPT_EMPTY_LINE && block.length > 0)) {
      if (block.length > 0) readBlock(block, out);
      block = [];
    } else {
      block.push(line);
    }
  }
  if (block.length > 0) readBlock(block, out);
  return out;
}

function readBlock(block: string[], out: FountainLine[]): void {
  let rest = block;
  // Headings, transitions and centered lines take one line; when the writer left out the blank
  // line after one, the lines under it are read as the next block (pasted scripts often do).
  while (rest.length > 0) {
    const first = rest[0].trim();
    if (first === '' || PAGE_BREAK.test(first) || SECTION.test(first) || SYNOPSIS.test(first)) {
      rest = rest.slice(1);
      continue;
    }
    if (first.startsWith('!')) {
      out.push(action(rest));
      return;
    }
    if (first.startsWith('@') && rest.length > 1 && characterName(first)) {
      dialogue(rest, out);
      return;
    }
    if (/^\.(?!\.)/.test(first)) {
      out.push(narration('scene', first.slice(1).replace(SCENE_NUMBER, '')));
      rest = rest.slice(1);
      continue;
    }
    if (SCENE_HEADING.test(first)) {
      out.push(narration('scene', first.replace(SCENE_NUMBER, '')));
      rest = rest.slice(1);
      continue;
    }
    if (CENTERED.test(first)) {
      let n = 0;
      while (n < rest.length && CENTERED.test(rest[n].trim())) n++;
      const text = tidyText(decodeInline(rest.slice(0, n).map((line) => line.trim().slice(1, -1)).join('\n')));
      if (text) out.push({ kind: 'action', role: null, parenthetical: null, text });
      rest = rest.slice(n);
      continue;
    }
    if (first.startsWith('>')) {
      out.push(narration('transition', first.slice(1)));
      rest = rest.slice(1);
      continue;
    }
    if (TRANSITION.test(first) && isUpperCaseName(first)) {
      out.push(narration('transition', first));
      rest = rest.slice(1);
      continue;
    }
    if (rest.length > 1 && isUpperCaseName(characterName(first))) {
      dialogue(rest, out);
      return;
    }
    if (first.startsWith('~')) {
      out.push(action(rest.map((line) => line.trim().replace(/^~/, ''))));
      return;
    }
    out.push(action(rest));
    return;
  }
}

const narration = (kind: 'scene' | 'transition', raw: string): FountainLine => ({
  kind,
  role: null,
  parenthetical: null,
  text: oneLine(decodeInline(raw)),
});

/** Every line of an action block may be forced with `!`; the mark is not part of the text. */
function action(lines: string[]): FountainLine {
  const text = lines.map((line) => line.trim().replace(/^!/, '').trim()).join('\n');
  return { kind: 'action', role: null, parenthetical: null, text: tidyText(decodeInline(text)) };
}

/** A character line and what follows it: one dialogue line per paragraph, each with the parenthetical before it. */
function dialogue(block: string[], out: FountainLine[]): void {
  const role = characterName(block[0]);
  let parenthetical: string | null = null;
  let text: string[] | null = null;
  const flush = () => {
    if (text === null && parenthetical === null) return;
    out.push({
      kind: 'dialogue',
      role,
      parenthetical: parenthetical === null ? null : tidyParenthetical(decodeInline(parenthetical)),
      text: tidyText(decodeInline((text ?? []).join('\n'))),
    });
    parenthetical = null;
    text = null;
  };

  for (let k = 1; k < block.length; k++) {
    const line = block[k].trim();
    if (line.startsWith('(')) {
      // A long parenthetical may wrap over lines; it ends at the line that closes it.
      let end = k;
      while (end < block.length - 1 && !block[end].trim().endsWith(')')) end++;
      if (block[end].trim().endsWith(')')) {
        if (text !== null) flush();
        const direction = block
          .slice(k, end + 1)
          .map((part) => part.trim())
          .join(' ');
        parenthetical = parenthetical === null ? direction : `${parenthetical} ${direction}`;
        k = end;
        continue;
      }
    }
    // Lyrics (~) are sung dialogue.
    (text ??= []).push(line.startsWith('~') ? line.slice(1).trim() : line);
  }
  flush();
}
