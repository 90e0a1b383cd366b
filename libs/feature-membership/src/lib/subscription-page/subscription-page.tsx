import { Link } from 'react-router';
import { PRIVILEGE_LABELS, useSubscriptions } from '@vox/auth';
import type { Privilege, Subscription } from '@vox/contract';
import { Alert, buttonClassName, cx, Page, Spinner } from '@vox/ui';
import './subscription-page.css';

const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

function includes(subscription: Subscription): string {
  const labels = subscription.role.privileges
    .filter((p): p is Privilege => p in PRIVILEGE_LABELS)
    .map((p) => PRIVILEGE_LABELS[p]);
  return labels.length ? `Includes ${labels.join(', ')}.` : 'Membership of the club.';
}

/** /subscription (logged in only): my subscriptions, newest expiry first. */
export function SubscriptionPage() {
  const subscriptions = useSubscriptions();
  const now = Date.now();
  const list = [...(subscriptions.data ?? [])].sort((a, b) => Date.parse(b.expiry) - Date.parse(a.expiry));

  return (
    <Page width="narrow">
      <h1 className="vox-subscriptions__title">Your subscriptions</h1>
      {subscriptions.isPending ? (
        <Spinner label="Loading your subscriptions" />
      ) : subscriptions.isError ? (
        <Alert>{subscriptions.error.message}</Alert>
      ) : (
        <>
          {list.length === 0 ? (
            <p className="vox-subscriptions__empty">You have no subscriptions yet.</p>
          ) : (
            <ul className="vox-subscriptions__list">
              {list.map((subscription, index) => {
                const expired = Date.parse(subscription.expiry) <= now;
                return (
                  <li
                    key={`${subscription.role.name}-${subscription.expiry}-${index}`}
                    className={cx('vox-subscriptions__item', expired && 'vox-subscriptions__item--expired')}
                  >
                    <p className="vox-subscriptions__role">{subscription.role.name}</p>
                    <p className="vox-subscriptions__detail">
                      {`${expired ? 'Expired' : 'Active until'} ${formatDate(subscription.expiry)}`}
                    </p>
                    <p className="vox-subscriptions__detail">{includes(subscription)}</p>
                  </li>
                );
              })}
            </ul>
          )}
          <Link to="/membership" className={buttonClassName({ variant: 'primary' })}>
            Choose your membership
          </Link>
        </>
      )}
    </Page>
  );
}
