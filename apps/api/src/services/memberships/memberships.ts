import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { PaymentProvider } from './payment-providers';
import { checkoutService, type CheckoutService } from './checkout';
import { plansService, type PlansService } from './plans';
import { providerEventsService, type ProviderEventsService } from './provider-events';
import { REMINDER_EVERY_MS, createMembershipsContext } from './context';
import { every } from '../../plugins/app/every';

declare module 'fastify' {
  interface FastifyInstance {
    memberships: MembershipsService;
  }
}

/** What completing a checkout may carry from the provider. */
export interface Completion {
  /** The provider's subscription (Stripe renews it); null for the test provider. */
  providerSubscriptionId?: string | null;
  /** The provider's payment reference (what a refund names). */
  paymentRef?: string | null;
  /** Where the provider says the paid period ends; otherwise the plan's period from now. */
  periodEnd?: Date | null;
  /** What the provider says was paid; the checkout's price when it does not say. */
  paid?: { amountMinor: number; currency: string } | null;
}

export type MembershipsService = { readonly provider: PaymentProvider } & PlansService & CheckoutService & ProviderEventsService;

async function memberships(app: FastifyInstance, { config }: { config: Config }) {
  const ctx = createMembershipsContext(app, config);
  const service: MembershipsService = { provider: ctx.provider, ...plansService(ctx), ...checkoutService(ctx), ...providerEventsService(ctx) };
  app.decorate('memberships', service);

  // The expiry reminder: a scheduled sweep (each instance may run it; claiming a reminder is one
  // conditional UPDATE, so each subscription is reminded once).
  every(app, () => service.sendReminders(), { what: 'memberships: reminder sweep', ms: REMINDER_EVERY_MS, atStart: 'wait' });
}

export default fp(memberships, {
  name: 'memberships',
  dependencies: ['authorization', 'roles-repository', 'subscriptions-repository', 'memberships-repository', 'users-repository', 'mailer'],
});
