const createWebConfig = require('../../tools/webpack/web.config.cjs');
const createServerConfig = require('../../tools/webpack/server.config.cjs');

const app = { name: 'podcast', projectRoot: 'apps/podcast', exposes: { './App': './src/app/app.tsx' } };

// The web build, then the server render module of its public pages (dist/apps/podcast/server).
module.exports = [createWebConfig(app), createServerConfig(app)];
