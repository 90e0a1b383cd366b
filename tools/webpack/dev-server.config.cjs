// `npm run dev`: one webpack-dev-server compiles the shell and all four remotes in memory with
// live reload; /remotes/<name>/ serves each remote as in production, /api goes to the API
// process that tools/scripts/dev.mjs runs beside it.
const path = require('node:path');
const { REMOTES } = require('./shared.cjs');

const apiPort = process.env.API_PORT ?? '4201';
// A remote's config is [web, server render module]: the dev server compiles the web build only
// (pages come from the client, as for any page without a server body).
const webConfigOf = (config) => (Array.isArray(config) ? config[0] : config);
const configOf = (app, env) => webConfigOf(require(path.join(__dirname, '../../apps', app, 'webpack.config.cjs')))(env, { mode: 'development' });

const shell = configOf('shell', {});
const remotes = REMOTES.map((name) => configOf(name, { publicPath: `/remotes/${name}/` }));

shell.devServer = {
  port: Number(process.env.PORT ?? 4200),
  host: '0.0.0.0',
  allowedHosts: 'all',
  hot: false,
  liveReload: true,
  static: false,
  historyApiFallback: { disableDotRule: true, rewrites: [{ from: /^\/(?!api\/|remotes\/|static\/)/, to: '/index.html' }] },
  proxy: [{ context: ['/api'], target: `http://localhost:${apiPort}` }],
  client: { overlay: { errors: true, warnings: false } },
};

module.exports = [shell, ...remotes];
