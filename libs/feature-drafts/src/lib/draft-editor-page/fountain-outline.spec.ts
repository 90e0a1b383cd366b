import { completeCue, outlineOf } from './fountain-outline';

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

  it('completes a cue from the names it knows', () => {
    expect(completeCue('s', ['ALEX', 'SAM', 'SAMIRA'])).toEqual(['SAM', 'SAMIRA']);
    expect(completeCue('SAM', ['ALEX', 'SAM', 'SAMIRA'])).toEqual(['SAMIRA']);
    expect(completeCue('', ['ALEX'])).toEqual([]);
  });
});
