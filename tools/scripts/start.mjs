#!/usr/bin/env node
// `npm start`: builds every app in production mode (Nx caches unchanged ones) and serves the
// whole product from one process at http://localhost:${PORT:-4200}, data in ./var.
import { spawn } from 'node:child_process';
import { BUILD_ALL, run } from './run.mjs';

run(BUILD_ALL, { label: 'Building the shell, the four remotes and the API' });
const port = process.env.PORT ?? '4200';
console.log(`\n▶ Serving VoxClub at http://localhost:${port} (school., dashboard. and podcast.localhost on the same port)`);
// The four sites on this machine share one sign-in (docs/deploy.md, "One sign-in across the four
// sites"): *.localhost has no common parent domain, so the sign-in is handed over by redirect.
const hosts = ['localhost', 'school.localhost', 'dashboard.localhost', 'podcast.localhost'];
const env = { ...process.env, SITE_ORIGINS: process.env.SITE_ORIGINS ?? hosts.map((host) => `http://${host}:${port}`).join(',') };
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/apps/api/main.js'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
