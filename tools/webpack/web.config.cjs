// Webpack config for the web apps: the shell (federation host) and the four remotes.
// Contract (ARCHITECTURE.md "Federation contract"): chunks at static/js/<numeric id>.chunk.js and
// static/css/<numeric id>.chunk.css relative to the app's own root, chunk load time-out 120000 ms,
// singletons from shared.cjs, each remote exposes ./App from remoteEntry.js.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const webpack = require('webpack');
const TerserPlugin = require('terser-webpack-plugin');
const zlib = require('node:zlib');
const { aliases } = require('./aliases.cjs');
const BundleContentsPlugin = require('./bundle-contents-plugin.cjs');
const { shellShared, remoteShared, REMOTES } = require('./shared.cjs');
const { SharedImportsPlugin } = require('./shared-imports.cjs');
// The first-load machinery: what each piece saves and how to remove it, tools/first-load/README.md.
const firstLoad = path.join(__dirname, '../first-load');
const { FirstLoadPreloadPlugin } = require('../first-load/first-load-preload-plugin.cjs');
const { without } = require('../first-load/without.cjs');
const ShellFirstLoadPlugin = require('../first-load/shell-first-load-plugin.cjs');
const { assertPatched } = require('../first-load/patched-packages.cjs');

const workspaceRoot = path.resolve(__dirname, '../..');
const reactRouterDir = path.dirname(require.resolve('react-router/package.json'));
const reactQueryDir = path.dirname(require.resolve('@tanstack/react-query/package.json'));
// Asset names may carry the ?v=<hash> query (see chunkFilename).
const COMPRESSIBLE = /\.(js|css|html|json|svg)(\?.*)?$/;
// What each container's generated federation entry imports (by absolute path): the webpack
// bundler runtime, which remotes take from the shell (see the ExternalsPlugin below).
const BUNDLER_RUNTIME_ENTRY = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/;
// Precompressed siblings (name.js.br) of assets whose names carry that query.
const compressedName = (ext) => (pathData) => `${pathData.filename.replace(/\?.*$/, '')}.${ext}`;

/** Emits the default remotes manifest: every remote on the same origin as the shell. */
class RemotesManifestPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('RemotesManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemotesManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const manifest = Object.fromEntries(REMOTES.map((name) => [name, `/remotes/${name}/remoteEntry.js`]));
          compilation.emitAsset('remotes.json', new RawSource(JSON.stringify(manifest, null, 2) + '\n'));
        },
      );
    });
  }
}

/**
 * @param {{ name: string, projectRoot: string, host?: boolean, exposes?: Record<string,string> }} opts
 */
