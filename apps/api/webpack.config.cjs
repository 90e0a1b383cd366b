const createNodeConfig = require('../../tools/webpack/node.config.cjs');

module.exports = createNodeConfig({
  projectRoot: 'apps/api',
  entry: { main: './src/server.ts', admin: './src/admin/cli.ts' },
});
