import type { Script } from '@vox/contract';
import { parseFountain } from '@vox/fountain';
import { scriptAt } from '@vox/testing';
import { createEditorStore } from './editor-store';

const script = (extra: Partial<Script> = {}): Script =>
  scriptAt({
    title: 'The Last Ferry',
    genre: 'Drama',
    roles: [
      { name: 'NELL', description: 'Late.' },
      { name: 'TOM', description: '' },
    ],
    lines: [
      { id: 'l1', kind: 'scene', role: null, parenthetical: null, text: 'EXT. HARBOUR - NIGHT' },
      { id: 'l2', kind: 'dialogue', role: 'NELL', parenthetical: '(shouting)', text: 'Wait!' },
      { id: 'l3', kind: 'dialogue', role: 'TOM', parenthetical: null, text: 'Thursday.' },
    ],
    ...extra,
  });

/** What the server answers to a save: the input with ids for new lines (as the real one does). */
function answer(store: ReturnType<typeof createEditorStore>, id = 'sc1'): { saved: Script; sent: ReturnType<typeof store.toInput>['sent'] } {
  const { input, sent } = store.toInput();
  let n = 100;
  const saved = script({
    id,
    ...input,
    roles: input.roles,
    lines: input.lines.map((line) => ({ id: line.id ?? `l${++n}`, kind: line.kind, role: line.role, parenthetical: line.parenthetical ?? null, text: line.text })),
  });
  return { saved, sent };
}

describe('editor store', () => {
  it('is clean as loaded, dirty after an edit, and clean again when the edit is undone by hand', () => {
    const store = createEditorStore(script());
    expect(store.isDirty()).toBe(false);
    store.updateLine('l2', { text: 'Wait!!' });
    expect(store.isDirty()).toBe(true);
    store.updateLine('l2', { text: 'Wait!' });
    expect(store.isDirty()).toBe(false);
    // A narration line's remembered role is not a change the server would see.
    store.updateLine('l1', { roleKey: store.getRoles()[0].key });
    expect(store.isDirty()).toBe(false);
    store.moveLine('l3', 0);
    expect(store.isDirty()).toBe(true);
  });

  it('sends the whole script in order, with ids for lines the server knows, tidied as Fountain would keep it', () => {
    const store = createEditorStore(script());
    const tom = store.getRoles()[1].key;
    store.insertLine(3, { kind: 'dialogue', roleKey: tom, parenthetical: 'quietly', text: '  If the weather holds.  ' });
    store.setHead({ title: '  The Last Ferry ', visibility: 'public' });
    expect(store.toInput().input).toEqual({
      title: 'The Last Ferry',
      synopsis: '',
      genre: 'Drama',
      language: 'en',
      visibility: 'public',
      isFree: false,
      roles: [
        { name: 'NELL', description: 'Late.' },
        { name: 'TOM', description: '' },
      ],
      lines: [
        { id: 'l1', kind: 'scene', role: null, parenthetical: null, text: 'EXT. HARBOUR - NIGHT' },
        { id: 'l2', kind: 'dialogue', role: 'NELL', parenthetical: '(shouting)', text: 'Wait!' },
        { id: 'l3', kind: 'dialogue', role: 'TOM', parenthetical: null, text: 'Thursday.' },
        { kind: 'dialogue', role: 'TOM', parenthetical: '(quietly)', text: 'If the weather holds.' },
      ],
    });
  });

  it('renaming a role renames it on every line that speaks it', () => {
    const store = createEditorStore(script());
    store.updateRole(store.getRoles()[0].key, { name: 'NELL HARDY' });
    expect(store.toInput().input.lines[1].role).toBe('NELL HARDY');
  });

  it('after a save, untouched lines take the saved form and new ones their ids; edits made during the save stay unsaved', () => {
    const store = createEditorStore(script());
    const a = store.insertLine(undefined, { kind: 'action', text: 'Fog.  ' });
    const b = store.insertLine(undefined, { kind: 'action', text: 'Rain.' });
    const { saved, sent } = answer(store);
    // Typed while the request was out:
    store.updateLine(b, { text: 'Rain, hard.' });
    store.applySaved(saved, sent);

    expect(store.getLine(a)).toMatchObject({ id: 'l101', text: 'Fog.' });
    expect(store.getLine(b)).toMatchObject({ id: 'l102', text: 'Rain, hard.' });
    expect(store.isDirty()).toBe(true);
    store.updateLine(b, { text: 'Rain.' });
    expect(store.isDirty()).toBe(false);
    // The keys stay, so the rows on screen (and their focus) stay too.
    expect(store.getOrder()).toEqual(['l1', 'l2', 'l3', a, b]);
  });

  it('removing a role gives its lines to another, turns them into action, or deletes them', () => {
    const reassign = createEditorStore(script());
    const [nell, tom] = reassign.getRoles();
    reassign.removeRole(nell.key, { kind: 'reassign', to: tom.key });
    expect(reassign.toInput().input.lines.map((l) => [l.kind, l.role])).toEqual([
      ['scene', null],
      ['dialogue', 'TOM'],
      ['dialogue', 'TOM'],
    ]);

    const narrate = createEditorStore(script());
    narrate.removeRole(narrate.getRoles()[0].key, { kind: 'action' });
    expect(narrate.toInput().input.lines[1]).toEqual({ id: 'l2', kind: 'action', role: null, parenthetical: null, text: 'Wait!' });
    expect(narrate.toInput().input.roles.map((r) => r.name)).toEqual(['TOM']);

    const drop = createEditorStore(script());
    drop.removeRole(drop.getRoles()[1].key, { kind: 'delete' });
    expect(drop.getOrder()).toEqual(['l1', 'l2']);
  });

  it('counts the lines each role speaks, keeping the same answer while the counts stay', () => {
    const store = createEditorStore(script());
    const [nell, tom] = store.getRoles();
    const first = store.getRoleUsage();
    expect([...first]).toEqual([
      [nell.key, 1],
      [tom.key, 1],
    ]);
    store.updateLine('l2', { text: 'typing' });
    expect(store.getRoleUsage()).toBe(first);
    store.updateLine('l2', { roleKey: tom.key });
    expect([...store.getRoleUsage()]).toEqual([[tom.key, 2]]);
  });

  it('an import replaces roles and lines, and the details the screenplay has', () => {
    const store = createEditorStore(script());
    store.replaceContent(parseFountain('Title: Night Bus\n\nINT. BUS - NIGHT\n\nMARA\nNext stop.\n'));
    expect(store.toInput().input).toMatchObject({
      title: 'Night Bus',
      genre: 'Drama',
      roles: [{ name: 'MARA', description: '' }],
      lines: [
        { kind: 'scene', role: null, parenthetical: null, text: 'INT. BUS - NIGHT' },
        { kind: 'dialogue', role: 'MARA', parenthetical: null, text: 'Next stop.' },
      ],
    });
    expect(store.toInput().input.lines.every((line) => line.id === undefined)).toBe(true);
  });
});
