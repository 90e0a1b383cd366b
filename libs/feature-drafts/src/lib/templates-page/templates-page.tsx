import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TemplateSummary } from '@vox/contract';
import { Alert, Button, Page, Spinner, buttonClassName } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useCreateDraft, useTemplateActions, useTemplates } from '../api/drafts';
import '@vox/ui/page-kit';
import '../drafts-page/drafts-page.css';

/** /templates (privilege draft): ready-made templates and mine; start a draft from one. */
export function TemplatesPage() {
  const templates = useTemplates();
  const create = useCreateDraft();
  const navigate = useNavigate();
  const { remove } = useTemplateActions();
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);

  const start = async (template: TemplateSummary) => {
    const draft = await create.mutateAsync({ templateId: template.id });
    void navigate(href('draft', { documentId: draft.id }));
  };

  const system = templates.data?.items.filter((t) => t.system) ?? [];
  const mine = templates.data?.items.filter((t) => !t.system) ?? [];

  const card = (template: TemplateSummary) => (
    <li key={template.id}>
      <article className="vox-templates__card" aria-label={template.title}>
        <h3>{template.title}</h3>
        <p>{template.description || 'No description.'}</p>
        <div className="vox-templates__actions">
          <Button variant="primary" size="sm" busy={create.isPending && create.variables?.templateId === template.id} onClick={() => void start(template)}>
            Use template
          </Button>
          <Link to={href('template', { templateId: template.id })} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            Preview
          </Link>
          {!template.system && (
            <>
              <Link to={href('templateEdit', { templateId: template.id })} className={buttonClassName({ variant: 'link', size: 'sm' })}>
                Edit
              </Link>
              <Button variant="link" size="sm" onClick={() => setDeleting(template)}>
                Delete
              </Button>
            </>
          )}
        </div>
      </article>
    </li>
  );

  return (
    <Page className="vox-drafts">
      <header className="vox-page-head">
        <div>
          <h1 className="vox-page-title vox-drafts__title">Templates</h1>
          <p className="vox-page-lead vox-drafts__lead">Start a draft from a ready-made shape, or keep your own templates for the formats you write again and again.</p>
        </div>
        <div className="vox-toolbar">
          <Link to={href('templateCreate')} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            New template
          </Link>
        </div>
      </header>
      {create.isError && <Alert>{create.error.message}</Alert>}
      {templates.isPending ? (
        <Spinner size="lg" label="Loading templates" />
      ) : templates.isError ? (
        <Alert>{templates.error.message}</Alert>
      ) : (
        <>
          <h2 className="vox-templates__section">Ready-made</h2>
          <ul className="vox-stack vox-templates__grid" aria-label="Ready-made templates">
            {system.map(card)}
          </ul>
          <h2 className="vox-templates__section">My templates</h2>
          {mine.length === 0 ? (
            <p className="vox-page-lead vox-drafts__lead">You have no templates of your own yet.</p>
          ) : (
            <ul className="vox-stack vox-templates__grid" aria-label="My templates">
              {mine.map(card)}
            </ul>
          )}
        </>
      )}
      {deleting && (
        <Modal title={`Delete “${deleting.title}”?`} description="Drafts started from it stay as they are." onClose={() => setDeleting(null)}>
          {remove.isError && <Alert>{remove.error.message}</Alert>}
          <div className="vox-drafts__confirm">
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button variant="primary" busy={remove.isPending} onClick={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}>
              Delete template
            </Button>
          </div>
        </Modal>
      )}
    </Page>
  );
}
