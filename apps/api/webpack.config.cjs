const createNodeConfig = require('../../tools/webpack/node.config.cjs');

module.exports = createNodeConfig({
  projectRoot: 'apps/api',
  // hash-worker: the low-priority password-hashing process (plugins/app/password-hashing.ts).
  // script-writes-worker: the thread that parses, checks and writes large script saves
  // (services/scripts/script-writes).
  entry: { main: './src/server.ts', admin: './src/admin/cli.ts', remotes: './src/releases/cli.ts', 'hash-worker': './src/plugins/app/hash-worker.cjs', 'script-writes-worker': './src/services/scripts/script-writes/worker.ts' },
});
