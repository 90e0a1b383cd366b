import fs from 'node:fs';
import path from 'node:path';

// tools/webpack/shared.cjs shares only the feature libs the shell imports (the others are plain
// chunks of each remote). A feature lib the shell starts importing without being added there
// would load twice (the shell's copy and the remote's), with two module states.
const root = path.resolve(__dirname, '../../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack config is CommonJS
const { shared } = require(path.join(root, 'tools/webpack/shared.cjs')) as { shared: Record<string, unknown> };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('shared feature libs', () => {
  it('shares every feature lib the shell imports', () => {
    const imported = new Set<string>();
    for (const file of sourceFiles(path.join(root, 'apps/shell/src'))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/from\s*'(@vox\/feature-[\w-]+)/g)) imported.add(m[1]);
    }
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((name) => !(name in shared))).toEqual([]);
  });

  it('does not share the feature libs only the remotes import', () => {
    expect(Object.keys(shared).filter((name) => name.startsWith('@vox/feature-'))).toEqual(['@vox/feature-notifications']);
  });
});
