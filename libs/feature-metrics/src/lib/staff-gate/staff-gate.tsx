import { useEffect, type ReactNode } from 'react';
import { authModal, usePrivileges, useUser } from '@vox/auth';
import { Button, LockIcon, Notice, Page, Spinner } from '@vox/ui';

export const STAFF_ONLY_TEXT = 'The metrics dashboard is for staff. Log in with a staff account to see it.';

/**
 * The dashboard site (seed section 2): staff (show_metrics) see the children; anyone else gets
 * the login modal, opened again for each new account that still lacks it, over a short notice.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const userId = useUser()?.id;
  const privileges = usePrivileges();
  const allowed = privileges.has('show_metrics');
  const decided = privileges.known;

  useEffect(() => {
    if (decided && !allowed) authModal.open('login');
  }, [decided, allowed, userId]);

  if (!decided) {
    return (
      <Page centered>
        <Spinner size="lg" label="Checking your membership" />
      </Page>
    );
  }
  if (allowed) return <>{children}</>;
  return (
    <Notice
      icon={<LockIcon />}
      title="Staff only"
      actions={
        <Button variant="primary" size="lg" onClick={() => authModal.open('login')}>
          Log in
        </Button>
      }
    >
      <p>{STAFF_ONLY_TEXT}</p>
    </Notice>
  );
}
