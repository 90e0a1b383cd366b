// FIRST_LOAD_WITHOUT: a production build without some of the first-load pieces, to measure what
// each one saves (README.md "Measuring a piece"). A comma-separated list of the names below; an
// unknown name stops the build, so a typo never measures the unchanged build. Unset in every
// build users get.
const PIECES = {
  'first-reads': 'the first script sends no reads (ROUTE_FIRST_READS and SIGNED_IN_FRAME_READS taken as empty)',
  'bootstrap-preloads': "no <link rel=preload> for the chunks import('./bootstrap') loads",
  'inline-css': 'the shell\'s stylesheets as <link rel=stylesheet>, its chunks\' CSS fetched when they load',
  'compile-hints': 'no //# allFunctionsCalledOnLoad',
  'auth-modal': 'no preload.json for the auth modal (the Link header names no modal files)',
  'remote-preload': 'no preload.json in the remotes (the Link header names only the remote entry)',
};

function withoutList(env = process.env) {
  const names = (env.FIRST_LOAD_WITHOUT ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(n in PIECES));
  if (unknown.length) throw new Error(`FIRST_LOAD_WITHOUT: no piece ${unknown.join(', ')} (pieces: ${Object.keys(PIECES).join(', ')})`);
  return new Set(names);
}

/** Whether this build leaves `piece` out. */
const without = (piece, env = process.env) => {
  if (!(piece in PIECES)) throw new Error(`first-load: no piece ${piece}`);
  return withoutList(env).has(piece);
};

module.exports = { PIECES, without, withoutList };
