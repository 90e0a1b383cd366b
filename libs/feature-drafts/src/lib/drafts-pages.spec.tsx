import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import * as Y from 'yjs';
import { authStore, RequirePrivilege, SUBSCRIPTIONS_POLL_MS } from '@vox/auth';
import type { Draft, DraftSummary, Template, User } from '@vox/contract';
import { createFakeServer, json, pageTitle, renderPage, renderRoutes } from '@vox/testing';
import { DraftEditorPage } from './draft-editor-page/draft-editor-page';
import { DraftsPage, draftStats } from './drafts-page/drafts-page';
import { TemplateEditorPage } from './template-editor-page/template-editor-page';
import { TemplatePreviewPage } from './template-preview-page/template-preview-page';
import { TemplatesPage } from './templates-page/templates-page';

const pages = {
  '/write': <DraftsPage />,
  '/write/:documentId': <DraftEditorPage />,
  '/templates': <TemplatesPage />,
  '/templates/create': <TemplateEditorPage />,
  '/templates/edit/:templateId': <TemplateEditorPage />,
  '/template/:templateId': <TemplatePreviewPage />,
};

const writer: User = { id: 'u1', handle: null, name: 'Wren', photo: null, role: { name: 'writer', privileges: ['draft'] }, classes: [] };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const summary = (id: string, extra: Partial<DraftSummary> = {}): DraftSummary => ({
  id,
  title: `Draft ${id}`,
  revision: 3,
  wordCount: 1234,
  pageEstimate: 2,
  createdAt: minutesAgo(90),
  updatedAt: minutesAgo(5),
  ...extra,
});

const SCENE = 'Title: The Night Ferry\n\nINT. FERRY DECK - NIGHT\n\nRain on the rail.\n\nNORA\n(quietly)\nOne way.\n\nEXT. PIER - DAWN\n\nGulls.';
/** A text-only draft as the server converts it on first open (client 0, services/drafts/doc.ts). */
function seedState(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = 0;
  doc.getText('fountain').insert(0, text);
  return Y.encodeStateAsUpdate(doc);
}
const docOf = (text: string) => btoa(String.fromCharCode(...seedState(text)));

const fullDraft = (extra: Partial<Draft> = {}): Draft => ({
  ...summary('d1', { title: 'The Night Ferry' }),
  body: SCENE,
  doc: docOf(extra.body ?? SCENE),
  revisionColor: { index: 0, name: 'White', startedAt: null },
  revisionBase: null,
  ...extra,
});

const template = (id: string, system: boolean, extra: Partial<Template> = {}): Template => ({
  id,
  title: `Template ${id}`,
  description: `About ${id}`,
  system,
  updatedAt: minutesAgo(60),
  body: 'INT. STUDIO - DAY\n\nHOST\nWelcome.',
  ...extra,
});

// jsdom lays nothing out: CodeMirror's measuring asks ranges for rectangles.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
beforeEach(() => authStore.setSession({ token: 't', user: writer }));
afterEach(() => authStore.clear());

