import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authStore } from '@vox/auth';
import type { SessionDetail } from '@vox/contract';
import { createFakeServer, json, member, person, renderPage, sessionAt } from '@vox/testing';
import { PeopleManager } from './people-manager';

const grace = member('u2', 'Grace', 'grace');

const detail = (createdBy = 'u2'): SessionDetail =>
  sessionAt({
    createdBy,
    participants: [
      { user: person('u2', 'Grace'), role: null, joinedAt: '2026-11-21T09:00:00.000Z' },
      { user: person('u1', 'Ada'), role: 'LANE', joinedAt: '2026-11-21T09:01:00.000Z' },
      { user: person('u3', 'Linus'), role: null, joinedAt: '2026-11-21T09:02:00.000Z' },
    ],
  });

beforeEach(() => authStore.setSession({ token: 't', user: grace }));
afterEach(() => authStore.clear());

describe('PeopleManager: the creator removes people from a table read', () => {
  it('lists the others with their seat and removes one through the API', async () => {
    const server = createFakeServer().routes({ 'DELETE /api/sessions/se1/participants/u1': () => ({ status: 204, body: undefined }) });
    renderPage(<PeopleManager session={detail()} userId="u2" />, { route: ['/session/se1'], path: '/session/:sessionId' });
    fireEvent.click(screen.getByRole('button', { name: 'People' }));
    const dialog = await screen.findByRole('dialog', { name: 'People at this table read' });
    const list = within(dialog).getByRole('list', { name: 'People' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AAdaReads LANERemove', 'LLinusListeningRemove']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Ada' }));
    await waitFor(() => expect(server.requests).toEqual(['DELETE /api/sessions/se1/participants/u1']));
  });

  it("shows the server's refusal", async () => {
    createFakeServer().routes({
      'DELETE /api/sessions/se1/participants/u3': () => json(403, { message: 'Only the person who started this table read can remove people from it.' }),
    });
    renderPage(<PeopleManager session={detail()} userId="u2" />, { route: ['/session/se1'], path: '/session/:sessionId' });
    fireEvent.click(screen.getByRole('button', { name: 'People' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Linus' }));
    expect(await screen.findByText('Only the person who started this table read can remove people from it.')).toBeInTheDocument();
  });

  it('is not there for someone who did not start the table read', () => {
    createFakeServer().routes({});
    renderPage(<PeopleManager session={detail('u9')} userId="u2" />, { route: ['/session/se1'], path: '/session/:sessionId' });
    expect(screen.queryByRole('button', { name: 'People' })).toBeNull();
  });
});
