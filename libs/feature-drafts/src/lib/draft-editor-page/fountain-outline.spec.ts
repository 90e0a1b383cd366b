import { completeLine, outlineOf } from './fountain-outline';

const TEXT = `Title: The Key
Roles:
    ALEX: Thirties.
    SAM: Younger.

INT. HALLWAY - NIGHT

SAM holds out a key.

SAM
You weren't going to say goodbye.

ALEX (V.O.)
I left a note.

.FLASHBACK - THE WORKSHOP

MCCLANE
Yippee.

THE END`;

describe('fountain outline', () => {
  it('lists scene headings (forced ones too) with where they start', () => {
    const { scenes } = outlineOf(TEXT);
    expect(scenes.map((s) => [s.title, s.line])).toEqual([
      ['INT. HALLWAY - NIGHT', 6],
      ['FLASHBACK - THE WORKSHOP', 16],
    ]);
    expect(TEXT.slice(scenes[1].from).startsWith('.FLASHBACK')).toBe(true);
  });

  it('collects character names from cues and the title page roles, without extensions', () => {
    expect(outlineOf(TEXT).characters).toEqual(['ALEX', 'MCCLANE', 'SAM']);
  });

  it('collects the places of the scene headings', () => {
    expect(outlineOf('INT. HOUSE - DAY\n\nA.\n\nEXT. HOUSE - NIGHT\n\nB.\n\nI/E. CAR - MOVING - DAY\n\nC.\n\nINT. ATTIC\n\nD.').locations).toEqual(['ATTIC', 'CAR - MOVING', 'HOUSE']);
  });

  it('completes a cue from the names it knows, and scene-heading openings, on one upper-case word', () => {
    const known = { characters: ['ALEX', 'IRIS', 'SAM', 'SAMIRA'], locations: ['HOUSE', 'HARBOUR'] };
    const labels = (typed: string) => completeLine(typed, known)?.options.map((o) => `${o.label}|${o.apply ?? ''}|${o.detail}`) ?? null;
    expect(labels('S')).toEqual(['SAM||character', 'SAMIRA||character']);
    expect(labels('SAM')).toEqual(['SAMIRA||character']);
    expect(labels('I')).toEqual(['IRIS||character', 'INT.|INT. |scene heading', 'INT./EXT.|INT./EXT. |scene heading', 'I/E.|I/E. |scene heading']);
    expect(labels('E')).toEqual(['EXT.|EXT. |scene heading']);
    expect(labels('@SA')).toEqual(['SAM||character', 'SAMIRA||character']);
    expect(completeLine('@SA', known)?.from).toBe(1);
    expect(labels('sam')).toBeNull();
    expect(labels('')).toBeNull();
  });

  it("offers a known name's extensions: V.O., O.S. and CONT'D", () => {
    const known = { characters: ['SAM'], locations: [] };
    expect(completeLine('SAM ', known)).toEqual({ from: 4, options: ['(V.O.)', '(O.S.)', "(CONT'D)"].map((label) => ({ label, detail: 'extension' })) });
    expect(completeLine('SAM (O', known)).toEqual({ from: 4, options: [{ label: '(O.S.)', detail: 'extension' }] });
    expect(completeLine('TOM (', known)).toBeNull();
  });

  it('offers the places already used after a heading opening, then times of day after " - "', () => {
    const known = { characters: [], locations: ['HARBOUR', 'HOUSE', 'ATTIC'] };
    expect(completeLine('INT. H', known)).toEqual({
      from: 5,
      options: [
        { label: 'HARBOUR', apply: 'HARBOUR - ', detail: 'location' },
        { label: 'HOUSE', apply: 'HOUSE - ', detail: 'location' },
      ],
    });
    expect(completeLine('EXT. ', known)?.options.map((o) => o.label)).toEqual(['HARBOUR', 'HOUSE', 'ATTIC']);
    expect(completeLine('INT. HOUSE - N', known)).toEqual({ from: 13, options: [{ label: 'NIGHT', detail: 'time of day' }] });
    expect(completeLine('INT. HOUSE - ', known)?.options.map((o) => o.label)).toEqual(['DAY', 'NIGHT', 'MORNING', 'AFTERNOON', 'EVENING', 'DAWN', 'DUSK', 'CONTINUOUS', 'LATER', 'MOMENTS LATER', 'SAME']);
    expect(completeLine('INT. HOUSE - DAY', known)).toBeNull();
  });
});
