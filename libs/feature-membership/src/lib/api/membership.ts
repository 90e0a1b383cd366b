import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { subscriptionsQueryKey } from '@vox/auth';
import { membershipEndpoints } from '@vox/contract/membership';
import { schoolEndpoints, type ContactFields } from '@vox/contract/school';

/** The membership area's calls (contract: `membershipEndpoints`); errors are ApiError with the server's text. */
const membershipKeys = {
  all: ['membership'] as const,
  plans: (userId: string | undefined) => [...membershipKeys.all, 'plans', userId ?? 'anonymous'] as const,
  subscriptions: () => [...membershipKeys.all, 'subscriptions'] as const,
  details: (userId: string | undefined, of?: string | null) => [...membershipKeys.subscriptions(), userId ?? 'anonymous', of ?? 'me'] as const,
  checkout: (checkoutId: string) => [...membershipKeys.all, 'checkout', checkoutId] as const,
};

/** The plans on sale (each says whether I hold it, so it is asked per member). */
export const usePlans = (userId: string | undefined) => useQuery({ queryKey: membershipKeys.plans(userId), queryFn: () => api.call(membershipEndpoints.plans) });

/** Starts a checkout of a plan; `onStarted` gets the provider's page to go to. */
export const useStartCheckout = (onStarted: (url: string) => void) =>
  useMutation({
    mutationFn: (planId: string) => api.call(membershipEndpoints.startCheckout, { body: { planId } }),
    onSuccess: (started) => onStarted(started.url),
  });

/** How a checkout stands after the return from the provider, asked again while it is open. */
export const useCheckout = (checkoutId: string) =>
  useQuery({
    queryKey: membershipKeys.checkout(checkoutId),
    queryFn: () => api.call(membershipEndpoints.checkout, { params: { checkoutId } }),
    // A provider's webhook may land a moment after the buyer does: look again until it has.
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 1500 : false),
  });

/** My subscriptions with their payments, or (staff) another member's with `of`. */
export const useSubscriptionDetails = (userId: string | undefined, of: string | null) =>
  useQuery({
    queryKey: membershipKeys.details(userId, of),
    queryFn: () => api.call(membershipEndpoints.membershipSubscriptions, { query: { user: of ?? undefined } }),
    enabled: Boolean(userId),
  });

/** After a change: the lists here, my subscriptions (the gates read them) and the plans. */
export function useRefreshMembership(userId: string | undefined) {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: membershipKeys.subscriptions() }),
      client.invalidateQueries({ queryKey: subscriptionsQueryKey(userId) }),
      client.invalidateQueries({ queryKey: [...membershipKeys.all, 'plans'] }),
    ]);
  };
}

/** Cancel at period end, or resume. */
export const useChangeSubscription = (onSuccess: () => Promise<void>) =>
  useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'resume' }) =>
      api.call(action === 'cancel' ? membershipEndpoints.cancelSubscription : membershipEndpoints.resumeSubscription, { params: { subscriptionId: id } }),
    onSuccess,
  });

/** Staff: end a subscription now, or refund a payment. */
export const useStaffAction = (onSuccess: () => Promise<void>) =>
  useMutation({
    mutationFn: (action: { end: string } | { refund: string }) =>
      'end' in action
        ? api.call(membershipEndpoints.endSubscription, { params: { subscriptionId: action.end } })
        : api.call(membershipEndpoints.refundPayment, { params: { paymentId: action.refund } }),
    onSuccess,
  });

/** /contact's message to the team (a honeypot `website` field rides along). */
export const useSendContact = () => useMutation({ mutationFn: (body: ContactFields & { website: string }) => api.call(schoolEndpoints.submitContact, { body }) });
