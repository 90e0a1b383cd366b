import { lazyPage } from '@vox/ui';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-drafts');
const templateEditor = lazyPage(load, (m) => m.TemplateEditorPage);

export const draftsPages: PageRecord = {
  drafts: lazyPage(load, (m) => m.DraftsPage),
  draft: lazyPage(load, (m) => m.DraftEditorPage),
  templates: lazyPage(load, (m) => m.TemplatesPage),
  templateCreate: templateEditor,
  templateEdit: templateEditor,
  template: lazyPage(load, (m) => m.TemplatePreviewPage),
};
