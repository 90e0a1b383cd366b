import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, MESSAGES } from '@vox/contract/schemas';
import { build } from '../../../helper';
import { freshIp, login, uniqueEmail } from './kit';

describe('POST /api/users/create', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  const create = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/users/create', payload: payload as object, remoteAddress: freshIp() });

  it('creates a member (201) who can then sign in', async () => {
    const email = uniqueEmail('new');
    const res = await create({ username: email, password: 'sixsix' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: { name: 'member', privileges: [] }, classes: [] });
    const row = await app.db.selectFrom('users').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await login(app, email, 'sixsix')).statusCode).toBe(200);
  });

  it('stores the email lower-case and refuses the same email in another case with 409', async () => {
    const email = uniqueEmail('Case');
    expect((await create({ username: email.toUpperCase(), password: 'secret-pass' })).statusCode).toBe(201);
    const again = await create({ username: email, password: 'secret-pass' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.emailTaken });
  });

  it.each(['not-an-email', 'a@b', '', '   ', 'two words@example.com'])('refuses the email %j with the seed text', async (username) => {
    const res = await create({ username, password: 'secret-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.invalidEmail });
  });

  it.each(['', '12345'])('refuses the password %j with the seed text', async (password) => {
    const res = await create({ username: uniqueEmail(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.shortPassword });
  });

  it('answers missing fields, wrong types and malformed JSON with readable 400s', async () => {
    expect((await create({ password: 'secret-pass' })).json()).toEqual({ message: "Field 'username' is required." });
    expect((await create({ username: { text: 'a@b.co' }, password: 'secret-pass' })).json()).toEqual({ message: "Field 'username' must be a text." });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/users/create',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a@b.co", ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const none = await app.inject({ method: 'POST', url: '/api/users/create' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'The request body must be a JSON object.' });
  });

  it('answers an oversized body with 413 and a clear text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large. The limit is 1 MB.' });
  });
});
