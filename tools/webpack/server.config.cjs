// The server render module of a remote: dist/apps/<remote>/server/render.cjs, built beside the
// remote's web build (apps/<remote>/webpack.config.cjs), so a remote deployed alone brings it along.
// It bundles the shell's tree (apps/shell/src/server/render.tsx) with the remote's own ./App in
// place of the federation runtime, and everything they import (React's server renderer included):
// the API requires the one file and nothing else (docs/public-pages.md "Bodies").
const path = require('node:path');
const webpack = require('webpack');
const { aliases } = require('./aliases.cjs');

const workspaceRoot = path.resolve(__dirname, '../..');
const reactRouterDir = path.dirname(require.resolve('react-router/package.json'));
const serverDir = path.join(workspaceRoot, 'apps/shell/src/server');

/** @param {{ name: string, projectRoot: string, exposes: Record<string, string> }} opts */
module.exports = function createServerConfig({ name, projectRoot, exposes }) {
  return (env = {}) => {
    const outDir = env.outDir ? path.resolve(env.outDir) : path.join(workspaceRoot, 'dist', projectRoot);
    return {
      name: `${name}-server`,
      // After the web build, whose output.clean empties the folder this one writes into.
      dependencies: [name],
      mode: 'production',
      target: 'node20',
      context: workspaceRoot,
      entry: { render: path.join(serverDir, 'render.tsx') },
      devtool: false,
      output: {
        path: path.join(outDir, 'server'),
        filename: '[name].cjs',
        library: { type: 'commonjs2' },
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          ...aliases,
          'vox-server-remote$': path.join(workspaceRoot, projectRoot, exposes['./App']),
          // The production build, as the web build's shared module uses (the package resolves to
          // its development build).
          'react-router$': path.join(reactRouterDir, 'dist', 'production', 'index.mjs'),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'ts-loader',
            exclude: /node_modules/,
            options: { transpileOnly: true, configFile: path.join(workspaceRoot, 'apps/shell/tsconfig.json') },
          },
          // Stylesheets are the web build's: the page links them (web-apps.ts).
          { test: /\.css$/, loader: path.join(__dirname, 'empty-module-loader.cjs') },
          // The same file names as the web build's, not written again.
          {
            test: /\.(png|svg|jpe?g|webp|woff2?)$/,
            type: 'asset/resource',
            generator: { filename: 'static/media/[name].[contenthash:8][ext]', publicPath: `/remotes/${name}/`, emit: false },
          },
          { test: /[\\/]libs[\\/]site-routes[\\/]src[\\/]pages[\\/]/, sideEffects: false },
        ],
      },
      optimization: { minimize: false, splitChunks: false },
      performance: { hints: false },
      plugins: [
        new webpack.DefinePlugin({ 'process.env.VOX_BUILD_LABEL': JSON.stringify(env.buildLabel ?? 'default') }),
        // One file: the pages' import() calls resolve inside it.
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
        new webpack.NormalModuleReplacementPlugin(/[\\/]federation[\\/]remotes$/, path.join(serverDir, 'remotes.server.ts')),
        new webpack.ProvidePlugin({
          window: [path.join(serverDir, 'server-window.ts'), 'window'],
          location: [path.join(serverDir, 'server-window.ts'), 'location'],
        }),
      ],
      stats: 'errors-warnings',
    };
  };
};
