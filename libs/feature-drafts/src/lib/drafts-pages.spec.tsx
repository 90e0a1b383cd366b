import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { DraftEditorPage } from './draft-editor-page/draft-editor-page';
import { DraftsPage } from './drafts-page/drafts-page';
import { TemplateEditorPage } from './template-editor-page/template-editor-page';
import { TemplatePreviewPage } from './template-preview-page/template-preview-page';
import { TemplatesPage } from './templates-page/templates-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/write" element={<DraftsPage />} />
        <Route path="/write/:documentId" element={<DraftEditorPage />} />
        <Route path="/templates" element={<TemplatesPage />} />
        <Route path="/templates/create" element={<TemplateEditorPage />} />
        <Route path="/templates/edit/:templateId" element={<TemplateEditorPage />} />
        <Route path="/template/:templateId" element={<TemplatePreviewPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const title = () => screen.getByRole('heading', { level: 1 });

describe('drafts pages', () => {
  it('lists drafts at /write', () => {
    renderAt('/write');
    expect(title()).toHaveTextContent('Drafts');
    expect(screen.getByText(/revision history/)).toBeInTheDocument();
  });

  it('the full-screen editor links back to the drafts', () => {
    renderAt('/write/d1');
    expect(title()).toHaveTextContent('Writing editor');
    expect(screen.getByRole('link', { name: 'Back to drafts' })).toHaveAttribute('href', '/write');
  });

  it('tells creating a template from editing one', () => {
    const { unmount } = renderAt('/templates/create');
    expect(title()).toHaveTextContent('New template');
    unmount();
    renderAt('/templates/edit/t1');
    expect(title()).toHaveTextContent('Edit template');
  });

  it('lists templates and previews one full screen with a way back', () => {
    const { unmount } = renderAt('/templates');
    expect(title()).toHaveTextContent('Templates');
    unmount();
    renderAt('/template/t1');
    expect(title()).toHaveTextContent('Template preview');
    expect(screen.getByRole('link', { name: 'Back to templates' })).toHaveAttribute('href', '/templates');
  });
});
