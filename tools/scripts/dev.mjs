#!/usr/bin/env node
// `npm run dev`: the web apps through webpack-dev-server (live reload) at http://localhost:4200,
// and the API rebuilt on change and restarted by node --watch on API_PORT (4201), data in ./var.
import { spawn } from 'node:child_process';
import { run } from './run.mjs';

const apiPort = process.env.API_PORT ?? '4201';
run('npx webpack -c apps/api/webpack.config.cjs --mode development', { label: 'Building the API once' });

const children = [
  spawn('npx webpack -c apps/api/webpack.config.cjs --mode development --watch', { shell: true, stdio: 'inherit' }),
  spawn(`node --watch --enable-source-maps dist/apps/api/main.js`, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx webpack serve -c tools/webpack/dev-server.config.cjs', {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && process.exit(code));
