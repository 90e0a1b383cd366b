#!/usr/bin/env node
// A copy of the production web build without some first-load pieces, for `lighthouse.mjs --vs`:
//
//   node tools/bench/lighthouse/build-without.mjs PIECE[,PIECE] [OUT]
//
// Copies dist/apps (the web apps; build them first) to OUT (tmp/first-load-without/PIECE by
// default) and builds again, into OUT, only the apps the pieces change, with FIRST_LOAD_WITHOUT
// (tools/first-load/without.cjs lists the pieces). dist/ itself is left as it is.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const { PIECES, withoutList } = require('../../first-load/without.cjs');
const [pieces, out = path.join(ROOT, 'tmp/first-load-without', pieces ?? '')] = process.argv.slice(2);
if (!pieces) {
  console.error(`usage: build-without.mjs PIECE[,PIECE] [OUT]\npieces:\n${Object.entries(PIECES).map(([k, v]) => `  ${k}: ${v}`).join('\n')}`);
  process.exit(2);
}
const env = { ...process.env, FIRST_LOAD_WITHOUT: pieces };
const names = withoutList(env);
const APPS = ['shell', 'main', 'school', 'dashboard', 'podcast'];
const REMOTE_PIECES = new Set(['remote-preload']);
const SHELL_PIECES = new Set([...Object.keys(PIECES)].filter((k) => k !== 'remote-preload'));
const apps = APPS.filter((app) => [...names].some((n) => (app === 'shell' ? SHELL_PIECES : REMOTE_PIECES).has(n)));
for (const app of APPS) {
  if (!fs.existsSync(path.join(ROOT, 'dist/apps', app))) throw new Error(`dist/apps/${app} is missing: build the web apps first`);
}
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
for (const app of APPS) fs.cpSync(path.join(ROOT, 'dist/apps', app), path.join(out, app), { recursive: true });
console.log(`${out}: dist/apps without ${[...names].join(', ')}; rebuilding ${apps.join(', ')}`);
for (const app of apps) {
  const dir = path.join(out, app);
  fs.rmSync(dir, { recursive: true, force: true });
  const webpack = path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js');
  execFileSync(process.execPath, [webpack, '-c', `apps/${app}/webpack.config.cjs`, '--mode', 'production', '--env', `outDir=${dir}`], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(process.execPath, [path.join(ROOT, 'tools/offline/precache.mjs'), app, dir], { cwd: ROOT, env, stdio: 'inherit' });
}
