import { useEffect, type ReactNode } from 'react';
import { authModal, usePrivileges, useUser } from '@vox/auth';
import { Button, LockIcon, Notice, Page, PrivilegeRequired, Spinner } from '@vox/ui';
import { siteUrl } from '@vox/variant';

export const STAFF_ONLY_TEXT = 'The metrics dashboard is for staff. Log in with a staff account to see it.';

/**
 * The dashboard site (seed section 2): staff (show_metrics) see the children; a visitor gets
 * the login modal over a short notice. A signed-in member without show_metrics gets the
 * missing-privilege page (issue 21: a login modal asked them for what they had already done).
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const userId = useUser()?.id;
  const privileges = usePrivileges();
  const allowed = privileges.has('show_metrics');
  const decided = privileges.known;

  useEffect(() => {
    if (decided && !allowed && !userId) authModal.open('login');
  }, [decided, allowed, userId]);

  if (!decided) {
    return (
      <Page centered>
        <Spinner size="lg" label="Checking your membership" />
      </Page>
    );
  }
  if (allowed) return <>{children}</>;
  if (userId) {
    return <PrivilegeRequired privilege="show_metrics" label="the metrics dashboard" membershipHref={siteUrl(window.location, '', '/membership')} />;
  }
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
