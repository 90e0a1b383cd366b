import { DRAFT_MESSAGES, type Template, type TemplateInput, type TemplateList } from '@vox/contract/schemas';
import { newId } from '../../db/ids';
import { ForbiddenError, NotFoundError } from '../../domain-errors';
import type { TemplateRow } from '../../repositories/drafts';
import { SYSTEM_TEMPLATES, systemTemplate } from './system-templates';
import { toTemplate, type DraftsContext } from './context';

/** Templates: the ready-made ones and a writer's own. */
export interface TemplatesService {
  templates(me: string): Promise<TemplateList>;
  template(me: string, templateId: string): Promise<Template>;
  createTemplate(me: string, input: TemplateInput): Promise<Template>;
  saveTemplate(me: string, templateId: string, input: TemplateInput): Promise<Template>;
  removeTemplate(me: string, templateId: string): Promise<void>;
}

export function templatesService(ctx: DraftsContext): TemplatesService {
  const { repo, findTemplate, cleanTemplate } = ctx;
  return {
    async templates(me) {
      const own = (await repo.listTemplates(me)).map(toTemplate);
      return { items: [...SYSTEM_TEMPLATES, ...own].map(({ body: _body, ...summary }) => summary) };
    },

    template: findTemplate,

    async createTemplate(me, input) {
      const now = new Date().toISOString();
      const row: TemplateRow = { id: newId(), owner_id: me, ...cleanTemplate(input), created_at: now, updated_at: now };
      await repo.insertTemplate(row);
      return toTemplate(row);
    },

    async saveTemplate(me, templateId, input) {
      if (systemTemplate(templateId)) throw new ForbiddenError(DRAFT_MESSAGES.systemTemplate);
      if (!(await repo.updateTemplate(me, templateId, { ...cleanTemplate(input), updated_at: new Date().toISOString() }))) {
        throw new NotFoundError(DRAFT_MESSAGES.templateNotFound);
      }
      return toTemplate((await repo.findTemplate(me, templateId)) as TemplateRow);
    },

    async removeTemplate(me, templateId) {
      if (systemTemplate(templateId)) throw new ForbiddenError(DRAFT_MESSAGES.systemTemplate);
      if (!(await repo.deleteTemplate(me, templateId))) throw new NotFoundError(DRAFT_MESSAGES.templateNotFound);
    },
  };
}
