// Bundles a Node program (the API server and its CLIs) into dist/<projectRoot>. Workspace
// libs (@vox/*) are compiled in; packages from node_modules stay external and are required
// at run time, so native modules (better-sqlite3, argon2) load from their own builds.
//
// Every warning fails the build: a warning here means the bundle behaves unlike the source
// (a `createRequire(...)` webpack cannot follow is compiled to `undefined`, a critical dependency
// or a missing module throws at run time), and the tests run the source.
const path = require('node:path');
const workspaceRoot = path.resolve(__dirname, '../..');
const { aliases } = require('./aliases.cjs');

/** Turns the compilation's warnings into errors, so webpack exits non-zero and emits nothing. */
class WarningsAreErrors {
  apply(compiler) {
    compiler.hooks.afterCompile.tap('WarningsAreErrors', (compilation) => {
      compilation.errors.push(...compilation.warnings.splice(0));
    });
  }
}

/** @param {{ projectRoot: string, entry: Record<string,string> }} opts */
module.exports = function createNodeConfig({ projectRoot, entry }) {
  return (_env, argv) => ({
    mode: argv.mode ?? 'production',
    target: 'node20',
    context: path.join(workspaceRoot, projectRoot),
    entry,
    devtool: 'source-map',
    output: {
      path: path.join(workspaceRoot, 'dist', projectRoot),
      filename: '[name].js',
      clean: true,
      library: { type: 'commonjs2' },
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      alias: aliases,
      extensionAlias: { '.js': ['.ts', '.js'] },
    },
    externalsPresets: { node: true },
    externals: [
      ({ request }, callback) => {
        if (!request || request.startsWith('.') || request.startsWith('@vox/') || path.isAbsolute(request)) {
          return callback();
        }
        return callback(null, `commonjs ${request}`);
      },
    ],
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'ts-loader',
          exclude: /node_modules/,
          options: { transpileOnly: true, configFile: path.join(workspaceRoot, projectRoot, 'tsconfig.json') },
        },
      ],
    },
    plugins: [new WarningsAreErrors()],
    optimization: { minimize: false },
    node: { __dirname: false, __filename: false },
    stats: 'errors-warnings',
  });
};
