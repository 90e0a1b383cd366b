import { Compile } from 'typebox/compile';
import { SCRIPT_VISIBILITIES } from './constants';
import { LineKindSchema, ScriptInput, ScriptScopeSchema, ScriptVisibilitySchema } from './scripts';
import { LINE_KINDS, SCRIPT_SCOPES } from './scripts-values';

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
