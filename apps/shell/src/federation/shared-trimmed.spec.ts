import fs from 'node:fs';
import path from 'node:path';

// The federation shares trimmed react-router and TanStack Query modules
// (tools/first-load/react-router-shared.mjs, react-query-shared.mjs): a shared module is never
// tree-shaken, so each re-exports only the names the workspace uses. A name imported from the
// package but missing there would be undefined at run time, so this test reads every source file
// of the workspace and checks each imported name is provided.
const root = path.resolve(__dirname, '../../../..');
const TRIMMED = [
  { pkg: 'react-router', file: 'tools/first-load/react-router-shared.mjs', expected: ['BrowserRouter', 'useNavigate'] },
  { pkg: '@tanstack/react-query', file: 'tools/first-load/react-query-shared.mjs', expected: ['QueryClient', 'useQuery'] },
];

function provided(file: string): Set<string> {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return new Set(/export\s*{([^}]*)}/.exec(text)![1].split(',').map((s) => s.trim()).filter(Boolean));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// libs/testing is imported by specs only (the lint forbids it elsewhere): it runs in Jest with the
// real packages and never goes through the federation.
const testOnly = path.join(root, 'libs', 'testing') + path.sep;
// The server render module's own files are bundled for Node with the whole packages
// (tools/webpack/server.config.cjs): never through the federation either.
const serverOnly = path.join(root, 'apps', 'shell', 'src', 'server') + path.sep;
const webFiles = ['apps', 'libs']
  .flatMap((d) => sourceFiles(path.join(root, d)))
  .filter((f) => !f.includes(`${path.sep}api${path.sep}`) && !f.startsWith(testOnly) && !f.startsWith(serverOnly));

describe.each(TRIMMED)('shared $pkg', ({ pkg, file, expected }) => {
  const names = provided(file);

  it('provides every name the web code imports from the package', () => {
    const from = new RegExp(`import\\s*(type\\s*)?{([^}]*)}\\s*from\\s*'${pkg.replace(/[/@]/g, '\\$&')}'`, 'g');
    const missing: string[] = [];
    let imports = 0;
    for (const f of webFiles) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(from)) {
        imports += 1;
        if (m[1]) continue;
        for (const raw of m[2].split(',')) {
          const name = raw.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
          if (name && !raw.trim().startsWith('type ') && !names.has(name)) missing.push(`${name} (${path.relative(root, f)})`);
        }
      }
    }
    expect(imports).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it('is non-trivial', () => {
    for (const name of expected) expect(names.has(name)).toBe(true);
  });

  it('has no other import of the package in web code (a default or namespace import would bypass the list; a type import is erased)', () => {
    const other = new RegExp(`import\\s+(?!type\\s)(\\*|[A-Za-z_$][\\w$]*)[^;]*from\\s*'${pkg.replace(/[/@]/g, '\\$&')}'|require\\('${pkg.replace(/[/@]/g, '\\$&')}'\\)`);
    expect(webFiles.filter((f) => other.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(root, f))).toEqual([]);
  });
});
