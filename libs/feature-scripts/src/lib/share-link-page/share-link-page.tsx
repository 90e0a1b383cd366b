import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { authModal, getAuthConfig, useAuthModal, useUser } from '@vox/auth';
import { MESSAGES } from '@vox/contract';
import { Button, LockIcon, Notice, Page, Spinner } from '@vox/ui';
import { BackBar, useGoBack } from '@vox/ui/page-kit';
import { useShareLinkPreview, useShareLinkSession } from '../api/get-share-link-session';
import './share-link-page.css';
import { sessionHref } from '../paths';
import { LinkOffIcon } from './link-off-icon';

/**
 * /s/{linkId} (seed sections 2 and 8). Signed in: the link is resolved, open_sharelink is logged
 * with { id, script } and the session opens in place of this entry; a bad link shows a back bar and
 * 'This link is invalid.'. Logged out: a Log in button opens the login modal over the page, and
 * the link is resolved as soon as someone signs in; the page also shows what the link offers
 * (title, who invited, the role) and a Sign up that comes back here after joining (issue 21).
 */
export function ShareLinkPage() {
  const { linkId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const user = useUser();
  // Joined here (Sign up in the modal): the shell takes the newcomer to the first-run step, which
  // leads back to this link; resolving it now would race that (issue 21). Logging in resolves it.
  const modalMode = useAuthModal();
  const lastModalMode = useRef<string | null>(null);
  if (modalMode) lastModalMode.current = modalMode;
  const joinedHere = Boolean(user) && lastModalMode.current === 'register';
  const session = useShareLinkSession(linkId, joinedHere ? undefined : user?.id);
  // Logged out: what the link offers (title, inviter, role), from the public preview (issue 21).
  const preview = useShareLinkPreview(linkId, !user);
  const opened = useRef(false);

  useEffect(() => {
    if (!session.isSuccess || opened.current) return;
    opened.current = true;
    const { id, scriptId } = session.data;
    void getAuthConfig().activity?.log('open_sharelink', pathname, { id, script: scriptId });
    navigate(sessionHref(id), { replace: true });
  }, [session.isSuccess, session.data, pathname, navigate]);

  if (!user) {
    return (
      <Notice
        icon={<LockIcon />}
        title={MESSAGES.loginForSharedScript}
        actions={
          <>
            <Button variant="primary" size="lg" onClick={() => authModal.open('login')}>
              Log in
            </Button>
            {/* Joining here keeps this page: after the first-run step the link opens (issue 21). */}
            <Button variant="secondary" size="lg" onClick={() => authModal.open('register')}>
              Sign up
            </Button>
          </>
        }
      >
        {preview.data ? (
          <>
            <p>
              <strong>{preview.data.inviter}</strong> invited you to a table read.
            </p>
            <dl className="vox-share-preview">
              <div>
                <dt>Script</dt>
                <dd>{preview.data.title}</dd>
              </div>
              <div>
                <dt>Your role</dt>
                <dd>{preview.data.role ?? 'Any free role'}</dd>
              </div>
            </dl>
            <p>Log in to join, or sign up for free: it takes a minute.</p>
          </>
        ) : (
          <p>Someone invited you to a table read. Log in to join it.</p>
        )}
      </Notice>
    );
  }

  if (session.isError) {
    return (
      <>
        <BackBar onBack={goBack} />
        <Notice icon={<LinkOffIcon />} title={MESSAGES.invalidLink}>
          <p>It may have been revoked, or mistyped. Ask the person who shared it for a new one.</p>
        </Notice>
      </>
    );
  }

  return (
    <Page centered>
      <Spinner size="lg" label="Opening the shared script" />
    </Page>
  );
}
