import { useEffect, type ReactNode } from 'react';
import { authModal, usePrivileges, useUser } from '@vox/auth';
import { Button, buttonClassName, LockIcon, Notice, Page, SiteLink, Spinner } from '@vox/ui';
import { href } from '@vox/variant';

const STAFF_ONLY_TEXT = 'The metrics dashboard is for staff. Log in with a staff account to see it.';
const STAFF_AREA_TEXTS = [
  'The metrics dashboard is for VoxClub staff. Your account is not a staff account, and no membership plan includes it.',
  'If you work for VoxClub, ask an administrator to give your account the staff role.',
] as const;

/**
 * The dashboard site: staff (show_metrics) see the children; a visitor gets
 * the login modal over a short notice. A signed-in member without show_metrics is told the area
 * is for staff, with the way back to the main site: not a login modal (they have logged in), and
 * not an offer of plans, since no plan grants show_metrics.
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
    return (
      <Notice
        icon={<LockIcon />}
        title="Staff only"
        actions={
          <SiteLink to={href('home')} site="main" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            Go to VoxClub
          </SiteLink>
        }
      >
        {STAFF_AREA_TEXTS.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </Notice>
    );
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
