// One Jest setup for every project: SWC transpiles TypeScript (type checking is the
// separate `typecheck` target), and @vox/* imports resolve to library sources exactly
// as tsconfig.base.json maps them for webpack and tsc.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = {
  '\\.css$': path.join(__dirname, 'tools/jest/style-stub.cjs'),
};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace('/', '\\/')}$`] = path.join(__dirname, target);
}

// Jest's CommonJS runtime cannot require ES modules on Node 20, so packages shipped as ESM
// ("type": "module") are transpiled like our own code; the list is read from node_modules so
// a new ESM dependency needs no edit here.
const fs = require('node:fs');
function esmPackageNames() {
  const top = path.join(__dirname, 'node_modules');
  const names = [];
  for (const entry of fs.readdirSync(top)) {
    const dirs = entry.startsWith('@') ? fs.readdirSync(path.join(top, entry)).map((d) => `${entry}/${d}`) : [entry];
    for (const name of dirs) {
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(top, name, 'package.json'), 'utf8'));
        if (pkg.type === 'module') names.push(name.replace(/[.+]/g, '\\$&'));
      } catch {
        // not a package folder (.bin, .cache)
      }
    }
  }
  return names;
}
// @fastify/cookie is CommonJS but loads the ESM-only `cookie` with import(), which Jest's
// CommonJS runtime rejects; transpiling it turns that import() into a require().
const esmPackages = [...esmPackageNames(), 'typebox', '@azure/msal-browser', '@fastify/cookie'];

module.exports = {
  testMatch: ['**/?(*.)+(spec|test).[jt]s?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper,
  setupFiles: [path.join(__dirname, 'tools/jest/polyfills.cjs')],
};
