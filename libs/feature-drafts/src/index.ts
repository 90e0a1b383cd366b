export { DraftsPage } from './lib/drafts-page/drafts-page';
export { DraftEditorPage } from './lib/draft-editor-page/draft-editor-page';
export { TemplatesPage } from './lib/templates-page/templates-page';
export { TemplateEditorPage } from './lib/template-editor-page/template-editor-page';
export { TemplatePreviewPage } from './lib/template-preview-page/template-preview-page';
