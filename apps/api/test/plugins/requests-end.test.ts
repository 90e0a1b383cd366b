import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SCRIPT_MESSAGES } from '@vox/contract/schemas';
import { MESSAGE_REQUEST_TIMEOUT } from '../../src/plugins/app/error-handler';
import { bearer, build, createUser, type TestUser } from '../helper';
import { webm } from '../fixtures/audio';
import { balcony, claim, newClientId, openSession, postScript } from '../routes/api/scripts-kit';

/**
 * Every request ends, tested over real sockets against a listening server (inject() cannot
 * send a body that stops half-way or trickles): a truncated multipart body is a 400 with a
 * clear text and leaves no partial file behind; a body that never finishes meets the request
 * time-out (408) instead of holding the connection forever.
 */
const PORT = 4560 + (Number(process.env.JEST_WORKER_ID ?? 1) % 10) + 5;
const REQUEST_TIMEOUT_MS = 1500;
const TRUNCATED = 'The upload ended before it was complete. Please send the file again.';

interface RawAnswer {
  status: number | null;
  body: string;
  /** Milliseconds from the first byte sent to the connection's end. */
  ms: number;
}

/** Sends `head` + `body`, keeps the socket open (no FIN), and reads until the server closes or answers. */
function rawRequest(head: string, body: Buffer, { trickle = false, waitMs = 8000 } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(PORT, '127.0.0.1');
    let received = '';
    let dripper: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      clearInterval(dripper);
      socket.destroy();
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      const text = received.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      resolve({ status: match ? Number(match[1]) : null, body: text, ms: Date.now() - started });
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // One whole answer is enough (the server may keep the connection alive).
      const [headers, rest = ''] = received.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(headers);
      if (length && Buffer.byteLength(rest, 'latin1') >= Number(length[1])) finish();
    });
    socket.on('close', finish);
    socket.on('error', finish);
    const timer = setTimeout(finish, waitMs);
    socket.write(head);
    if (!trickle) {
      socket.write(body);
    } else {
      let sent = 0;
      dripper = setInterval(() => {
        if (sent < body.length && !socket.destroyed) socket.write(body.subarray(sent, ++sent));
      }, 200);
    }
  });
}

const BOUNDARY = '----vox-raw-boundary';
function truncatedMultipart(field: string, fileName: string, type: string, bytes: Buffer, fields: Record<string, string> = {}): Buffer {
  const parts = Object.entries(fields).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  // The file's bytes, then nothing: no closing boundary.
  return Buffer.concat([Buffer.from(parts.join('') + fileHead), bytes]);
}

function head(method: string, url: string, user: TestUser, contentType: string, length: number): string {
  return `${method} ${url} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(bearer(user)).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;
}

describe('every request ends', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let owner: TestUser;
  let sessionId: string;
  let lineId: string;
  let scriptId: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-ends-'));
    app = await build({ DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
    await app.listen({ port: PORT, host: '127.0.0.1' });
    owner = await createUser(app);
    const script = await postScript(app, owner, balcony({ visibility: 'private' }));
    scriptId = script.id;
    const session = await openSession(app, owner, script.id);
    sessionId = session.id;
    lineId = script.lines[2].id;
    await claim(app, owner, sessionId, 'Romeo');
  }, 30_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Files under DATA_DIR/uploads, partial ones (*.upload) included. */
  const uploads = () => (fs.existsSync(path.join(dataDir, 'uploads')) ? fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).map(String) : []);

  const truncated = [
    { name: 'a profile photo', url: '/api/users/photo', field: 'photo', type: 'image/png', fields: {}, message: TRUNCATED },
    { name: 'a take', url: () => `/api/sessions/${sessionId}/takes`, field: 'audio', type: 'audio/webm', fields: () => ({ lineId, clientId: newClientId(), durationMs: '900' }), message: SCRIPT_MESSAGES.uploadUnreadable },
    // Refused fields: the route drains the file part, which the broken form has already ended.
    { name: 'a take with a bad clientId', url: () => `/api/sessions/${sessionId}/takes`, field: 'audio', type: 'audio/webm', fields: () => ({ lineId, clientId: '!', durationMs: '900' }), message: "Field 'clientId' is not in the expected format." },
    { name: 'a cover', url: () => `/api/scripts/${scriptId}/cover`, field: 'cover', type: 'image/png', fields: {}, message: TRUNCATED },
  ];

  it.each(truncated)('answers a truncated multipart body (no closing boundary) on $name with a clear 400 and keeps nothing', async (c) => {
    const url = typeof c.url === 'function' ? c.url() : c.url;
    const fields = typeof c.fields === 'function' ? c.fields() : c.fields;
    const before = uploads();
    const body = truncatedMultipart(c.field, 'x.bin', c.type, webm().subarray(0, 2000), fields);
    const method = 'POST';
    // Content-Length matches what is sent: the body ends, the form does not.
    const answer = await rawRequest(head(method, url, owner, `multipart/form-data; boundary=${BOUNDARY}`, body.length), body);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: JSON.stringify({ message: c.message }) });
    expect(uploads()).toEqual(before);
  });

  it('ends a body that trickles in slower than the request time-out with a 408', async () => {
    const body = Buffer.from(JSON.stringify({ userId: null, localTime: '2026-01-01T00:00:00', session: 'abcdefghij', path: '/x', action: 'visit', context: null }));
    const answer = await rawRequest(
      `POST /api/activities HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      { trickle: true },
    );
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 408, body: JSON.stringify({ message: MESSAGE_REQUEST_TIMEOUT }) });
    expect(answer.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 4000);
  });

  it('ends a multipart upload that stops half-way with a 408 and removes the partial file', async () => {
    const before = uploads();
    const body = truncatedMultipart('audio', 'take.webm', 'audio/webm', webm(), { lineId, clientId: newClientId(), durationMs: '900' });
    // Announces more bytes than it sends, then waits with the connection open.
    const answer = await rawRequest(head('POST', `/api/sessions/${sessionId}/takes`, owner, `multipart/form-data; boundary=${BOUNDARY}`, body.length + 5000), body);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 408, body: JSON.stringify({ message: MESSAGE_REQUEST_TIMEOUT }) });
    await new Promise((r) => setTimeout(r, 300));
    expect(uploads()).toEqual(before);
  });
});
