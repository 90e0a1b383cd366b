import type { FastifyInstance } from 'fastify';
import { build, createUser, bearer } from '../../helper';

describe('GET /api/health and the auth gate', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  it('answers ok', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nothing-here' });
  });

  it('rejects a forged Bearer token with 401 and accepts a signed one', async () => {
    const forged = await app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Your session has expired. Please log in again.');
    const user = await createUser(app);
    const ok = await app.inject({ method: 'GET', url: '/api/health', headers: bearer(user) });
    expect(ok.statusCode).toBe(200);
  });
});
