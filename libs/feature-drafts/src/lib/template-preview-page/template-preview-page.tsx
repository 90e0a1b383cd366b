import { Link, useParams } from 'react-router';
import { buttonClassName, MicIcon, Notice } from '@vox/ui';

/** /template/{templateId} (privilege draft): full screen. */
export function TemplatePreviewPage() {
  const { templateId = '' } = useParams();
  return (
    <Notice
      icon={<MicIcon />}
      eyebrow="Coming soon"
      title="Template preview"
      data={{ 'data-template': templateId }}
      actions={
        <Link to="/templates" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          Back to templates
        </Link>
      }
    >
      <p>Preview the template here, then start a new draft from it with one click.</p>
    </Notice>
  );
}
