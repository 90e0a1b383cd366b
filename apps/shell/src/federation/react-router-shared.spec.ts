import fs from 'node:fs';
import path from 'node:path';

// The federation shares a trimmed react-router (tools/webpack/react-router-shared.mjs). A name
// imported from 'react-router' but missing there would be undefined at run time, so this test
// reads every source file of the workspace and checks each imported name is provided.
const root = path.resolve(__dirname, '../../../..');
const sharedModule = fs.readFileSync(path.join(root, 'tools/webpack/react-router-shared.mjs'), 'utf8');
const provided = new Set(
  /export\s*{([^}]*)}/.exec(sharedModule)![1].split(',').map((s) => s.trim()).filter(Boolean),
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('shared react-router', () => {
  it('provides every name the web code imports from react-router', () => {
    // libs/testing is imported by specs only (the lint forbids it elsewhere): it runs in Jest
    // with the real package and never goes through the federation.
    const testOnly = path.join(root, 'libs', 'testing') + path.sep;
    const files = ['apps', 'libs']
      .flatMap((d) => sourceFiles(path.join(root, d)))
      .filter((f) => !f.includes(`${path.sep}api${path.sep}`) && !f.startsWith(testOnly));
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s*(type\s*)?{([^}]*)}\s*from\s*'react-router'/g)) {
        if (m[1]) continue;
        for (const raw of m[2].split(',')) {
          const name = raw.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
          if (name && !raw.trim().startsWith('type ') && !provided.has(name)) missing.push(`${name} (${path.relative(root, file)})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('is non-trivial', () => {
    expect(provided.has('BrowserRouter')).toBe(true);
    expect(provided.has('useNavigate')).toBe(true);
  });
});
