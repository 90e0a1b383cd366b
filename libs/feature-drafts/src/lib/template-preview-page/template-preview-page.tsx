import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, MAIN_CONTENT_ID, Spinner, buttonClassName } from '@vox/ui';
import { ArrowLeftIcon } from '@vox/ui/page-kit';
import { href } from '@vox/variant';
import { useCreateDraft, useTemplate } from '../api/drafts';
import { ScreenplayPreview } from '../screenplay/screenplay-preview';
import '../drafts-page/drafts-page.css';

/** /template/{templateId} (privilege draft): full screen; the template as a formatted screenplay. */
export function TemplatePreviewPage() {
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  const create = useCreateDraft();
  const navigate = useNavigate();

  const start = async () => {
    const draft = await create.mutateAsync({ templateId });
    void navigate(href('draft', { documentId: draft.id }));
  };

  return (
    <main className="vox-template-preview" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <header className="vox-template-preview__bar">
        <Link to={href('templates')} className={buttonClassName({ variant: 'link', size: 'sm' })} aria-label="Back to templates">
          <ArrowLeftIcon /> Templates
        </Link>
        <h1>{template.data?.title ?? 'Template preview'}</h1>
        <Button variant="primary" busy={create.isPending} disabled={!template.data} onClick={() => void start()}>
          Start a draft from this template
        </Button>
      </header>
      {create.isError && <Alert>{create.error.message}</Alert>}
      {template.isPending ? (
        <Spinner size="lg" label="Loading the template" />
      ) : template.isError ? (
        <Alert>{template.error.message}</Alert>
      ) : (
        <>
          {template.data.description && <p className="vox-template-preview__about">{template.data.description}</p>}
          <ScreenplayPreview text={template.data.body} fallbackTitle={template.data.title} />
        </>
      )}
    </main>
  );
}
