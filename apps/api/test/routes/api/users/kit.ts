import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { newId } from '../../../../src/db/ids';

/** Shared steps of the users-area tests (not a test file itself). */

export const uniqueEmail = (prefix = 'u') => `${prefix}-${newId(10).toLowerCase()}@example.com`;

let ipCounter = 0;
/** A fresh client address per use, so the per-IP attempt limit of one test never hits another. */
export const freshIp = () => `10.${process.pid % 250}.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

export async function signUp(app: FastifyInstance, email = uniqueEmail(), password = 'secret-pass') {
  const res = await app.inject({ method: 'POST', url: '/api/users/create', payload: { username: email, password }, remoteAddress: freshIp() });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().id as string, email, password };
}

export function login(app: FastifyInstance, username: string, password: string, remoteAddress = freshIp()) {
  return app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password }, remoteAddress });
}

/** The refresh cookie a response sets, parsed (value and attributes). */
export function refreshCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'vox_refresh') as
    | { name: string; value: string; path?: string; maxAge?: number; httpOnly?: boolean; sameSite?: string; secure?: boolean; expires?: Date }
    | undefined;
}

export function refresh(app: FastifyInstance, cookieValue: string | undefined, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/users/refresh-token',
    headers: { ...headers, ...(cookieValue ? { cookie: `vox_refresh=${cookieValue}` } : {}) },
  });
}
