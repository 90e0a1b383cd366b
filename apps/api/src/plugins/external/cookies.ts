import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** Cookie parsing and setting; the only cookie is the httpOnly refresh token (see plugins/app/sessions.ts). */
async function cookies(app: FastifyInstance) {
  await app.register(cookie);
}

export default fp(cookies, { name: 'cookies' });
