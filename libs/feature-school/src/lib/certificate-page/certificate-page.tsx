import { Link, useParams } from 'react-router';
import { buttonClassName, MicIcon, Notice } from '@vox/ui';

/** /certificate/{certId}: full screen, printable. */
export function CertificatePage() {
  const { certId = '' } = useParams();
  return (
    <Notice
      icon={<MicIcon />}
      eyebrow="Coming soon"
      title="Certificate"
      data={{ 'data-certificate': certId }}
      actions={
        <Link to="/certificate" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          All certificates
        </Link>
      }
    >
      <p>
        The certificate will be shown here as a printable page, with a reference anyone can use to check that it is
        genuine.
      </p>
    </Notice>
  );
}
