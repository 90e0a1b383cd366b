import { useParams } from 'react-router';
import { authModal, useUser } from '@vox/auth';
import { Button, MicIcon, Notice, Page, Spinner } from '@vox/ui';
import { BackBar, useGoBack, usePageTitle } from '@vox/ui/page-kit';
import { useSession } from '../api/sessions';
import { Reader, type ReaderProps } from './reader';
import './session-page.css';

type Injected = Pick<ReaderProps, 'devices' | 'speech' | 'copy'>;

/**
 * /session/{sessionId}: the full-screen table-read reader. Logged out, it asks to log in first
 * (the session and its takes are for its participants).
 */
export function SessionPage(injected: Injected = {}) {
  const { sessionId = '' } = useParams();
  const user = useUser();
  if (!user) {
    return (
      <Notice
        icon={<MicIcon />}
        title="Table read"
        actions={
          <Button variant="primary" size="lg" onClick={() => authModal.open('login')}>
            Log in
          </Button>
        }
      >
        <p>Log in to join this table read: claim a role, record your lines and play the scene back together.</p>
      </Notice>
    );
  }
  return <SessionLoader key={sessionId} sessionId={sessionId} {...injected} />;
}

function SessionLoader({ sessionId, ...injected }: { sessionId: string } & Injected) {
  const session = useSession(sessionId);
  const goBack = useGoBack();
  // The tab names the read by its script, as the reader's heading does.
  usePageTitle(session.data ? session.data.script.title || 'Untitled script' : null);

  if (session.isPending) {
    return (
      <Page centered>
        <Spinner size="lg" label="Opening the table read" />
      </Page>
    );
  }
  if (session.isError) {
    return (
      <>
        <BackBar onBack={goBack} />
        <Notice
          icon={<MicIcon />}
          title={session.error.message}
          actions={
            <Button variant="secondary" onClick={() => void session.refetch()}>
              Try again
            </Button>
          }
        >
          <p>Open the table read again from its share link or from your history.</p>
        </Notice>
      </>
    );
  }
  return <Reader session={session.data} refreshing={session.isFetching} onRefresh={() => void session.refetch()} {...injected} />;
}
