import { Compile } from 'typebox/compile';
import { SCRIPT_VISIBILITIES } from './scripts-values';
import { LineKindSchema, ScriptInput, ScriptScopeSchema, ScriptVisibilitySchema } from './scripts';
import { LINE_KINDS, SCRIPT_MESSAGES, SCRIPT_SCOPES, normalizeScript, scriptRuleProblems } from './scripts-values';

/** The literals a union schema accepts, read from its JSON Schema. */
const literalsOf = (schema: { anyOf: Array<{ const: unknown }> }) => schema.anyOf.map((s) => s.const);

describe('scripts schemas', () => {
  it('spell out exactly the listed visibilities, line kinds and list scopes', () => {
    expect(literalsOf(ScriptVisibilitySchema)).toEqual([...SCRIPT_VISIBILITIES]);
    expect(literalsOf(LineKindSchema)).toEqual([...LINE_KINDS]);
    expect(literalsOf(ScriptScopeSchema)).toEqual([...SCRIPT_SCOPES]);
  });

  it('accept a whole script and refuse an unknown line kind', () => {
    const check = Compile(ScriptInput);
    const script = {
      title: 'Balcony',
      synopsis: '',
      genre: 'Drama',
      language: 'en',
      visibility: 'public',
      isFree: false,
      roles: [{ name: 'JULIET', description: '' }],
      lines: [
        { kind: 'scene', role: null, text: "EXT. CAPULET'S ORCHARD - NIGHT" },
        { kind: 'dialogue', role: 'JULIET', parenthetical: '(aside)', text: 'O Romeo, Romeo!' },
      ],
    };
    expect(check.Check(script)).toBe(true);
    expect(check.Check({ ...script, lines: [{ kind: 'song', role: null, text: 'la' }] })).toBe(false);
    expect(check.Check({ ...script, visibility: 'secret' })).toBe(false);
  });
});

describe('normalizeScript (the save rules both sides apply)', () => {
  const base: ScriptInput = {
    title: '  Balcony ',
    synopsis: ' Night. ',
    genre: 'Drama',
    language: 'en',
    visibility: 'public',
    isFree: false,
    roles: [{ name: ' Juliet ', description: ' A Capulet ' }],
    lines: [
      { kind: 'scene', text: ' INT. ORCHARD ', role: 'Juliet', parenthetical: '(aside)' },
      { kind: 'dialogue', text: ' O Romeo. ', role: 'JULIET', parenthetical: '  ' },
    ],
  };

  it('answers the stored form: trimmed texts, roles spelled as listed, narration without role', () => {
    expect(normalizeScript(base)).toEqual({
      script: {
        title: 'Balcony',
        synopsis: 'Night.',
        genre: 'Drama',
        language: 'en',
        visibility: 'public',
        isFree: false,
        roles: [{ name: 'Juliet', description: 'A Capulet' }],
        lines: [
          { id: undefined, kind: 'scene', role: null, parenthetical: null, text: 'INT. ORCHARD' },
          { id: undefined, kind: 'dialogue', role: 'Juliet', parenthetical: null, text: 'O Romeo.' },
        ],
      },
    });
  });

  it.each([
    ['a blank title', { title: '  ' }, SCRIPT_MESSAGES.titleRequired],
    ['a role without a name', { roles: [{ name: ' ', description: '' }] }, SCRIPT_MESSAGES.roleNameRequired],
    ['two roles named alike in any case', { roles: [{ name: 'Juliet', description: '' }, { name: 'JULIET', description: '' }] }, SCRIPT_MESSAGES.duplicateRole],
    ['dialogue without a role', { lines: [{ kind: 'dialogue', text: 'Hi', role: ' ' }] }, SCRIPT_MESSAGES.dialogueNeedsRole],
    ['dialogue in a role the script lacks', { lines: [{ kind: 'dialogue', text: 'Hi', role: 'Romeo' }] }, SCRIPT_MESSAGES.unknownLineRole],
  ] as Array<[string, Partial<ScriptInput>, string]>)('refuses %s with the text the editor shows', (_name, change, problem) => {
    expect(normalizeScript({ ...base, ...change })).toEqual({ problem });
  });
});

describe('scriptRuleProblems (what the editor points at before it sends)', () => {
  it('lists every broken rule where it is, in the order the server checks them', () => {
    const problems = scriptRuleProblems({
      title: ' ',
      roles: [{ name: 'Romeo' }, { name: ' ' }, { name: 'ROMEO ' }],
      lines: [{ kind: 'action' }, { kind: 'dialogue', role: null }, { kind: 'dialogue', role: 'romeo' }, { kind: 'dialogue', role: 'Tybalt' }],
    });
    expect(problems).toEqual([
      { message: SCRIPT_MESSAGES.titleRequired, target: { kind: 'title' } },
      { message: SCRIPT_MESSAGES.roleNameRequired, target: { kind: 'role', index: 1 } },
      { message: SCRIPT_MESSAGES.duplicateRole, target: { kind: 'role', index: 2 } },
      { message: SCRIPT_MESSAGES.dialogueNeedsRole, target: { kind: 'line', index: 1 } },
      { message: SCRIPT_MESSAGES.unknownLineRole, target: { kind: 'line', index: 3 } },
    ]);
  });
});
