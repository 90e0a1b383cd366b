/**
 * Text inside an element: emphasis markers and backslash escapes.
 *
 * Reading drops emphasis (`*italic*`, `**bold**`, `***both***`, `_underline_`): a table read
 * has no use for it and the markers would be read out as noise. A backslash before any ASCII
 * punctuation keeps that character literally (CommonMark's rule, a superset of Fountain's).
 * Writing escapes every character that reading would otherwise take as markup, so any text
 * survives a round trip.
 */

const ESCAPABLE = /[!-/:-@[-`{-~]/;

interface Char {
  c: string;
  escaped: boolean;
}

function scan(text: string): Char[] {
  const chars: Char[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && ESCAPABLE.test(text[i + 1])) {
      chars.push({ c: text[i + 1], escaped: true });
      i++;
    } else {
      chars.push({ c, escaped: false });
    }
  }
  return chars;
}

// Longest markers first, so `***x***` is not read as `*` around `**x**`. `.` stops at a line
// break: emphasis never spans lines. Underline needs a word boundary outside, so snake_case and
// e-mail addresses keep their underscores.
const EMPHASIS: Array<{ pattern: RegExp; size: number }> = [
  { pattern: /(?<!\*)\*{3}(?=[^\s*])(.*?[^\s*])\*{3}(?!\*)/g, size: 3 },
  { pattern: /(?<!\*)\*{2}(?=[^\s*])(.*?[^\s*])\*{2}(?!\*)/g, size: 2 },
  { pattern: /(?<!\*)\*(?=[^\s*])(.*?[^\s*])\*(?!\*)/g, size: 1 },
  { pattern: /(?<![\p{L}\p{N}_])_(?=[^\s_])(.*?[^\s_])_(?![\p{L}\p{N}_])/gu, size: 1 },
];

function stripEmphasis(chars: Char[]): Char[] {
  let current = chars;
  for (const { pattern, size } of EMPHASIS) {
    // Escaped characters are masked with a neutral letter, so they never count as markers,
    // while every index of the mask still points at the same character.
    const mask = current.map((ch) => (ch.escaped ? 'a' : ch.c)).join('');
    const drop = new Set<number>();
    for (const match of mask.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      for (let k = 0; k < size; k++) {
        drop.add(start + k);
        drop.add(end - 1 - k);
      }
    }
    if (drop.size > 0) current = current.filter((_, index) => !drop.has(index));
  }
  return current;
}

/** Fountain text of one element -> plain text: emphasis dropped, escapes resolved. */
export function decodeInline(text: string): string {
  if (!/[\\*_]/.test(text)) return text;
  return stripEmphasis(scan(text))
    .map((ch) => ch.c)
    .join('');
}

/** Plain text -> Fountain text that decodeInline reads back unchanged. */
export function encodeInline(text: string): string {
  // `[[` opens a note and `/*` a boneyard (the star is escaped already), which reading removes.
  return text.replace(/[\\*_]/g, '\\$&').replace(/\[\[/g, '[\\[');
}

/** Drops notes ([[...]]) and boneyard (/* ... *\/). A note or boneyard that fills whole lines takes its lines with it. */
export function stripNotesAndBoneyard(source: string): string {
  return (
    source
      .replace(/^[^\S\n]*\/\*(?:(?!\*\/)[\s\S])*\*\/[^\S\n]*(?:\n|$)/gm, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      // An escaped bracket (an odd number of backslashes before it) does not open a note.
      .replace(/^[^\S\n]*\[\[(?:(?!\]\])[\s\S])*\]\][^\S\n]*(?:\n|$)/gm, '')
      .replace(/(?<=(?:^|[^\\])(?:\\\\)*)\[\[[\s\S]*?\]\]/g, '')
  );
}
