export { MembershipPage } from './lib/membership-page/membership-page';
export { SubscriptionPage } from './lib/subscription-page/subscription-page';
export { ContactPage } from './lib/contact-page/contact-page';
