import fs from 'node:fs';
import path from 'node:path';
import { Fountain } from 'fountain-js';
import { parseFountain } from './parse';
import { decodeInline } from './inline';
import { tidyParenthetical, tidyText, type FountainLine } from './fountain';
import { characterName } from './parse';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures', name), 'utf8');

const scene = (text: string): FountainLine => ({ kind: 'scene', role: null, parenthetical: null, text });
const action = (text: string): FountainLine => ({ kind: 'action', role: null, parenthetical: null, text });
const transition = (text: string): FountainLine => ({ kind: 'transition', role: null, parenthetical: null, text });
const say = (role: string, text: string, parenthetical: string | null = null): FountainLine => ({
  kind: 'dialogue',
  role,
  parenthetical,
  text,
});

describe('parseFountain: a real screenplay', () => {
  const script = parseFountain(fixture('last-ferry.fountain'));

  it('takes the title from the title page, without its emphasis, and ignores the other keys', () => {
    expect(script.title).toBe('THE LAST FERRY');
    expect(script.synopsis).toBe('');
    expect(script.genre).toBe('');
    expect(script.language).toBe('');
  });

  it('lists the characters in order of first appearance, extensions stripped, case as written', () => {
    expect(script.roles).toEqual([
      { name: 'NELL', description: '' },
      { name: 'OLD TOM', description: '' },
      { name: 'McCLANE', description: '' },
    ]);
  });

  it('reads headings, action, dialogue with parentheticals and transitions; drops notes, boneyard, sections, synopses and page breaks', () => {
    expect(script.lines).toEqual([
      scene('EXT. HARBOUR - NIGHT'),
      action('Fog rolls off the water. A single lamp swings above the pier.'),
      action('NELL HARDY (30s, soaked, furious) drags a suitcase with one broken wheel.'),
      say('NELL', 'Wait! Please, wait!', '(shouting)'),
      action('The ferry\'s lights shrink into the fog. A horn sounds, long and low.'),
      say('OLD TOM', "You'll not catch her now."),
      action('Nell spins around. OLD TOM (70s) sits on a bollard, mending a net.'),
      say('NELL', "When's the next one?"),
      say('OLD TOM', 'Thursday.', '(without looking up)'),
      say('OLD TOM', 'If the weather holds.', '(beat)'),
      say('NELL', "It's Monday."),
      say('OLD TOM', 'Aye. It is that.'),
      transition('CUT TO:'),
      scene("INT. HARBOUR MASTER'S HUT - CONTINUOUS"),
      action('A cramped room. Charts on every wall. A kettle ticks on a gas ring.'),
      say('OLD TOM', 'Tea.', '(pouring two mugs, not looking at her)'),
      scene('A FLASHBACK IN SEPIA'),
      action('Young Tom stands at the helm, laughing.'),
      say('NELL', 'He was young once. Everyone was.'),
      transition('SMASH CUT TO:'),
      scene("INT. HARBOUR MASTER'S HUT - LATER"),
      say('McCLANE', "Tom, who's the stray?"),
      say('NELL', "I'm not a stray."),
      say('OLD TOM', "She's a stray."),
      action('On the water, on the water,\nCarry me home.'),
      say('McCLANE', "There's a room above the pub.\nIt has a window that shuts, mostly.", '(to Nell, kindly)'),
      scene('EXT. PUB - NIGHT'),
      action('THE END'),
      transition('FADE OUT.'),
    ]);
  });
});

