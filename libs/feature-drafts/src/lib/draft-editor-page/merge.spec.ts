import { ChangeSet, Text } from '@codemirror/state';
import { diffArrays } from 'diff';
import type { TextEdit } from '@vox/fountain';
import { mergeLines, mergeTexts, textEdits } from './merge';

/** Mine with the merge's edits applied as the editor applies them (one CodeMirror change). */
const applyToMine = (mine: string, edits: readonly TextEdit[]) => ChangeSet.of(edits.map((edit) => ({ ...edit })), mine.length).apply(Text.of(mine.split('\n'))).toString();

/** The merged text, checking on the way that its edits make it from mine. */
async function merged(base: string | undefined, mine: string, theirs: string): Promise<string | null> {
  const merge = await mergeTexts(base, mine, theirs);
  if (merge) expect(applyToMine(mine, merge.edits)).toBe(merge.text);
  return merge && merge.text;
}

describe('merge', () => {
  const base = 'INT. DECK - NIGHT\n\nRain.\n\nNORA\nHello.\n\nCAPTAIN\nTickets.\n';
  it("puts my changes into the other version when they touch other lines", async () => {
    const mine = base.replace('Hello.', 'Hello there.');
    const theirs = base.replace('Tickets.', 'Tickets, please.');
    expect(await merged(base, mine, theirs)).toBe('INT. DECK - NIGHT\n\nRain.\n\nNORA\nHello there.\n\nCAPTAIN\nTickets, please.\n');
  });
  it('refuses when both changed the same line, or the base is unknown', async () => {
    expect(await merged(base, base.replace('Rain.', 'Snow.'), base.replace('Rain.', 'Fog.'))).toBeNull();
    expect(await merged(undefined, 'a', 'b')).toBeNull();
  });
  it('takes the same change made on both sides once', async () => {
    const both = base.replace('Rain.', 'Snow.');
    expect(await merged(base, both, both)).toBe(both);
    expect(await merged(base, both + 'CUT TO:', both)).toBe(both + 'CUT TO:');
  });

  describe('a line is a unit: never joined to another, dropped or written twice', () => {
    // The draft of the two tabs: each writes under its own character; the text ends without a newline.
    const start = 'INT. PIER - DAWN\n\nBOB\nTab B line 1.\n\nJANE';

    it('a line typed after the last line (no newline at the end) stays its own line beside a change above', async () => {
      const mine = `${start}\nTab A again.`;
      const theirs = start.replace('Tab B line 1.', 'Tab B line 1. Again 2.');
      expect(await merged(start, mine, theirs)).toBe('INT. PIER - DAWN\n\nBOB\nTab B line 1. Again 2.\n\nJANE\nTab A again.');
      // The other way round: their line after the last one, my change above.
      expect(await merged(start, theirs, mine)).toBe('INT. PIER - DAWN\n\nBOB\nTab B line 1. Again 2.\n\nJANE\nTab A again.');
    });

    it('a line added below the last one while the other side added a line above keeps both lines whole', async () => {
      const mine = `${start}\nTab A again.`;
      const theirs = start.replace('Tab B line 1.', 'Tab B line 1.\nTab B line 2.');
      const text = (await merged(start, mine, theirs)) as string;
      expect(text.split('\n')).toEqual(['INT. PIER - DAWN', '', 'BOB', 'Tab B line 1.', 'Tab B line 2.', '', 'JANE', 'Tab A again.']);
    });

    it('both sides adding at the same place (the end) is refused, not guessed into one line or one order', async () => {
      expect(await merged(start, `${start}\nTab A again.`, `${start}\nTab B again.`)).toBeNull();
      // A newline added at the end on one side, a line on the other: the same place.
      expect(await merged(start, `${start}\nTab A again.`, `${start}\n`)).toBeNull();
    });

    it('a change next to the other side\'s change (touching lines) is refused rather than risked', async () => {
      const mine = start.replace('BOB', 'BOB (V.O.)');
      const theirs = start.replace('Tab B line 1.', 'Tab B line 1. Again.');
      expect(await merged(start, mine, theirs)).toBeNull();
    });

    it('a change to one of several equal lines lands on that one, whatever the other side added before it', async () => {
      const scene = 'JANE\nHi.\n\nBOB\nHi.\n\nJANE\nHi.';
      const mine = 'JANE\nHi.\n\nBOB\nHi.\n\nJANE\nBye.';
      const theirs = 'INT. ROOM - DAY\n\nJANE\nHi.\n\nBOB\nHi.\n\nJANE\nHi.';
      expect(await merged(scene, mine, theirs)).toBe('INT. ROOM - DAY\n\nJANE\nHi.\n\nBOB\nHi.\n\nJANE\nBye.');
    });

    it('keeps every line over many random edits of separate lines on the two sides (seeded)', () => {
      let seed = 20240611;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
      };
      const words = ['JANE', 'BOB', '', '', 'Hi.', 'INT. PIER - DAWN', 'Tab A again.'];
      let made = 0;
      /** One side's edits: a line added after, changed or removed, only at base lines 0, 4, 8... (mine) or 2, 6, 10... (theirs). */
      const edit = (lines: string[], side: 0 | 1, tag: string): string[] => {
        const out: string[] = [];
        lines.forEach((line, n) => {
          const touched = n % 4 === side * 2 && random() < 0.5;
          if (!touched) return out.push(line);
          const kind = Math.floor(random() * 3);
          if (kind === 0) out.push(line, `${tag} added ${++made}`);
          else if (kind === 1) out.push(`${line} ${tag} changed ${++made}`);
          // kind 2: removed
          return undefined;
        });
        return out;
      };
      let merges = 0;
      for (let run = 0; run < 3000; run++) {
        const base = Array.from({ length: 1 + Math.floor(random() * 12) }, () => words[Math.floor(random() * words.length)]);
        const mine = edit(base, 0, 'A');
        const theirs = edit(base, 1, 'B');
        const merge = mergeLines(diffArrays, base, mine, theirs);
        const flipped = mergeLines(diffArrays, base, theirs, mine);
        expect(flipped && flipped.lines).toEqual(merge && merge.lines);
        if (merge === null) continue;
        merges++;
        const merged = merge.lines;
        // Its edits (their lines only) make it from mine, as the editor applies them.
        expect(applyToMine(mine.join('\n'), textEdits(mine, merge.edits))).toBe(merged.join('\n'));
        // Every line written on one side is there once; every line is one of the inputs' lines.
        const written = [...mine, ...theirs].filter((line) => / [AB] (added|changed) \d+$/.test(line));
        for (const line of written) expect(merged.filter((l) => l === line)).toHaveLength(1);
        const known = new Set([...base, ...mine, ...theirs]);
        expect(merged.filter((line) => !known.has(line))).toEqual([]);
        // One side unchanged: the merge is the other side.
        expect(mergeLines(diffArrays, base, mine, base)).toEqual({ lines: mine, edits: [] });
        expect(mergeLines(diffArrays, base, base, theirs)?.lines).toEqual(theirs);
      }
      // The edits rarely touch: most cases merge.
      expect(merges).toBeGreaterThan(1500);
    });
  });
});
