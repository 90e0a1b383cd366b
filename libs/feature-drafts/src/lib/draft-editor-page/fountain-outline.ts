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
  /** The places of the scene headings ("HOUSE" of "INT. HOUSE - DAY"), each once, sorted. */
  locations: string[];
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
  const locations = new Set(scenes.map((scene) => locationOf(scene.title)).filter((place): place is string => place !== null));
  return { scenes, characters: [...seen.values()].sort((a, b) => a.localeCompare(b)), locations: [...locations].sort((a, b) => a.localeCompare(b)) };
}

/** The scene heading's openings a writer picks from, as Final Draft and Highland offer them. */
const SCENE_PREFIXES = ['INT. ', 'EXT. ', 'INT./EXT. ', 'I/E. '] as const;

/** Times of day after a heading's " - ". */
const TIMES_OF_DAY = ['DAY', 'NIGHT', 'MORNING', 'AFTERNOON', 'EVENING', 'DAWN', 'DUSK', 'CONTINUOUS', 'LATER', 'MOMENTS LATER', 'SAME'] as const;

/** A cue's extensions: voice over, off screen, and the same speaker going on. */
const CUE_EXTENSIONS = ['(V.O.)', '(O.S.)', "(CONT'D)"] as const;

/** "INT. HOUSE - DAY" -> "HOUSE": a heading's place, without its opening and time of day. */
function locationOf(heading: string): string | null {
  const match = SCENE_HEADING.exec(heading.trim());
  if (!match) return null;
  const rest = heading.trim().slice(match[0].length).replace(/^[. ]+/, '');
  const dash = rest.lastIndexOf(' - ');
  const place = (dash >= 0 ? rest.slice(0, dash) : rest).trim().toUpperCase();
  return place || null;
}

interface LineOption {
  label: string;
  /** What goes in when chosen, when it is not the label ("HOUSE - " for the location HOUSE). */
  apply?: string;
  /** What kind of thing it is, read out with it: "character", "scene heading", ... */
  detail: string;
}

/** What to offer for a line after a blank one: `from` is where in `typed` the options replace. */
interface LineCompletion {
  from: number;
  options: LineOption[];
}

const starts = (value: string, prefix: string) => value.toUpperCase().startsWith(prefix.toUpperCase()) && value.toUpperCase() !== prefix.toUpperCase();

/**
 * Completion for what is typed at the start of a line after a blank one (`typed`: the line up to
 * the cursor): character names and scene-heading openings while it is one upper-case word, a
 * cue's extensions after a known name, the places already used after a heading's opening, and
 * times of day after its " - ". Null when nothing fits.
 */
export function completeLine(typed: string, known: { characters: readonly string[]; locations: readonly string[] }): LineCompletion | null {
  const heading = SCENE_HEADING.exec(typed);
  if (heading) {
    const rest = typed.slice(heading[0].length);
    const restAt = heading[0].length + (rest.length - rest.trimStart().length);
    const dash = typed.lastIndexOf(' - ');
    if (dash >= restAt - 1) {
      const from = dash + 3;
      const time = typed.slice(from);
      const options = TIMES_OF_DAY.filter((t) => starts(t, time)).map((t) => ({ label: t, detail: 'time of day' }));
      return options.length ? { from, options } : null;
    }
    const place = typed.slice(restAt);
    const options = known.locations.filter((l) => starts(l, place)).map((l) => ({ label: l, apply: `${l} - `, detail: 'location' }));
    return options.length ? { from: restAt, options } : null;
  }
  if (!/^@?[\p{Lu}][\p{Lu}\p{N} .'/-]*\(?[\p{Lu}.']*$/u.test(typed)) return null;
  const at = typed.startsWith('@') ? 1 : 0;
  const name = typed.slice(at);
  const options: LineOption[] = [];
  // A known name and a space (or an opening bracket): its extensions.
  const cue = /^(.*?\S)\s+(\(?[\p{Lu}.']*)$/u.exec(name);
  if (cue && known.characters.some((c) => c.toUpperCase() === cue[1].toUpperCase())) {
    const extensions = CUE_EXTENSIONS.filter((e) => starts(e, cue[2]) || cue[2] === '').map((e) => ({ label: e, detail: 'extension' }));
    if (extensions.length) return { from: at + name.length - cue[2].length, options: extensions };
  }
  if (!name.includes('(')) {
    options.push(...known.characters.filter((c) => starts(c, name)).map((c) => ({ label: c, detail: 'character' })));
    if (!at) options.push(...SCENE_PREFIXES.filter((p) => starts(p.trim(), name)).map((p) => ({ label: p.trim(), apply: p, detail: 'scene heading' })));
  }
  return options.length ? { from: at, options } : null;
}
