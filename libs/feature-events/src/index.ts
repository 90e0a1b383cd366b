export { EventsPage } from './lib/events-page/events-page';
export { EventPage } from './lib/event-page/event-page';
export { EventRegistrationPage } from './lib/event-registration-page/event-registration-page';
