// The shell's first script: index.html runs it before anything else, inline in the
// head, so the requests the first render waits for leave as soon as the HTML arrives, alongside
// the shell's preloaded chunks, not after main.js has downloaded and run. Plain ES2019, no
// imports: the build puts it together with what it reads from elsewhere, `resolveVariant`
// (@vox/variant's own rule: which remote the host name picks) and FIRST_READS (each page's first
// reads, from the route table), and minifies it into index.html (tools/first-load/early-script.cjs).
// The same requests as startEarlyRequests in early.ts, which main.ts uses when this did not run
// (the dev server); main.ts takes these answers from window.__voxEarly.
//
// `reads`: the first GETs of the page the path shows (FIRST_READS), sent as soon as the refresh
// has said who is asking (with that access token, or none), instead of after the shell, the remote
// and the page have downloaded and rendered. @vox/api-client hands each answer to the page's own
// call of that URL with that token (acceptEarlyReads); one no call asks for within a few seconds is
// dropped. The reads are named by endpoint (the server takes no URL); the URLs they stand for must
// be exactly the ones the pages' calls build: the browser test "first-load.spec.ts" fails when a
// page sends one of them a second time.
//
// `first`: the server puts the remotes manifest and the public config in the page, in a JSON data
// block before this script (withFirstData, apps/api/src/plugins/external/web-apps.ts); they are
// handed on as answers of their own, and fetched only when the block is missing or unreadable.
/* global resolveVariant, FIRST_READS */
(function () {
  var first = null;
  try {
    var block = document.getElementById('vox-first-data');
    first = block ? JSON.parse(block.textContent) : null;
  } catch {
    first = null;
  }
  // A page the server drew comes with the answers its queries read (`queries`): the client's
  // cache takes them as it hydrates, so the page's reads are not sent at all.
  var queries = first && first.queries;
  var refreshNow = function () {
    return fetch('/api/users/refresh-token', { method: 'POST', credentials: 'include' });
  };
  // A drawn page is a visitor's (a member gets the empty shell): its refresh, like its code, waits
  // for the page to be on screen (below), so nothing the page does not show is asked for first.
  var startRefresh = null;
  var refresh = queries
    ? new Promise(function (resolve) {
        startRefresh = resolve;
      }).then(refreshNow)
    : refreshNow();
  var given = function (key, url, init) {
    if (first && first[key]) {
      return Promise.resolve(new Response(JSON.stringify(first[key]), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    }
    return fetch(url, init);
  };
  var started = {
    refresh: refresh,
    publicConfig: given('publicConfig', '/api/config/public'),
    manifest: given('manifest', '/remotes.json', { cache: 'no-cache' }),
  };
  for (var name in started) started[name].catch(function () {});
  if (queries) started.queries = queries;

  // FIRST_READS: `reads`, each [the contract's name of a first-readable GET (firstReadQueries in
  // libs/contract/src/lib/first-reads.ts), its path, the query the page's call gives it]; `frame`,
  // the reads of every page signed in (the header's: the membership tabs and the messages dot);
  // `sites[remote][path]`, a page's [signed in, signed out] reads, by index. The dashboard has none.
  var pages = FIRST_READS.sites[resolveVariant(location.hostname, location.pathname).remote];
  if (pages && !queries) {
    var page = pages[location.pathname];
    started.reads = refresh
      .then(function (answer) {
        return answer.status === 200 ? answer.clone().json() : null;
      })
      .then(function (session) {
        var token = (session && session.token) || null;
        var reads = (token ? FIRST_READS.frame.concat(page ? page[0] : []) : page ? page[1] : []).map(function (index) {
          return FIRST_READS.reads[index];
        });
        var headers = { Accept: 'application/json' };
        if (token) headers.Authorization = 'Bearer ' + token;
        if (reads.length === 0) return [];
        // One request for them all (GET /api/first-reads?read=<endpoint>&<endpoint>.<key>=<value>,
        // each read run as its own GET with this token): over HTTP/1.1 four at once held four of the
        // six connections the shell's scripts need. The server answers each with the URL it built,
        // the one the page's call builds (@vox/api-client: path, then the query in the order given);
        // each becomes an answer of its own, and one the batch did not bring back as JSON fails, so
        // the page's call then sends it itself.
        var batchQuery = new URLSearchParams();
        var urls = reads.map(function (read) {
          var own = new URLSearchParams();
          batchQuery.append('read', read[0]);
          for (var key in read[2] || {}) {
            own.append(key, String(read[2][key]));
            batchQuery.append(read[0] + '.' + key, String(read[2][key]));
          }
          var search = own.toString();
          return read[1] + (search ? '?' + search : '');
        });
        var batch = fetch('/api/first-reads?' + batchQuery.toString(), { headers: headers, credentials: 'include' }).then(function (answer) {
          if (answer.status !== 200) throw new Error('first reads: ' + answer.status);
          return answer.json();
        });
        batch.catch(function () {});
        var at = Date.now();
        return urls.map(function (url) {
          var response = batch.then(function (answer) {
            var read = answer.reads.filter(function (r) {
              return r.url === url;
            })[0];
            if (!read || read.body === null) throw new Error('first reads: no answer for ' + url);
            return new Response(JSON.stringify(read.body), { status: read.status, headers: { 'Content-Type': 'application/json' } });
          });
          response.catch(function () {});
          return { url: url, token: token, at: at, response: response };
        });
      })
      .catch(function () {
        return [];
      });
  }
  // A page the server drew is painted before the app's code runs. Its page carries index.html's
  // deferred entry script as a preload marked data-vox-entry (withBody, server-render.ts), which
  // starts here once the page is parsed and its first paint is on screen: otherwise the entry,
  // arriving while the page was laid out, ran first, and on a slow phone the drawn page waited
  // for it. The token refresh, the remote's scripts the page needs (`later`) and the install
  // manifest (data-vox-manifest) are asked for then too, so they do not compete with the page and
  // its pictures. At once where the browser reports no paints (and in a hidden tab, which paints
  // nothing), and after 3 s at the latest.
  if (queries) {
    var onScreen = false;
    var parsed = document.readyState !== 'loading';
    var entriesStarted = false;
    var startEntries = function () {
      if (entriesStarted || !onScreen || !parsed) return;
      entriesStarted = true;
      startRefresh();
      var later = (first && first.later) || [];
      for (var j = 0; j < later.length; j++) {
        var preload = document.createElement('link');
        preload.rel = 'preload';
        preload.as = 'script';
        preload.href = later[j];
        document.head.appendChild(preload);
      }
      var manifests = document.querySelectorAll('link[data-vox-manifest]');
      for (var k = 0; k < manifests.length; k++) {
        // A new element: Chromium does not take a link whose rel changed as the page's manifest.
        var manifest = document.createElement('link');
        manifest.rel = 'manifest';
        manifest.href = manifests[k].getAttribute('href');
        manifests[k].replaceWith(manifest);
      }
      var entries = document.querySelectorAll('link[data-vox-entry]');
      for (var i = 0; i < entries.length; i++) {
        var script = document.createElement('script');
        script.src = entries[i].getAttribute('href');
        script.async = false;
        document.head.appendChild(script);
      }
    };
    // A button of the drawn page does nothing until the app has taken its part of the page over
    // (hydrated it): a click on it before then would be lost, on a slow phone for a second or more.
    // It is held, and given to the button once React has attached its handlers there (React keeps
    // the server's node and marks it with its props); one the app has not taken within 10 s is
    // dropped. Only the server's buttons are held (those in #root once the page is parsed; the app
    // runs after that): buttons drawn later, by the app or by plain DOM code (the offline notice),
    // work as they come. Links are left alone: they work as links before the app runs.
    var drawnButtons = null;
    var isDrawn = function (button) {
      var root = document.getElementById('root');
      return drawnButtons ? drawnButtons.indexOf(button) >= 0 : Boolean(root && root.contains(button));
    };
    var takeDrawnButtons = function () {
      drawnButtons = Array.prototype.slice.call(document.querySelectorAll('#root button'));
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', takeDrawnButtons);
    else takeDrawnButtons();
    var held = [];
    var isReacts = function (node) {
      return Object.keys(node).some(function (key) {
        return key.indexOf('__reactProps$') === 0;
      });
    };
    var giveHeld = function () {
      var now = Date.now();
      held = held.filter(function (tap) {
        if (!tap.button.isConnected || now - tap.at > 10000) return false;
        if (!isReacts(tap.button)) return true;
        tap.button.click();
        return false;
      });
      if (held.length > 0) setTimeout(giveHeld, 50);
    };
    document.addEventListener(
      'click',
      function (event) {
        var button = event.target && event.target.closest ? event.target.closest('button') : null;
        if (!button || button.disabled || isReacts(button) || !isDrawn(button)) return;
        event.preventDefault();
        event.stopPropagation();
        var known = held.some(function (tap) {
          return tap.button === button;
        });
        if (held.length === 0) setTimeout(giveHeld, 50);
        if (!known) held.push({ button: button, at: Date.now() });
      },
      true,
    );
    var paintSeen = function () {
      onScreen = true;
      startEntries();
    };
    document.addEventListener('DOMContentLoaded', function () {
      parsed = true;
      startEntries();
    });
    var paints = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
    if (!paints || document.visibilityState === 'hidden') paintSeen();
    else {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        paintSeen();
      }).observe({ type: 'paint', buffered: true });
      setTimeout(paintSeen, 3000);
    }
  }
  window.__voxEarly = started;
})();
