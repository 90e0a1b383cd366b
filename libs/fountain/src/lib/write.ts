import { encodeInline } from './inline';
import { normalizeFountainScript, type FountainLine, type FountainScript } from './fountain';
import { readBody } from './parse';

const INDENT = '    ';
/** Fountain's deliberate empty line inside an element (see parse.ts). */
const EMPTY_LINE = '  ';

/**
 * Writes a script as Fountain that parseFountain reads back as the same script (after
 * normalizeFountainScript, which is what the editor saves). Each element is written the way a
 * screenwriter would write it when that reads back right, and forced (`.`, `!`, `@`, `>`) when
 * it would be read as something else: a heading that does not start with INT./EXT., action in
 * capitals over two lines, a character name in lower case.
 */
export function toFountain(input: FountainScript): string {
  const script = normalizeFountainScript(input);
  const head = [script.title ? `Title: ${encodeInline(script.title)}` : 'Title:'];
  if (script.synopsis) {
    head.push('Synopsis:', ...script.synopsis.split('\n').map((line) => (line ? INDENT + encodeInline(line) : EMPTY_LINE)));
  }
  if (script.genre) head.push(`Genre: ${encodeInline(script.genre)}`);
  if (script.language) head.push(`Language: ${encodeInline(script.language)}`);
  if (script.roles.length > 0) {
    head.push(
      'Roles:',
      ...script.roles.map(
        (role) => INDENT + encodeInline(role.name).replace(/:/g, '\\:') + (role.description ? `: ${encodeInline(role.description)}` : ''),
      ),
    );
  }
  const blocks = script.lines.map(writeLine);
  return [head.join('\n'), ...blocks].join('\n\n') + '\n';
}

/** The natural form when it reads back as `line`, else the forced one. */
function pick(line: FountainLine, natural: string, forced: () => string): string {
  const back = readBody(natural.split('\n'));
  const same =
    back.length === 1 &&
    back[0].kind === line.kind &&
    back[0].role === line.role &&
    back[0].parenthetical === line.parenthetical &&
    back[0].text === line.text;
  return same ? natural : forced();
}

/**
 * A character line ending in brackets or a caret reads as an extension ("MOM (O.S.)") or as
 * dual dialogue ("BOB ^"); a role named so gets those escaped, so the whole name comes back.
 */
function encodeName(name: string): string {
  const text = encodeInline(name);
  if (text.endsWith(')')) return text.replace(/\(/g, '\\(');
  if (text.endsWith('^')) return `${text.slice(0, -1)}\\^`;
  return text;
}

/** Text lines of an element: empty lines kept with two spaces, `first` protecting each line's start. */
const textLines = (text: string, protect: (line: string) => string): string[] =>
  text.split('\n').map((line) => (line ? protect(encodeInline(line)) : EMPTY_LINE));

export function writeLine(line: FountainLine): string {
  switch (line.kind) {
    case 'scene': {
      // `#` is escaped so a heading ending in "#12#" is not read as a scene number.
      const text = encodeInline(line.text).replace(/#/g, '\\#');
      return pick(line, text, () => `.${text.startsWith('.') ? '\\' : ''}${text}`);
    }
    case 'transition': {
      const text = encodeInline(line.text);
      // A trailing `<` would make `> text <` centered action.
      return pick(line, text, () => `> ${text.replace(/<$/, '\\<')}`.trimEnd());
    }
    case 'action': {
      if (!line.text) return '!';
      // `!` at a line's start forces action and is dropped when read, so a literal one is escaped.
      const text = textLines(line.text, (l) => (l.startsWith('!') ? `\\${l}` : l)).join('\n');
      return pick(line, text, () => `!${text}`);
    }
    case 'dialogue': {
      const name = encodeName(line.role ?? '');
      const body: string[] = [];
      if (line.parenthetical) body.push(encodeInline(line.parenthetical));
      if (line.text) {
        // Inside dialogue, `(` starts a parenthetical and `~` a lyric.
        body.push(...textLines(line.text, (l) => (/^[(~]/.test(l) ? `\\${l}` : l)));
      } else if (!line.parenthetical) {
        body.push(EMPTY_LINE);
      }
      const rest = body.join('\n');
      return pick(line, `${name}\n${rest}`, () => `@${name}\n${rest}`);
    }
  }
}
