const createWebConfig = require('../../tools/webpack/web.config.cjs');

module.exports = createWebConfig({ name: 'shell', projectRoot: 'apps/shell', host: true });
