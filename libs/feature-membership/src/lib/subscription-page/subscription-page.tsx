import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PRIVILEGE_LABELS, refreshSession, useUser } from '@vox/auth';
import type { Privilege, SubscriptionDetail } from '@vox/contract';
import { DECLINED_ADVICE } from '@vox/contract/membership';
import { Alert, Button, buttonClassName, cx, Page, Spinner } from '@vox/ui';
import { href } from '@vox/variant';
import { useChangeSubscription, useCheckout, useRefreshMembership, useStaffAction, useSubscriptionDetails } from '../api/membership';
import { formatDate, formatPrice } from '../shared/format';
import '@vox/ui/page-kit';
import './subscription-page.css';

function includes(subscription: SubscriptionDetail): string {
  const labels = subscription.role.privileges.filter((p): p is Privilege => p in PRIVILEGE_LABELS).map((p) => PRIVILEGE_LABELS[p]);
  return labels.length ? `Includes ${labels.join(', ')}.` : 'Membership of the club.';
}

const STATUS_WORDS: Record<SubscriptionDetail['status'], string> = {
  active: 'Active',
  cancelled: 'Cancelled: ends at the end of the period',
  expired: 'Expired',
};

/** The return from checkout (?checkout=id): how the payment stands, polled until it is settled. */
function CheckoutResult({ checkoutId, onCompleted }: { checkoutId: string; onCompleted: () => void }) {
  const checkout = useCheckout(checkoutId);
  const completed = checkout.data?.status === 'completed';
  useEffect(() => {
    if (completed) onCompleted();
  }, [completed, onCompleted]);
  if (checkout.isError) return <Alert className="vox-subscriptions__notice">{checkout.error.message}</Alert>;
  if (!checkout.data || checkout.data.status === 'open') return <Spinner label="Confirming your payment" />;
  if (checkout.data.status === 'completed') {
    return (
      <Alert variant="success" className="vox-subscriptions__notice" title="Payment received">
        {`Thank you. ${checkout.data.planName} is active${checkout.data.expiry ? ` until ${formatDate(checkout.data.expiry)}` : ''}. A receipt is on its way to your mail.`}
      </Alert>
    );
  }
  return (
    <Alert className="vox-subscriptions__notice">
      {checkout.data.failure ?? 'The payment did not go through.'} {checkout.data.status === 'failed' && `${DECLINED_ADVICE} `}<Link to={href('membership')}>Choose the plan again</Link>
    </Alert>
  );
}

