#!/usr/bin/env node
// Builds the main remote as an earlier commit had it, for the shell of this tree to load from
// another origin (a remote of the previous release must still work).
// Usage: node build-previous-remote.mjs <commit> <outDir>
// The commit's tree is unpacked next to outDir (git archive: reads the repository, touches no
// worktree) and built with its own webpack config, against this tree's node_modules (and this
// tree's list of the files patched in them).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [commit, outDir] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '../../..');
const src = `${path.resolve(outDir)}-src`;
fs.rmSync(src, { recursive: true, force: true });
fs.mkdirSync(src, { recursive: true });
const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: root, maxBuffer: 1 << 30 });
execFileSync('tar', ['-x', '-C', src], { input: archive });
fs.symlinkSync(path.join(root, 'node_modules'), path.join(src, 'node_modules'));
// Which node_modules files are patched belongs to node_modules, this tree's: the commit's own list
// would fail the build (or let it pass) on patches this install no longer has (or now has).
fs.copyFileSync(path.join(root, 'tools/first-load/patched-packages.cjs'), path.join(src, 'tools/first-load/patched-packages.cjs'));
execFileSync(
  path.join(root, 'node_modules/.bin/webpack'),
  ['-c', 'apps/main/webpack.config.cjs', '--mode', 'production', `--env`, `outDir=${path.resolve(outDir)}`, '--env', `buildLabel=${commit}`],
  { cwd: src, stdio: 'inherit' },
);
