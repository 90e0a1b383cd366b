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

// ESM-only packages that Jest's CommonJS runtime cannot require as shipped.
const esmPackages = ['jose', 'oidc-provider', 'typebox', 'nanoid', '@azure/msal-browser'];

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
};
