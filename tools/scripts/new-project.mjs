#!/usr/bin/env node
// Writes the boilerplate every Nx project here shares (project.json with its scope/type tags,
// tsconfig.json for the typecheck target, jest.config.cjs), so projects stay uniform.
// Usage: node tools/scripts/new-project.mjs libs/foo --tags scope:web,type:shared [--env jsdom]
import fs from 'node:fs';
import path from 'node:path';

const [root, ...rest] = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : dflt;
};
if (!root) throw new Error('usage: new-project.mjs <root> --tags a,b [--env node|jsdom]');
const name = path.basename(root);
const depth = root.split('/').length;
const up = '../'.repeat(depth);
const tags = opt('tags', '').split(',').filter(Boolean);
const env = opt('env', 'node');

fs.mkdirSync(path.join(root, 'src'), { recursive: true });
const write = (file, text) => {
  const p = path.join(root, file);
  if (!fs.existsSync(p)) fs.writeFileSync(p, text);
};
write(
  'project.json',
  JSON.stringify(
    {
      name,
      $schema: `${up}node_modules/nx/schemas/project-schema.json`,
      sourceRoot: `${root}/src`,
      projectType: root.startsWith('apps/') ? 'application' : 'library',
      tags,
      targets: { lint: {}, typecheck: {}, test: {} },
    },
    null,
    2,
  ) + '\n',
);
write(
  'tsconfig.json',
  JSON.stringify(
    {
      extends: `${up}tsconfig.base.json`,
      compilerOptions: { types: env === 'jsdom' ? ['jest', 'node', '@testing-library/jest-dom'] : ['jest', 'node'] },
      include: ['src/**/*.ts', 'src/**/*.tsx'],
    },
    null,
    2,
  ) + '\n',
);
write(
  'jest.config.cjs',
  `module.exports = {
  ...require('${up}jest.preset.cjs'),
  displayName: '${name}',
  rootDir: __dirname,
  testEnvironment: '${env}',${env === 'jsdom' ? `\n  setupFilesAfterEnv: ['<rootDir>/${up}tools/jest/jsdom-setup.cjs'],` : ''}
};
`,
);
if (!fs.existsSync(path.join(root, 'src/index.ts')) && root.startsWith('libs/')) {
  fs.writeFileSync(path.join(root, 'src/index.ts'), '');
}
console.log(`wrote ${root}`);
