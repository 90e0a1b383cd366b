import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { authModal, getAuthConfig, useAuthModal, useUser } from '@vox/auth';
import { ApiError } from '@vox/api-client';
import { MESSAGES, type ShareLinkPreview } from '@vox/contract';
import { Button, LockIcon, Notice, Page, Spinner } from '@vox/ui';
import { BackBar, useGoBack } from '@vox/ui/page-kit';
import { href } from '@vox/variant';
import { useShareLinkPreview, useShareLinkSession } from '../api/sessions';
import { LinkOffIcon } from './link-off-icon';

/** "Ada Lovelace invited you to read Ophelia in “Hamlet, III.1”": the person first, then what to read. */
function shareInvitation({ inviter, role, title }: ShareLinkPreview): string {
  return `${inviter} invited you to read ${role ?? 'a role of your choice'} in \u201c${title || 'an untitled script'}\u201d`;
}

/**
 * /s/{linkId}. Signed in: the link is resolved, open_sharelink is logged
 * with { id, script } and the session opens in place of this entry; a bad link shows a back bar and
 * 'This link is invalid.'. Logged out: a Log in button opens the login modal over the page, and
 * the link is resolved as soon as someone signs in. A valid link leads with who invited the
 * visitor to read which role in which script, then Sign up (which comes back here after joining)
 * and Log in, with the product's sentence below; a revoked or unknown link offers Log in only.
 */
export function ShareLinkPage() {
  const { linkId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const user = useUser();
  // Joined here (Sign up in the modal): the shell takes the newcomer to the first-run step, which
  // leads back to this link; resolving it now would race that. Logging in resolves it.
  const modalMode = useAuthModal();
  const lastModalMode = useRef<string | null>(null);
  if (modalMode) lastModalMode.current = modalMode;
  const joinedHere = Boolean(user) && lastModalMode.current === 'register';
  const session = useShareLinkSession(linkId, joinedHere ? undefined : user?.id);
  // Logged out: what the link offers (title, inviter, role), from the public preview.
  const preview = useShareLinkPreview(linkId, !user);
  const opened = useRef(false);

  useEffect(() => {
    if (!session.isSuccess || opened.current) return;
    opened.current = true;
    const { id, scriptId } = session.data;
    void getAuthConfig().activity?.log('open_sharelink', pathname, { id, script: scriptId });
    navigate(href('session', { sessionId: id }), { replace: true });
  }, [session.isSuccess, session.data, pathname, navigate]);

  if (!user) {
    if (preview.isPending) {
      return (
        <Page centered>
          <Spinner size="lg" label="Opening the invitation" />
        </Page>
      );
    }
    const logIn = (
      <Button variant={preview.data ? 'secondary' : 'primary'} size="lg" onClick={() => authModal.open('login')}>
        Log in
      </Button>
    );
    if (preview.data) {
      // The invitation leads with the person; joining here keeps this page, and after the
      // first-run step the link opens.
      return (
        <Notice
          icon={<LockIcon />}
          title={shareInvitation(preview.data)}
          actions={
            <>
              <Button variant="primary" size="lg" onClick={() => authModal.open('register')}>
                Sign up
              </Button>
              {logIn}
              <p className="vox-notice__footnote">{MESSAGES.loginForSharedScript}</p>
            </>
          }
        >
          <p>Claim the role, record your lines and hear the scene played back together. Signing up is free and takes a minute.</p>
        </Notice>
      );
    }
    // A revoked or unknown link offers nothing to sign up for: the product's sentence and Log in only.
    const gone = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <Notice icon={<LinkOffIcon />} title={MESSAGES.loginForSharedScript} actions={logIn}>
        <p>{gone ? 'This link may have been revoked, or mistyped. Ask the person who shared it for a new one.' : 'Someone invited you to a table read. Log in to join it.'}</p>
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
