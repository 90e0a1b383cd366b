import { Link } from 'react-router';
import { buttonClassName, MicIcon, Notice } from '@vox/ui';

/** /certificate: full screen. */
export function CertificatesPage() {
  return (
    <Notice
      icon={<MicIcon />}
      eyebrow="Coming soon"
      title="Your certificates"
      actions={
        <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          Go to the home page
        </Link>
      }
    >
      <p>The certificates your teachers award you will be listed here, each ready to print and share.</p>
    </Notice>
  );
}
