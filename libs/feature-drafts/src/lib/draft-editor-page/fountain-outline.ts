/**
 * What the editor reads off the Fountain text as it is typed, line by line and without the
 * whole parser: the scene list and the character names. The rules are libs/fountain's
 * (a scene heading starts with INT/EXT/EST/I/E or a forced "."; a character cue is an upper-case
 * line after a blank line with text under it).
 */
const SCENE_HEADING = /^(?:(?:INT|EXT)\.?\/(?:INT|EXT)|I\/E|E\/I|INT|EXT|EST)[. ]/i;
const FORCED_SCENE = /^\.(?!\.)/;
const CHARACTER_EXTENSIONS = /(?:\s*\([^()]*\))+$/;

export const isSceneHeading = (line: string): boolean => SCENE_HEADING.test(line.trim()) || FORCED_SCENE.test(line.trim());

/** An upper-case cue (letters required, no lower case), "@Name" forces one. */
export function cueName(line: string): string | null {
  const trimmed = line.trim();
  if (!trimmed || isSceneHeading(trimmed)) return null;
  if (trimmed.startsWith('@')) return trimmed.slice(1).replace(/\s*\^$/, '').replace(CHARACTER_EXTENSIONS, '').trim() || null;
  const name = trimmed.replace(/\s*\^$/, '').replace(CHARACTER_EXTENSIONS, '').trim();
  if (!/\p{Lu}/u.test(name) || /\p{Ll}/u.test(name) || /TO:$/.test(name) || name.startsWith('>') || name.startsWith('!')) return null;
  if (/^[\s\p{P}\p{N}]+$/u.test(name)) return null;
  return name;
}

interface SceneEntry {
  /** The heading as written (a forced "." left out). */
  title: string;
  /** Offset of the heading's line in the text. */
  from: number;
  /** 1-based line number. */
  line: number;
}

/** Title page lines (Key: value at the very top) are not part of the body. */
function bodyStart(lines: string[]): number {
  if (!/^[A-Za-z][A-Za-z ]*:/.test(lines[0] ?? '')) return 0;
  let i = 0;
  while (i < lines.length && lines[i].trim() !== '') i++;
  return i;
}

interface Outline {
  scenes: SceneEntry[];
  characters: string[];
}

export function outlineOf(text: string): Outline {
  const lines = text.split('\n');
  const scenes: SceneEntry[] = [];
  const seen = new Map<string, string>();
  let offset = 0;
  const start = bodyStart(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (i >= start) {
      const blankBefore = i === 0 || lines[i - 1].trim() === '';
      if (blankBefore && isSceneHeading(line)) {
        scenes.push({ title: line.trim().replace(FORCED_SCENE, '').replace(/\s*#[\w.-]+#$/, ''), from: offset, line: i + 1 });
      } else if (blankBefore && (lines[i + 1] ?? '').trim() !== '') {
        const name = cueName(line);
        if (name && !seen.has(name.toUpperCase())) seen.set(name.toUpperCase(), name);
      }
    }
    offset += line.length + 1;
  }
  // Roles listed on the title page count too.
  const rolesAt = lines.findIndex((line, i) => i < start && /^roles\s*:/i.test(line));
  if (rolesAt >= 0) {
    for (let i = rolesAt + 1; i < start && /^\s/.test(lines[i]); i++) {
      const name = lines[i].split(':')[0].trim();
      if (name && !seen.has(name.toUpperCase())) seen.set(name.toUpperCase(), name.toUpperCase());
    }
  }
  return { scenes, characters: [...seen.values()].sort((a, b) => a.localeCompare(b)) };
}

/** Character names that complete what is typed at the start of a cue line. */
export function completeCue(typed: string, characters: string[]): string[] {
  const prefix = typed.trim().toUpperCase();
  if (!prefix) return [];
  return characters.filter((name) => name.toUpperCase().startsWith(prefix) && name.toUpperCase() !== prefix);
}
