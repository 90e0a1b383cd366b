const createWebConfig = require('../../tools/webpack/web.config.cjs');

module.exports = createWebConfig({
  name: 'main',
  projectRoot: 'apps/main',
  exposes: { './App': './src/app/app.tsx' },
});
