import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { EventPage } from './event-page/event-page';
import { EventRegistrationPage } from './event-registration-page/event-registration-page';
import { EventsPage } from './events-page/events-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/events" element={<EventsPage />} />
        <Route path="/event/:eventId" element={<EventPage />} />
        <Route path="/event/:eventId/register" element={<EventRegistrationPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const title = () => screen.getByRole('heading', { level: 1 });

describe('events pages', () => {
  it('lists upcoming events', () => {
    renderAt('/events');
    expect(title()).toHaveTextContent('Events');
  });

  it('an event links to its registration and to all events', () => {
    renderAt('/event/e 1');
    expect(title()).toHaveTextContent('Event');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/event/e%201/register');
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
  });

  it('registration mentions the waiting list', () => {
    renderAt('/event/e1/register');
    expect(title()).toHaveTextContent('Register for the event');
    expect(screen.getByText(/waiting list/)).toBeInTheDocument();
  });
});
