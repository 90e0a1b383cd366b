// @vox/* import names -> library sources, read from tsconfig.base.json so there is one map.
const path = require('node:path');
const { compilerOptions } = require('../../tsconfig.base.json');
const root = path.resolve(__dirname, '../..');
const aliases = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([name, [target]]) => [`${name}$`, path.join(root, target)]),
);
const libNames = Object.keys(compilerOptions.paths);
module.exports = { aliases, libNames };
