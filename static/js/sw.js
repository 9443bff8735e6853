/* The service worker: the pages of a game open without a network once visited, stay
 * true, and the rounds kept on the phone are sent even with no page open.
 *
 * Served at /sw.js (scorekeeper/views/offline.py) so its scope is the whole site, with
 * static/js/round-queue.js before this file (RoundQueue: the rounds kept on the phone).
 * Pages: network first, the last copy seen when the network is gone, else our offline
 * page (/offline/, listing the games kept). Static files: the cached copy first (their
 * names change with their content in production), refreshed in the background.
 * Nothing but full-page GETs and static files is kept: HTMX fragments share their
 * page's URL and would overwrite it. After every save or live update a page asks for
 * its game's pages to be fetched again ("refresh"), so a sheet or an entry page opened
 * offline later shows the last state the phone saw, not the first.
 */
"use strict";
var CACHE = "marque-carte-v2";
var OFFLINE = "/offline/";
var SYNC_TAG = "send-rounds";

self.addEventListener("install", function (event) {
  self.skipWaiting();
  event.waitUntil(caches.open(CACHE).then(function (cache) { return fetchAndKeep(cache, OFFLINE); })
    .catch(function () {}));
});

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

// The scripts and styles a page kept ahead of its visit will need offline.
function keepStatic(cache, html) {
  var found = html.match(/(?:src|href)="\/static\/[^"]+"/g) || [];
  return Promise.all(found.map(function (attribute) {
    var url = attribute.slice(attribute.indexOf('"') + 1, -1);
    return cache.match(url).then(function (hit) { return hit || cache.add(url); }).catch(function () {});
  }));
}

// The pages a page leads to offline (the sheet's next round, the entry's sheet).
function keptLinks(html) {
  var links = html.match(/<a\b[^>]*\bdata-offline-keep\b[^>]*>/g) || [];
  return links.map(function (tag) {
    var href = tag.match(/\bhref="([^"]+)"/);
    return href && href[1].replace(/&amp;/g, "&");
  }).filter(Boolean);
}

/* Fetch a page afresh and keep it, with what it needs; resolves with its HTML (null
 * when the network or the server said no: the copy kept before stays). */
function fetchAndKeep(cache, url) {
  var request = new Request(url, { credentials: "same-origin", cache: "no-store" });
  if (new URL(request.url).origin !== self.location.origin) return Promise.resolve(null);
  return fetch(request).then(function (response) {
    if (!response.ok || response.redirected) return null;
    var copy = response.clone(); // the page last, once what it needs is kept
    return response.text().then(function (html) {
      return keepStatic(cache, html).then(function () { return cache.put(request, copy); })
        .then(function () { return html; });
    });
  }).catch(function () { return null; });
}

/* Refresh pages (after a save or a live update); with `follow`, the pages they lead to
 * offline as well (a sheet's entry page, whose round number just changed). */
function refresh(urls, follow) {
  return caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetchAndKeep(cache, url).then(function (html) {
        if (!html || !follow) return null;
        return Promise.all(keptLinks(html).map(function (link) { return fetchAndKeep(cache, link); }));
      });
    }));
  });
}

// Pages not kept yet (a first visit came before this worker controlled its page); our
// offline page fetched again, in the language of this visit.
function keepMissing(urls) {
  return caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return cache.match(url).then(function (hit) { return hit || fetchAndKeep(cache, url); });
    }).concat([fetchAndKeep(cache, OFFLINE)]));
  });
}

function tellPages(message) {
  return self.clients.matchAll({ type: "window" }).then(function (pages) {
    pages.forEach(function (page) { page.postMessage(message); });
  });
}

/* Send the queue (Background Sync, or a page asking); the pages of each game that got
 * a round are fetched again and the open pages told. Rejects when the network failed,
 * so the browser tries the sync again later. */
function sendRounds() {
  return self.RoundQueue.send().then(function (outcomes) {
    if (!outcomes.length) return null;
    var sheets = {};
    outcomes.forEach(function (o) { if (o.answer.state === "stored") sheets[o.item.sheet] = true; });
    return refresh(Object.keys(sheets), true).then(function () {
      return tellPages({ rounds: "changed", stored: Object.keys(sheets) });
    });
  });
}

self.addEventListener("sync", function (event) {
  if (event.tag === SYNC_TAG) event.waitUntil(sendRounds());
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (Array.isArray(data.keep)) event.waitUntil(keepMissing(data.keep));
  if (Array.isArray(data.refresh)) event.waitUntil(refresh(data.refresh, !!data.follow));
});

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
      return hit || caches.match(OFFLINE, { ignoreVary: true });
    }).then(function (page) {
      return page || new Response("offline", { status: 503, statusText: "offline",
                                               headers: { "Content-Type": "text/plain" } });
    });
  }));
});
