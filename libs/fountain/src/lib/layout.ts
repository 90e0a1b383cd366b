import type { FountainScript } from './fountain';
import { parseFountain } from './parse';

/**
 * A screenplay laid out on US Letter pages the way the industry prints it: Courier 12 pt (ten
 * characters to the inch, six lines to the inch), 1.5 in left margin, 1 in top, bottom and right.
 * Positions are in characters from the left margin and widths in characters, so the editor's
 * preview and the server's PDF break lines and pages in exactly the same places.
 */
export type LayoutKind = 'scene' | 'action' | 'character' | 'parenthetical' | 'dialogue' | 'transition';

export interface LayoutLine {
  kind: LayoutKind;
  text: string;
}

/** A page: its number and its lines (null is an empty line). */
export interface ScreenplayPage {
  number: number;
  lines: (LayoutLine | null)[];
}

/** 9 in of text a page at 6 lines an inch. */
export const LINES_PER_PAGE = 54;

/** Where each kind starts (characters from the left margin) and how wide it may run. */
export const LAYOUT: Record<LayoutKind, { indent: number; width: number }> = {
  scene: { indent: 0, width: 60 },
  action: { indent: 0, width: 60 },
  character: { indent: 22, width: 38 },
  parenthetical: { indent: 16, width: 25 },
  dialogue: { indent: 10, width: 35 },
  // Right-aligned to the right margin; the indent is worked out per line.
  transition: { indent: 0, width: 60 },
};

/** Word wrap at `width` characters; a word longer than a line is cut. Line breaks in the text stay. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (rest.length > width) {
        if (line) out.push(line);
        out.push(rest.slice(0, width));
        rest = rest.slice(width);
        line = '';
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
      else {
        out.push(line);
        line = rest;
      }
    }
    out.push(line);
  }
  return out;
}

interface Block {
  lines: LayoutLine[];
  /** A scene heading stays with what follows it. */
  keepWithNext: boolean;
  /** Dialogue may break across pages (with MORE / CONT'D); other blocks move whole when they fit a page. */
  dialogueOf?: string;
}

/** The script's lines as blocks, each wrapped only when the layout reaches it (one block per line). */
function blocksOf(script: FountainScript): (index: number) => Block | undefined {
  const blocks: Block[] = [];
  let previousRole: string | null = null;
  const lines = (kind: LayoutKind, text: string): LayoutLine[] => wrap(text, LAYOUT[kind].width).map((part) => ({ kind, text: part }));
  const make = (line: FountainScript['lines'][number]): Block => {
    if (line.kind === 'dialogue') {
      const out: LayoutLine[] = [];
      if (line.role !== previousRole) out.push(...lines('character', (line.role ?? '').toUpperCase()));
      if (line.parenthetical) out.push(...lines('parenthetical', line.parenthetical));
      if (line.text) out.push(...lines('dialogue', line.text));
      previousRole = line.role;
      return { lines: out, keepWithNext: false, dialogueOf: line.role ?? '' };
    }
    previousRole = null;
    if (line.kind === 'scene') return { lines: lines('scene', line.text.toUpperCase()), keepWithNext: true };
    if (line.kind === 'transition') return { lines: lines('transition', line.text.toUpperCase()), keepWithNext: false };
    return { lines: lines('action', line.text), keepWithNext: false };
  };
  return (index) => {
    while (blocks.length <= index && blocks.length < script.lines.length) blocks.push(make(script.lines[blocks.length]));
    return blocks[index];
  };
}

/**
 * Lays the script's body out on pages (the title page is not one of them). With `maxPages`, stops
 * once that many pages are full: the same first pages, for a first paint of a long script.
 */
export function layoutScreenplay(script: FountainScript, linesPerPage = LINES_PER_PAGE, maxPages = Infinity): ScreenplayPage[] {
  const pages: ScreenplayPage[] = [];
  let page: ScreenplayPage = { number: 1, lines: [] };
  const newPage = () => {
    pages.push(page);
    page = { number: page.number + 1, lines: [] };
  };
  const room = () => linesPerPage - page.lines.length;
  const blockAt = blocksOf(script);

  for (let i = 0; i < script.lines.length; i++) {
    if (pages.length >= maxPages) return pages;
    const block = blockAt(i) as Block;
    const following = blockAt(i + 1);
    const gap = page.lines.length === 0 ? 0 : 1;
    let needed = gap + block.lines.length;
    // A heading needs two lines of what follows it on the same page.
    if (block.keepWithNext && following) needed += 1 + Math.min(2, following.lines.length);
    if (needed > room() && page.lines.length > 0) {
      const splittable = block.dialogueOf !== undefined && block.lines.length > 3 && room() >= gap + 3;
      if (!splittable) {
        newPage();
      } else {
        if (gap) page.lines.push(null);
        // Cue and parenthetical go with at least one line of speech; MORE closes the page.
        const fit = room() - 1;
        page.lines.push(...block.lines.slice(0, fit), { kind: 'character', text: '(MORE)' });
        newPage();
        const cue = { kind: 'character' as const, text: `${(block.dialogueOf ?? '').toUpperCase()} (CONT'D)` };
        const rest = [cue, ...block.lines.slice(fit)];
        page.lines.push(...rest);
        continue;
      }
    }
    if (page.lines.length > 0) page.lines.push(null);
    for (const line of block.lines) {
      if (room() <= 0) newPage();
      page.lines.push(line);
    }
  }
  if (page.lines.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

/**
 * The pages a screenplay prints on: the PDF export's pages after its title page, numbered 1, 2,
 * ... as the PDF numbers them; none when the script has nothing to print.
 */
export function printedPages(script: FountainScript): ScreenplayPage[] {
  return script.lines.length === 0 ? [] : layoutScreenplay(script);
}

/**
 * A draft's page count, by the one rule the PDF export follows (`printedPages`): what the drafts
 * list shows is the number of the PDF's last page. The title page is not counted, as a
 * screenplay's length is told.
 */
export function pageCount(fountain: string): number {
  return printedPages(parseFountain(fountain)).length;
}
