import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Script, ScriptInput, SessionDetail } from '@vox/contract';
import { acceptFriendship, requestFriendship } from '../../../src/repositories/friendships';
import { bearer, type TestUser } from '../../helper';

/** Shared steps of the scripts-area tests (not a test file itself). */

export async function befriend(app: FastifyInstance, a: TestUser, b: TestUser): Promise<void> {
  await requestFriendship(app.db, a.id, b.id);
  await acceptFriendship(app.db, a.id, b.id);
}

/** The balcony scene, short: two roles, a heading, an action line and four dialogue lines. */
export function balcony(overrides: Partial<ScriptInput> = {}): ScriptInput {
  return {
    title: 'Romeo and Juliet, II.2',
    synopsis: 'Juliet at her window; Romeo below in the orchard.',
    genre: 'Tragedy',
    language: 'en',
    visibility: 'private',
    isFree: false,
    roles: [
      { name: 'Romeo', description: 'A Montague, in love.' },
      { name: 'Juliet', description: 'A Capulet, at the window.' },
    ],
    lines: [
      { kind: 'scene', role: null, text: "EXT. CAPULET'S ORCHARD - NIGHT" },
      { kind: 'action', role: null, text: 'Juliet appears above at a window.' },
      { kind: 'dialogue', role: 'Romeo', text: 'But, soft! what light through yonder window breaks?' },
      { kind: 'dialogue', role: 'Juliet', text: 'Ay me!' },
      { kind: 'dialogue', role: 'Romeo', parenthetical: '(aside)', text: 'She speaks.' },
      { kind: 'dialogue', role: 'Juliet', text: 'O Romeo, Romeo! wherefore art thou Romeo?' },
    ],
    ...overrides,
  };
}

export async function postScript(app: FastifyInstance, user: TestUser, input: ScriptInput = balcony()): Promise<Script> {
  const res = await app.inject({ method: 'POST', url: '/api/scripts', headers: bearer(user), payload: input });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The user's session of the script (GET /api/scripts/{id}/session), as its detail. */
export async function openSession(app: FastifyInstance, user: TestUser, scriptId: string): Promise<SessionDetail> {
  const res = await app.inject({ method: 'GET', url: `/api/scripts/${scriptId}/session`, headers: bearer(user) });
  if (res.statusCode !== 200) throw new Error(`session failed: ${res.statusCode} ${res.body}`);
  return getSession(app, user, res.json().id);
}

export async function getSession(app: FastifyInstance, user: TestUser, sessionId: string): Promise<SessionDetail> {
  const res = await app.inject({ method: 'GET', url: `/api/sessions/${sessionId}`, headers: bearer(user) });
  if (res.statusCode !== 200) throw new Error(`detail failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function claim(app: FastifyInstance, user: TestUser, sessionId: string, role: string | null) {
  return app.inject({ method: 'PUT', url: `/api/sessions/${sessionId}/role`, headers: bearer(user), payload: { role } });
}

interface FilePart {
  field?: string;
  data: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it: text fields first, then the file. */
export async function multipart(fields: Record<string, string>, file?: FilePart) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field ?? 'audio', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.filename ?? 'take.webm');
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type') as string } };
}

interface TakeUpload {
  lineId: string;
  clientId: string;
  durationMs?: string;
  audio?: FilePart;
}

export async function uploadTake(app: FastifyInstance, user: TestUser | null, sessionId: string, take: TakeUpload) {
  const { audio, ...rest } = take;
  const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const body = await multipart(fields, audio);
  return app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/takes`,
    headers: { ...body.headers, ...(user ? bearer(user) : {}) },
    payload: body.payload,
  });
}

/** Files in DATA_DIR/uploads/audio (recordings and anything left over from an upload). */
export function audioFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'uploads', 'audio');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

let clientCounter = 0;
/** A browser-made take id (TAKE_CLIENT_ID_PATTERN). */
export const newClientId = () => `take-${process.pid}-${++clientCounter}-${Date.now().toString(36)}`;