/** /subscription (logged in only): my subscriptions with status, expiry and receipts; cancel and resume. */
export function SubscriptionPage() {
  const user = useUser();
  const [search] = useSearchParams();
  const checkoutId = search.get('checkout');
  // Staff look at a member's subscriptions with ?user=<id> (the server refuses anyone else).
  const of = search.get('user');
  const staffView = Boolean(of && of !== user?.id);
  const details = useSubscriptionDetails(user?.id, of);
  const refreshAll = useRefreshMembership(user?.id);
  const change = useChangeSubscription(refreshAll);
  const staff = useStaffAction(refreshAll);
  const onCompleted = () => {
    // The new privileges: the session's user is renewed, so the header's tabs follow at once.
    void refreshSession().then(refreshAll);
  };

  return (
    <Page width="narrow">
      <h1 className="vox-page-title vox-subscriptions__title">{staffView ? 'Member subscriptions' : 'Your subscriptions'}</h1>
      {checkoutId && <CheckoutResult checkoutId={checkoutId} onCompleted={onCompleted} />}
      {change.isError && <Alert className="vox-subscriptions__notice">{change.error.message}</Alert>}
      {staff.isError && <Alert className="vox-subscriptions__notice">{staff.error.message}</Alert>}
      {details.isPending ? (
        <Spinner label="Loading your subscriptions" />
      ) : details.isError ? (
        <Alert>{details.error.message}</Alert>
      ) : (
        <>
          {details.data.length === 0 ? (
            <p className="vox-subscriptions__empty">{staffView ? 'This member has no subscriptions.' : 'You have no subscriptions yet.'}</p>
          ) : (
            <ul className="vox-stack vox-stack--tight vox-subscriptions__list">
              {details.data.map((subscription) => (
                <li
                  key={subscription.id}
                  aria-label={subscription.planName ?? subscription.role.name}
                  className={cx('vox-card vox-subscriptions__item', subscription.status === 'expired' && 'vox-subscriptions__item--expired')}
                >
                  <div className="vox-split vox-subscriptions__head">
                    <p className={cx('vox-subscriptions__role', subscription.planName && 'vox-subscriptions__role--plan')}>{subscription.planName ?? subscription.role.name}</p>
                    <span className={`vox-chip vox-subscriptions__status vox-subscriptions__status--${subscription.status}`}>{STATUS_WORDS[subscription.status]}</span>
                  </div>
                  <p className="vox-subscriptions__detail">
                    Role <strong>{subscription.role.name}</strong> · started {formatDate(subscription.startedAt)}
                  </p>
                  <p className="vox-subscriptions__detail">
                    {subscription.status === 'expired'
                      ? `Expired ${formatDate(subscription.expiry)}`
                      : subscription.status === 'cancelled'
                        ? `Ends ${formatDate(subscription.expiry)}`
                        : `Active until ${formatDate(subscription.expiry)}`}
                  </p>
                  <p className="vox-subscriptions__detail">{includes(subscription)}</p>
                  {subscription.receipts.length > 0 && (
                    <div className="vox-subscriptions__receipts">
                      <p className="vox-subscriptions__receipts-title">Receipts</p>
                      <ul>
                        {subscription.receipts.map((receipt) => (
                          <li key={receipt.id}>
                            {formatDate(receipt.createdAt)} · {receipt.kind === 'purchase' ? 'Purchase' : receipt.kind === 'renewal' ? 'Renewal' : 'Refund'} ·{' '}
                            {formatPrice(receipt.amountMinor, receipt.currency)}
                            {staffView && receipt.expectedMinor !== null && (
                              <span className="vox-subscriptions__mismatch">
                                {' '}
                                · differs from the price ({formatPrice(receipt.expectedMinor, receipt.currency)}): check it with the payment provider
                              </span>
                            )}
                            {staffView && receipt.kind !== 'refund' && !subscription.receipts.some((r) => r.id === `${receipt.id}-refund`) && (
                              <Button
                                variant="link"
                                size="sm"
                                className="vox-subscriptions__refund"
                                busy={staff.isPending}
                                onClick={() => staff.mutate({ refund: receipt.id })}
                              >
                                Refund
                              </Button>
                            )}
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                  {staffView && subscription.status !== 'expired' && (
                    <div className="vox-subscriptions__actions">
                      <Button variant="secondary" size="sm" busy={staff.isPending} onClick={() => staff.mutate({ end: subscription.id })}>
                        End now
                      </Button>
                    </div>
                  )}
                  {!staffView && subscription.renewable && (
                    <div className="vox-subscriptions__actions">
                      {subscription.status === 'active' ? (
                        <Button
                          variant="secondary"
                          size="sm"
                          busy={change.isPending && change.variables?.id === subscription.id}
                          onClick={() => change.mutate({ id: subscription.id, action: 'cancel' })}
                        >
                          Cancel at period end
                        </Button>
                      ) : (
                        <Button
                          variant="secondary"
                          size="sm"
                          busy={change.isPending && change.variables?.id === subscription.id}
                          onClick={() => change.mutate({ id: subscription.id, action: 'resume' })}
                        >
                          Resume
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          {!staffView && (
            <Link to={href('membership')} className={buttonClassName({ variant: 'primary' })}>
              Choose your membership
            </Link>
          )}
        </>
      )}
    </Page>
  );
}
