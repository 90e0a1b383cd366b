import fs from 'node:fs';
import path from 'node:path';
import type { Storage } from '../plugins/app/storage';
import { fileKey, readJson, type ReleasableRemote } from './remote-releases';

/**
 * What a build imports from each shared lib, per share key (`shared-imports.json`, written by
 * every production web build: tools/webpack/shared-imports.cjs), and what the shell's build
 * provides (`shared-exports.json`, the shell's only). docs/deploy.md, "Remote releases".
 */
type SharedImports = Record<string, { requiredVersion: string | null; names: string[] }>;
type SharedExports = Record<string, { version: string; names: string[] }>;

/** Whether `version` is in a caret range as the builds write them (`^0.1.1`: 0.1.1 up to 0.2.0). */
function satisfies(version: string, range: string): boolean {
  const [a, b, c] = version.split('.').map(Number);
  const [x, y, z] = range.replace(/^\^/, '').split('.').map(Number);
  if (a !== x) return false;
  if (x === 0) return b === y && c >= z;
  return b > y || (b === y && c >= z);
}

/**
 * The reasons a remote's shared imports cannot work with a shell's copies: a share key the shell
 * does not provide, a version outside the remote's range, a name the shell's copy does not export
 * (at run time it would be `undefined`: a component, React error #130). Empty when it fits.
 */
function sharedImportMismatches(imports: SharedImports, shell: SharedExports): string[] {
  const problems: string[] = [];
  for (const [key, { requiredVersion, names }] of Object.entries(imports)) {
    const provided = shell[key];
    if (!provided) {
      problems.push(`${key}: the shell provides no such shared lib (a generation it no longer has).`);
      continue;
    }
    if (requiredVersion && !satisfies(provided.version, requiredVersion)) problems.push(`${key}: the remote needs ${requiredVersion}, the shell provides ${provided.version}.`);
    const missing = names.filter((name) => name !== '*' && !provided.names.includes(name));
    if (missing.length) problems.push(`${key}: the shell's copy does not export ${missing.join(', ')}.`);
  }
  return problems;
}

/** The stored candidate's shared imports against the shell this deployment serves (WEB_DIR/shell). */
export async function checkSharedImports(storage: Storage, remote: ReleasableRemote, version: string, webDir: string): Promise<string[]> {
  const imports = await readJson<SharedImports>(storage, fileKey(remote, version, 'shared-imports.json')).catch(() => undefined);
  if (!imports) return ['shared-imports.json is missing: the candidate was built without the list of what it imports from the shared libs.'];
  const exportsFile = path.join(webDir, 'shell', 'shared-exports.json');
  if (!fs.existsSync(exportsFile)) return [`${exportsFile} is missing: the release check compares the candidate with the shell this server serves; build the shell first.`];
  return sharedImportMismatches(imports, JSON.parse(fs.readFileSync(exportsFile, 'utf8')) as SharedExports);
}
