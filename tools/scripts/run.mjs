// Small helpers shared by the workspace scripts: run a command with inherited output and
// stop the whole script, with the command's exit code, when it fails (or, with `keepGoing`,
// answer whether it passed, so a script can run its other stages and report them all).
import { spawnSync } from 'node:child_process';

export function run(command, { env = {}, label, keepGoing = false } = {}) {
  if (label) console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, { stdio: 'inherit', shell: true, env: { ...process.env, ...env } });
  // Each stage's wall time, so a slow CI run shows where its minutes went.
  if (label) console.log(`⏱ ${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) {
    console.error(`\n✖ failed (${result.status ?? result.signal}): ${command}`);
    if (!keepGoing) process.exit(result.status ?? 1);
  }
  return result.status === 0;
}

const WEB_APPS = ['shell', 'main', 'school', 'dashboard', 'podcast'];
export const BUILD_ALL = `npx nx run-many -t build --projects=${[...WEB_APPS, 'api'].join(',')} --parallel=2 --outputStyle=static`;
