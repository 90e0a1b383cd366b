import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { authModal, useAuthModal, useUser } from '@vox/auth';
import type { Plan, Privilege } from '@vox/contract';
import { membershipPitch } from '@vox/contract/membership';
import { Alert, Button, cx, Page, Spinner } from '@vox/ui';
import { usePlans, useStartCheckout } from '../api/membership';
import { formatPrice, PENDING_PLAN_KEY, periodWords, PRIVILEGE_WORDS } from '../shared/format';
import { providerNavigation } from '../shared/navigation';
import '@vox/ui/page-kit';
import './membership-page.css';

function readPending(): string | null {
  try {
    return sessionStorage.getItem(PENDING_PLAN_KEY);
  } catch {
    return null;
  }
}
function writePending(planId: string | null) {
  try {
    if (planId) sessionStorage.setItem(PENDING_PLAN_KEY, planId);
    else sessionStorage.removeItem(PENDING_PLAN_KEY);
  } catch {
    // Private mode without storage: the choice is kept in memory only.
  }
}

/** /membership: the plans on sale; Choose starts a checkout (logged out: sign in first, then on). */
export function MembershipPage() {
  const user = useUser();
  const [search] = useSearchParams();
  const plans = usePlans(user?.id);
  const [pending, setPending] = useState<string | null>(readPending);
  const checkout = useStartCheckout((url) => providerNavigation.assign(url));
  const started = useRef(false);
  const modal = useAuthModal();

  // The login modal closed without a sign-in: the choice is dropped (no surprise checkout later).
  useEffect(() => {
    if (!user && !modal && pending) {
      writePending(null);
      setPending(null);
    }
  }, [user, modal, pending]);

  // Signed in with a plan chosen while logged out: on to its checkout.
  useEffect(() => {
    if (!user || !pending || started.current) return;
    started.current = true;
    writePending(null);
    setPending(null);
    checkout.mutate(pending);
  }, [user, pending, checkout]);

  const choose = (plan: Plan) => {
    if (!user) {
      writePending(plan.id);
      setPending(plan.id);
      authModal.open('login');
      return;
    }
    checkout.mutate(plan.id);
  };

  return (
    <Page width="wide" className="vox-plans">
      <h1 className="vox-page-title vox-plans__title">Choose your membership</h1>
      <p className="vox-page-lead vox-page-lead--end vox-plans__lead">Every account can read and record scripts, hold table reads and make friends. A membership unlocks more.</p>
      {search.get('checkout') === 'cancelled' && (
        <Alert variant="info" className="vox-plans__notice">
          Checkout cancelled. You have not been charged; choose a plan whenever you are ready.
        </Alert>
      )}
      {checkout.isError && <Alert className="vox-plans__notice">{checkout.error.message}</Alert>}
      {plans.isPending ? (
        <Spinner label="Loading the plans" />
      ) : plans.isError ? (
        <Alert>{plans.error.message}</Alert>
      ) : (
        <ul className="vox-stack vox-plans__grid">
          {plans.data.map((plan) => {
            const busy = (checkout.isPending || checkout.isSuccess) && checkout.variables === plan.id;
            return (
              <li key={plan.id} className={cx('vox-card vox-plan', plan.current && 'vox-plan--current')} aria-label={plan.name}>
                {plan.current && <p className="vox-plan__badge">Your current plan</p>}
                <h2 className="vox-plan__name">{plan.name}</h2>
                <p className="vox-plan__price">
                  <span className="vox-plan__amount">{formatPrice(plan.priceMinor, plan.currency)}</span>
                  <span className="vox-plan__period"> / {periodWords(plan)}</span>
                </p>
                <p className="vox-plan__role">{membershipPitch(plan.role.name)}</p>
                <ul className="vox-plan__features">
                  {plan.role.privileges
                    .filter((p): p is Privilege => p in PRIVILEGE_WORDS)
                    .map((p) => (
                      <li key={p}>{PRIVILEGE_WORDS[p]}</li>
                    ))}
                </ul>
                <Button
                  className="vox-plan__choose"
                  variant={plan.current ? 'secondary' : 'primary'}
                  block
                  busy={busy}
                  disabled={checkout.isPending || checkout.isSuccess}
                  onClick={() => choose(plan)}
                  aria-label={`${plan.current ? 'Add time to' : 'Choose'} ${plan.name}`}
                >
                  {plan.current ? 'Add time' : 'Choose'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="vox-plans__footnote">
        Prices include tax where it applies. You can cancel on the Subscription page at any time; you keep the membership until the end of the period
        you paid for.
      </p>
    </Page>
  );
}