describe('parseFountain: details', () => {
  it('reads our title page keys: Synopsis over several lines, Genre, Language, Roles with descriptions', () => {
    const script = parseFountain(
      [
        'Title: Two Keys',
        'Synopsis:',
        '    A locksmith and a thief: one night, one door.',
        '  ',
        '    Nobody sleeps.',
        'Genre: Heist comedy',
        'Language: en-GB',
        'Roles:',
        '    LOCKSMITH: Patient; counts everything.',
        '    THIEF',
        '    Dr\\: Who: A time traveller.',
        '',
        'THIEF',
        'Nice lock.',
        '',
        'GUARD',
        'Hey!',
      ].join('\n'),
    );
    expect(script).toEqual({
      title: 'Two Keys',
      synopsis: 'A locksmith and a thief: one night, one door.\n\nNobody sleeps.',
      genre: 'Heist comedy',
      language: 'en-GB',
      roles: [
        { name: 'LOCKSMITH', description: 'Patient; counts everything.' },
        { name: 'THIEF', description: '' },
        { name: 'Dr: Who', description: 'A time traveller.' },
        // Not listed, so it joins at the end.
        { name: 'GUARD', description: '' },
      ],
      lines: [say('THIEF', 'Nice lock.'), say('GUARD', 'Hey!')],
    });
  });

  it('takes character names that differ only in case for one role, spelt as first seen', () => {
    const script = parseFountain('@McCLANE\nHi.\n\nMCCLANE (V.O.)\nBye.\n');
    expect(script.roles).toEqual([{ name: 'McCLANE', description: '' }]);
    expect(script.lines).toEqual([say('McCLANE', 'Hi.'), say('McCLANE', 'Bye.')]);
  });

  it('has no title page unless the first line is a title page key', () => {
    const script = parseFountain('Dawn: the city wakes.\n\nINT. FLAT - DAY\n');
    expect(script.title).toBe('');
    expect(script.lines).toEqual([action('Dawn: the city wakes.'), scene('INT. FLAT - DAY')]);
  });

  it('reads a heading followed by action without a blank line between them (as pasted scripts often are)', () => {
    expect(parseFountain('INT. CAR - NIGHT\nRain on the roof.\nCUT TO:\nEXT. ROAD - NIGHT').lines).toEqual([
      scene('INT. CAR - NIGHT'),
      action('Rain on the roof.\nCUT TO:\nEXT. ROAD - NIGHT'),
    ]);
    expect(parseFountain('EXT. ROAD - NIGHT\nCUT TO:\nINT. CAR - NIGHT').lines).toEqual([
      scene('EXT. ROAD - NIGHT'),
      transition('CUT TO:'),
      scene('INT. CAR - NIGHT'),
    ]);
  });

  it('reads indented text as pasted from a PDF, with CRLF line ends', () => {
    const text = [
      '          INT. KITCHEN - DAY',
      '',
      '          Ada stirs a pot.',
      '',
      '                         ADA (CONT\'D)',
      '                    (to herself)',
      '               Almost there.',
      '',
      '                                             DISSOLVE TO:',
    ].join('\r\n');
    expect(parseFountain(text).lines).toEqual([
      scene('INT. KITCHEN - DAY'),
      action('Ada stirs a pot.'),
      say('ADA', 'Almost there.', '(to herself)'),
      transition('DISSOLVE TO:'),
    ]);
  });

  it('forced elements: ! action, @ character, . heading, > transition, and escapes', () => {
    const text = [
      '!SCREAMING IN THE DARK.',
      'A door slams.',
      '',
      '@hal 9000',
      "I'm sorry, Dave.",
      '',
      '.SPACE',
      '',
      '> LATER',
      '',
      'Dave types \\*very\\* slowly_ and *sighs*.',
    ].join('\n');
    expect(parseFountain(text).lines).toEqual([
      action('SCREAMING IN THE DARK.\nA door slams.'),
      say('hal 9000', "I'm sorry, Dave."),
      scene('SPACE'),
      transition('LATER'),
      action('Dave types *very* slowly_ and sighs.'),
    ]);
  });

  it('keeps an empty line inside dialogue written as two spaces, and a parenthetical with no words after it', () => {
    expect(parseFountain('DJ\nOne.\n  \nTwo.\n\nDJ\n(laughs)\n').lines).toEqual([say('DJ', 'One.\n\nTwo.'), say('DJ', '', '(laughs)')]);
  });

  it('does not take all-caps words alone on a line, or a number, for a character', () => {
    expect(parseFountain('BANG!\n\n23\nskidoo').lines).toEqual([action('BANG!'), action('23\nskidoo')]);
  });

  it('strips every extension and the dual-dialogue caret from character names', () => {
    expect(characterName("MOM (O.S.) (CONT'D)")).toBe('MOM');
    expect(characterName('@Dr. Jones (v.o.)')).toBe('Dr. Jones');
    expect(characterName('BRICK ^')).toBe('BRICK');
    expect(characterName('  MARY   ANN  ')).toBe('MARY ANN');
  });

  it('reads an empty text as an empty script', () => {
    expect(parseFountain('')).toEqual({ title: '', synopsis: '', genre: '', language: '', roles: [], lines: [] });
    expect(parseFountain('\n\n  \n')).toEqual({ title: '', synopsis: '', genre: '', language: '', roles: [], lines: [] });
  });
});

