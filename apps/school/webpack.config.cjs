const createWebConfig = require('../../tools/webpack/web.config.cjs');

module.exports = createWebConfig({
  name: 'school',
  projectRoot: 'apps/school',
  exposes: { './App': './src/app/app.tsx' },
});
