import { screen } from '@testing-library/react';
import { DraftEditorPage } from './draft-editor-page/draft-editor-page';
import { DraftsPage } from './drafts-page/drafts-page';
import { TemplateEditorPage } from './template-editor-page/template-editor-page';
import { TemplatePreviewPage } from './template-preview-page/template-preview-page';
import { TemplatesPage } from './templates-page/templates-page';
import { pageTitle, renderRoutes } from '@vox/testing';

const pages = { '/write': <DraftsPage />, '/write/:documentId': <DraftEditorPage />, '/templates': <TemplatesPage />, '/templates/create': <TemplateEditorPage />, '/templates/edit/:templateId': <TemplateEditorPage />, '/template/:templateId': <TemplatePreviewPage /> };

describe('drafts pages', () => {
  it('lists drafts at /write', () => {
    renderRoutes(pages, { route: '/write' });
    expect(pageTitle()).toHaveTextContent('Drafts');
    expect(screen.getByText(/revision history/)).toBeInTheDocument();
  });

  it('the full-screen editor links back to the drafts', () => {
    renderRoutes(pages, { route: '/write/d1' });
    expect(pageTitle()).toHaveTextContent('Writing editor');
    expect(screen.getByRole('link', { name: 'Back to drafts' })).toHaveAttribute('href', '/write');
  });

  it('tells creating a template from editing one', () => {
    const { unmount } = renderRoutes(pages, { route: '/templates/create' });
    expect(pageTitle()).toHaveTextContent('New template');
    unmount();
    renderRoutes(pages, { route: '/templates/edit/t1' });
    expect(pageTitle()).toHaveTextContent('Edit template');
  });

  it('lists templates and previews one full screen with a way back', () => {
    const { unmount } = renderRoutes(pages, { route: '/templates' });
    expect(pageTitle()).toHaveTextContent('Templates');
    unmount();
    renderRoutes(pages, { route: '/template/t1' });
    expect(pageTitle()).toHaveTextContent('Template preview');
    expect(screen.getByRole('link', { name: 'Back to templates' })).toHaveAttribute('href', '/templates');
  });
});
