import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, Page, Spinner, buttonClassName } from '@vox/ui';
import { TextField } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useTemplate, useTemplateActions } from '../api/drafts';
import '@vox/ui/page-kit';
import '../drafts-page/drafts-page.css';

const STARTER = `Title: 
Roles:
    HOST: 

INT. STUDIO - DAY

HOST
`;

/** /templates/create and /templates/edit/{templateId} (privilege draft). */
export function TemplateEditorPage() {
  const { templateId } = useParams();
  const existing = useTemplate(templateId);
  const { save } = useTemplateActions();
  const navigate = useNavigate();
  const [form, setForm] = useState<{ title: string; description: string; body: string } | null>(templateId ? null : { title: '', description: '', body: STARTER });

  useEffect(() => {
    if (existing.data && !form) setForm({ title: existing.data.title, description: existing.data.description, body: existing.data.body });
  }, [existing.data, form]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    save.mutate({ templateId: templateId ?? null, input: form }, { onSuccess: () => void navigate(href('templates')) });
  };

  const title = templateId ? 'Edit template' : 'New template';
  return (
    <Page className="vox-drafts">
      <header className="vox-page-head">
        <div>
          <h1 className="vox-page-title vox-drafts__title">{title}</h1>
          <p className="vox-page-lead vox-drafts__lead">The structure, roles and starter lines that every draft started from it begins with, in Fountain.</p>
        </div>
      </header>
      {templateId && existing.isPending ? (
        <Spinner size="lg" label="Loading the template" />
      ) : templateId && existing.isError ? (
        <Alert>{existing.error.message}</Alert>
      ) : existing.data?.system ? (
        <Alert variant="info">Ready-made templates cannot be changed. Start a draft from it, or create your own template.</Alert>
      ) : form ? (
        <form className="vox-template-form" onSubmit={submit}>
          {save.isError && <Alert>{save.error.message}</Alert>}
          <TextField label="Title" value={form.title} maxLength={200} required onChange={(event) => setForm({ ...form, title: event.target.value })} />
          <TextField label="Description" value={form.description} maxLength={500} onChange={(event) => setForm({ ...form, description: event.target.value })} />
          <label className="vox-template-form__body">
            Fountain text
            <textarea value={form.body} spellCheck onChange={(event) => setForm({ ...form, body: event.target.value })} />
          </label>
          <div className="vox-templates__actions">
            <Button type="submit" variant="primary" busy={save.isPending} disabled={!form.title.trim()}>
              Save template
            </Button>
            <Link to={href('templates')} className={buttonClassName({ variant: 'secondary' })}>
              Cancel
            </Link>
          </div>
        </form>
      ) : null}
    </Page>
  );
}
