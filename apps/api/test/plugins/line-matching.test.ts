import { matchLines, type MatchableLine } from '../../src/services/scripts/line-matching';

const say = (role: string, text: string, parenthetical: string | null = null): MatchableLine => ({ kind: 'dialogue', role, parenthetical, text });
const act = (text: string): MatchableLine => ({ kind: 'action', role: null, parenthetical: null, text });
const scene = (text: string): MatchableLine => ({ kind: 'scene', role: null, parenthetical: null, text });
const withIds = (lines: MatchableLine[]) => lines.map((line, i) => ({ ...line, id: `L${i + 1}` }));

const OLD = withIds([
  scene('INT. FERRY DECK - NIGHT'),
  act('Rain drums on the rail.'),
  say('NORA', 'One way. Only one way.'),
  say('CAPTAIN', 'Tickets, please.'),
  say('NORA', 'I have none.'),
]);

describe('matchLines: which old line each published line is', () => {
  it('keeps every id when nothing changed', () => {
    expect(matchLines(OLD, OLD)).toEqual({ ids: ['L1', 'L2', 'L3', 'L4', 'L5'], unchanged: 5, changed: 0, added: 0, removed: [] });
  });

  it('a rewritten line keeps its id (changed); the lines around it are unchanged', () => {
    const next = [OLD[0], OLD[1], say('NORA', 'One way. There is only one way.'), OLD[3], OLD[4]];
    expect(matchLines(OLD, next)).toEqual({ ids: ['L1', 'L2', 'L3', 'L4', 'L5'], unchanged: 4, changed: 1, added: 0, removed: [] });
  });

  it('a changed parenthetical alone keeps the id as a change', () => {
    const next = [OLD[0], OLD[1], say('Nora', 'One way. Only one way.', '(whispering)'), OLD[3], OLD[4]];
    expect(matchLines(OLD, next).ids).toEqual(['L1', 'L2', 'L3', 'L4', 'L5']);
    expect(matchLines(OLD, next).changed).toBe(1);
  });

  it('inserted lines are new, and the lines after them keep their ids', () => {
    const next = [OLD[0], act('Thunder.'), OLD[1], OLD[2], say('CAPTAIN', 'Tickets!'), OLD[3], OLD[4]];
    expect(matchLines(OLD, next)).toEqual({ ids: ['L1', null, 'L2', 'L3', null, 'L4', 'L5'], unchanged: 5, changed: 0, added: 2, removed: [] });
  });

  it('a deleted line is listed as removed; no other line takes its id', () => {
    const next = [OLD[0], OLD[1], OLD[2], OLD[4]];
    expect(matchLines(OLD, next)).toEqual({ ids: ['L1', 'L2', 'L3', 'L5'], unchanged: 4, changed: 0, added: 0, removed: ['L4'] });
  });

  it('a line of another speaker never takes a removed line’s id', () => {
    const next = [OLD[0], OLD[1], say('CAPTAIN', 'Go below.'), OLD[3], OLD[4]];
    expect(matchLines(OLD, next)).toEqual({ ids: ['L1', 'L2', null, 'L4', 'L5'], unchanged: 4, changed: 0, added: 1, removed: ['L3'] });
  });

  it('in a rewritten stretch, lines pair in order by kind and role; the rest are new or removed', () => {
    const next = [OLD[0], act('Rain, harder now.'), say('CAPTAIN', 'Your ticket?'), say('NORA', 'Only one way.'), say('NORA', 'Please.')];
    const match = matchLines(OLD, next);
    // Action -> L2; CAPTAIN comes first, NORA's L3 is skipped over (removed) to reach CAPTAIN's L4;
    // NORA then takes L5; the last NORA line is new.
    expect(match).toEqual({ ids: ['L1', 'L2', 'L4', 'L5', null], unchanged: 1, changed: 3, added: 1, removed: ['L3'] });
  });

  it('a line moved elsewhere unchanged keeps its id, and counts as unchanged', () => {
    const next = [OLD[0], OLD[1], OLD[3], OLD[4], OLD[2]];
    expect(matchLines(OLD, next)).toEqual({ ids: ['L1', 'L2', 'L4', 'L5', 'L3'], unchanged: 5, changed: 0, added: 0, removed: [] });
  });

  it('a first publish (no old lines) gives every line a new id', () => {
    expect(matchLines([], OLD)).toEqual({ ids: [null, null, null, null, null], unchanged: 0, changed: 0, added: 5, removed: [] });
  });

  it('lines everything away: all removed', () => {
    expect(matchLines(OLD, [])).toEqual({ ids: [], unchanged: 0, changed: 0, added: 0, removed: ['L1', 'L2', 'L3', 'L4', 'L5'] });
  });

  it('matches a 5,000-line script with a handful of edits quickly', () => {
    const big = withIds(Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? act(`Action ${i}.`) : say(i % 2 ? 'NORA' : 'CAPTAIN', `Line ${i}.`))));
    const next: MatchableLine[] = big.map(({ id: _id, ...line }) => line);
    next[100] = { ...next[100], text: 'Changed.' };
    next.splice(2000, 1);
    next.splice(4000, 0, act('New.'));
    const started = Date.now();
    const match = matchLines(big, next);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(match).toMatchObject({ unchanged: 4998, changed: 1, added: 1, removed: ['L2001'] });
    expect(match.ids[100]).toBe('L101');
  });
});
