import { lazyPage } from '@vox/ui';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-membership');

export const membershipPages: PageRecord = {
  membership: lazyPage(load, (m) => m.MembershipPage),
  subscription: lazyPage(load, (m) => m.SubscriptionPage),
  contact: lazyPage(load, (m) => m.ContactPage),
};
