import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, buttonClassName, MAIN_CONTENT_ID, Notice, MicIcon } from '@vox/ui';
import { href } from '@vox/variant';
import { useCertificate, useRevokeCertificate } from '../api/certificates';
import { certificateDate } from '../shared/dates';
import { QrCode } from './qr-code';
import '@vox/ui/page-kit';
import './certificate-page.css';

/**
 * /certificate/{certId}: full screen and printable (one landscape page on A4 or Letter). Anyone
 * holding the id sees it and whether it is valid or revoked: this page is also where the
 * verification link and the QR code lead.
 */
export function CertificatePage() {
  const { certId = '' } = useParams();
  const certificate = useCertificate(certId);
  const revoke = useRevokeCertificate(certId);
  const [confirming, setConfirming] = useState(false);
  const cert = certificate.data;

  if (certificate.isPending) {
    return (
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="vox-cert-page" aria-busy="true">
        <p className="vox-cert-verify">Checking the certificate…</p>
      </main>
    );
  }
  if (!cert) {
    return (
      <Notice
        icon={<MicIcon />}
        title="Certificate not found"
        actions={
          <Link to={href('certificates')} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            All certificates
          </Link>
        }
      >
        <p>{certificate.error?.message ?? 'This certificate was not found. Check the link or the code.'}</p>
      </Notice>
    );
  }

  const revoked = cert.status === 'revoked';
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="vox-cert-page">
      <div className="vox-split vox-cert-toolbar">
        <Link to={href('certificates')} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          All certificates
        </Link>
        <div className="vox-cert-toolbar__actions">
          {cert.canRevoke &&
            (confirming ? (
              <>
                <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
                  Keep it
                </Button>
                <Button size="sm" onClick={() => revoke.mutate(undefined, { onSettled: () => setConfirming(false) })} busy={revoke.isPending}>
                  Yes, revoke it
                </Button>
              </>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
                Revoke certificate
              </Button>
            ))}
          <Button size="sm" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </div>
      <div className="vox-cert-verify">
        {revoke.isError && <Alert variant="error">{revoke.error.message}</Alert>}
        {revoked ? (
          <Alert variant="error">
            {`Revoked: this certificate was withdrawn on ${certificateDate(cert.revokedAt ?? cert.issuedAt)} and is no longer valid.`}
          </Alert>
        ) : (
          <Alert variant="success">
            {`Verified: a valid certificate issued by VoxClub to ${cert.recipientName} on ${certificateDate(cert.issuedAt)}.`}
          </Alert>
        )}
      </div>
      <div className="vox-cert-sheet-wrap">
        <article className="vox-cert" aria-labelledby="vox-cert-title">
          <div>
            <p className="vox-cert__brand">VoxClub</p>
            <h1 id="vox-cert-title" className="vox-cert__title">
              Certificate of completion
            </h1>
          </div>
          <div>
            <p className="vox-cert__small">This certifies that</p>
            <p className="vox-cert__recipient">{cert.recipientName}</p>
            <p className="vox-cert__small">has successfully completed</p>
            <p className="vox-cert__course">{cert.course}</p>
          </div>
          <div className="vox-cert__footer">
            <div className="vox-cert__sign">
              <strong>{cert.issuerName}</strong>
              Issuer
            </div>
            <div className="vox-cert__qr-box">
              <QrCode value={cert.verifyUrl} label="QR code of the verification link" />
              <span className="vox-cert__link">
                Verify at <span>{cert.verifyUrl}</span>
              </span>
            </div>
            <div className="vox-cert__sign">
              <strong>{certificateDate(cert.issuedAt)}</strong>
              Date
            </div>
          </div>
          {revoked && (
            <div className="vox-cert__stamp" aria-hidden="true">
              REVOKED
            </div>
          )}
        </article>
      </div>
    </main>
  );
}
