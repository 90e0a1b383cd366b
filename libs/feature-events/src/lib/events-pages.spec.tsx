import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authModal, authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import type { EventSummary } from '@vox/contract/events';
import { createFakeServer, json, pageTitle, renderRoutes } from '@vox/testing';
import { EventPage } from './event-page/event-page';
import { EventRegistrationPage } from './event-registration-page/event-registration-page';
import { EventsPage } from './events-page/events-page';
import { EVENT_FORM_TEXTS } from './shared/create-event-form';
import { zonedToUtc } from './shared/format';

/** Tests that type a whole form take more than Jest's 5 s when the machine is busy. */
const TYPING_TIMEOUT = 30_000;

const pages = { '/events': <EventsPage />, '/event/:eventId': <EventPage />, '/event/:eventId/register': <EventRegistrationPage /> };

const member: User = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };
const staff: User = { ...member, id: 's1', role: { name: 'staff', privileges: [] } };

const event = (over: Partial<EventSummary> = {}): EventSummary => ({
  id: 'ev1',
  title: 'Open table read: The Lighthouse',
  description: 'Bring your voice; scripts are shared on the night.',
  // Tuesday 1 December 2026, 18:00–20:00 in London (GMT).
  startsAt: '2026-12-01T18:00:00.000Z',
  endsAt: '2026-12-01T20:00:00.000Z',
  timeZone: 'Europe/London',
  place: 'Studio 2, 10 Market Street, Leeds',
  onlineUrl: null,
  capacity: 20,
  seatsLeft: 12,
  waitlistCount: 0,
  ended: false,
  myRegistration: null,
  ...over,
});

afterEach(() => authStore.clear());

describe('/events', () => {
  it('lists upcoming events with when, where, seats and my registration', async () => {
    createFakeServer().on('events', () =>
      json(200, {
        events: [
          event(),
          event({ id: 'ev2', title: 'Showcase night', seatsLeft: 0, waitlistCount: 3, myRegistration: { status: 'waitlisted', position: 2, registeredAt: '2026-11-01T10:00:00.000Z' } }),
        ],
      }),
    );
    renderRoutes(pages, { route: '/events', user: member });
    expect(pageTitle()).toHaveTextContent('Events');
    const list = await screen.findByRole('list', { name: 'Upcoming events' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).getByRole('link', { name: 'Open table read: The Lighthouse' })).toHaveAttribute('href', '/event/ev1');
    expect(items[0]).toHaveTextContent('Tuesday 1 December 2026, 18:00–20:00 (London time)');
    expect(items[0]).toHaveTextContent('Studio 2, 10 Market Street, Leeds');
    expect(items[0]).toHaveTextContent('12 of 20 seats left');
    expect(items[1]).toHaveTextContent('Full · 3 on the waiting list');
    expect(items[1]).toHaveTextContent('You are number 2 on the waiting list');
    // Members do not get the staff form.
    expect(screen.queryByText('Create an event')).not.toBeInTheDocument();
  });

  it('shows the archive under Past events, and says when there is nothing', async () => {
    const server = createFakeServer();
    server.on('events', ({ query }) => json(200, { events: (query as { when?: string }).when === 'past' ? [event({ id: 'old', title: 'Last year’s showcase', ended: true })] : [] }));
    renderRoutes(pages, { route: '/events', user: null });
    expect(await screen.findByText('No upcoming events yet. Check back soon.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Past events' }));
    const list = await screen.findByRole('list', { name: 'Past events' });
    expect(list).toHaveTextContent('Last year’s showcase');
    expect(list).not.toHaveTextContent('seats left');
  });

  it('lets staff create an event, with a text for every wrong field and the time taken in the chosen zone', async () => {
    const server = createFakeServer();
    server.on('events', () => json(200, { events: [] }));
    server.on('createEvent', ({ body }) => json(201, event({ id: 'new1', ...(body as object), place: 'Leeds', onlineUrl: null })));
    renderRoutes(pages, { route: '/events', user: staff });
    await userEvent.click(screen.getByText('Create an event'));
    const form = screen.getByRole('form', { name: 'New event' });
    await userEvent.clear(within(form).getByLabelText('Seats'));
    await userEvent.type(within(form).getByLabelText('Online link'), 'meet.example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create event' }));
    expect(within(form).getByText(EVENT_FORM_TEXTS.title)).toBeInTheDocument();
    // The focus goes to the first field to fix, which reads its error with it.
    await waitFor(() => expect(within(form).getByLabelText('Title')).toHaveFocus());
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription(EVENT_FORM_TEXTS.title);
    expect(within(form).getByText(EVENT_FORM_TEXTS.date)).toBeInTheDocument();
    expect(within(form).getByText(EVENT_FORM_TEXTS.onlineUrl)).toBeInTheDocument();
    expect(within(form).getByText(EVENT_FORM_TEXTS.capacity)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.name === 'createEvent')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Title'), 'Summer workshop');
    await userEvent.type(within(form).getByLabelText('Day'), '2027-07-01');
    await userEvent.clear(within(form).getByLabelText('Online link'));
    await userEvent.type(within(form).getByLabelText('Place'), 'Leeds');
    await userEvent.type(within(form).getByLabelText('Seats'), '15');
    await userEvent.selectOptions(within(form).getByLabelText('Time zone'), 'Europe/London');
    await userEvent.click(within(form).getByRole('button', { name: 'Create event' }));
    expect(await within(form).findByRole('link', { name: 'Summer workshop' })).toHaveAttribute('href', '/event/new1');
    const call = server.calls.find((c) => c.name === 'createEvent');
    // 18:00 in London in July is 17:00 UTC (summer time).
    expect(call?.body).toEqual({
      title: 'Summer workshop',
      description: '',
      startsAt: '2027-07-01T17:00:00.000Z',
      endsAt: '2027-07-01T19:00:00.000Z',
      timeZone: 'Europe/London',
      place: 'Leeds',
      onlineUrl: null,
      capacity: 15,
    });
  }, TYPING_TIMEOUT);
});

