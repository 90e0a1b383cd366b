const createWebConfig = require('../../tools/webpack/web.config.cjs');

module.exports = createWebConfig({
  name: 'podcast',
  projectRoot: 'apps/podcast',
  exposes: { './App': './src/app/app.tsx' },
});
