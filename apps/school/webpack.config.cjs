const createWebConfig = require('../../tools/webpack/web.config.cjs');
const createServerConfig = require('../../tools/webpack/server.config.cjs');

const app = { name: 'school', projectRoot: 'apps/school', exposes: { './App': './src/app/app.tsx' } };

// The web build, then the server render module of its public pages (dist/apps/school/server).
module.exports = [createWebConfig(app), createServerConfig(app)];
