import { parseFountain } from './parse';
import { cueNote, readCueNotes, toFountainWithCues, type FountainCue } from './cues';
import type { FountainScript } from './fountain';

const script: FountainScript = {
  title: 'The Night Ferry',
  synopsis: '',
  genre: '',
  language: 'en',
  roles: [{ name: 'NORA', description: '' }],
  lines: [
    { kind: 'scene', role: null, parenthetical: null, text: 'INT. FERRY DECK - NIGHT' },
    { kind: 'action', role: null, parenthetical: null, text: 'Rain on the rail.' },
    { kind: 'dialogue', role: 'NORA', parenthetical: '(quietly)', text: 'One way.' },
    { kind: 'action', role: null, parenthetical: null, text: 'The horn sounds.' },
  ],
};
const cues: FountainCue[] = [
  { line: 1, at: 'bed', soundId: 'rain01', title: 'Rain on a roof', volume: 40, until: 3 },
  { line: 2, at: 'end', soundId: 'horn02', title: 'Ship horn', volume: 90, until: null },
];

describe('cues as Fountain notes', () => {
  it('writes each cue as a note after its line', () => {
    expect(cueNote(cues[0])).toBe('[[cue: bed "Rain on a roof" sound=rain01 volume=40 until=+2]]');
    const text = toFountainWithCues(script, cues);
    expect(text).toContain('Rain on the rail.\n[[cue: bed "Rain on a roof" sound=rain01 volume=40 until=+2]]\n\nNORA');
    expect(text).toContain('One way.\n[[cue: end "Ship horn" sound=horn02 volume=90]]');
  });

  it('reads them back onto the same lines, and the script itself is unchanged by them', () => {
    const text = toFountainWithCues(script, cues);
    expect(readCueNotes(text)).toEqual(cues);
    expect(parseFountain(text)).toEqual(parseFountain(toFountainWithCues(script, [])));
    expect(parseFountain(text).lines).toHaveLength(4);
  });

  it('skips notes it cannot read and notes before the first line', () => {
    expect(readCueNotes('Title: X\n\n[[cue: start sound=a1]]\n\nINT. ROOM - DAY\n[[cue: louder sound=b]]\n[[just a note]]\n[[cue: start "Knock" sound=k9]]\n')).toEqual([
      { line: 0, at: 'start', soundId: 'k9', title: 'Knock', volume: 100, until: null },
    ]);
  });
});