describe('the draft gate', () => {
  it('shows a member without draft what is missing, and opens as soon as a subscription grants it, without a reload', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const member: User = { ...writer, role: { name: 'member', privileges: [] } };
      let subscriptions: unknown[] = [];
      const server = createFakeServer();
      server.on('subscriptions', () => json(200, subscriptions));
      server.on('drafts', () => json(200, { items: [summary('d1', { title: 'The Night Ferry' })] }));
      // The app renews the session when the running subscriptions change; the server folds them into the user's privileges.
      server.on('refreshToken', () => json(200, { token: 't2', user: { ...member, role: { name: 'member', privileges: ['draft'] } } }));
      renderPage(
        <RequirePrivilege privilege="draft">
          <DraftsPage />
        </RequirePrivilege>,
        { route: '/write', user: member, server },
      );
      const membership = await screen.findByRole('link', { name: /membership/i });
      expect(membership).toHaveAttribute('href', '/membership');
      expect(screen.queryByRole('list', { name: 'Your drafts' })).toBeNull();
      // A subscription is bought (elsewhere, or by staff): the open page learns of it on its next look.
      subscriptions = [{ role: { name: 'writer', privileges: ['draft'] }, expiry: new Date(Date.now() + 86_400_000).toISOString() }];
      await act(async () => {
        await jest.advanceTimersByTimeAsync(SUBSCRIPTIONS_POLL_MS + 1000);
      });
      expect(server.requests.filter((r) => r === 'GET /api/subscriptions')).toHaveLength(2);
      // The gate has opened: the page is there and asks for my drafts.
      expect(pageTitle()).toHaveTextContent('Drafts');
      expect(server.requests).toContain('GET /api/drafts');
      for (let i = 0; i < 5; i++) {
        await act(async () => {
          await jest.advanceTimersByTimeAsync(200);
        });
      }
      jest.useRealTimers();
      expect(await screen.findByRole('list', { name: 'Your drafts' })).toHaveTextContent('The Night Ferry');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('/write', () => {
  it('lists my drafts with word count, page count (its PDF’s) and last edit, linking to the editor', async () => {
    createFakeServer().on('drafts', () => json(200, { items: [summary('d1', { title: 'The Night Ferry' }), summary('d2', { wordCount: 1, pageEstimate: 0, updatedAt: minutesAgo(0) })] }));
    renderRoutes(pages, { route: '/write' });
    expect(pageTitle()).toHaveTextContent('Drafts');
    const list = await screen.findByRole('list', { name: 'Your drafts' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/write/d1', '/write/d2']);
    expect(links[0]).toHaveTextContent('The Night Ferry1,234 words · 2 pages · Edited 5 minutes ago');
    expect(links[1]).toHaveTextContent('1 word · no pages yet · Edited just now');
    expect(draftStats({ wordCount: 250, pageEstimate: 1 })).toBe('250 words · 1 page');
    expect(draftStats({ wordCount: 31_000, pageEstimate: 1_204 })).toBe('31,000 words · 1,204 pages');
  });

  it('searches by title through the server', async () => {
    const server = createFakeServer();
    server.on('drafts', ({ query }) => json(200, { items: query?.search === 'ferry' ? [summary('d1', { title: 'The Night Ferry' })] : [summary('d1', { title: 'The Night Ferry' }), summary('d2')] }));
    renderRoutes(pages, { route: '/write' });
    await screen.findByText('Draft d2');
    fireEvent.change(screen.getByLabelText('Search drafts'), { target: { value: 'ferry' } });
    await waitFor(() => expect(screen.queryByText('Draft d2')).not.toBeInTheDocument());
    expect(server.requests).toContain('GET /api/drafts?search=ferry');
  });

  it('starts a blank draft and opens it', async () => {
    const server = createFakeServer();
    server.on('drafts', () => json(200, { items: [] }));
    server.on('createDraft', () => json(201, fullDraft({ id: 'new1', title: 'Untitled draft', body: '' })));
    server.on('draft', () => json(200, fullDraft({ id: 'new1', title: 'Untitled draft', body: '' })));
    server.on('draftLive', () => json(200, ''));
    renderRoutes(pages, { route: '/write' });
    expect(await screen.findByText('No drafts yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New draft' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Untitled draft' })).toBeInTheDocument();
    expect(server.requests).toContain('POST /api/drafts');
  });

  it('imports a Fountain or Final Draft file through the server as a new draft and opens it; shows the server’s text for a bad file', async () => {
    const server = createFakeServer();
    server.on('drafts', () => json(200, { items: [] }));
    server.on('importDraft', ({ body }) => {
      const { fileName } = body as { fileName: string; content: string };
      if (fileName.endsWith('.pdf')) return json(400, { message: 'Choose a Fountain (.fountain, .txt) or Final Draft (.fdx) file.' });
      return json(201, fullDraft({ id: 'new2', title: 'Harbour', body: 'INT. HARBOUR - NIGHT\n\nNELL\nWait!\n' }));
    });
    server.on('draft', () => json(200, fullDraft({ id: 'new2', title: 'Harbour', body: 'INT. HARBOUR - NIGHT\n\nNELL\nWait!\n' })));
    server.on('draftLive', () => json(200, ''));
    renderRoutes(pages, { route: '/write' });
    await screen.findByText('No drafts yet');
    const input = document.querySelector('.vox-drafts input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.fountain,.spmd,.txt,.fdx,text/plain');
    // The button opens the file picker.
    const picked = jest.spyOn(input, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(picked).toHaveBeenCalled();
    const choose = (content: string, name: string) => fireEvent.change(input, { target: { files: [new File([content], name)] } });

    // The server refuses it: its words, nothing opened.
    choose('%PDF-1.7', 'harbour.pdf');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a Fountain (.fountain, .txt) or Final Draft (.fdx) file.');

    // A Final Draft file: its text is sent whole with its name; the new draft opens.
    const fdx = '<FinalDraft DocumentType="Script"><Content><Paragraph Type="Scene Heading"><Text>INT. HARBOUR - NIGHT</Text></Paragraph></Content></FinalDraft>';
    choose(fdx, 'Harbour.fdx');
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour' })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.name === 'importDraft').map((call) => call.body)).toEqual([
      { fileName: 'harbour.pdf', content: '%PDF-1.7' },
      { fileName: 'Harbour.fdx', content: fdx },
    ]);
    expect(server.requests.filter((r) => r === 'POST /api/drafts')).toEqual([]);
  });

  it('renames, duplicates, and deletes only after confirmation', async () => {
    const server = createFakeServer();
    let items = [summary('d1')];
    server.on('drafts', () => json(200, { items }));
    server.on('renameDraft', ({ body }) => {
      items = [summary('d1', { title: (body as { title: string }).title })];
      return json(200, { ...fullDraft(items[0]), body: '' });
    });
    server.on('duplicateDraft', () => {
      items = [...items, summary('d3', { title: `${items[0].title} (copy)` })];
      return json(201, { ...fullDraft(items[1]), body: '' });
    });
    server.on('deleteDraft', () => {
      items = items.filter((d) => d.id !== 'd1');
      return json(204, null);
    });
    renderRoutes(pages, { route: '/write' });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Draft d1' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Harbour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Harbour')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Harbour' }));
    expect(await screen.findByText('Harbour (copy)')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Harbour' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Harbour”?' });
    expect(server.requests.filter((r) => r.startsWith('DELETE'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(screen.queryByText('Harbour')).not.toBeInTheDocument());
    expect(server.requests).toContain('DELETE /api/drafts/d1');
  });
});

describe('/write/{documentId}', () => {
  it('opens the draft full screen with its scenes, a paginated preview, the save status and a way back', async () => {
    createFakeServer().on('draft', () => json(200, fullDraft())).on('draftLive', () => json(200, ''));
    renderRoutes(pages, { route: '/write/d1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Night Ferry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to drafts' })).toHaveAttribute('href', '/write');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    const scenes = screen.getByRole('navigation', { name: 'Scenes' });
    expect(within(scenes).getAllByRole('button').map((b) => b.textContent)).toEqual(['1 INT. FERRY DECK - NIGHT', '2 EXT. PIER - DAWN']);
    const preview = screen.getByRole('region', { name: 'Screenplay preview' });
    expect(await within(preview).findByLabelText('Title page', {}, { timeout: 5000 })).toHaveTextContent('THE NIGHT FERRY');
    const lines = () => [...within(preview).getByLabelText('Page 1').querySelectorAll('.vox-screenplay__line')].map((line) => [line.className.replace('vox-screenplay__line vox-screenplay__line--', ''), line.textContent]);
    await waitFor(() => expect(lines()).not.toEqual([]), { timeout: 5000 });
    expect(lines()).toEqual([
      ['scene', 'INT. FERRY DECK - NIGHT'],
      ['action', 'Rain on the rail.'],
      ['character', 'NORA'],
      ['parenthetical', '(quietly)'],
      ['dialogue', 'One way.'],
      ['scene', 'EXT. PIER - DAWN'],
      ['action', 'Gulls.'],
    ]);
  });

  it('publishes the draft as a script, then offers to update it, with a link to the script', async () => {
    const server = createFakeServer();
    server.on('draft', () => json(200, fullDraft({ publishedAs: null })));
    server.on('draftLive', () => json(200, ''));
    const publishedAs = { scriptId: 's1', scriptTitle: 'The Night Ferry', revision: 3, publishedAt: minutesAgo(0) };
    server.on('publishDraft', ({ body }) =>
      json(200, {
        publishedAs: { ...publishedAs, revision: (body as { baseRevision: number }).baseRevision },
        created: true,
        lines: { total: 5, unchanged: 0, changed: 0, added: 5, removed: 0 },
        takes: { total: 0, onEarlierText: 0, onRemovedLines: 0 },
      }),
    );
    renderRoutes(pages, { route: '/write/d1' });
    await screen.findByRole('heading', { level: 1, name: 'The Night Ferry' });
    expect(screen.queryByRole('link', { name: 'Open script' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const done = await screen.findByText(/Published as a new script/);
    expect(done.closest('.vox-alert')).toHaveTextContent('Published as a new script: The Night Ferry. 5 lines.');
    expect(within(done.closest('.vox-alert') as HTMLElement).getByRole('link', { name: 'The Night Ferry' })).toHaveAttribute('href', '/script/s1');
    expect(screen.getByRole('link', { name: 'Open script' })).toHaveAttribute('href', '/script/s1');
    expect(screen.getByRole('button', { name: 'Update script' })).toBeInTheDocument();
    expect(server.calls.find((call) => call.name === 'publishDraft')?.body).toEqual({ baseRevision: 3 });
  });

  it('shows the server’s text when publishing is refused', async () => {
    const server = createFakeServer();
    server.on('draft', () => json(200, fullDraft({ publishedAs: { scriptId: 's1', scriptTitle: 'The Night Ferry', revision: 2, publishedAt: minutesAgo(10) } })));
    server.on('draftLive', () => json(200, ''));
    server.on('publishDraft', () => json(400, { message: 'There is nothing to publish yet: write at least one scene, action or line of dialogue.' }));
    renderRoutes(pages, { route: '/write/d1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Update script' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is nothing to publish yet: write at least one scene, action or line of dialogue.');
  });

  it('warms the typing path after opening without saving, changing the text, adding an undo step or leaving Saved', async () => {
    const server = createFakeServer();
    server.on('draft', () => json(200, fullDraft()));
    server.on('draftLive', () => json(200, ''));
    const warmUps: string[] = [];
    const watch = new MutationObserver((records) => {
      for (const record of records) {
        if ([...record.addedNodes].some((node) => (node as Element).classList?.contains('vox-draft-editor__warm-up'))) warmUps.push('came');
        if ([...record.removedNodes].some((node) => (node as Element).classList?.contains('vox-draft-editor__warm-up'))) warmUps.push('went');
      }
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderRoutes(pages, { route: '/write/d1' });
    await screen.findByRole('heading', { level: 1, name: 'The Night Ferry' });
    const code = await screen.findByRole('textbox', { name: 'The Night Ferry, Fountain text' });
    const { EditorView } = await import('@codemirror/view');
    const view = EditorView.findFromDOM(code) as InstanceType<typeof EditorView>;
    // The warm-up's editor comes once the page is idle, and goes (within a frame or so).
    await waitFor(() => expect(warmUps).toEqual(['came', 'went']));
    expect(document.querySelector('.vox-draft-editor__warm-up')).toBeNull();
    // Longer than the send's wait (40 ms) many times over: a change through the page would have been sent by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(server.requests.filter((r) => !r.startsWith('GET'))).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(/^Saved$/);
    expect(view.state.doc.toString()).toBe(SCENE);
    expect(document.querySelectorAll('.cm-editor')).toHaveLength(1);
    watch.disconnect();
  }, 15_000);

  it('sends what is typed as a change to the shared document, and says Saved once the server has it', async () => {
    const server = createFakeServer();
    server.on('draft', () => json(200, fullDraft()));
    server.on('draftLive', () => json(200, ''));
    const sent: string[] = [];
    server.on('draftDocUpdate', ({ body }) => {
      sent.push((body as { update: string }).update);
      return json(200, { revision: 4 });
    });
    renderRoutes(pages, { route: '/write/d1' });
    const code = await screen.findByRole('textbox', { name: 'The Night Ferry, Fountain text' });
    const { EditorView } = await import('@codemirror/view');
    const view = EditorView.findFromDOM(code) as InstanceType<typeof EditorView>;
    act(() => view.dispatch({ changes: { from: SCENE.length, insert: '\n\nNORA\nHome.' }, userEvent: 'input.type' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.vox-draft-editor__status')).toHaveTextContent(/^Saved$/));
    // The server's document with the change sent is the editor's text.
    const doc = new Y.Doc();
    Y.applyUpdate(doc, seedState(SCENE));
    Y.applyUpdate(doc, Uint8Array.from(atob(sent[0]), (c) => c.charCodeAt(0)));
    expect(doc.getText('fountain').toString()).toBe(`${SCENE}\n\nNORA\nHome.`);
  });

  it('opens a shared draft for a commenter read-only, without the owner’s tools', async () => {
    const server = createFakeServer();
    server.on('draft', () => json(200, fullDraft({ access: 'commenter' })));
    server.on('draftLive', () => json(200, ''));
    renderRoutes(pages, { route: '/write/d1' });
    const code = await screen.findByRole('textbox', { name: 'The Night Ferry, Fountain text' });
    expect(code).toHaveAttribute('aria-readonly', 'true');
    expect(screen.getByText(/You were invited to read this draft as a commenter/)).toBeInTheDocument();
    for (const name of ['Share', 'Revisions', 'Export PDF', 'Export FDX', 'Publish']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export Fountain' })).toBeInTheDocument();
  });

  it('takes an invite link first, then opens the draft', async () => {
    const server = createFakeServer();
    server.on('joinDraft', () => json(200, { draftId: 'd1', title: 'The Night Ferry', role: 'editor' }));
    server.on('draft', () => json(200, fullDraft({ access: 'editor' })));
    server.on('draftLive', () => json(200, ''));
    renderRoutes(pages, { route: '/write/d1?invite=abcdefghijklmnop' });
    await screen.findByRole('textbox', { name: 'The Night Ferry, Fountain text' });
    expect(server.requests.slice(0, 2)).toEqual(['POST /api/draft-invites/abcdefghijklmnop', 'GET /api/drafts/d1']);
  });

  it('shows an owner without the membership what is missing', async () => {
    createFakeServer().on('draft', () => json(403, { message: 'Your membership does not include this feature.' }));
    renderRoutes(pages, { route: '/write/d1' });
    expect(await screen.findByRole('heading', { name: 'Upgrade your membership' })).toBeInTheDocument();
  });

  it("says so when the draft is not there (someone else's)", async () => {
    createFakeServer().on('draft', () => json(404, { message: 'This draft was not found.' }));
    renderRoutes(pages, { route: '/write/zz' });
    expect(await screen.findByText('This draft was not found.')).toBeInTheDocument();
    expect(pageTitle()).toHaveTextContent('Writing editor');
  });
});

describe('/templates', () => {
  it('lists ready-made templates and mine; using one starts a draft from it', async () => {
    const server = createFakeServer();
    server.on('templates', () => json(200, { items: [template('sys-radio-spot', true, { title: 'Radio commercial (30 seconds)' }), template('t1', false, { title: 'Interview' })] }));
    server.on('createDraft', ({ body }) => json(201, fullDraft({ id: 'd9', title: (body as { templateId: string }).templateId })));
    server.on('draft', () => json(200, fullDraft({ id: 'd9', title: 'From the spot' })));
    server.on('draftLive', () => json(200, ''));
    renderRoutes(pages, { route: '/templates' });
    expect(pageTitle()).toHaveTextContent('Templates');
    const ready = await screen.findByRole('list', { name: 'Ready-made templates' });
    expect(within(ready).getByRole('article', { name: 'Radio commercial (30 seconds)' })).toBeInTheDocument();
    expect(within(ready).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    const mine = screen.getByRole('list', { name: 'My templates' });
    expect(within(mine).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/templates/edit/t1');
    expect(within(mine).getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/template/t1');
    fireEvent.click(within(ready).getByRole('button', { name: 'Use template' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'From the spot' })).toBeInTheDocument();
    expect(server.calls.find((c) => c.name === 'createDraft')?.body).toEqual({ templateId: 'sys-radio-spot' });
  });

  it('creates a template and edits one of mine', async () => {
    const server = createFakeServer();
    server.on('templates', () => json(200, { items: [] }));
    server.on('createTemplate', ({ body }) => json(201, { ...template('t2', false), ...(body as object) }));
    server.on('template', () => json(200, template('t1', false, { title: 'Interview', body: 'HOST\nHi.' })));
    server.on('saveTemplate', ({ body }) => json(200, { ...template('t1', false), ...(body as object) }));
    const { unmount } = renderRoutes(pages, { route: '/templates/create' });
    expect(pageTitle()).toHaveTextContent('New template');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Quiz show' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await screen.findByRole('heading', { level: 1, name: 'Templates' });
    expect(server.calls.find((c) => c.name === 'createTemplate')?.body).toMatchObject({ title: 'Quiz show', description: '' });
    unmount();

    renderRoutes(pages, { route: '/templates/edit/t1' });
    expect(pageTitle()).toHaveTextContent('Edit template');
    expect(await screen.findByDisplayValue('Interview')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Fountain text'), { target: { value: 'HOST\nHello again.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await screen.findByRole('heading', { level: 1, name: 'Templates' });
    expect(server.calls.find((c) => c.name === 'saveTemplate')?.body).toEqual({ title: 'Interview', description: 'About t1', body: 'HOST\nHello again.' });
  });

  it('previews a template full screen as a screenplay, with a way back', async () => {
    createFakeServer().on('template', () => json(200, template('sys-audio-drama', true, { title: 'Audio drama scene' })));
    renderRoutes(pages, { route: '/template/sys-audio-drama' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audio drama scene' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to templates' })).toHaveAttribute('href', '/templates');
    await waitFor(() => expect(screen.getByLabelText('Page 1')).toHaveTextContent('INT. STUDIO - DAYHOSTWelcome.'), { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Start a draft from this template' })).toBeEnabled();
  });
});
