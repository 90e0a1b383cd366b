import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { authStore } from '@vox/auth';
import { createFakeServer, json, member, scriptAt } from '@vox/testing';
import { ScriptEditorPage } from './script-editor-page';

/**
 * The browser's own Back button under a BrowserRouter (as the shell renders): the step has
 * happened when the router hears of it, so the guard must hold the page and undo the step.
 */
const me = member('u1', 'Ada');
const script = scriptAt({ lines: [{ id: 'l1', kind: 'action', role: null, parenthetical: null, text: 'Rain.' }] });

beforeEach(() => {
  authStore.setSession({ token: 't', user: me });
  createFakeServer().on('script', () => json(200, script), { params: { scriptId: 'sc1' } });
  window.history.replaceState(null, '', '/scripts');
});
afterEach(() => authStore.clear());

function renderApp() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BrowserRouter>
        <Routes>
          <Route path="/scripts" element={<Link to="/scripts/edit/sc1">edit it</Link>} />
          <Route path="/scripts/edit/:scriptId" element={<ScriptEditorPage />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

/** Back as the browser does it: the address changes first, then popstate. */
const browserBack = () => act(() => new Promise<void>((resolve) => {
  window.addEventListener('popstate', () => setTimeout(resolve, 20), { once: true });
  window.history.back();
}));

it('holds a Back with unsaved changes, keeps the page, and goes back only when told to', async () => {
  renderApp();
  fireEvent.click(screen.getByRole('link', { name: 'edit it' }));
  const text = await screen.findByRole('textbox', { name: 'Text of line 1' });
  fireEvent.change(text, { target: { value: 'Rain, hard.' } });

  await browserBack();
  const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
  // The step was undone: the address is the editor's again, and nothing typed is lost.
  await waitFor(() => expect(window.location.pathname).toBe('/scripts/edit/sc1'));
  expect(screen.getByRole('textbox', { name: 'Text of line 1' })).toHaveValue('Rain, hard.');

  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
  expect(window.location.pathname).toBe('/scripts/edit/sc1');

  await browserBack();
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }));
  await waitFor(() => expect(window.location.pathname).toBe('/scripts'));
  expect(await screen.findByRole('link', { name: 'edit it' })).toBeInTheDocument();
});

it('lets Back go when nothing changed', async () => {
  renderApp();
  fireEvent.click(screen.getByRole('link', { name: 'edit it' }));
  await screen.findByRole('textbox', { name: 'Text of line 1' });
  await browserBack();
  expect(await screen.findByRole('link', { name: 'edit it' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(window.location.pathname).toBe('/scripts');
});
