// The service worker's half of the take outbox (docs/offline.md, "Background Sync"): on a `sync`
// event it sends the takes the pages kept in IndexedDB, so a take recorded offline arrives when the
// network returns even if no VoxClub page is open then. The pages' half is @vox/recording's take
// queue (libs/recording/src/lib/take-outbox): one outbox, the same store, the same rules:
// - the store is database "voxclub-takes", object store "pending", key = the take's clientId,
//   as idb-keyval writes it there (idb-take-store.ts);
// - a take is sent under the Web Lock "voxclub-takes", as the page's queue sends one, and only
//   if it is still in the store once the lock is held: whichever context holds the lock sends it,
//   the other finds it gone; the server stores a clientId once anyway (a second send answers 200);
// - it leaves the store only after 201 or 200; a refusal (a 4xx other than 401, 408, 429) is kept
//   with the server's text, as the page keeps it, for the member to retry or discard;
// - only the signed-in member's takes go, under the access token the refresh cookie gives (the
//   worker has no other: tokens live in the page's memory); signed out, the takes wait for a page.
// Plain ES2019 with no imports, like the worker: tools/offline/precache.mjs puts this text before
// service-worker.js in sw.js. Specs require it as a CommonJS module (take-sync.spec.ts).
var voxTakeSync = (function () {
  var TAG = 'vox-takes';
  var DB_NAME = 'voxclub-takes';
  var STORE_NAME = 'pending';
  var LOCK = 'voxclub-takes';
  var EXTENSIONS = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/mp4': 'm4a' };

  /** The statuses the same request may get past later (take-queue.ts's isRetryable). */
  function isRetryable(status) {
    return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
  }

  function requestOf(request) {
    return new Promise(function (resolve, reject) {
      request.onsuccess = function () {
        resolve(request.result);
      };
      request.onerror = function () {
        reject(request.error);
      };
    });
  }

  /** The pages' store, opened as idb-keyval opens it (the object store made on first open). */
  function idbStore(indexedDB) {
    var opened = null;
    function open() {
      if (!opened) {
        var request = indexedDB.open(DB_NAME);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE_NAME);
        };
        opened = requestOf(request);
      }
      return opened;
    }
    function run(mode, use) {
      return open().then(function (db) {
        return requestOf(use(db.transaction(STORE_NAME, mode).objectStore(STORE_NAME)));
      });
    }
    return {
      list: function () {
        return run('readonly', function (store) {
          return store.getAll();
        });
      },
      get: function (clientId) {
        return run('readonly', function (store) {
          return store.get(clientId);
        });
      },
      put: function (take) {
        return run('readwrite', function (store) {
          return store.put(take, take.clientId);
        });
      },
      remove: function (clientId) {
        return run('readwrite', function (store) {
          return store.delete(clientId);
        });
      },
    };
  }

  /** A take kept before takes named their target is a table read's (idb-take-store.ts). */
  function targetOf(take) {
    return take.target || { kind: 'read', sessionId: take.sessionId };
  }

  /** The upload's form, in the contract's order (take-form.ts): lineId, clientId, durationMs, the file. */
  function takeForm(take) {
    var form = new FormData();
    form.append('lineId', take.lineId);
    form.append('clientId', take.clientId);
    if (take.durationMs !== null && take.durationMs !== undefined) form.append('durationMs', String(Math.round(take.durationMs)));
    form.append('audio', take.audio, 'take-' + take.clientId + '.' + (EXTENSIONS[take.contentType] || 'webm'));
    return form;
  }

  function HttpError(status, message) {
    this.status = status;
    this.message = message;
  }

  /**
   * The take sync of one worker. `deps`: store (list, get, put, remove), fetch, exclusive (runs a
   * function under the outbox's lock), keepAudio (hash, blob, type: the take's audio for the read
   * opened offline) and notify (tells the open pages a take arrived).
   */
  function createTakeSync(deps) {
    function call(method, path, token, body) {
      return deps
        .fetch(path, { method: method, body: body, credentials: 'same-origin', headers: { Accept: 'application/json', Authorization: 'Bearer ' + token } })
        .then(
          function (answer) {
            return answer.text().then(function (text) {
              var data = null;
              try {
                data = text ? JSON.parse(text) : null;
              } catch {
                data = null;
              }
              if (answer.status === 200 || answer.status === 201) return data;
              throw new HttpError(answer.status, (data && data.message) || 'An error occurred.');
            });
          },
          function () {
            throw new HttpError(0, 'No connection.');
          },
        );
    }

    /** The signed-in member and an access token, from the refresh cookie; null when signed out. */
    function signIn() {
      return deps.fetch('/api/users/refresh-token', { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } }).then(
        function (answer) {
          if (answer.status !== 200) {
            if (isRetryable(answer.status) && answer.status !== 401) throw new HttpError(answer.status, 'The sign-in could not be renewed.');
            return null;
          }
          return answer.json().then(function (data) {
            return data && data.token && data.user ? { token: data.token, userId: String(data.user.id) } : null;
          });
        },
        function () {
          throw new HttpError(0, 'No connection.');
        },
      );
    }

    function upload(take, target, token) {
      if (target.kind === 'read') return call('POST', '/api/sessions/' + encodeURIComponent(target.sessionId) + '/takes', token, takeForm(take));
      if (target.kind === 'audition') {
        var audition = target.auditionId
          ? Promise.resolve({ id: target.auditionId })
          : call('POST', '/api/casting/roles/' + encodeURIComponent(target.roleId) + '/auditions', token, undefined);
        return audition.then(function (draft) {
          return call('POST', '/api/casting/auditions/' + encodeURIComponent(draft.id) + '/takes', token, takeForm(take));
        });
      }
      return Promise.reject(new HttpError(0, 'Unknown take.'));
    }

    /** One take, under the lock, if it is still waiting in the store: true when it arrived. */
    function sendOne(clientId, member) {
      return deps.exclusive(function () {
        return deps.store.get(clientId).then(function (take) {
          // Sent meanwhile by a page (or refused there): nothing to do.
          if (!take || take.error || take.userId !== member.userId) return false;
          var target = targetOf(take);
          return upload(take, target, member.token).then(
            function (answer) {
              return deps.store.remove(clientId).then(function () {
                if (target.kind === 'read' && answer && typeof answer.audio === 'string') {
                  return Promise.resolve(deps.keepAudio(answer.audio, take.audio, take.contentType)).catch(function () {});
                }
                return undefined;
              }).then(function () {
                return true;
              });
            },
            function (error) {
              if (isRetryable(error.status)) throw error;
              var refused = Object.assign({}, take, { error: error.message });
              return deps.store.put(refused).then(function () {
                return false;
              });
            },
          );
        });
      });
    }

    /**
     * Sends the signed-in member's waiting takes, oldest first. Resolves when none is left to try
     * (sent, refused, or another member's); rejects on a failure the browser should retry later
     * (no connection, a server error), leaving the rest in the store.
     */
    function run() {
      // Listed under the lock: a page sending a take now finishes first, and a sync that finds
      // nothing left asks no token (each refresh rotates the member's cookie).
      return deps
        .exclusive(function () {
          return deps.store.list();
        })
        .then(function (stored) {
          var waiting = (stored || []).filter(function (take) {
            return !take.error;
          });
          if (waiting.length === 0) return undefined;
          return signIn().then(function (member) {
            // Signed out: the takes wait for their member's next page.
            if (!member) return undefined;
            var mine = waiting
              .filter(function (take) {
                return take.userId === member.userId;
              })
              .sort(function (a, b) {
                return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
              });
            var sent = 0;
            var next = function (i) {
              if (i >= mine.length) return Promise.resolve();
              return sendOne(mine[i].clientId, member).then(function (arrived) {
                if (arrived) sent += 1;
                return next(i + 1);
              });
            };
            var done = function () {
              return sent > 0 ? Promise.resolve(deps.notify(sent)).catch(function () {}) : undefined;
            };
            return next(0).then(done, function (error) {
              return Promise.resolve(done()).then(function () {
                throw error;
              });
            });
          });
        });
    }

    return { run: run };
  }

  /** The worker's sync: the pages' store, its fetch and locks, the takes' audio kept in `vox-audio`. */
  function install(worker) {
    var sync = createTakeSync({
      store: idbStore(worker.indexedDB),
      fetch: function (input, init) {
        return worker.fetch(input, init);
      },
      exclusive: function (run) {
        return worker.navigator.locks ? worker.navigator.locks.request(LOCK, run) : run();
      },
      keepAudio: function (hash, blob, type) {
        return worker.caches.open('vox-audio').then(function (cache) {
          return cache.put('/api/audio/' + hash, new Response(blob, { headers: { 'Content-Type': type, 'Content-Length': String(blob.size) } }));
        });
      },
      notify: function (count) {
        return worker.clients.matchAll({ type: 'window' }).then(function (pages) {
          pages.forEach(function (page) {
            page.postMessage({ type: 'TAKES_SENT', count: count });
          });
        });
      },
    });
    worker.addEventListener('sync', function (event) {
      if (event.tag === TAG) event.waitUntil(sync.run());
    });
  }

  return { TAG: TAG, createTakeSync: createTakeSync, install: install };
})();
if (typeof module !== 'undefined') module.exports = voxTakeSync;
