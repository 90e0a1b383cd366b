// Steps B and C: the page's first script, as the real shell's early-script.js: the start-up
// refresh leaves as soon as this tiny file arrives, not after the bundle has run.
(function () {
  var refresh = fetch('/api/users/refresh-token', { method: 'POST', credentials: 'include' });
  refresh.catch(function () {});
  window.__floorRefresh = refresh;
})();
