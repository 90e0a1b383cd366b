// Webpack configs of the floor experiment's steps B, C and D (floor.mjs builds them). Every one is
// derived from tools/webpack/web.config.cjs in production mode (the same terser settings, React's
// production build, react-router's production build, the trimmed TanStack Query entry), less
// the app-specific plugins:
// - B, C: one bundle, no federation (its plugin and the shell's first-load plugin taken out);
// - D: a shell (host) and one remote 'floor', with the real federation settings: the shared
//   singletons of tools/webpack/shared.cjs, the shell publishing its runtime to the remote
//   (externalRuntime, the bundler-runtime external), the semver memo, the shell's first script and
//   its bootstrap chunks' preloads (ShellFirstLoadPlugin), the remote's preload.json of ./App;
// - Dbr: D with the real shared react-router module and a <BrowserRouter> (what the real shell
//   renders) in place of the data router;
// - Dlibs: D' plus the workspace libs the real shell loads on /about (bootstrap-libs.tsx).
const path = require('node:path');
const createWebConfig = require('../../../webpack/web.config.cjs');
const webpack = require('webpack');
const { FirstLoadPreloadPlugin } = require('../../../webpack/first-load-preload-plugin.cjs');

const here = __dirname;
const workspaceRoot = path.resolve(here, '../../../..');
const rel = (p) => path.relative(workspaceRoot, path.join(here, p));
const reactRouterProd = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production', 'index.mjs');
const drop = (config, ...names) => ({ ...config, plugins: config.plugins.filter((p) => !names.includes(p.constructor.name)) });

module.exports = ({ outDir }) => {
  const argv = { mode: 'production' };
  const single = (step) => {
    const base = createWebConfig({ name: `floor_${step}`, projectRoot: rel('.'), host: true })({ outDir: path.join(outDir, step) }, argv);
    const config = drop(base, 'ModuleFederationPlugin', 'ShellFirstLoadPlugin', 'RemotesManifestPlugin', 'BundleContentsPlugin');
    config.entry = { main: `./src/${step}.tsx` };
    // Not shared: import react-router's production build directly (tree-shaken).
    config.resolve = { ...config.resolve, alias: { ...config.resolve.alias, 'react-router$': reactRouterProd } };
    return config;
  };
  // dataRouter: the shared react-router adds createBrowserRouter / RouterProvider (step D); without
  // it the shell renders a BrowserRouter on the real shared module (step Dbr).
  const federated = (step, dataRouter, bootstrap = './bootstrap-br') => {
    const routerAlias = { 'react-router$': dataRouter ? path.join(here, 'react-router-shared.mjs') : require.resolve('../../../webpack/react-router-shared.mjs') };
    const shellBase = createWebConfig({ name: 'floor_shell', projectRoot: rel('shell'), host: true })({ outDir: path.join(outDir, step) }, argv);
    const shell = drop(shellBase, 'RemotesManifestPlugin', 'BundleContentsPlugin');
    shell.name = `floor_shell_${step}`;
    shell.output = { ...shell.output, clean: { keep: /^remotes[\\/]/ } };
    shell.resolve = { ...shell.resolve, alias: { ...shell.resolve.alias, ...routerAlias } };
    if (!dataRouter) shell.plugins.push(new webpack.NormalModuleReplacementPlugin(/^\.\/bootstrap$/, bootstrap));
    const remoteBase = createWebConfig({ name: 'floor', projectRoot: rel('remote'), exposes: { './App': './src/App.tsx' } })(
      { outDir: path.join(outDir, step, 'remotes', 'floor') },
      argv,
    );
    const remote = drop(remoteBase, 'FirstLoadPreloadPlugin', 'BundleContentsPlugin');
    remote.name = `floor_remote_${step}`;
    remote.plugins.push(new FirstLoadPreloadPlugin());
    remote.resolve = { ...remote.resolve, alias: { ...remote.resolve.alias, ...routerAlias } };
    // The shell's output.clean keeps remotes/ (the remote's folder inside it); the remote cleans its own.
    return [shell, remote];
  };
  return [single('b'), single('c'), ...federated('d', true), ...federated('dbr', false), ...federated('dlibs', false, './bootstrap-libs')];
};
