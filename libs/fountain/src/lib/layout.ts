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

/**
 * A page: its number and its lines (null is an empty line), and for each line the index in the
 * script's `lines` it was laid out from (null for an empty line and for MORE / CONT'D), which
 * tells the PDF which printed lines a revision changed and the editor which page the cursor is on.
 */
export interface ScreenplayPage {
  number: number;
  lines: (LayoutLine | null)[];
  sources: (number | null)[];
}

/**
 * The industry page: 55 lines of Courier 12 pt (6 lines an inch) from the 1 in top margin, the
 * last one ending just under an inch above the bottom edge, as Final Draft and Highland print.
 */
export const LINES_PER_PAGE = 55;

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
  /** The index of the script line it comes from. */
  source: number;
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
  const make = (line: FountainScript['lines'][number], source: number): Block => {
    if (line.kind === 'dialogue') {
      const out: LayoutLine[] = [];
      if (line.role !== previousRole) out.push(...lines('character', (line.role ?? '').toUpperCase()));
      if (line.parenthetical) out.push(...lines('parenthetical', line.parenthetical));
      if (line.text) out.push(...lines('dialogue', line.text));
      previousRole = line.role;
      return { lines: out, source, keepWithNext: false, dialogueOf: line.role ?? '' };
    }
    previousRole = null;
    if (line.kind === 'scene') return { lines: lines('scene', line.text.toUpperCase()), source, keepWithNext: true };
    if (line.kind === 'transition') return { lines: lines('transition', line.text.toUpperCase()), source, keepWithNext: false };
    return { lines: lines('action', line.text), source, keepWithNext: false };
  };
  return (index) => {
    while (blocks.length <= index && blocks.length < script.lines.length) blocks.push(make(script.lines[blocks.length], blocks.length));
    return blocks[index];
  };
}

/**
 * Lays the script's body out on pages (the title page is not one of them). With `maxPages`, stops
 * once that many pages are full: the same first pages, for a first paint of a long script.
 */
export function layoutScreenplay(script: FountainScript, linesPerPage = LINES_PER_PAGE, maxPages = Infinity): ScreenplayPage[] {
  const pages: ScreenplayPage[] = [];
  let page: ScreenplayPage = { number: 1, lines: [], sources: [] };
  const newPage = () => {
    pages.push(page);
    page = { number: page.number + 1, lines: [], sources: [] };
  };
  const put = (line: LayoutLine | null, source: number | null) => {
    page.lines.push(line);
    page.sources.push(line ? source : null);
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
        if (gap) put(null, null);
        // Cue and parenthetical go with at least one line of speech; MORE closes the page.
        const fit = room() - 1;
        for (const line of block.lines.slice(0, fit)) put(line, block.source);
        put({ kind: 'character', text: '(MORE)' }, null);
        newPage();
        put({ kind: 'character', text: `${(block.dialogueOf ?? '').toUpperCase()} (CONT'D)` }, null);
        for (const line of block.lines.slice(fit)) put(line, block.source);
        continue;
      }
    }
    if (page.lines.length > 0) put(null, null);
    for (const line of block.lines) {
      if (room() <= 0) newPage();
      put(line, block.source);
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

/**
 * The printed page (1, 2, ...) that holds the script line at `offset` of the Fountain text, and
 * the page count, both by `printedPages`: the editor's "Page 3 of 12". The script line is the
 * one the text up to the end of the cursor's line ends on; a cursor before the first printed
 * line is on page 1, and page 0 of 0 means nothing prints yet.
 */
export function pageAt(fountain: string, offset: number): { page: number; pages: number } {
  const pages = printedPages(parseFountain(fountain));
  if (pages.length === 0) return { page: 0, pages: 0 };
  const lineEnd = fountain.indexOf('\n', offset);
  const before = parseFountain(lineEnd < 0 ? fountain : fountain.slice(0, lineEnd)).lines.length - 1;
  if (before < 0) return { page: 1, pages: pages.length };
  for (const page of pages) {
    if (page.sources.some((source) => source !== null && source >= before)) return { page: page.number, pages: pages.length };
  }
  return { page: pages.length, pages: pages.length };
}
