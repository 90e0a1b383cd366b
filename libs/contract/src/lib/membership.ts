import Type from 'typebox';
import { IdParam } from './common';
import { Role } from './users';

/**
 * Membership purchase: plans, checkouts through a payment provider, subscriptions with
 * their receipts. GET /api/subscriptions keeps the product's shape (social.ts `Subscription`); these
 * are the richer shapes of /membership and /subscription.
 */

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const PlanPeriodUnit = Type.Union([Type.Literal('day'), Type.Literal('month')]);

/** One plan as /membership shows it: the role it grants (with privileges), price and period. */
export const Plan = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: Role,
  periodUnit: PlanPeriodUnit,
  periodCount: Type.Integer({ minimum: 1 }),
  /** Minor units (cents). */
  priceMinor: Type.Integer({ minimum: 0 }),
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  /** The signed-in caller holds a running subscription of this plan. */
  current: Type.Boolean(),
});
export type Plan = Type.Static<typeof Plan>;
export const PlanList = Type.Array(Plan);

export const CheckoutBody = Type.Object({ planId: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type CheckoutBody = Type.Static<typeof CheckoutBody>;

export const CheckoutParams = Type.Object({ checkoutId: IdParam });

const CheckoutStatus = Type.Union([Type.Literal('open'), Type.Literal('completed'), Type.Literal('failed'), Type.Literal('cancelled')]);

/** A checkout: where to send the buyer (`url`), and how it stands. */
export const Checkout = Type.Object({
  id: Type.String(),
  planId: Type.String(),
  planName: Type.String(),
  status: CheckoutStatus,
  url: Type.String(),
  /** The provider's words for the last refusal ("Your card was declined."). */
  failure: Nullable(Type.String()),
  /** The subscription it ended in, once completed. */
  subscriptionId: Nullable(Type.String()),
  expiry: Nullable(Type.String()),
});
export type Checkout = Type.Static<typeof Checkout>;

export const Receipt = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('purchase'), Type.Literal('renewal'), Type.Literal('refund')]),
  amountMinor: Type.Integer(),
  currency: Type.String(),
  createdAt: Type.String(),
  /** The price the checkout fixed, when the amount paid differs from it (staff check it with the provider); null when it matched. */
  expectedMinor: Nullable(Type.Integer()),
});
export type Receipt = Type.Static<typeof Receipt>;

const SubscriptionState = Type.Union([Type.Literal('active'), Type.Literal('cancelled'), Type.Literal('expired')]);

/** One subscription as /subscription shows it. status `cancelled`: runs until its expiry, then ends. */
export const SubscriptionDetail = Type.Object({
  id: Type.String(),
  planName: Nullable(Type.String()),
  role: Role,
  startedAt: Type.String(),
  expiry: Type.String(),
  status: SubscriptionState,
  source: Type.String(),
  /** It can be cancelled at period end or resumed by its owner (a bought plan that has not expired). */
  renewable: Type.Boolean(),
  receipts: Type.Array(Receipt),
});
export type SubscriptionDetail = Type.Static<typeof SubscriptionDetail>;
export const SubscriptionDetailList = Type.Array(SubscriptionDetail);

export const SubscriptionParams = Type.Object({ subscriptionId: IdParam });
export const MembershipUserQuery = Type.Object({ user: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });
export const PaymentParams = Type.Object({ paymentId: IdParam });

/** The built-in test provider's checkout form (an HTML form post). */
export const TestCheckoutForm = Type.Object({
  action: Type.Union([Type.Literal('pay'), Type.Literal('cancel')]),
  card: Type.Optional(Type.String({ maxLength: 40 })),
});

/** Pages the API serves itself (the test provider's checkout page). */
export const Html = Type.Unsafe<string>({ type: 'string', contentMediaType: 'text/html' });
export const Redirect = Type.Null({ description: 'See Other: the Location header says where' });
/** Stripe's webhook: Stripe's JSON event, verified by signature before it is read. */
export const WebhookBody = Type.Unknown();
export const WebhookAnswer = Type.Object({ received: Type.Boolean() });

export const MEMBERSHIP_MESSAGES = {
  planNotFound: 'This plan is not available.',
  checkoutNotFound: 'This checkout was not found.',
  subscriptionNotFound: 'This subscription was not found.',
  paymentNotFound: 'This payment was not found.',
  planRenewsItself: 'You already have this plan and it renews by itself. To keep it after cancelling, resume it on the Subscription page.',
  notRenewable: 'Only a bought membership that is still running can be cancelled or resumed.',
  staffOnly: 'Only staff can manage the memberships of other users.',
  badSignature: 'The webhook signature is not valid.',
  futureTimestamp: 'The webhook is signed with a time too far in the future.',
  alreadyRefunded: 'This payment has already been refunded.',
  paymentsNotSetUp: 'Payments are not set up on this site, so memberships cannot be bought yet.',
  providerUnreachable: 'The payment provider cannot be reached right now. Nothing was charged; please try again in a few minutes.',
} as const;
