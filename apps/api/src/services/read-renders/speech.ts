import { spawn } from 'node:child_process';
import type { Synthesizer } from './render-types';

/**
 * eSpeak NG voices: the script's language (its primary subtag; eSpeak knows `en`, `de`, `fr`, …)
 * with a different variant per role, so two synthesized characters do not sound alike.
 */
const VARIANTS = ['m3', 'f2', 'm1', 'f4', 'm5', 'f1', 'm2', 'f3', 'm4', 'f5'];
export function voiceFor(language: string, role: string | null, roles: string[]): string {
  const lang = (language || 'en').toLowerCase().split('-')[0].replace(/[^a-z]/g, '') || 'en';
  if (role === null) return `${lang}+m7`;
  const i = Math.max(0, roles.indexOf(role));
  return `${lang}+${VARIANTS[i % VARIANTS.length]}`;
}

/**
 * The synthesizer child: eSpeak NG (WebAssembly, from the npm package `espeak-ng`, nothing
 * downloaded at run time) in its own Node process, so 20 MB of WebAssembly memory and its CPU
 * stay off the server's event loop. The module is an ES module using import.meta, so the child
 * imports it by path; the WebAssembly is compiled once and instantiated per line. A voice eSpeak
 * does not know falls back to English.
 *
 * The child finds the package itself, by Node's own resolution from its working directory, which
 * the parent sets to this module's directory (the source folder, or dist/apps/api when bundled):
 * no path is computed by the bundler, so the built server resolves it as the source does.
 */
const SPEECH_CHILD = `
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
const { default: ESpeakNg } = await import('espeak-ng');
const wasm = await WebAssembly.compile(fs.readFileSync(fileURLToPath(new URL('espeak-ng.wasm', import.meta.resolve('espeak-ng')))));
const items = JSON.parse(fs.readFileSync(0, 'utf8'));
async function speak(text, voice) {
  const es = await ESpeakNg({
    arguments: ['-w', '/out.wav', '-v', voice, '-s', '160', '-f', '/in.txt'],
    preRun: [(m) => m.FS.writeFile('/in.txt', text)],
    instantiateWasm(imports, ok) { WebAssembly.instantiate(wasm, imports).then((i) => ok(i, wasm)); return {}; },
    print() {}, printErr() {},
  });
  try { return es.FS.readFile('/out.wav'); } catch { return undefined; }
}
for (const item of items) {
  const wav = (await speak(item.text, item.voice)) ?? (await speak(item.text, 'en'));
  if (!wav) throw new Error('espeak-ng produced no audio');
  fs.writeFileSync(item.out, wav);
  process.stdout.write('done\\n');
}
`;

export const espeakSynthesizer: Synthesizer = (items, onDone) =>
  new Promise((resolve, reject) => {
    if (!items.length) return resolve();
    const child = spawn(process.execPath, ['--input-type=module', '-e', SPEECH_CHILD], {
      cwd: __dirname,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
    });
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      for (const _ of d.toString().match(/done\n/g) ?? []) onDone();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`speech synthesizer exited with ${code}: ${stderr.trim().slice(-300)}`))));
    child.stdin.end(JSON.stringify(items));
  });
