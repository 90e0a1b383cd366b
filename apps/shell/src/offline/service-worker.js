// VoxClub's service worker (docs/offline.md). The API serves it at /sw.js for the site the host
// names, with `self.__VOX_OFFLINE__` set before this text: the site, a version that changes with
// any deployed file or the remotes manifest, the files to precache (the shell's and the site's
// remote's, listed by workbox-build at build time: tools/offline/precache.mjs) and the remotes
// manifest itself. Plain ES2019 with no imports: it is served as it is written.
//
// What it answers (only GET requests, never the API's live or streaming endpoints):
// - /static/ and /remotes/ files: hashed files from the cache first (their URLs never change
//   content), entries (remoteEntry.js, preload.json) from the network first;
// - page navigations: the network first; offline, the page as last served, else the site's app
//   shell (the last page served on this site), whose remote and chunks come from the cache;
// - the API's reads a page needs to open offline (drafts, scripts, sessions and their takes):
//   the network first, the last answer offline, kept per signed-in member (the token's subject)
//   and dropped at sign-out;
// - downloaded podcast episodes (`vox-downloads`, written by the podcast pages): their audio from
//   the cache, byte ranges included (the audio element asks in ranges), and their episode page's
//   read when the network is not there; a sign-out drops the ones only their member may hear;
// - the takes' audio a member played (`/api/audio/{hash}`, `vox-audio`): the network while it is
//   there, a whole copy kept as it plays, answered from the copy in byte ranges offline; a
//   sign-out drops them.
// It also sends the takes recorded offline on a Background Sync (`voxTakeSync`, take-sync.js, which
// the build puts before this text).
/* global self, caches, URL, Response, Headers, voxTakeSync */
(function () {
  var config = self.__VOX_OFFLINE__;
  voxTakeSync.install(self);
  var PRECACHE = 'vox-precache-' + config.version;
  var FILES = 'vox-files';
  var PAGES = 'vox-pages-' + config.version;
  var API_PREFIX = 'vox-api-';
  var SHELL_KEY = '/__vox/app-shell';
  var DOWNLOADS = 'vox-downloads';
  var DOWNLOAD_INDEX = '/__vox/downloads/';
  var PODCAST_AUDIO = /^\/api\/podcast\/audio\/[^/]+$/;
  // A take's audio, named by its content hash: a URL never changes content.
  var TAKE_AUDIO = /^\/api\/audio\/[^/]+$/;
  var AUDIO = 'vox-audio';
  // A take is seconds of speech; a file far larger than that is not kept.
  var AUDIO_MAX_BYTES = 20 * 1024 * 1024;
  var PODCAST_READ = /^\/api\/podcast\/share\/[^/]+$/;
  // Reads a page needs to open offline. Anything else under /api/ is left to the network untouched.
  var OFFLINE_READS = [
    /^\/api\/drafts(\/[^/]+)?$/,
    /^\/api\/drafts\/[^/]+\/revisions$/,
    /^\/api\/scripts(\/[^/]+)?$/,
    /^\/api\/scripts\/[^/]+\/cues$/,
    /^\/api\/sessions\/[^/]+$/,
    /^\/api\/sessions\/[^/]+\/takes$/,
    /^\/api\/sessions\/[^/]+\/takes\/[^/]+\/download$/,
  ];
  // Live and streaming endpoints: never touched, whatever the list above says.
  var NEVER = /\/(live|events|stream|ws)(\/|$)/;

  self.addEventListener('install', function (event) {
    event.waitUntil(
      caches.open(PRECACHE).then(function (cache) {
        return cache.addAll(
          config.precache.map(function (entry) {
            return new Request(entry.revision ? entry.url + (entry.url.indexOf('?') >= 0 ? '&' : '?') + '__vox=' + entry.revision : entry.url, { cache: 'no-cache' });
          }),
        ).then(function () {
          // Stored under their plain URLs, the ones the pages ask for.
          return Promise.all(
            config.precache
              .filter(function (entry) {
                return entry.revision;
              })
              .map(function (entry) {
                var busted = entry.url + (entry.url.indexOf('?') >= 0 ? '&' : '?') + '__vox=' + entry.revision;
                return cache.match(busted).then(function (answer) {
                  return Promise.all([cache.put(entry.url, answer), cache.delete(busted)]);
                });
              }),
          );
        });
      }),
    );
  });

  // Another version's precache and pages name files this version's manifest may no longer name:
  // they go as this one takes over, so a cached shell never meets a remote it does not know.
  self.addEventListener('activate', function (event) {
    event.waitUntil(
      caches.keys().then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return (name.indexOf('vox-precache-') === 0 && name !== PRECACHE) || (name.indexOf('vox-pages-') === 0 && name !== PAGES);
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      }),
    );
  });

  self.addEventListener('message', function (event) {
    var data = event.data || {};
    if (data.type === 'SKIP_WAITING') self.skipWaiting();
    // Signed out: every member's kept reads and played takes go (the page cannot say whose they were
    // offline), and the downloads only their member may hear; public episodes stay (their kept
    // reads hold nobody's).
    if (data.type === 'SIGNED_OUT') {
      event.waitUntil(
        Promise.all([
          caches.keys().then(function (names) {
            return Promise.all(
              names
                .filter(function (name) {
                  return name.indexOf(API_PREFIX) === 0 || name === AUDIO;
                })
                .map(function (name) {
                  return caches.delete(name);
                }),
            );
          }),
          dropPrivateDownloads(),
        ]),
      );
    }
  });

  function dropPrivateDownloads() {
    return caches.has(DOWNLOADS).then(function (has) {
      if (!has) return undefined;
      return caches.open(DOWNLOADS).then(function (cache) {
        return cache.keys().then(function (requests) {
          return Promise.all(
            requests
              .filter(function (request) {
                return new URL(request.url).pathname.indexOf(DOWNLOAD_INDEX) === 0;
              })
              .map(function (request) {
                return cache
                  .match(request)
                  .then(function (answer) {
                    return answer.json();
                  })
                  .then(function (entry) {
                    if (!entry.private) return undefined;
                    return Promise.all(
                      [cache.delete(request), cache.delete(entry.audioPath, { ignoreSearch: true })].concat(
                        (entry.reads || []).map(function (read) {
                          return cache.delete(read);
                        }),
                      ),
                    );
                  });
              }),
          );
        });
      });
    });
  }

  /**
   * A kept file answered as the server would: whole, or the byte range asked for (206), or 416.
   * The audio element always asks in ranges, and plays nothing from a 200 it did not ask for.
   */
  function ranged(request, kept) {
    var range = request.headers.get('Range');
    if (!range) return kept;
    return kept.blob().then(function (blob) {
      var size = blob.size;
      var asked = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
      var start = asked && asked[1] !== '' ? Number(asked[1]) : null;
      var end = asked && asked[2] !== '' ? Number(asked[2]) : null;
      if (asked && start === null && end !== null) {
        start = Math.max(0, size - end);
        end = size - 1;
      } else if (start !== null) {
        end = end === null ? size - 1 : Math.min(end, size - 1);
      }
      if (!asked || start === null || end === null || start >= size || start > end) {
        return new Response('', { status: 416, statusText: 'Range Not Satisfiable', headers: { 'Content-Range': 'bytes */' + size } });
      }
      var part = blob.slice(start, end + 1);
      return new Response(part, {
        status: 206,
        statusText: 'Partial Content',
        headers: {
          'Content-Type': kept.headers.get('Content-Type') || blob.type,
          'Content-Length': String(part.size),
          'Content-Range': 'bytes ' + start + '-' + end + '/' + size,
          'Accept-Ranges': 'bytes',
        },
      });
    });
  }

  /** An episode's audio: the download when there is one (online too: it is the same file), else the network. */
  function podcastAudio(request) {
    return caches
      .open(DOWNLOADS)
      .then(function (cache) {
        // Audio is stored by its content hash; a draft's signature in the query changes, the file does not.
        return cache.match(request.url, { ignoreSearch: true });
      })
      .then(function (kept) {
        return kept ? ranged(request, kept) : fetch(request);
      });
  }

  /**
   * A take's audio: the kept copy when there is one (the same file: its name is its hash), else the
   * network; as it plays online, the whole file is fetched once more without a range and kept, so
   * the read plays it offline.
   */
  function takeAudio(event) {
    var request = event.request;
    return caches
      .open(AUDIO)
      .then(function (cache) {
        return cache.match(request.url, { ignoreSearch: true }).then(function (kept) {
          if (kept) return ranged(request, kept);
          event.waitUntil(keepAudio(cache, request.url));
          return fetch(request);
        });
      });
  }

  var keeping = {};
  function keepAudio(cache, url) {
    if (keeping[url]) return keeping[url];
    keeping[url] = fetch(url, { credentials: 'same-origin' })
      .then(function (answer) {
        var size = Number(answer.headers.get('Content-Length') || 0);
        if (answer.status !== 200 || size > AUDIO_MAX_BYTES) return undefined;
        return cache.put(url, answer);
      })
      .catch(function () {
        return undefined;
      })
      .then(function () {
        delete keeping[url];
      });
    return keeping[url];
  }

  /** A downloaded episode's page read: the network first, the downloaded copy offline. */
  function podcastRead(request) {
    return fetch(request).catch(function () {
      return caches
        .open(DOWNLOADS)
        .then(function (cache) {
          return cache.match(request.url);
        })
        .then(function (kept) {
          return kept || offlineAnswer();
        });
    });
  }

  /** The signed-in member a request speaks for: the subject of its bearer token, or null. */
  function memberOf(request) {
    var auth = request.headers.get('Authorization') || '';
    var token = /^Bearer\s+([^.]+)\.([^.]+)\./.exec(auth);
    if (!token) return null;
    try {
      var payload = JSON.parse(atob(token[2].replace(/-/g, '+').replace(/_/g, '/')));
      var who = payload.sub || payload.id;
      return who ? String(who).replace(/[^A-Za-z0-9_-]/g, '') : null;
    } catch {
      return null;
    }
  }

  /** The API's offline answer for a read it kept nothing of: JSON, in the app's words. */
  function offlineAnswer() {
    return new Response(JSON.stringify({ error: 'offline', message: "You're offline: this needs a connection." }), {
      status: 503,
      headers: { 'Content-Type': 'application/json' },
    });
  }

  function apiRead(request, member) {
    var name = API_PREFIX + member;
    return fetch(request).then(
      function (answer) {
        if (answer.status === 200) {
          var copy = answer.clone();
          caches.open(name).then(function (cache) {
            return cache.put(request.url, copy);
          });
        }
        return answer;
      },
      function () {
        return caches.open(name).then(function (cache) {
          return cache.match(request.url).then(function (kept) {
            return kept || offlineAnswer();
          });
        });
      },
    );
  }

  function isOfflineRead(pathname) {
    if (NEVER.test(pathname)) return false;
    for (var i = 0; i < OFFLINE_READS.length; i++) if (OFFLINE_READS[i].test(pathname)) return true;
    return false;
  }

  // The page's first reads arrive in one batch (GET /api/first-reads): each read the list above
  // names is kept under its own URL, where the page's own call looks for it offline.
  function firstReads(request, member) {
    return fetch(request).then(function (answer) {
      if (answer.status === 200) {
        answer
          .clone()
          .json()
          .then(function (batch) {
            return caches.open(API_PREFIX + member).then(function (cache) {
              return Promise.all(
                (batch.reads || [])
                  .filter(function (read) {
                    return read.status === 200 && read.body !== null && typeof read.url === 'string' && isOfflineRead(read.url.split('?')[0]);
                  })
                  .map(function (read) {
                    return cache.put(new URL(read.url, self.location.origin).href, new Response(JSON.stringify(read.body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
                  }),
              );
            });
          })
          .catch(function () {});
      }
      return answer;
    });
  }

  function fromCaches(url) {
    return caches.match(url);
  }

  function file(request, url) {
    // A released version's files sit under its version: /remotes/<name>/<version>/static/.
    var hashed = /^\/(static|remotes\/[^/]+\/([0-9a-f]{12}-[0-9a-f]{7,12}\/)?static)\//.test(url.pathname);
    var keep = function (answer) {
      if (answer.status === 200) {
        var copy = answer.clone();
        caches.open(FILES).then(function (cache) {
          return cache.put(request, copy);
        });
      }
      return answer;
    };
    if (hashed) {
      return fromCaches(request).then(function (kept) {
        return kept || fetch(request).then(keep);
      });
    }
    return fetch(request).then(keep, function () {
      return fromCaches(request).then(function (kept) {
        return kept || Response.error();
      });
    });
  }

  var FIRST_DATA = /<script type="application\/json" id="vox-first-data">([\s\S]*?)<\/script>/;

  /**
   * Whether a page names the site's remote this worker precached. A release promoted or rolled
   * back while this version serves changes the manifest pages carry before the next version takes
   * over: such a page is not kept, so offline this worker never serves a shell with a remote
   * version its own manifest does not name.
   */
  function namesThisRemote(html) {
    var entry = config.manifest && config.manifest[config.site];
    var block = FIRST_DATA.exec(html);
    if (!entry || !block) return true;
    try {
      var data = JSON.parse(block[1]);
      return !data.manifest || data.manifest[config.site] === entry;
    } catch {
      return false;
    }
  }

  function navigation(request) {
    return fetch(request).then(
      function (answer) {
        var type = answer.headers.get('Content-Type') || '';
        if (answer.status === 200 && type.indexOf('text/html') === 0) {
          answer
            .clone()
            .text()
            .then(function (html) {
              if (!namesThisRemote(html)) return undefined;
              // The text is decoded: its encoding and length headers no longer describe it.
              var headers = new Headers(answer.headers);
              headers.delete('Content-Encoding');
              headers.delete('Content-Length');
              return caches.open(PAGES).then(function (cache) {
                return Promise.all([
                  cache.put(request.url, new Response(html, { headers: headers })),
                  cache.put(SHELL_KEY, new Response(html, { headers: headers })),
                ]);
              });
            })
            .catch(function () {});
        }
        return answer;
      },
      function () {
        return caches.open(PAGES).then(function (cache) {
          return cache.match(request.url).then(function (kept) {
            return kept || cache.match(SHELL_KEY);
          }).then(function (kept) {
            return (
              kept ||
              new Response(
                '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · VoxClub</title></head><body><main><h1>You\'re offline</h1><p>VoxClub needs a connection to open this page for the first time. Reconnect and try again.</p></main></body></html>',
                { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
              )
            );
          });
        });
      },
    );
  }

  self.addEventListener('fetch', function (event) {
    var request = event.request;
    if (request.method !== 'GET') return;
    var url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    if (request.mode === 'navigate') {
      if (/^\/(api|embed)(\/|$)/.test(url.pathname)) return;
      event.respondWith(navigation(request));
      return;
    }
    if (/^\/(static|remotes)\//.test(url.pathname)) {
      if (request.headers.has('Range')) return;
      event.respondWith(file(request, url));
      return;
    }
    if (PODCAST_AUDIO.test(url.pathname)) {
      event.respondWith(podcastAudio(request));
      return;
    }
    if (TAKE_AUDIO.test(url.pathname)) {
      event.respondWith(takeAudio(event));
      return;
    }
    if (PODCAST_READ.test(url.pathname)) {
      event.respondWith(podcastRead(request));
      return;
    }
    if (url.pathname.indexOf('/api/') === 0) {
      if ((request.headers.get('Accept') || '').indexOf('text/event-stream') >= 0 || request.headers.has('Range')) return;
      var member = memberOf(request);
      if (!member) return;
      if (url.pathname === '/api/first-reads') event.respondWith(firstReads(request, member));
      else if (isOfflineRead(url.pathname)) event.respondWith(apiRead(request, member));
    }
  });
})();
