/* The service worker: the sheet and the round entry open without a network once visited.
 *
 * Served at /sw.js (scorekeeper/views/offline.py) so its scope is the whole site.
 * Pages: network first, the last copy seen when the network is gone. Static files:
 * the cached copy first (their names change with their content in production),
 * refreshed in the background. Nothing but full-page GETs and static files is kept:
 * HTMX fragments share their page's URL and would overwrite it; POSTs (rounds) are
 * never replayed here, static/js/offline.js queues them with their request ids.
 */
"use strict";
var CACHE = "marque-carte-v1";

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function keep(request, response) {
  if (response && response.ok && response.type === "basic") {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  }
  return response;
}

// A page asks to keep itself (its first visit came before this worker controlled it)
// and the pages it leads to offline (the sheet's next round, the entry's sheet).
// Only what is not kept yet is fetched: the network-first visits refresh the rest.
self.addEventListener("message", function (event) {
  var urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      var request = new Request(url, { credentials: "same-origin" });
      if (new URL(request.url).origin !== self.location.origin) return null;
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (r) {
          if (!r.ok) return null;
          var copy = r.clone(); // the page last, once what it needs is kept
          return r.text().then(function (html) { return keepStatic(cache, html); })
            .then(function () { return cache.put(request, copy); });
        }).catch(function () {});
      });
    }));
  }));
});

// The scripts and styles a page kept ahead of its visit will need offline.
function keepStatic(cache, html) {
  var found = html.match(/(?:src|href)="\/static\/[^"]+"/g) || [];
  return Promise.all(found.map(function (attribute) {
    var url = attribute.slice(attribute.indexOf('"') + 1, -1);
    return cache.match(url).then(function (hit) { return hit || cache.add(url); }).catch(function () {});
  }));
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.headers.get("HX-Request")) return; // a fragment, not the page
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) {
      var fresh = fetch(request).then(function (r) { return keep(request, r); });
      return hit || fresh;
    }));
    return;
  }
  if (request.mode !== "navigate") return;
  event.respondWith(fetch(request).then(function (r) { return keep(request, r); }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (hit) {
      return hit || new Response("", { status: 503, statusText: "offline" });
    });
  }));
});
