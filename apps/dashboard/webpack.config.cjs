const createWebConfig = require('../../tools/webpack/web.config.cjs');

module.exports = createWebConfig({
  name: 'dashboard',
  projectRoot: 'apps/dashboard',
  exposes: { './App': './src/app/app.tsx' },
});
