import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { coreEndpoints, type User } from '@vox/contract';
import { scriptEndpoints } from '@vox/contract/scripts';
import { socialEndpoints } from '@vox/contract/social';
import { contractProblem, createFakeServer, json, matchEndpoint } from './fake-server';
import { renderPage, renderRoutes } from './render-page';

const ada: User = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };

describe('the fake server', () => {
  it('finds the contract endpoint of a request, literal segments first', () => {
    expect(matchEndpoint('GET', '/api/scripts/sc%201/session')).toEqual({ name: 'scriptSession', params: { scriptId: 'sc 1' } });
    expect(matchEndpoint('GET', '/api/notifications/seen')).toEqual({ name: 'notificationsSeen', params: {} });
    expect(matchEndpoint('DELETE', '/api/friendships/requests/u2')).toEqual({ name: 'cancelFriendRequest', params: { userId: 'u2' } });
    expect(matchEndpoint('GET', '/api/friendships/')).toEqual({ name: 'friendships', params: {} });
    expect(matchEndpoint('GET', '/api/nothing')).toBeUndefined();
  });

  it('answers per endpoint name, matching params and query, and records each call', async () => {
    const server = createFakeServer({ token: 'tok' });
    server.on('scriptSession', () => json(200, { id: 'se1' }), { params: { scriptId: 'sc1' } });
    server.on('history', ({ query }) => json(200, { items: [], total: 0, page: Number(query.page), pageSize: 20 }));
    await expect(api.call(coreEndpoints.scriptSession, { params: { scriptId: 'sc1' } })).resolves.toEqual({ id: 'se1' });
    await expect(api.call(coreEndpoints.scriptSession, { params: { scriptId: 'sc2' } })).rejects.toMatchObject({ status: 404, message: 'Not found' });
    await expect(api.call(scriptEndpoints.history, { query: { page: 3 } })).resolves.toMatchObject({ page: 3 });
    expect(server.requests).toEqual(['GET /api/scripts/sc1/session', 'GET /api/scripts/sc2/session', 'GET /api/history?page=3']);
    expect(server.calls[0]).toMatchObject({ name: 'scriptSession', params: { scriptId: 'sc1' }, headers: { Authorization: 'Bearer tok' } });
  });

  it('takes answers keyed by request too, resolving each to its endpoint', async () => {
    const server = createFakeServer();
    server.routes({ 'PUT /api/notifications/seen': () => json(200, { id: 'n5' }) });
    await expect(api.call(socialEndpoints.markNotificationsSeen, { body: { id: 'n5' } })).resolves.toEqual({ id: 'n5' });
    expect(server.calls[0].body).toEqual({ id: 'n5' });
    expect(() => server.routes({ 'GET /api/nowhere': () => json(200, {}) })).toThrow('GET /api/nowhere is not a call of the contract');
  });

  it('tells what is wrong with an answer outside the contract', () => {
    expect(contractProblem('scriptSession', json(200, { id: 'se1' }))).toBeUndefined();
    expect(contractProblem('scriptSession', json(404, { message: 'This script was not found.' }))).toBeUndefined();
    expect(contractProblem('scriptSession', json(500, { message: 'Boom.' }))).toBeUndefined();
    expect(contractProblem('deleteScript', json(204))).toBeUndefined();
    expect(contractProblem('scriptSession', json(200, { session: 'se1' }))).toMatch(
      /^scriptSession \(GET \/api\/scripts\/:scriptId\/session\) answered 200 with a body that does not match its schema: .*id/,
    );
    expect(contractProblem('scriptSession', json(201, { id: 'se1' }))).toBe(
      'scriptSession (GET /api/scripts/:scriptId/session) answered 201, a status the contract does not list (200, 401, 404).',
    );
    expect(contractProblem('history', json(403, 'no'))).toMatch(/history \(GET \/api\/history\) answered 403 with a body that does not match/);
  });

  it('answers a wrong shape with a 500 naming the problem (and fails the test after it)', async () => {
    const server = createFakeServer();
    server.on('scriptSession', () => json(200, { session: 'se1' }));
    await expect(api.call(coreEndpoints.scriptSession, { params: { scriptId: 'sc1' } })).rejects.toMatchObject({
      status: 500,
      message: expect.stringContaining('scriptSession (GET /api/scripts/:scriptId/session) answered 200 with a body that does not match'),
    });
    // This spec wants the wrong answer: take it off the list the kit fails the test with.
    expect(takeViolations()).toHaveLength(1);
  });
});

function Script() {
  const { scriptId = '' } = useParams();
  const user = useUser();
  const session = useQuery({ queryKey: ['s', scriptId], queryFn: () => api.call(coreEndpoints.scriptSession, { params: { scriptId } }) });
  return (
    <main>
      <p>{user ? `Signed in as ${user.name}` : 'Signed out'}</p>
      <p>{session.data ? `Session ${session.data.id}` : 'Loading'}</p>
      <Link to="/elsewhere">away</Link>
    </main>
  );
}

describe('renderPage', () => {
  it('renders a page at its route with router, QueryClient, auth and the fake server', async () => {
    const server = createFakeServer().on('scriptSession', ({ params }) => json(200, { id: `se-${params.scriptId}` }));
    renderPage(<Script />, { route: '/script/sc7', path: '/script/:scriptId', user: ada, server });
    expect(screen.getByText('Signed in as Ada')).toBeInTheDocument();
    expect(await screen.findByText('Session se-sc7')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/script/sc7');
    screen.getByRole('link', { name: 'away' }).click();
    await waitFor(() => expect(screen.getByText('elsewhere')).toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere');
  });

  it('is signed out without a user', () => {
    createFakeServer();
    renderPage(<Script />, { route: '/script/sc1', path: '/script/:scriptId', user: null });
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });
});

// The kit's list of wrong answers, emptied so that this spec's own afterEach passes.
function takeViolations(): string[] {
  return (globalThis as { __voxFakeServerViolations?: string[] }).__voxFakeServerViolations?.splice(0) ?? [];
}

describe('renderRoutes', () => {
  it('renders the page of a route table that matches the route', () => {
    renderRoutes({ '/a': <h1>Page A</h1>, '/b/:id': <h1>Page B</h1> }, { route: '/b/7', user: ada });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page B');
    expect(screen.getByTestId('location')).toHaveTextContent('/b/7');
  });
});
