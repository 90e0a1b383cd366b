import { screen } from '@testing-library/react';
import { EventPage } from './event-page/event-page';
import { EventRegistrationPage } from './event-registration-page/event-registration-page';
import { EventsPage } from './events-page/events-page';
import { pageTitle, renderRoutes } from '@vox/testing';

const pages = { '/events': <EventsPage />, '/event/:eventId': <EventPage />, '/event/:eventId/register': <EventRegistrationPage /> };

describe('events pages', () => {
  it('lists upcoming events', () => {
    renderRoutes(pages, { route: '/events' });
    expect(pageTitle()).toHaveTextContent('Events');
  });

  it('an event links to its registration and to all events', () => {
    renderRoutes(pages, { route: '/event/e 1' });
    expect(pageTitle()).toHaveTextContent('Event');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/event/e%201/register');
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
  });

  it('registration mentions the waiting list', () => {
    renderRoutes(pages, { route: '/event/e1/register' });
    expect(pageTitle()).toHaveTextContent('Register for the event');
    expect(screen.getByText(/waiting list/)).toBeInTheDocument();
  });
});