describe('zonedToUtc', () => {
  it('reads a wall-clock time in the zone, across daylight saving', () => {
    expect(zonedToUtc('2026-12-01', '18:00', 'Europe/London')).toBe('2026-12-01T18:00:00.000Z');
    expect(zonedToUtc('2026-07-01', '09:30', 'America/New_York')).toBe('2026-07-01T13:30:00.000Z');
    expect(zonedToUtc('2026-01-15', '10:00', 'Australia/Sydney')).toBe('2026-01-14T23:00:00.000Z');
  });
});

describe('/event/{eventId}', () => {
  it('shows the event with its facts and a way to register and back to all events', async () => {
    createFakeServer().on('event', () => json(200, event({ onlineUrl: 'https://meet.example.com/x' })));
    renderRoutes(pages, { route: '/event/ev1', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Open table read: The Lighthouse' })).toBeInTheDocument();
    expect(screen.getByText('Tuesday 1 December 2026, 18:00–20:00 (London time)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://meet.example.com/x' })).toHaveAttribute('href', 'https://meet.example.com/x');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/event/ev1/register');
    expect(screen.getAllByRole('link', { name: 'All events' }).at(-1)).toHaveAttribute('href', '/events');
  });

  it('offers the waiting list when full, and says when the event is not found', async () => {
    const server = createFakeServer();
    server.on('event', ({ params }) =>
      (params as { eventId: string }).eventId === 'gone' ? json(404, { message: 'This event was not found.' }) : json(200, event({ seatsLeft: 0, waitlistCount: 1 })),
    );
    renderRoutes(pages, { route: '/event/ev1', user: member });
    expect(await screen.findByRole('link', { name: 'Join the waiting list' })).toBeInTheDocument();
    expect(screen.getByText('Full · 1 on the waiting list')).toBeInTheDocument();
  });
});

describe('/event/{eventId} for staff', () => {
  it('lists who comes and who waits, and issues a certificate to a member who had a seat', async () => {
    const server = createFakeServer({ token: 't' });
    server.on('event', () => json(200, event()));
    server.on('eventAttendees', () =>
      json(200, {
        attendees: [
          { user: { id: 'a1', handle: null, name: 'Ann Reader', photo: null }, email: 'ann@example.com', status: 'confirmed', registeredAt: '2026-11-20T10:00:00.000Z' },
          { user: { id: 'b1', handle: 'bob', name: null, photo: null }, email: null, status: 'waitlisted', registeredAt: '2026-11-20T11:00:00.000Z' },
        ],
      }),
    );
    server.on('issueCertificate', () =>
      json(201, {
        id: 'AbCdEfGhIjKlMnOpQrStUvWx',
        recipientName: 'Ann Reader',
        course: 'Open table read: The Lighthouse',
        issuerName: 'Ada',
        issuedAt: '2026-12-01T21:00:00.000Z',
        status: 'valid',
        revokedAt: null,
        verifyUrl: 'https://voxclub.test/certificate/AbCdEfGhIjKlMnOpQrStUvWx',
        canRevoke: true,
      }),
    );
    renderRoutes(pages, { route: '/event/ev1', user: staff });
    const list = await screen.findByRole('list', { name: 'Attendees' });
    const [ann, bob] = within(list).getAllByRole('listitem');
    expect(ann).toHaveTextContent('Ann Reader · ann@example.com');
    expect(bob).toHaveTextContent('@bob');
    expect(bob).toHaveTextContent('Waiting list');
    expect(within(bob).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(ann).getByRole('button', { name: 'Issue a certificate to Ann Reader' }));
    expect(await within(ann).findByRole('link', { name: 'Certificate issued' })).toHaveAttribute('href', '/certificate/AbCdEfGhIjKlMnOpQrStUvWx');
    expect(server.calls.find((c) => c.name === 'issueCertificate')?.body).toEqual({ recipientId: 'a1', eventId: 'ev1' });
  });

  it("shows the server's refusal beside the member", async () => {
    const server = createFakeServer({ token: 't' });
    server.on('event', () => json(200, event()));
    server.on('eventAttendees', () =>
      json(200, { attendees: [{ user: { id: 'a1', handle: null, name: 'Ann Reader', photo: null }, email: null, status: 'confirmed', registeredAt: '2026-11-20T10:00:00.000Z' }] }),
    );
    server.on('issueCertificate', () => json(409, { message: 'This member already has a certificate for this event.' }));
    renderRoutes(pages, { route: '/event/ev1', user: staff });
    await userEvent.click(await screen.findByRole('button', { name: 'Issue a certificate to Ann Reader' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This member already has a certificate for this event.');
  });

  it('is not shown to members', async () => {
    const server = createFakeServer({ token: 't' });
    server.on('event', () => json(200, event()));
    renderRoutes(pages, { route: '/event/ev1', user: member });
    await screen.findByRole('heading', { level: 1, name: 'Open table read: The Lighthouse' });
    expect(screen.queryByRole('heading', { name: 'Attendees' })).not.toBeInTheDocument();
    expect(server.calls.map((c) => c.name)).toEqual(['event']);
  });
});

describe('/event/{eventId}/register', () => {
  it('asks a visitor to log in first', async () => {
    createFakeServer().on('event', () => json(200, event()));
    renderRoutes(pages, { route: '/event/ev1/register', user: null });
    expect(pageTitle()).toHaveTextContent('Register for the event');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(authModal.getSnapshot()).toBe('login');
    authModal.close();
    expect(screen.getByText(/you join the waiting list/)).toBeInTheDocument();
  });

  it("registers, shows the server's answer and my seat, then cancels", async () => {
    const server = createFakeServer({ token: 't' });
    let current = event({ capacity: 1, seatsLeft: 1 });
    server.on('event', () => json(200, current));
    server.on('registerForEvent', () => {
      current = event({ capacity: 1, seatsLeft: 0, myRegistration: { status: 'confirmed', position: null, registeredAt: '2026-11-20T10:00:00.000Z' } });
      return json(200, { message: 'You are registered. A confirmation is on its way to your email.', event: current });
    });
    server.on('cancelEventRegistration', () => {
      current = event({ capacity: 1, seatsLeft: 1 });
      return json(200, { message: 'Your registration is cancelled.', event: current });
    });
    renderRoutes(pages, { route: '/event/ev1/register', user: member });
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('You are registered. A confirmation is on its way to your email.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You are registered' })).toBeInTheDocument();
    // Cancelling asks first; keeping the registration sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel my registration' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel your registration?' });
    expect(dialog).toHaveTextContent(
      'Your seat at Open table read: The Lighthouse goes to the next person on the waiting list at once; to come after all you would register again, and the event may be full by then.',
    );
    expect(dialog).toHaveTextContent('We will email you to confirm, with a calendar update that removes the event.');
    expect(within(dialog).getByRole('button', { name: 'Keep my registration' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my registration' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.name === 'cancelEventRegistration')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'You are registered' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel my registration' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel your registration?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your registration is cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.filter((c) => c.name === 'cancelEventRegistration')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument());
  });

  it('offers the waiting list when full and shows my place in it', async () => {
    const server = createFakeServer({ token: 't' });
    server.on('event', () => json(200, event({ seatsLeft: 0 })));
    server.on('registerForEvent', () =>
      json(200, {
        message: 'The event is full, so you are on the waiting list. We will email you if a seat opens.',
        event: event({ seatsLeft: 0, waitlistCount: 4, myRegistration: { status: 'waitlisted', position: 4, registeredAt: '2026-11-20T10:00:00.000Z' } }),
      }),
    );
    renderRoutes(pages, { route: '/event/ev1/register', user: member });
    await userEvent.click(await screen.findByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByRole('heading', { name: 'You are number 4 on the waiting list' })).toBeInTheDocument();
  });
});
