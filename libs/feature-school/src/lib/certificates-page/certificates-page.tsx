import { Link, useNavigate } from 'react-router';
import { authModal, useUser } from '@vox/auth';
import { Alert, buttonClassName, Page, PromptPage, Spinner } from '@vox/ui';
import { BackBar } from '@vox/ui/page-kit';
import { href } from '@vox/variant';
import { useMyCertificates } from '../api/certificates';
import { certificateDate } from '../shared/dates';
import '../shared/school.css';

/** /certificate: full screen; the certificates issued to me, each ready to print and share. */
export function CertificatesPage() {
  const user = useUser();
  const navigate = useNavigate();
  const certificates = useMyCertificates();
  const list = certificates.data?.certificates ?? [];

  return (
    <>
      <BackBar onBack={() => navigate(href('home'))} label="Home" />
      {!user ? (
        <PromptPage what="certificates" onLogIn={() => authModal.open('login')} />
      ) : (
        <Page width="narrow">
          <h1 className="vox-page-title vox-page-title--plain">Your certificates</h1>
          <p className="vox-page-lead vox-page-lead--end vox-school-lead">Certificates your teachers and the VoxClub team award you. Open one to print it or share its verification link.</p>
          {certificates.isPending ? (
            <Spinner label="Loading your certificates" />
          ) : certificates.isError ? (
            <Alert variant="error">{certificates.error.message}</Alert>
          ) : list.length === 0 ? (
            <div className="vox-empty">
              <p>No certificates yet. Complete a class or attend an event to earn one.</p>
              <Link to={href('home')} className={buttonClassName({ variant: 'secondary' })}>
                Go to the home page
              </Link>
            </div>
          ) : (
            <ul className="vox-stack vox-stack--tight" aria-label="Certificates">
              {list.map((c) => (
                <li key={c.id} className="vox-split vox-school-cert">
                  <div>
                    <h2>
                      {c.course}
                      {c.status === 'revoked' && <span className="vox-chip vox-chip--danger vox-school-chip">Revoked</span>}
                    </h2>
                    <p>
                      Issued by {c.issuerName} on {certificateDate(c.issuedAt)}
                    </p>
                  </div>
                  <Link to={href('certificate', { certId: c.id })} className={buttonClassName({ variant: 'secondary', size: 'sm' })} aria-label={`View and print: ${c.course}`}>
                    View and print
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Page>
      )}
    </>
  );
}
