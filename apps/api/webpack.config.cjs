const createNodeConfig = require('../../tools/webpack/node.config.cjs');

module.exports = createNodeConfig({
  projectRoot: 'apps/api',
  // hash-worker: the low-priority password-hashing process (plugins/app/password-hashing.ts).
  entry: { main: './src/server.ts', admin: './src/admin/cli.ts', 'hash-worker': './src/plugins/app/hash-worker.cjs' },
});
