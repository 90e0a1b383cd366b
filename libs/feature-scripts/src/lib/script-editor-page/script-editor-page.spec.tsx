import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { authStore } from '@vox/auth';
import type { Script, ScriptInput } from '@vox/contract';
import { SCRIPT_MESSAGES } from '@vox/contract/scripts';
import { parseFountain, toFountain } from '@vox/fountain';
import { createFakeServer, json, member, scriptAt, type FakeCall } from '@vox/testing';
import { ScriptEditorPage } from './script-editor-page';

const me = member('u1', 'Ada');
const ferry = fs.readFileSync(path.join(__dirname, '../../../../fountain/src/fixtures/last-ferry.fountain'), 'utf8');

const existing = (extra: Partial<Script> = {}): Script =>
  scriptAt({
    synopsis: 'Two strangers, one bus.',
    genre: 'Drama',
    roles: [
      { name: 'MARA', description: 'The driver.' },
      { name: 'JUN', description: '' },
    ],
    lines: [
      { id: 'l1', kind: 'scene', role: null, parenthetical: null, text: 'INT. BUS - NIGHT' },
      { id: 'l2', kind: 'action', role: null, parenthetical: null, text: 'Rain on the windows.' },
      { id: 'l3', kind: 'dialogue', role: 'MARA', parenthetical: '(without turning)', text: 'Last stop.' },
      { id: 'l4', kind: 'dialogue', role: 'JUN', parenthetical: null, text: 'I know.' },
    ],
    ...extra,
  });

/**
 * The scripts API as the real server answers it: a saved script comes back whole, with ids
 * given to new lines. Records every call with its body.
 */
function fakeScriptsApi(initial: Script[] = []) {
  const scripts = new Map(initial.map((s) => [s.id, s]));
  const calls: Array<{ method: string; path: string; body?: ScriptInput }> = [];
  let lineIds = 100;
  let refuse: { status: number; message: string } | null = null;
  const store = (id: string, input: ScriptInput): Script => {
    const before = scripts.get(id);
    const script: Script = {
      ...(before ?? existing({ id, cover: null })),
      ...input,
      id,
      lines: input.lines.map((line) => ({ id: line.id ?? `n${++lineIds}`, kind: line.kind, role: line.role, parenthetical: line.parenthetical ?? null, text: line.text })),
      canEdit: true,
    };
    scripts.set(id, script);
    return script;
  };
  // Every call of the scripts area is recorded as it came; a refusal answers all of them.
  const server = createFakeServer();
  const record = (call: FakeCall) => {
    const body = call.method !== 'GET' && call.method !== 'DELETE' ? (call.body as ScriptInput | undefined) : undefined;
    calls.push({ method: call.method, path: call.url, ...(body ? { body } : {}) });
    return refuse ? json(refuse.status, { message: refuse.message }) : undefined;
  };
  const notFound = () => json(404, { message: 'This script was not found.' });
  server.on('createScript', (call) => record(call as FakeCall) ?? json(201, store('sc-new', call.body as ScriptInput)));
  server.on('script', (call) => {
    const script = scripts.get(call.params.scriptId);
    return record(call as FakeCall) ?? (script ? json(200, script) : notFound());
  });
  server.on('saveScript', (call) => {
    const script = scripts.get(call.params.scriptId);
    return record(call as FakeCall) ?? (script ? json(200, store(script.id, call.body as ScriptInput)) : notFound());
  });
  server.on('deleteScript', (call) => {
    const script = scripts.get(call.params.scriptId);
    const refused = record(call as FakeCall);
    if (refused || !script) return refused ?? notFound();
    scripts.delete(script.id);
    return json(204);
  });
  return {
    calls,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    refuse: (status: number, message: string) => {
      refuse = { status, message };
    },
  };
}

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

function Back() {
  const navigate = useNavigate();
  return <button onClick={() => navigate(-1)}>history back</button>;
}