/**
 * fountain-js (the reference parser on npm) reads this spec-conforming screenplay into the same
 * elements. It is not used at run time (README.md says why); this keeps our reading honest.
 */
describe('agrees with fountain-js', () => {
  const text = [
    'Title: Brick & Steel',
    'Author: Stu Maschwitz',
    '',
    'EXT. BRICK\'S PATIO - DAY',
    '',
    'A gorgeous day. The sun is shining. But BRICK BRADDOCK, retired police detective, is sitting quietly, contemplating -- something.',
    '',
    'The SCREEN DOOR slides open and DICK STEEL, his former partner and fellow retiree, emerges with two cold beers.',
    '',
    'STEEL',
    'Beer\'s ready!',
    '',
    'BRICK',
    'Are they cold?',
    '',
    'STEEL',
    'Does a bear crap in the woods?',
    '',
    'Steel sits. They laugh at the dumb joke.',
    '',
    'STEEL',
    '(beer raised)',
    'To retirement.',
    '',
    'BRICK',
    'To retirement.',
    '',
    'STEEL ^',
    'To retirement.',
    '',
    '/* boneyard',
    'that is not there */',
    '',
    'They drink *long* and well from the beers.',
    '',
    '[[A note for the director.]]',
    '',
    '.OPENING TITLES',
    '',
    '> BRICK BRADDOCK <',
    '> & DICK STEEL IN <',
    '',
    '# Act two',
    '',
    '= They talk about the old days.',
    '',
    'SMASH CUT TO:',
    '',
    'INT. RADIO STATION - NIGHT',
    '',
    '@McCLANE (V.O.)',
    '(over radio)',
    'Yippee ki-yay.',
    '',
    '===',
    '',
    '> FADE OUT',
  ].join('\n');

  function viaFountainJs(source: string): FountainLine[] {
    const tokens = new Fountain().parse(source, true).tokens;
    const lines: FountainLine[] = [];
    let role = '';
    let parenthetical: string | null = null;
    for (const token of tokens) {
      const raw = token.text ?? '';
      switch (token.type) {
        case 'scene_heading':
          lines.push(scene(decodeInline(raw)));
          break;
        case 'action':
        case 'centered':
        case 'lyrics':
          lines.push(action(tidyText(decodeInline(raw))));
          break;
        case 'transition':
          lines.push(transition(decodeInline(raw)));
          break;
        case 'character':
          role = characterName(raw);
          break;
        case 'parenthetical':
          parenthetical = tidyParenthetical(raw);
          break;
        case 'dialogue':
          lines.push(say(role, tidyText(decodeInline(raw)), parenthetical));
          parenthetical = null;
          break;
      }
    }
    return lines;
  }

  it('on every element', () => {
    const ours = parseFountain(text).lines;
    expect(ours).toEqual(viaFountainJs(text));
    expect(ours.map((line) => line.kind)).toEqual([
      'scene',
      'action',
      'action',
      'dialogue',
      'dialogue',
      'dialogue',
      'action',
      'dialogue',
      'dialogue',
      'dialogue',
      'action',
      'scene',
      'action',
      'transition',
      'scene',
      'dialogue',
      'transition',
    ]);
  });
});
