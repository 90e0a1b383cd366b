// The first reads (encoded, nested and repeated names; the health check meanwhile) and the CSP.
import { call } from '../lib/http.mjs';
import { nextIp, verdict } from './kit.mjs';

export const firstReadProbes = {
  async firstReads({ url }) {
    console.log('\nFirst reads: encoded paths, nesting, and the health check while four connections send them');
    const attacks = [
      '/api/%66irst-reads?url=/api/health',
      '/api/first-reads?url=/api/health',
      '/api/first-reads?read=firstReads',
      '/api/%66irst-reads?read=firstReads',
      '/api/first-reads?read=subscriptions&read=subscriptions',
      '/api/%2e%2e/%2e%2e/remotes.json',
      '/api/first-reads?read=podcastHome&podcastHome.x=%2e%2e',
    ];
    for (const path of attacks) {
      const r = await call(`${url}${path}`, 'GET', undefined, { 'x-forwarded-for': nextIp() });
      const inner = Array.isArray(r.json?.reads) ? r.json.reads.length : 0;
      console.log(`  ${path}: ${r.status}${inner ? `, ${inner} read(s)` : ''}`);
      verdict(r.status < 500 && inner <= 1, `${path} runs at most one named read and never itself (${r.status})`);
    }
    const health = async () => {
      const t0 = performance.now();
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
      return performance.now() - t0;
    };
    const quiet = [];
    for (let i = 0; i < 40; i++) quiet.push(await health());
    let stop = false;
    const loaders = Array.from({ length: 4 }, async () => {
      while (!stop) await call(`${url}/api/%66irst-reads?url=/api/health`, 'GET', undefined, { 'x-forwarded-for': nextIp() });
    });
    const busy = [];
    for (let i = 0; i < 40; i++) busy.push(await health());
    stop = true;
    await Promise.all(loaders);
    const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`  /api/health p50 ${p50(quiet).toFixed(1)} ms alone, ${p50(busy).toFixed(1)} ms with 4 connections sending the encoded path; max ${Math.max(...busy).toFixed(1)} ms`);
    verdict(p50(busy) < 50, `the health check stays under 50 ms at p50 while 4 connections send the encoded path (${p50(busy).toFixed(1)} ms)`);
  },

  async csp({ url }) {
    console.log('\nContent-Security-Policy');
    const res = await fetch(`${url}/`);
    const policy = res.headers.get('content-security-policy') ?? '';
    for (const d of policy.split(';').map((x) => x.trim()).filter((x) => /^(script-src|connect-src|frame-src|form-action|default-src|img-src|media-src|font-src)\b/.test(x))) console.log(`  ${d}`);
    const open = /(script-src|connect-src|frame-src|form-action|img-src|media-src|font-src)[^;]*\s(https?:|\*)(\s|;|$)/.test(policy);
    verdict(policy !== '' && !open, 'no directive lets any origin in (no bare http:, https: or *)');
  },};
