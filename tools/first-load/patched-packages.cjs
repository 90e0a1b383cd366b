// The federation runtime's files VoxClub changes, as patch-package patches (patches/ at the root,
// applied by `npm install`'s postinstall, `patch-package --error-on-fail`, which fails the install
// when a new version no longer matches a patch). Each patched file starts with MARKER, so the web
// build can tell a patched copy from a pristine one (an install with --ignore-scripts, a copy of
// node_modules from elsewhere) and fails rather than ship the full code again. What each patch
// saves: README.md beside this file.
const fs = require('node:fs');
const path = require('node:path');

const MARKER = '// VoxClub first-load patch (tools/first-load/README.md):';
const workspaceRoot = path.resolve(__dirname, '../..');
const PATCHES_DIR = path.join(workspaceRoot, 'patches');
/** The files the patches change, relative to the workspace root. */
const PATCHED_FILES = [
  'node_modules/@module-federation/runtime-core/dist/plugins/snapshot/SnapshotHandler.js',
  'node_modules/@module-federation/runtime-core/dist/utils/preload.js',
  'node_modules/@module-federation/error-codes/dist/desc.mjs',
];

/** The files a patch under patches/ changes (its `diff --git a/<file> b/<file>` lines). */
function filesOfPatches(dir = PATCHES_DIR) {
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith('@module-federation+') && name.endsWith('.patch'))
    .flatMap((name) => [...fs.readFileSync(path.join(dir, name), 'utf8').matchAll(/^diff --git a\/(\S+) b\//gm)].map((m) => m[1]));
}

/** Throws unless every patched file carries the marker. */
function assertPatched(root = workspaceRoot) {
  const unpatched = PATCHED_FILES.filter((file) => {
    const full = path.join(root, file);
    return !fs.existsSync(full) || !fs.readFileSync(full, 'utf8').startsWith(MARKER);
  });
  if (unpatched.length) {
    throw new Error(`${unpatched.join(', ')}: not patched. Run \`npx patch-package --error-on-fail\` (npm install's postinstall does); see tools/first-load/README.md.`);
  }
}

module.exports = { MARKER, PATCHED_FILES, filesOfPatches, assertPatched };
