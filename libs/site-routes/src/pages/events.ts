import { lazyPage } from '@vox/ui';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-events');

export const eventsPages: PageRecord = {
  events: lazyPage(load, (m) => m.EventsPage),
  event: lazyPage(load, (m) => m.EventPage),
  eventRegister: lazyPage(load, (m) => m.EventRegistrationPage),
};
