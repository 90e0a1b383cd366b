// Writes dist/bundle-contents/<app>.json: for every emitted JS file, the npm packages and
// workspace libs whose code it contains, and their module files. The bundle report uses it to prove no shared library is loaded twice.
const fs = require('node:fs');
const path = require('node:path');

function packageOf(resource) {
  const i = resource.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (i < 0) return null;
  const parts = resource.slice(i + 14).split(path.sep);
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function libOf(resource) {
  const m = /[\\/]libs[\\/]([^\\/]+)[\\/]/.exec(resource);
  return m && !resource.includes('node_modules') ? `@vox/${m[1]}` : null;
}

class BundleContentsPlugin {
  constructor({ name, outFile }) {
    this.name = name;
    this.outFile = outFile;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('BundleContentsPlugin', (compilation) => {
      const files = {};
      for (const chunk of compilation.chunks) {
        const packages = new Set();
        const modules = new Set();
        for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
          const inner = module.rootModule ?? module; // concatenated modules keep their root
          const resources = [inner, ...(module.modules ?? [])].map((m) => m.resource).filter(Boolean);
          for (const resource of resources) {
            const owner = packageOf(resource) ?? libOf(resource);
            if (owner && !owner.startsWith('.')) {
              packages.add(owner);
              modules.add(path.relative(compiler.context, resource).replace(/^(\.\.\/)+/, ''));
            }
          }
        }
        for (const file of chunk.files) {
          const name = file.split('?')[0];
          if (name.endsWith('.js')) files[name] = { packages: [...packages].sort(), modules: [...modules].sort() };
        }
      }
      fs.mkdirSync(path.dirname(this.outFile), { recursive: true });
      fs.writeFileSync(this.outFile, JSON.stringify({ app: this.name, files }, null, 2));
    });
  }
}

module.exports = BundleContentsPlugin;
