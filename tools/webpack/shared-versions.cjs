#!/usr/bin/env node
// The versions of the shared @vox/* libs (docs/deploy.md, "Shared libs and their versions").
//
// A remote takes these libs from the shell at run time, so a remote built against exports the
// shell's copy no longer has would crash a page (React error #130 for a missing component). Each
// shared lib therefore carries a version that moves with its run-time exports, kept in
// shared-versions.json beside the exports it was given for:
// - an export added, or a value's type changed (a table that grew): a patch version
//   (0.1.0 -> 0.1.1). Remotes built from then on need it (`^0.1.1`); older remotes still take
//   the newer copy.
// - an export removed, or changed (its kind, a function's signature): a breaking version (0.1.x -> 0.2.0) and
//   a new share-key generation (`@vox/ui@2`), so remotes built before it find no provider of the
//   key they were built with and use the copy they carry, or, for the libs every remote takes
//   from the shell (no copy of their own), are refused by the federation runtime (strictVersion)
//   and the shell falls back to the remote's previous release.
// Only run-time exports count: a type-only export is gone from the built code.
//
//   node tools/webpack/shared-versions.cjs          check the file against the code (CI)
//   node tools/webpack/shared-versions.cjs --write  bump what changed and rewrite the file
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const root = path.resolve(__dirname, '../..');
const FILE = path.join(__dirname, 'shared-versions.json');

/** The file: { "<lib>": { version, generation, exports: { "<name>": "<kind> <sha1 of type>" } } }. */
const readVersions = () => JSON.parse(fs.readFileSync(FILE, 'utf8'));

/** The run-time exports of each entry, by the TypeScript compiler over the workspace's paths. */
function currentExports(libs) {
  const ts = require('typescript');
  const { compilerOptions } = require('../../tsconfig.base.json');
  const parsed = ts.convertCompilerOptionsFromJson({ ...compilerOptions, noEmit: true }, root).options;
  const entries = libs.map((name) => path.join(root, compilerOptions.paths[name][0]));
  const program = ts.createProgram(entries, parsed);
  const checker = program.getTypeChecker();
  const flags = ts.TypeFormatFlags.NoTruncation;
  // The type as text, with no absolute path (a clone elsewhere prints the same) and, for a
  // function, only its parameters' and return types (renaming a parameter changes nothing a
  // caller sees).
  const text = (type) => {
    const signatures = type.getCallSignatures();
    const printed = signatures.length
      ? signatures
          .map((sig) => `(${sig.getParameters().map((p) => checker.typeToString(checker.getTypeOfSymbol(p), undefined, flags)).join(', ')}) => ${checker.typeToString(sig.getReturnType(), undefined, flags)}`)
          .join(' & ')
      : checker.typeToString(type, undefined, flags);
    return printed.split(`${root}/`).join('');
  };
  const out = {};
  libs.forEach((name, i) => {
    const source = program.getSourceFile(entries[i]);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`shared-versions: cannot read the exports of ${name} (${entries[i]})`);
    const exports = {};
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      if (!(target.flags & ts.SymbolFlags.Value)) continue;
      const kind = target.flags & ts.SymbolFlags.Function ? 'function' : target.flags & ts.SymbolFlags.Class ? 'class' : target.flags & ts.SymbolFlags.Enum ? 'enum' : 'value';
      const declaration = target.valueDeclaration ?? target.declarations?.[0];
      const type = text(checker.getTypeOfSymbolAtLocation(target, declaration ?? source));
      exports[symbol.getName()] = `${kind} ${crypto.createHash('sha1').update(type).digest('hex').slice(0, 12)}`;
    }
    out[name] = Object.fromEntries(Object.entries(exports).sort(([a], [b]) => a.localeCompare(b)));
  });
  return out;
}

const kindOf = (entry) => entry.split(' ')[0];

/**
 * What changed between the file's exports and the code's: the bump each lib needs. Breaking: an
 * export removed, one whose kind changed, or a function or class whose signature changed. A
 * value whose type changed (a table of endpoints or messages that grew) is not: such values grow
 * with the product, and what a remote reads from them is checked name by name before release
 * (shared-imports.cjs) and by the release check's run of its routes.
 */
function compare(recorded, current) {
  const changes = [];
  for (const [name, now] of Object.entries(current)) {
    const before = recorded[name]?.exports;
    if (!before) {
      changes.push({ name, bump: 'new', removed: [], changed: [], added: Object.keys(now) });
      continue;
    }
    const removed = Object.keys(before).filter((key) => !(key in now));
    const changed = Object.keys(before).filter((key) => key in now && now[key] !== before[key]);
    const added = Object.keys(now).filter((key) => !(key in before));
    const breaks = (key) => kindOf(now[key]) !== kindOf(before[key]) || kindOf(now[key]) !== 'value';
    const bump = removed.length || changed.some(breaks) ? 'breaking' : added.length || changed.length ? 'addition' : null;
    if (bump) changes.push({ name, bump, removed, changed, added });
  }
  for (const name of Object.keys(recorded)) if (!(name in current)) changes.push({ name, bump: 'gone', removed: [], changed: [], added: [] });
  return changes;
}

function bumped(entry, change) {
  const [major, minor, patch] = entry.version.split('.').map(Number);
  if (change.bump === 'breaking') return { version: `${major}.${minor + 1}.0`, generation: entry.generation + 1 };
  return { version: `${major}.${minor}.${patch + 1}`, generation: entry.generation };
}

function main() {
  const { SHARED_LIBS } = require('./shared.cjs');
  const recorded = readVersions();
  const current = currentExports(SHARED_LIBS);
  const changes = compare(recorded, current);
  const describe = (c) =>
    `  ${c.name}: ${c.bump}${c.removed.length ? `; removed ${c.removed.join(', ')}` : ''}${c.changed.length ? `; changed ${c.changed.join(', ')}` : ''}${c.added.length ? `; added ${c.added.join(', ')}` : ''}`;
  if (!process.argv.includes('--write')) {
    if (changes.length) {
      console.error(`The shared libs' exports changed since tools/webpack/shared-versions.json was written:\n${changes.map(describe).join('\n')}\nRun \`npm run shared-versions\` to bump their versions, and commit the file.`);
      process.exit(1);
    }
    console.log(`The versions of ${SHARED_LIBS.length} shared libs match their exports.`);
    return;
  }
  const next = {};
  for (const name of SHARED_LIBS) {
    const change = changes.find((c) => c.name === name);
    const entry = recorded[name] ?? { version: '0.1.0', generation: 1 };
    const { version, generation } = change && change.bump !== 'new' ? bumped(entry, change) : entry;
    next[name] = { version, generation, exports: current[name] };
  }
  fs.writeFileSync(FILE, `${JSON.stringify(next, null, 2)}\n`);
  console.log(changes.length ? `Bumped:\n${changes.map(describe).join('\n')}` : 'Nothing changed.');
}

module.exports = { currentExports, compare, bumped };
if (require.main === module) main();