module.exports = function createWebConfig({ name, projectRoot, host = false, exposes }) {
  return (env = {}, argv = {}) => {
    // The federation runtime it bundles is the patched one (patches/), or the build stops.
    assertPatched();
    const mode = argv.mode ?? 'production';
    const prod = mode === 'production';
    const outDir = env.outDir ? path.resolve(env.outDir) : path.join(workspaceRoot, 'dist', projectRoot);
    // Chunk ids are numeric and stable, so the file name cannot carry the content hash; a
    // ?v=<hash> query busts caches instead (webpack drops the query from the written file name).
    const version = prod ? '?v=[contenthash:8]' : '';
    return {
      name,
      mode,
      context: path.join(workspaceRoot, projectRoot),
      entry: host ? { main: './src/main.ts' } : {},
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outDir,
        uniqueName: `vox_${name}`,
        publicPath: host ? '/' : (env.publicPath ?? 'auto'),
        // The federation runtime asks for this name before content hashes exist, only to learn
        // the folder depth; both forms live in the same folder.
        filename: (pathData) =>
          prod && pathData.chunk?.contentHash?.javascript ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
        chunkFilename: `static/js/[id].chunk.js${version}`,
        chunkLoadTimeout: 120000,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          ...aliases,
          'react-router$': path.join(firstLoad, 'react-router-shared.mjs'),
          'react-router-build$': path.join(reactRouterDir, 'dist', prod ? 'production' : 'development', 'index.mjs'),
          '@tanstack/react-query$': path.join(firstLoad, 'react-query-shared.mjs'),
          'react-query-build$': path.join(reactQueryDir, 'build', 'modern', 'index.js'),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'ts-loader',
            exclude: /node_modules/,
            options: { transpileOnly: true, configFile: path.join(workspaceRoot, projectRoot, 'tsconfig.json') },
          },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
          // react-router's production messages become numbered codes (tools/first-load/README.md).
          ...(prod ? [{ test: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/, loader: path.join(firstLoad, 'react-router-messages-loader.cjs') }] : []),
          // The route table's page records, one module per feature lib: a remote keeps only the
          // records it imports, so its build names no other feature lib (libs/site-routes).
          { test: /[\\/]libs[\\/]site-routes[\\/]src[\\/]pages[\\/]/, sideEffects: false },
          { test: /\.(png|svg|jpe?g|webp|woff2?)$/, type: 'asset', generator: { filename: 'static/media/[name].[contenthash:8][ext]' } },
        ],
      },
      optimization: {
        chunkIds: 'deterministic',
        moduleIds: 'deterministic',
        // Module federation's consume-shared modules break when split into common chunks (a
        // module then runs before the consume handler installed its dependency).
        splitChunks: false,
        minimize: prod,
        minimizer: [
          new TerserPlugin({
            // Licence headers go to a <file>.LICENSE.txt beside each file (still shipped, not
            // downloaded with the code); two compress passes.
            extractComments: true,
            terserOptions: { ecma: 2020, compress: { passes: 2 } },
          }),
          new CssMinimizerPlugin(),
        ],
      },
      performance: { hints: false },
      plugins: [
        // Lets a test tell two builds of the same remote apart (see the e2e manifest test).
        new webpack.DefinePlugin({ 'process.env.VOX_BUILD_LABEL': JSON.stringify(env.buildLabel ?? 'default') }),
        new ModuleFederationPlugin({
          name,
          ...(host ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          // The shell's singletons eager but for SHELL_LAZY_SHARED; a remote takes the shell's own
          // from the shell, without a copy (FROM_SHELL). Both in shared.cjs, with the reasons.
          shared: host ? shellShared : remoteShared,
          // With eager singletons, a lazily loaded part of the shell (the auth modal) consumes them
          // synchronously, and the default 'version-first' start of the share scope then fetches
          // every registered remote's entry to compare versions. The shell's copies are the ones
          // every remote uses anyway (singletons), so the scope uses what is loaded.
          ...(host ? { shareStrategy: 'loaded-first' } : {}),
          dts: false,
          manifest: false,
          // Browser-only runtime without the snapshot (manifest) machinery we do not use; remotes
          // never load remotes themselves.
          experiments: {
            optimization: { disableSnapshot: true, target: 'web', ...(host ? {} : { disableRemote: true }) },
            // One federation runtime per page: the shell publishes its runtime-core as a global and
            // each remote's entry uses it instead of carrying a second copy (~15 KB gzip per
            // remote). A remote built before this change still carries its own and still loads.
            // (The shell's side is apps/shell/src/federation/provide-runtime-plugin.ts.)
            ...(host ? {} : { externalRuntime: true }),
          },
          ...(host
            ? {
                runtimePlugins: [
                  path.join(workspaceRoot, 'apps/shell/src/federation/provide-runtime-plugin.ts'),
                  path.join(workspaceRoot, 'apps/shell/src/federation/remote-retry-plugin.ts'),
                ],
              }
            : {}),
        }),
        // A remote's entry reads the shell's webpack bundler runtime (and with it
        // @module-federation/runtime, sdk and error-codes) from the global the shell publishes
        // (provide-runtime-plugin.ts), as externalRuntime does for runtime-core, instead of
        // carrying a second copy of each (~4.5 KB gzip per remote entry). Such a remote needs a
        // shell from this commit on; an older remote still carries its own and still loads.
        ...(host
          ? []
          : [
              new webpack.ExternalsPlugin('global', [
                ({ request }, callback) =>
                  BUNDLER_RUNTIME_ENTRY.test(request ?? '') ? callback(null, '_FEDERATION_BUNDLER_RUNTIME') : callback(),
              ]),
            ]),
        new MiniCssExtractPlugin({
          filename: prod ? 'static/css/[name].[contenthash:8].css' : 'static/css/[name].css',
          chunkFilename: `static/css/[id].chunk.css${version}`,
        }),
        ...(host
          ? [
              new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
              new RemotesManifestPlugin(),
            ]
          : []),
        // A remote's ./App files in preload.json, for the API's Link header; the shell's
        // first script and its bootstrap chunks' preloads in index.html.
        // With the route table: each route's page files too (route-preloads.cjs).
        ...(prod && !host && !without('remote-preload')
          ? [
              new FirstLoadPreloadPlugin({
                site: name,
                routeTable: path.join(workspaceRoot, 'libs/site-routes/src/lib/routes.ts'),
                paths: path.join(workspaceRoot, 'libs/variant/src/lib/paths.ts'),
                pagesDir: path.join(workspaceRoot, 'libs/site-routes/src/pages'),
              }),
            ]
          : []),
        ...(prod && host
          ? [
              new ShellFirstLoadPlugin({
                entryModule: path.join(workspaceRoot, projectRoot, 'src/main.ts'),
                workspaceRoot,
                authModal: { module: path.join(workspaceRoot, projectRoot, 'src/app/auth-modal-host.tsx'), request: '@vox/auth/modal' },
              }),
            ]
          : []),
        ...(prod
          ? [
              new BundleContentsPlugin({ name, outFile: path.join(outDir, '..', '..', 'bundle-contents', `${name}.json`) }),
              // What this build imports from each shared lib (and, for the shell, what it
              // exports): the release check compares a remote's with the running shell's.
              new SharedImportsPlugin(host ? { exports: require('./shared-versions.json') } : {}),
              new CompressionPlugin({ filename: compressedName('gz'), algorithm: 'gzip', test: COMPRESSIBLE, threshold: 0, minRatio: 1 }),
              new CompressionPlugin({
                filename: compressedName('br'),
                algorithm: 'brotliCompress',
                test: COMPRESSIBLE,
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 0,
                minRatio: 1,
              }),
            ]
          : []),
      ],
      stats: 'errors-warnings',
      devServer: undefined,
    };
  };
};
