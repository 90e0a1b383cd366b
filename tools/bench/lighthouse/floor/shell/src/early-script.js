// Step D's first script (as the real shell's early-script.js, less the config and manifest reads):
// the start-up refresh leaves as soon as this tiny file arrives.
(function () {
  var refresh = fetch('/api/users/refresh-token', { method: 'POST', credentials: 'include' });
  refresh.catch(function () {});
  window.__floorRefresh = refresh;
})();
