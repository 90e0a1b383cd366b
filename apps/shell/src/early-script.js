// The shell's first script (issue 19): index.html runs it before anything else, inline in the
// head, so the requests the first render waits for leave as soon as the HTML arrives, alongside
// the shell's preloaded chunks, not after main.js has downloaded and run. Plain ES2017,
// no imports: it is minified into index.html as it is (tools/webpack/shell-first-load-plugin.cjs).
// The same requests as startEarlyRequests in early.ts, which main.ts uses when this did not run
// (the dev server); main.ts takes these answers from window.__voxEarly.
(function () {
  var started = {
    refresh: fetch('/api/users/refresh-token', { method: 'POST', credentials: 'include' }),
    publicConfig: fetch('/api/config/public'),
    manifest: fetch('/remotes.json', { cache: 'no-cache' }),
  };
  for (var name in started) started[name].catch(function () {});
  window.__voxEarly = started;
})();
