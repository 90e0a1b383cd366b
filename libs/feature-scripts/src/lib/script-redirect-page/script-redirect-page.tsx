import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Page, Spinner } from '@vox/ui';
import { useGoBack } from '@vox/ui/page-kit';
import { href } from '@vox/variant';
import { useScriptSession } from '../api/sessions';

/**
 * /script/{scriptId}: resolves the script to my reading session and goes to it,
 * replacing this entry so Back skips the hop. Not found or failed: back to the previous page.
 */
export function ScriptRedirectPage() {
  const { scriptId = '' } = useParams();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const session = useScriptSession(scriptId);
  // One navigation per visit: a second history.back() would go one page too far.
  const left = useRef(false);

  useEffect(() => {
    if (left.current) return;
    if (session.isSuccess) {
      left.current = true;
      navigate(href('session', { sessionId: session.data.id }), { replace: true });
    } else if (session.isError) {
      left.current = true;
      goBack();
    }
  }, [session.isSuccess, session.isError, session.data, navigate, goBack]);

  return (
    <Page centered>
      <Spinner size="lg" label="Opening the script" />
    </Page>
  );
}
