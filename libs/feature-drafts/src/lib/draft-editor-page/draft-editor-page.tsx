import { Link, useParams } from 'react-router';
import { buttonClassName, MicIcon, Notice } from '@vox/ui';

/** /write/{documentId} (privilege draft): the full-screen writing editor. */
export function DraftEditorPage() {
  const { documentId = '' } = useParams();
  return (
    <Notice
      icon={<MicIcon />}
      eyebrow="Coming soon"
      title="Writing editor"
      data={{ 'data-document': documentId }}
      actions={
        <Link to="/write" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          Back to drafts
        </Link>
      }
    >
      <p>
        A distraction-free editor for your draft that saves as you type, with a revision history to look back at and
        restore any earlier version.
      </p>
    </Notice>
  );
}
