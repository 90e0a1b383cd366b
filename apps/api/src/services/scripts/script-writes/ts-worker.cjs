// Tests run the API from its TypeScript sources (no bundle): this starts the script-writes
// worker thread from worker.ts through jiti, with the workspace's @vox/* paths as aliases, as
// tsconfig.base.json maps them. The built server starts dist/apps/api/script-writes-worker.js.
const path = require('node:path');
const { workerData } = require('node:worker_threads');
const { createJiti } = require('jiti');

const root = path.resolve(__dirname, '../../../../../..');
const { compilerOptions } = require(path.join(root, 'tsconfig.base.json'));
const alias = {};
for (const [name, [target]] of Object.entries(compilerOptions.paths)) alias[name] = path.join(root, target);

createJiti(__filename, { alias, interopDefault: true })(workerData.entry);
