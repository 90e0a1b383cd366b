// Accounts and open endpoints: lockouts, reset and set-password codes, coercion, the activity
// log, and what sign-up and friend requests tell about who has an account.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { call } from '../lib/http.mjs';
import { sleep } from '../lib/stats.mjs';
import { activitySession, bearer, grant, nextIp, signUp, tally, verdict } from './kit.mjs';

/** The newest mail to `email` in the outbox written after `before` (file names), its first six-digit code. */
async function codeMailed(outbox, before, email) {
  for (let i = 0; i < 100; i++) {
    await sleep(100);
    for (const f of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      if (before.has(f)) continue;
      const text = fs.readFileSync(path.join(outbox, f), 'utf8');
      if (text.includes(email)) {
        const code = /\b(\d{6})\b/.exec(text.split('\n\n').slice(1).join('\n'))?.[1];
        if (code) return code;
      }
    }
  }
  throw new Error('no reset code in the outbox');
}
const outboxNames = (outbox) => new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);

export const authProbes = {
  async lockout({ url }) {
    console.log('\nParallel wrong passwords (lockout after 10)');
    for (const n of [18, 30, 80]) {
      const user = await signUp(url);
      const t0 = Date.now();
      const answers = await Promise.all(Array.from({ length: n }, () => call(`${url}/api/users/authenticate`, 'POST', { username: user.email, password: 'wrong-password' }, { 'x-forwarded-for': nextIp() })));
      const right = await call(`${url}/api/users/authenticate`, 'POST', { username: user.email, password: user.password }, { 'x-forwarded-for': nextIp() });
      console.log(`  ${n} wrong at once: ${tally(answers.map((a) => a.status))} in ${Date.now() - t0} ms; the right password next: ${right.status}`);
      verdict(right.status === 401, `${n} parallel wrong passwords lock the account (right password refused: ${right.status})`);
    }
  },

  async resetBurst({ url, dataDir, args }) {
    console.log(`\nReset-code bursts: 19 wrong codes + the right one on 20 sockets, ${args.bursts} bursts (5 tries per code)`);
    let succeeded = 0;
    const outbox = path.join(dataDir, 'mail');
    for (let b = 0; b < Number(args.bursts); b++) {
      const user = await signUp(url);
      const before = outboxNames(outbox);
      await call(`${url}/api/users/password/code`, 'POST', { username: user.email }, { 'x-forwarded-for': nextIp() });
      const code = await codeMailed(outbox, before, user.email);
      const guesses = Array.from({ length: 19 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      guesses.splice(Math.floor(Math.random() * 20), 0, code);
      const answers = await Promise.all(guesses.map((g) => call(`${url}/api/users/password/reset`, 'POST', { username: user.email, code: g, password: 'a new long password' }, { 'x-forwarded-for': nextIp() })));
      const ok = answers.filter((a) => a.status < 300).length;
      succeeded += ok > 0 ? 1 : 0;
      console.log(`  burst ${b + 1}: ${tally(answers.map((a) => a.status))} (right code at position ${guesses.indexOf(code) + 1})`);
    }
    console.log(`  the reset went through in ${succeeded} of ${args.bursts} bursts; with at most 5 of the 20 guesses checked, chance alone gives 1 in 4`);
    // 50 wrong codes at once, then the right one: the code's 5 tries are gone.
    const user = await signUp(url);
    const before = outboxNames(outbox);
    await call(`${url}/api/users/password/code`, 'POST', { username: user.email }, { 'x-forwarded-for': nextIp() });
    const code = await codeMailed(outbox, before, user.email);
    const wrong = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map((g) => call(`${url}/api/users/password/verify`, 'POST', { username: user.email, code: g }, { 'x-forwarded-for': nextIp() })));
    const right = await call(`${url}/api/users/password/verify`, 'POST', { username: user.email, code }, { 'x-forwarded-for': nextIp() });
    console.log(`  50 wrong codes at once: ${tally(answers.map((a) => a.status))}; the right code after them: ${right.status}`);
    verdict(right.status === 400, `a burst of 50 wrong codes uses up the code (right code then refused: ${right.status})`);
    verdict(succeeded <= Math.ceil(Number(args.bursts) / 2), `reset bursts succeed no more than chance allows (${succeeded} of ${args.bursts})`);
  },

  async coercion({ url }) {
    console.log('\nType coercion');
    const user = await signUp(url);
    const res = await call(`${url}/api/scripts`, 'POST', { title: true, synopsis: 12345, genre: '', language: ['en'], visibility: 'private', isFree: null, roles: [], lines: [] }, { authorization: `Bearer ${user.token}` });
    console.log(`  {"title": true, "synopsis": 12345, "language": ["en"], "isFree": null}: ${res.status} ${res.json?.message ?? ''}`);
    verdict(res.status === 400, `wrong types are refused, not coerced (${res.status})`);
  },

  async activityFlood({ server }) {
    console.log('\nAnonymous activity flood: as fast as possible for 5 s, one address, 10 sockets');
    const { url } = server;
    const before = await server.rows('activities');
    const statuses = [];
    const end = Date.now() + 5000;
    const session = activitySession();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (Date.now() < end) {
          const r = await call(`${url}/api/activities/`, 'POST', { userId: null, localTime: new Date().toISOString(), session, path: '/about', action: 'visit', context: { pad: 'x'.repeat(1500) } }, { 'x-forwarded-for': '203.0.113.9' });
          statuses.push(r.status);
        }
      }),
    );
    const stored = statuses.filter((s) => s === 204).length;
    const rows = (await server.rows('activities')) - before;
    console.log(`  ${statuses.length} requests: ${tally(statuses)}; ${rows} rows added to the activity log`);
    verdict(stored > 0 && rows <= 120, `the flood is cut at the per-address and per-session limits (${rows} rows from ${statuses.length} requests)`);
  },


  async setPassword({ server }) {
    console.log('\nSet-password codes from a class list: wrong guesses from one address, then the right code');
    const url = server.url;
    const teacher = await grant(server, await signUp(url), 'teacher');
    const cls = await call(`${url}/api/school/classes`, 'POST', { name: 'Probe class', term: 'Spring 2027', description: 'Probing set-password codes.' }, bearer(teacher));
    if (cls.status !== 201) return verdict(false, `no class to probe (${cls.status} ${cls.text})`);
    const loginId = `probe.${randomBytes(3).toString('hex')}`;
    const [student] = (await call(`${url}/api/school/classes/${cls.json.id}/students`, 'POST', { csv: `Pat Probe,${loginId}` }, bearer(teacher))).json.created;
    const attempt = (from, code) => call(`${url}/api/school/set-password`, 'POST', { userId: loginId, code, password: 'probe-chosen-1' }, { 'x-forwarded-for': from });
    const guesser = '198.51.100.66';
    const wrong = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(guesser, `AAAA-AA${String.fromCharCode(65 + i)}A`)));
    const rightFromGuesser = await attempt(guesser, student.code);
    console.log(`  20 wrong codes at once from one address: ${tally(wrong.map((a) => a.status))}; the right code from it next: ${rightFromGuesser.status} "${rightFromGuesser.json?.message}"`);
    verdict(wrong.filter((a) => a.status === 400).length <= 5 && rightFromGuesser.status === 429, `one address gets at most 5 tries at a code (${wrong.filter((a) => a.status === 400).length} checked, then ${rightFromGuesser.status})`);
    const student2 = await attempt(nextIp(), student.code);
    console.log(`  the student, from another address, with the code: ${student2.status} "${student2.json?.message}"`);
    verdict(student2.status === 200, `a stranger's guesses do not burn the student's code (${student2.status})`);
    // Fifty addresses, five wrong each: the code is out of tries; the teacher issues a new one.
    const loginId2 = `probe.${randomBytes(3).toString('hex')}`;
    const [other] = (await call(`${url}/api/school/classes/${cls.json.id}/students`, 'POST', { csv: `Quinn Probe,${loginId2}` }, bearer(teacher))).json.created;
    const attempt2 = (from, code) => call(`${url}/api/school/set-password`, 'POST', { userId: loginId2, code, password: 'probe-chosen-1' }, { 'x-forwarded-for': from });
    for (let a = 0; a < 10; a++) await Promise.all(Array.from({ length: 5 }, () => attempt2(`192.0.2.${a + 1}`, 'AAAA-AAAA')));
    const burnt = await attempt2(nextIp(), other.code);
    const fresh = await call(`${url}/api/school/classes/${cls.json.id}/students/${other.id}/code`, 'POST', undefined, bearer(teacher));
    const reissued = await attempt2(nextIp(), fresh.json?.student?.code);
    console.log(`  50 wrong from 10 addresses, then the right code: ${burnt.status}; the teacher reissues: ${fresh.status}; the new code: ${reissued.status}`);
    verdict(burnt.status === 429 && fresh.status === 201 && reissued.status === 200, 'a code stops after 50 tries in all and the teacher can reissue it');
  },

  async enumeration({ url }) {
    console.log('\nWho has an account: sign-up and friend request by email (docs/security.md says why they tell, and the limits)');
    const member = await signUp(url);
    const from = nextIp();
    const taken = await call(`${url}/api/users/create`, 'POST', { username: member.email, password: 'probe-password-1' }, { 'x-forwarded-for': from });
    const fresh = await call(`${url}/api/users/create`, 'POST', { username: `probe-new-${randomBytes(4).toString('hex')}@example.com`, password: 'probe-password-1' }, { 'x-forwarded-for': from });
    console.log(`  sign-up, taken email: ${taken.status} "${taken.json?.message}"; a new one: ${fresh.status}`);
    const burst = [];
    for (let i = 0; i < 25; i++) burst.push((await call(`${url}/api/users/create`, 'POST', { username: `probe-b${i}-${randomBytes(3).toString('hex')}@example.com`, password: 'probe-password-1' }, { 'x-forwarded-for': from })).status);
    console.log(`  25 more sign-ups from that address within the minute: ${tally(burst)}`);
    verdict(burst.filter((s) => s === 201).length + 2 <= 20 && burst.at(-1) === 429, `sign-up tells taken or not only 20 times a minute per address (${burst.filter((s) => s === 201).length + 2} answered)`);
    const asker = await signUp(url);
    const unknown = await call(`${url}/api/friendships/requests`, 'POST', { to: `nobody-${randomBytes(4).toString('hex')}@example.com` }, bearer(asker));
    const known = await call(`${url}/api/friendships/requests`, 'POST', { to: member.email }, bearer(asker));
    console.log(`  friend request, unknown email: ${unknown.status} "${unknown.json?.message}"; a member's: ${known.status}`);
    const asks = [];
    for (let i = 0; i < 35; i++) asks.push((await call(`${url}/api/friendships/requests`, 'POST', { to: `nobody-${i}-${randomBytes(3).toString('hex')}@example.com` }, { ...bearer(asker), 'x-forwarded-for': nextIp() })).status);
    console.log(`  35 more from that member within the minute, each from another address: ${tally(asks)}`);
    verdict(asks.filter((s) => s !== 429).length + 2 <= 30 && asks.at(-1) === 429, `friend requests by email are bounded at 30 a minute per member, whatever the address (${asks.filter((s) => s !== 429).length + 2} answered)`);
    verdict(taken.status === 409 && unknown.status === 404, 'the answers are the ones docs/security.md accepts (409 taken, 404 unknown)');
  },

  async activityCap({ spawn }) {
    console.log('\nThe activity log\'s overall cap (ACTIVITY_MAX_ENTRIES=100 on a server of its own)');
    const server = await spawn({ ACTIVITY_MAX_ENTRIES: '100' });
    const statuses = [];
    for (let batch = 0; batch < 10; batch++) {
      statuses.push(...(await Promise.all(Array.from({ length: 30 }, () =>
        call(`${server.url}/api/activities/`, 'POST', { userId: null, localTime: new Date().toISOString(), session: activitySession(), path: '/about', action: 'visit' }, { 'x-forwarded-for': nextIp() }).then((r) => r.status),
      ))));
    }
    const before = await server.rows('activities');
    const again = await server.restart();
    // The prune at start runs beside the first requests: give it up to 10 s.
    let after = await again.rows('activities');
    for (let i = 0; i < 100 && after > 100; i++) {
      await sleep(100);
      after = await again.rows('activities');
    }
    console.log(`  ${statuses.length} entries from ${statuses.length} addresses and sessions: ${tally(statuses)}; rows ${before} before the prune, ${after} after a restart (the prune runs at start and every 15 minutes)`);
    verdict(after <= 100, `the log keeps at most ACTIVITY_MAX_ENTRIES entries (${after})`);
  },
};
