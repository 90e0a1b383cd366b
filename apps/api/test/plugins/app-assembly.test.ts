import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { build, logSink } from '../helper';
import { MESSAGE_SERVER_ERROR, validationMessage } from '../../src/plugins/app/error-handler';
import { SECURITY_HEADER_OPTIONS } from '../../src/plugins/external/security-headers';


describe('app assembly: headers, docs, errors, uploads', () => {
  let app: FastifyInstance;
  const logs = logSink();
  beforeAll(async () => {
    app = await build(
      {},
      {
        logger: { level: 'info', stream: logs.stream },
        setup: (instance) => {
          instance.get('/api/test-only/big', async () => ({ lines: Array.from({ length: 2000 }, (_, i) => ({ id: `l${i}`, text: 'O Romeo, Romeo, wherefore art thou Romeo?' })) }));
          instance.get('/api/test-only/boom', async () => {
            throw new Error('database password=hunter2 at /srv/secret/path');
          });
          instance.post('/api/test-only/upload', async (request) => {
            const file = await request.file();
            if (!file) return { bytes: 0 };
            let bytes = 0;
            for await (const chunk of file.file) bytes += (chunk as Buffer).length;
            if (file.file.truncated) throw Object.assign(new Error('request file too large'), { statusCode: 413, code: 'FST_REQ_FILE_TOO_LARGE' });
            return { bytes };
          });
        },
      },
    );
  });
  afterAll(async () => app.close());

  it('sends security headers with a CSP that allows scripts from the same origin only when no manifest names another (content-security-policy.test.ts)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("sends helmet's full header set, worked out once, on every kind of answer", async () => {
    // What helmet's own middleware sets on a real response for the same options.
    const expected: Record<string, unknown> = {};
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(SECURITY_HEADER_OPTIONS)(res.req, res, () => undefined);
    for (const name of res.getHeaderNames()) expected[name] = String(res.getHeader(name));
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    for (const url of ['/api/health', '/api/no-such-route', '/api/test-only/boom', '/api/docs/']) {
      const answer = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect([url, name, answer.headers[name]]).toEqual([url, name, value]);
    }
  });

  it('compresses large answers for browsers that accept it, and leaves small ones and other clients alone', async () => {
    const big = await app.inject({ method: 'GET', url: '/api/test-only/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(big.headers['content-encoding']).toBe('br');
    const raw = brotliDecompressSync(big.rawPayload).toString();
    expect(JSON.parse(raw).lines).toHaveLength(2000);
    expect(big.rawPayload.length).toBeLessThan(raw.length / 5);
    const gzip = await app.inject({ method: 'GET', url: '/api/test-only/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).lines).toHaveLength(2000);
    const plain = await app.inject({ method: 'GET', url: '/api/test-only/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().lines).toHaveLength(2000);
    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves the OpenAPI document and the docs page at /api/docs', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/users/create', '/api/users/authenticate', '/api/users/refresh-token', '/api/users/signOut', '/api/subscriptions']) {
      expect(doc.paths[path]).toBeDefined();
    }
    expect(doc.paths['/api/users/authenticate'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  });

  it('hides 5xx details from the client and logs them with context', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MESSAGE_SERVER_ERROR });
    const entry = logs.lines.find((l) => l.msg === 'request failed');
    expect(entry).toMatchObject({ level: 50, method: 'GET', url: '/api/test-only/boom' });
    expect(JSON.stringify(entry)).toContain('hunter2'); // the server log keeps the detail
    expect(res.body).not.toContain('hunter2');
  });

  it('refuses an unsupported content type with 415 and a clear text', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/users/create', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'This content type is not supported. Send JSON.' });
  });

  it('accepts multipart uploads up to 20 MB and answers 413 above', async () => {
    const boundary = 'vox-boundary';
    const body = (size: number) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        Buffer.alloc(size, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const small = await app.inject({ method: 'POST', url: '/api/test-only/upload', headers, payload: body(1024) });
    expect(small.json()).toEqual({ bytes: 1024 });
    const big = await app.inject({ method: 'POST', url: '/api/test-only/upload', headers, payload: body(20 * 1024 * 1024 + 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The file is too large. Files can be at most 20 MB.' });
  });

  it('turns schema errors into sentences', () => {
    const e = (keyword: string, instancePath: string, params: Record<string, unknown>) => [{ keyword, instancePath, schemaPath: '', params, message: '' }];
    expect(validationMessage(e('required', '', { missingProperty: 'username' }), 'body')).toBe("Field 'username' is required.");
    expect(validationMessage(e('maxLength', '/password', { limit: 1024 }), 'body')).toBe("Field 'password' must be at most 1024 characters long.");
    expect(validationMessage(e('minLength', '/username', { limit: 1 }), 'body')).toBe("Field 'username' must not be empty.");
    expect(validationMessage(e('pattern', '/id', { pattern: 'x' }), 'params')).toBe("Path parameter 'id' is not in the expected format.");
    expect(validationMessage(e('type', '/after', { type: 'integer' }), 'querystring')).toBe("Query parameter 'after' must be a whole number.");
    expect(validationMessage(e('type', '', { type: 'object' }), 'body')).toBe('The request body must be a JSON object.');
  });
});
