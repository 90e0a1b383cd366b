// Request bodies: truncated and malformed multipart, deep nesting and odd encodings.
import { call } from '../lib/http.mjs';
import { activitySession, nextIp, raw, signUp, tally, verdict } from './kit.mjs';

export const bodyProbes = {
  async multipart({ url, port, args }) {
    console.log(`\nTruncated and malformed multipart (request time-out ${Number(args['request-timeout-ms'])} ms)`);
    const user = await signUp(url);
    const head = (length, type = 'multipart/form-data; boundary=XyZ') =>
      `POST /api/users/photo HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.token}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;
    const part = Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n' + 'x'.repeat(4000));
    const cases = [
      ['no closing boundary, length as sent', Buffer.concat([Buffer.from(head(part.length)), part])],
      ['no boundary parameter', Buffer.concat([Buffer.from(head(part.length, 'multipart/form-data')), part])],
      ['mismatched boundary', Buffer.concat([Buffer.from(head(part.length + 9, 'multipart/form-data; boundary=Other')), part, Buffer.from('\r\n--XyZ--')])],
      ['body stops half-way (length promises more)', Buffer.concat([Buffer.from(head(part.length * 2)), part])],
    ];
    for (const [name, bytes] of cases) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => raw(port, bytes, Number(args['request-timeout-ms']) + 10_000)));
      const statuses = answers.map((a) => a.status ?? 'no answer');
      const slowest = Math.max(...answers.map((a) => a.ms));
      console.log(`  ${name}, 20 at once: ${tally(statuses)}, slowest ${slowest} ms; text: ${JSON.parse(answers[0].body || '{}').message ?? answers[0].body.slice(0, 80)}`);
      verdict(answers.every((a) => a.status !== null && a.status < 500), `${name}: every request answered, no 5xx`);
    }
  },

  async nesting({ url }) {
    console.log('\nDeep nesting, odd bodies');
    // {"a":[[[…]]]}: two bytes a level, so 5,000 levels fit the route's 16 KB body limit.
    const deep = (n) => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`;
    const activity = await call(`${url}/api/activities/`, 'POST', `{"userId":null,"localTime":"2026-11-23T10:00:00.000Z","session":"${activitySession()}","path":"/","action":"visit","context":${deep(5000)}}`, { 'x-forwarded-for': nextIp() });
    const arrays = await call(`${url}/api/users/authenticate`, 'POST', `${'['.repeat(5000)}${']'.repeat(5000)}`, { 'x-forwarded-for': nextIp() });
    const bom = await call(`${url}/api/users/authenticate`, 'POST', `\ufeff{"username":"a@example.com","password":"x"}`, { 'x-forwarded-for': nextIp() });
    const dupes = await call(`${url}/api/users/authenticate`, 'POST', '{"username":"a@example.com","username":"b@example.com","password":"x"}', { 'x-forwarded-for': nextIp() });
    const utf8 = await fetch(`${url}/api/users/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() }, body: Buffer.from([0x7b, 0x22, 0x75, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) });
    const utf16 = await call(`${url}/api/users/authenticate`, 'POST', '{"username":"a@example.com","password":"x"}', { 'content-type': 'application/json; charset=utf-16', 'x-forwarded-for': nextIp() });
    for (const [name, res] of [
      ['activity context nested 5,000 levels', activity],
      ['body of 5,000 nested arrays', arrays],
      ['JSON with a byte-order mark', bom],
      ['JSON with duplicate keys', dupes],
      ['invalid UTF-8', { status: utf8.status, json: await utf8.json().catch(() => undefined) }],
      ['JSON declared UTF-16', utf16],
    ]) {
      console.log(`  ${name}: ${res.status} ${res.json?.message ?? ''}`);
      verdict(res.status < 500, `${name}: no 5xx (${res.status})`);
    }
  },

};
