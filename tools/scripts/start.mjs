#!/usr/bin/env node
// `npm start`: builds every app in production mode (Nx caches unchanged ones) and serves the
// whole product from one process at http://localhost:${PORT:-4200}, data in ./var.
import { spawn } from 'node:child_process';
import { BUILD_ALL, run } from './run.mjs';

run(BUILD_ALL, { label: 'Building the shell, the four remotes and the API' });
const port = process.env.PORT ?? '4200';
console.log(`\n▶ Serving VoxClub at http://localhost:${port} (school., dashboard. and podcast.localhost on the same port)`);
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/apps/api/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
