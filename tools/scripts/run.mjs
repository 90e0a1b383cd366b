// Small helpers shared by the workspace scripts: run a command with inherited output and
// stop the whole script, with the command's exit code, when it fails.
import { spawnSync } from 'node:child_process';

export function run(command, { env = {}, label } = {}) {
  if (label) console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, { stdio: 'inherit', shell: true, env: { ...process.env, ...env } });
  // Each stage's wall time, so a slow CI run shows where its minutes went.
  if (label) console.log(`⏱ ${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) {
    console.error(`\n✖ failed (${result.status ?? result.signal}): ${command}`);
    process.exit(result.status ?? 1);
  }
}

export const WEB_APPS = ['shell', 'main', 'school', 'dashboard', 'podcast'];
export const BUILD_ALL = `npx nx run-many -t build --projects=${[...WEB_APPS, 'api'].join(',')} --parallel=2 --outputStyle=static`;