function renderAt(...entries: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="/scripts" element={<p>the scripts list</p>} />
          <Route path="/scripts/create" element={<ScriptEditorPage />} />
          <Route path="/scripts/edit/:scriptId" element={<ScriptEditorPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
        <Back />
        <Link to="/friends">to friends</Link>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const where = () => screen.getByTestId('location').textContent;
const texts = () => screen.getAllByRole('textbox', { name: /^Text of line \d+$/ }).map((box) => (box as HTMLTextAreaElement).value);
const kinds = () => screen.getAllByRole('combobox', { name: /^Kind of line \d+$/ }).map((box) => (box as HTMLSelectElement).value);
const lines = () => screen.getByRole('list', { name: 'Lines of the script' });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
/** The editor's bar (an empty script offers Import Fountain in its lines too). */
const bar = () => document.querySelector('.vox-script-editor__bar') as HTMLElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

/** Lets the editor's requestAnimationFrame focus moves run. */
const frame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

beforeEach(() => authStore.setSession({ token: 't', user: me }));
afterEach(() => authStore.clear());

describe('/scripts/create', () => {
  it('starts empty, in English, private', () => {
    fakeScriptsApi();
    renderAt('/scripts/create');
    expect(screen.getByRole('heading', { level: 1, name: 'New script' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(screen.getByRole('radio', { name: /Private/ })).toBeChecked();
    expect(screen.getByText('Only you can find and read it.')).toBeInTheDocument();
    expect(screen.getByText('You and your friends can find and read it.')).toBeInTheDocument();
    expect(screen.getByText('Everyone on VoxClub can find and read it.')).toBeInTheDocument();
    expect(screen.getByText('No lines yet')).toBeInTheDocument();
    expect(screen.getByText('Save the script first, then add a cover picture.')).toBeInTheDocument();
  });

  it('asks for a title before sending anything', async () => {
    const server = fakeScriptsApi();
    renderAt('/scripts/create');
    click('Save script');
    expect(await screen.findByRole('alert')).toHaveTextContent(SCRIPT_MESSAGES.titleRequired);
    await frame();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toEqual([]);
    // The message goes once the title is there.
    type('Title', 'Night Bus');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('writes a script with roles and lines, creates it, then saves changes with the line ids', async () => {
    const server = fakeScriptsApi();
    renderAt('/scripts/create');
    type('Title', 'Night Bus');
    type('New role', 'MARA');
    click('Add role');
    type('New role', 'jun');
    click('Add role');
    type('Description of MARA', 'The driver.');

    click('Add a scene heading');
    type('Text of line 1', 'INT. BUS - NIGHT');
    click('Add a dialogue line');
    // The first dialogue line goes to the first role; the next one answers it.
    expect(screen.getByRole('combobox', { name: 'Role of line 2' })).toHaveDisplayValue('MARA');
    type('Text of line 2', 'Last stop.');
    type('Parenthetical of line 2', 'without turning');
    click('Add a dialogue line');
    expect(screen.getByRole('combobox', { name: 'Role of line 3' })).toHaveDisplayValue('jun');
    type('Text of line 3', 'I know.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    click('Save script');
    await waitFor(() => expect(where()).toBe('/scripts/edit/sc-new'));
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/scripts',
        body: {
          title: 'Night Bus',
          synopsis: '',
          genre: '',
          language: 'en',
          visibility: 'private',
          isFree: false,
          roles: [
            { name: 'MARA', description: 'The driver.' },
            { name: 'jun', description: '' },
          ],
          lines: [
            { kind: 'scene', role: null, parenthetical: null, text: 'INT. BUS - NIGHT' },
            { kind: 'dialogue', role: 'MARA', parenthetical: '(without turning)', text: 'Last stop.' },
            { kind: 'dialogue', role: 'jun', parenthetical: null, text: 'I know.' },
          ],
        },
      },
    ]);
    expect(await screen.findByText('Script created.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Night Bus' })).toBeInTheDocument();
    // Tidied as saved: the parenthetical has its brackets now.
    expect(screen.getByRole('textbox', { name: 'Parenthetical of line 2' })).toHaveValue('(without turning)');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    type('Text of line 3', 'I know. I always know.');
    click('Save');
    await screen.findByText('Saved.');
    expect(server.writes()[1]).toMatchObject({
      method: 'PUT',
      path: '/api/scripts/sc-new',
      body: {
        lines: [
          { id: 'n101', kind: 'scene', text: 'INT. BUS - NIGHT' },
          { id: 'n102', kind: 'dialogue', role: 'MARA', text: 'Last stop.' },
          { id: 'n103', kind: 'dialogue', role: 'jun', text: 'I know. I always know.' },
        ],
      },
    });
  });

  it('refuses a dialogue line without a role and a second role of the same name, with the server texts', async () => {
    const server = fakeScriptsApi();
    renderAt('/scripts/create');
    type('Title', 'Night Bus');
    click('Add a dialogue line');
    type('Text of line 1', 'Hello?');
    expect(screen.getByRole('combobox', { name: 'Role of line 1' })).toHaveDisplayValue('Choose a role');
    click('Save script');
    expect(await screen.findByRole('alert')).toHaveTextContent(SCRIPT_MESSAGES.dialogueNeedsRole);
    await frame();
    expect(screen.getByRole('combobox', { name: 'Role of line 1' })).toHaveFocus();

    type('New role', 'MARA');
    click('Add role');
    type('New role', 'mara ');
    click('Add role');
    expect(within(screen.getByRole('region', { name: /Roles/ })).getByText(SCRIPT_MESSAGES.duplicateRole)).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /^Name of / })).toHaveLength(1);

    fireEvent.change(screen.getByRole('combobox', { name: 'Role of line 1' }), { target: { value: screen.getByRole('option', { name: 'MARA' }).getAttribute('value') } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(server.calls).toEqual([]);
  });

  it("shows the server's text when it refuses a save, and keeps everything typed", async () => {
    const server = fakeScriptsApi();
    renderAt('/scripts/create');
    type('Title', 'Night Bus');
    click('Add an action line');
    type('Text of line 1', 'Rain.');
    server.refuse(400, 'A line names a role that is not in the script.');
    click('Save script');
    expect(await screen.findByRole('alert')).toHaveTextContent('A line names a role that is not in the script.');
    expect(where()).toBe('/scripts/create');
    expect(texts()).toEqual(['Rain.']);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('says when a large script may be saved again (429), and keeps everything typed', async () => {
    const server = fakeScriptsApi();
    renderAt('/scripts/create');
    type('Title', 'Night Bus');
    click('Add an action line');
    type('Text of line 1', 'Rain.');
    server.refuse(429, SCRIPT_MESSAGES.largeSaveTooSoon(10, 4));
    click('Save script');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This script is large, so it can be saved once every 10 seconds. Your changes are kept: save again in 4 seconds.',
    );
    expect(texts()).toEqual(['Rain.']);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});

describe('/scripts/edit/{scriptId}', () => {
  it('loads the script into the editor', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Bus' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Synopsis' })).toHaveValue('Two strangers, one bus.');
    expect(texts()).toEqual(['INT. BUS - NIGHT', 'Rain on the windows.', 'Last stop.', 'I know.']);
    expect(kinds()).toEqual(['scene', 'action', 'dialogue', 'dialogue']);
    expect(screen.getByRole('combobox', { name: 'Role of line 3' })).toHaveDisplayValue('MARA');
    expect(screen.getByRole('textbox', { name: 'Parenthetical of line 3' })).toHaveValue('(without turning)');
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open table read' })).toHaveAttribute('href', '/script/sc1');
    // With everything saved, Open table read is the primary button and Save is not.
    expect(screen.getByRole('link', { name: 'Open table read' })).toHaveClass('vox-button--primary');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('vox-button--secondary');
    // An edit makes Save the primary action again.
    fireEvent.change(screen.getByRole('textbox', { name: 'Synopsis' }), { target: { value: 'Two strangers, one bus!' } });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('vox-button--primary');
    expect(screen.getByRole('link', { name: 'Open table read' })).not.toHaveClass('vox-button--primary');
  });

  it('reorders lines with the buttons and with Alt+arrow keys, keeping focus on the moved line', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });

    click('Move line 2 down');
    expect(texts()).toEqual(['INT. BUS - NIGHT', 'Last stop.', 'Rain on the windows.', 'I know.']);
    expect(screen.getByRole('button', { name: 'Move line 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move line 4 down' })).toBeDisabled();

    const jun = screen.getByRole('textbox', { name: 'Text of line 4' });
    fireEvent.keyDown(jun, { key: 'ArrowUp', altKey: true });
    expect(texts()).toEqual(['INT. BUS - NIGHT', 'Last stop.', 'I know.', 'Rain on the windows.']);
    await frame();
    expect(screen.getByRole('textbox', { name: 'Text of line 3' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Text of line 3' })).toHaveValue('I know.');

    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Text of line 3' }), { key: 'ArrowUp', altKey: true });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Text of line 2' }), { key: 'ArrowUp', altKey: true });
    expect(texts()).toEqual(['I know.', 'INT. BUS - NIGHT', 'Last stop.', 'Rain on the windows.']);
    // At the top it stays.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Text of line 1' }), { key: 'ArrowUp', altKey: true });
    expect(texts()[0]).toBe('I know.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('moves a line by dragging its handle onto another line', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });
    const rows = within(lines()).getAllByRole('listitem');
    const handle = rows[3].querySelector('.vox-editor-line__handle') as HTMLElement;
    const dataTransfer = { setData: jest.fn(), setDragImage: jest.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(handle, { dataTransfer });
    // jsdom lays nothing out: every row is 0 px high, so the pointer is past its middle (drop after).
    fireEvent.dragOver(rows[0], { dataTransfer, clientY: 10 });
    expect(rows[0]).toHaveClass('vox-editor-line--drop-after');
    fireEvent.drop(rows[0], { dataTransfer, clientY: 10 });
    expect(texts()).toEqual(['INT. BUS - NIGHT', 'I know.', 'Rain on the windows.', 'Last stop.']);
  });

  it('adds a line after another with Ctrl+Enter, deletes one and brings it back with Undo', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });

    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Text of line 3' }), { key: 'Enter', ctrlKey: true });
    expect(kinds()).toEqual(['scene', 'action', 'dialogue', 'dialogue', 'dialogue']);
    // After MARA, the conversation goes to JUN.
    expect(screen.getByRole('combobox', { name: 'Role of line 4' })).toHaveDisplayValue('JUN');
    await frame();
    expect(screen.getByRole('textbox', { name: 'Text of line 4' })).toHaveFocus();
    type('Text of line 4', 'Wait.');

    click('Delete line 2');
    expect(texts()).toEqual(['INT. BUS - NIGHT', 'Last stop.', 'Wait.', 'I know.']);
    expect(screen.getByText('Line 2 deleted.')).toBeInTheDocument();
    click('Undo');
    expect(texts()).toEqual(['INT. BUS - NIGHT', 'Rain on the windows.', 'Last stop.', 'Wait.', 'I know.']);

    click('Add a line after line 1');
    expect(kinds()).toEqual(['scene', 'scene', 'action', 'dialogue', 'dialogue', 'dialogue']);
  });

  it('turns a line into dialogue, choosing a role, and can name a new role from the line', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind of line 2' }), { target: { value: 'dialogue' } });
    expect(screen.getByRole('combobox', { name: 'Role of line 2' })).toHaveDisplayValue('MARA');
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of line 2' }), { target: { value: '__new-role__' } });
    const dialog = screen.getByRole('dialog', { name: 'New role' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'jun' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect(within(dialog).getByText(SCRIPT_MESSAGES.duplicateRole)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'CONDUCTOR' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Role of line 2' })).toHaveDisplayValue('CONDUCTOR');
    expect(screen.getAllByRole('textbox', { name: /^Name of / }).map((box) => (box as HTMLInputElement).value)).toEqual(['MARA', 'JUN', 'CONDUCTOR']);
  });

  it('asks what happens to the lines of a role being removed', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });
    click('Remove MARA');
    const dialog = screen.getByRole('dialog', { name: 'Remove MARA?' });
    expect(dialog).toHaveTextContent('MARA speaks 1 line. What should happen to them?');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Turn them into action lines/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove role' }));
    expect(kinds()).toEqual(['scene', 'action', 'action', 'dialogue']);
    expect(texts()[2]).toBe('Last stop.');
    expect(screen.getAllByRole('textbox', { name: /^Name of / }).map((box) => (box as HTMLInputElement).value)).toEqual(['JUN']);

    // A role that speaks no line goes at once.
    type('New role', 'EXTRA');
    click('Add role');
    click('Remove EXTRA');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('textbox', { name: /^Name of / })).toHaveLength(1);
  });

  it('renames a role on its lines when the name field is left', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });
    const name = screen.getByRole('textbox', { name: 'Name of MARA' });
    fireEvent.change(name, { target: { value: 'MARA VOSS' } });
    expect(screen.getByRole('combobox', { name: 'Role of line 3' })).toHaveDisplayValue('MARA');
    fireEvent.blur(name);
    expect(screen.getByRole('combobox', { name: 'Role of line 3' })).toHaveDisplayValue('MARA VOSS');
  });

  it('warns before leaving with unsaved changes, by link or by Back', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts', '/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });

    // Nothing changed: leaving is free.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);

    type('Text of line 2', 'Rain on the roof.');
    const dirtyUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirtyUnload);
    expect(dirtyUnload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'to friends' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('You have changes that are not saved. If you leave now, they are lost.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('/scripts/edit/sc1');
    expect(texts()[1]).toBe('Rain on the roof.');

    click('history back');
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(where()).toBe('/scripts'));
  });

  it('leaves without asking once the changes are saved', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });
    type('Text of line 2', 'Rain on the roof.');
    click('Save');
    await screen.findByText('Saved.');
    fireEvent.click(screen.getByRole('link', { name: 'to friends' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('/friends');
  });

  it('imports Fountain: previews what the screenplay holds, then replaces roles and lines', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });
    click('Import Fountain');
    const dialog = screen.getByRole('dialog', { name: 'Import Fountain' });
    expect(within(dialog).getByRole('button', { name: 'Replace script' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Screenplay' }), { target: { value: ferry } });

    expect(await within(dialog).findByText('“THE LAST FERRY”')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'What the screenplay holds' })).toHaveTextContent(
      ['3 roles', '5 scene headings', '13 dialogue lines', '8 action lines', '3 transitions'].join(''),
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Importing replaces the 2 roles and 4 lines you have now; takes recorded for the saved lines go when you save. Nothing is saved until you choose Save.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace script' }));

    const expected = parseFountain(ferry);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(texts()).toEqual(expected.lines.map((line) => line.text));
    expect(kinds()).toEqual(expected.lines.map((line) => line.kind));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('THE LAST FERRY');
    // The synopsis and genre stay: the screenplay has none.
    expect(screen.getByRole('textbox', { name: 'Synopsis' })).toHaveValue('Two strangers, one bus.');
    expect(screen.getAllByRole('textbox', { name: /^Name of / }).map((box) => (box as HTMLInputElement).value)).toEqual(['NELL', 'OLD TOM', 'McCLANE']);
    expect(screen.getByRole('textbox', { name: 'Parenthetical of line 4' })).toHaveValue('(shouting)');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('imports a chosen .fountain file', async () => {
    fakeScriptsApi();
    renderAt('/scripts/create');
    fireEvent.click(within(bar()).getByRole('button', { name: 'Import Fountain' }));
    const dialog = screen.getByRole('dialog', { name: 'Import Fountain' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['INT. ROOM - DAY\n\nBOB\nHi.\n'], 'scene.fountain', { type: '' })] } });
    expect(await within(dialog).findByText('Untitled screenplay')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(texts()).toEqual(['INT. ROOM - DAY', 'Hi.']);
  });

  it('says what is wrong with a chosen file that is not Fountain, as the drafts page does (one reading of a file)', async () => {
    fakeScriptsApi();
    renderAt('/scripts/create');
    fireEvent.click(within(bar()).getByRole('button', { name: 'Import Fountain' }));
    const dialog = screen.getByRole('dialog', { name: 'Import Fountain' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Shopping: milk, eggs.'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This file is not a screenplay in Fountain. Choose a .fountain file, or a .txt file in Fountain (most screenwriting apps export it).',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Screenplay' })).toHaveValue('');
  });

  it('exports Fountain: what it holds now, named after the title, reading back as the same script', async () => {
    fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });
    type('Text of line 2', 'Rain on the *roof*.');

    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:export'), revokeObjectURL: () => undefined });
    const clickSpy = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    click('Export Fountain');
    clickSpy.mockRestore();

    expect(names).toEqual(['Night Bus.fountain']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(text).toBe(
      [
        'Title: Night Bus',
        'Synopsis:',
        '    Two strangers, one bus.',
        'Genre: Drama',
        'Language: en',
        'Roles:',
        '    MARA: The driver.',
        '    JUN',
        '',
        'INT. BUS - NIGHT',
        '',
        'Rain on the \\*roof\\*.',
        '',
        'MARA',
        '(without turning)',
        'Last stop.',
        '',
        'JUN',
        'I know.',
        '',
      ].join('\n'),
    );
    const back = parseFountain(text);
    expect(back.lines[1].text).toBe('Rain on the *roof*.');
    expect(toFountain(back)).toBe(text);
  });

  it('deletes the script after asking', async () => {
    const server = fakeScriptsApi([existing()]);
    renderAt('/scripts/edit/sc1');
    await screen.findByRole('heading', { level: 1, name: 'Night Bus' });
    type('Text of line 2', 'unsaved, and going anyway');
    click('Delete script');
    const dialog = screen.getByRole('dialog', { name: 'Delete this script?' });
    expect(dialog).toHaveTextContent('“Night Bus” and its reading sessions and recorded takes will be deleted. This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete script' }));
    await waitFor(() => expect(where()).toBe('/scripts'));
    expect(server.writes()).toEqual([{ method: 'DELETE', path: '/api/scripts/sc1' }]);
  });

  it("tells someone else's script apart: the owner's rule and a link to the script", async () => {
    fakeScriptsApi([existing({ canEdit: false, owner: { id: 'u2', handle: null, name: 'Grace', photo: null } })]);
    renderAt('/scripts/edit/sc1');
    expect(await screen.findByText(SCRIPT_MESSAGES.notOwner)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the script' })).toHaveAttribute('href', '/script/sc1');
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });

  it("shows the server's text for a script it cannot find", async () => {
    fakeScriptsApi();
    renderAt('/scripts/edit/nope');
    expect(await screen.findByText('This script was not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to scripts' })).toHaveAttribute('href', '/scripts');
  });
});
