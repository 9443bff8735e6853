/* The rounds kept on this phone until the server has them.
 *
 * One IndexedDB store, read and sent by the pages (static/js/offline.js) and by the
 * service worker (static/js/sw.js prepends this file: Background Sync sends the queue
 * with no page open), so a round typed offline survives a closed browser.
 *
 * An item is an intention, not a number: a new round posts round_number=next and the
 * server numbers it when it arrives; an edit names its round and the game's version its
 * page was drawn from. Each item keeps its request id, so a round sent twice (the answer
 * lost on the way back) is stored once. Items go in the order typed, one at a time; an
 * item the server did not store (a conflict, a refusal) waits for the player's choice,
 * and holds back the later rounds of its game so they keep their order.
 *
 * An item leaves the store only when the server answered "stored" or the player
 * discarded it. Answers (scorekeeper/views/offline.py): stored, conflict, refused, in
 * JSON; no answer, or a 5xx: kept as it was, sent again later.
 */
(function (scope) {
  "use strict";
  var DB = "marque-carte", STORE = "rounds", LOCK = "marque-carte:send-rounds";
  var OLD_KEY = "marque-carte:pending-rounds"; // the queue of earlier versions (localStorage)

  function open() {
    return new Promise(function (resolve, reject) {
      var request = scope.indexedDB.open(DB, 1);
      request.onupgradeneeded = function () { request.result.createObjectStore(STORE, { keyPath: "id" }); };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  // One transaction; resolves with what `work` asked for once it is committed.
  function transaction(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), asked = work(tx.objectStore(STORE));
        tx.oncomplete = function () { db.close(); resolve(asked ? asked.result : undefined); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function all() {
    return transaction("readonly", function (store) { return store.getAll(); }).then(function (items) {
      return (items || []).sort(function (a, b) { return a.seq - b.seq; });
    });
  }
  function put(item) { return transaction("readwrite", function (store) { store.put(item); }); }
  function remove(id) { return transaction("readwrite", function (store) { store.delete(id); }); }

  // -- sending ------------------------------------------------------------------------

  function post(item, token) {
    var body = new URLSearchParams(item.body);
    if (token) body.set("csrfmiddlewaretoken", token); // the page's own: its cookie is the one sent
    return fetch(item.action, {
      method: "POST", body: body.toString(), credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Round-Queue": "1",
                 "X-CSRFToken": body.get("csrfmiddlewaretoken") || "" },
    });
  }

  // What the server said of one item, kept on the item (or the item removed when stored).
  function sendOne(item, token) {
    return post(item, token).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") === 0) return response.json();
      if (response.status === 404) return { state: "gone" }; // the round or the game is no more
      // Refused access with the page's own token (a read-only link): no retry will pass.
      // Without one (the worker sending), the token kept may be the stale one: later.
      if (response.status === 403 && token) return { state: "forbidden" };
      throw new Error("the server answered " + response.status); // kept, sent again later
    }).then(function (answer) {
      var outcome = { item: item, answer: answer };
      if (answer.state === "stored") return remove(item.id).then(function () { return outcome; });
      item.state = answer.state === "conflict" ? "conflict" : "refused";
      item.answer = answer;
      return put(item).then(function () { return outcome; });
    });
  }

  function exclusive(work) {
    var locks = scope.navigator && scope.navigator.locks;
    return locks ? locks.request(LOCK, work) : work();
  }

  /* Send every waiting item in the order typed; resolves with the outcomes, or rejects
   * when the network failed midway (what was answered before is kept). One sender at a
   * time across the pages and the worker (Web Locks), and either one reads the store
   * afresh: an item the other sent is gone. */
  function send(token) {
    return exclusive(function () {
      return all().then(function (items) {
        var held = {}, outcomes = [];
        return items.reduce(function (chain, item) {
          return chain.then(function () {
            if (held[item.sheet]) return null;
            if (item.state !== "waiting") { held[item.sheet] = true; return null; }
            return sendOne(item, token).then(function (outcome) {
              outcomes.push(outcome);
              if (outcome.answer.state !== "stored") held[item.sheet] = true;
            });
          });
        }, Promise.resolve()).then(function () { return outcomes; });
      });
    });
  }

  /* The queue of earlier versions, in localStorage, moved here once: its rounds were
   * numbered by a cached page (the bug this store replaces), so each becomes "the
   * next round"; a refused one is sent again, and this time numbered on arrival. */
  function adoptOld() {
    var storage = scope.localStorage;
    if (!storage) return Promise.resolve();
    var old;
    try { old = JSON.parse(storage.getItem(OLD_KEY) || "[]"); } catch (e) { old = []; }
    if (!old.length) return Promise.resolve();
    return old.reduce(function (chain, item, index) {
      var body = new URLSearchParams(item.body);
      body.set("round_number", "next");
      return chain.then(function () {
        return put({ id: item.id, sheet: item.sheet, action: item.action, body: body.toString(),
                     at: item.at, seq: Date.parse(item.at) * 1000 + index, state: "waiting",
                     kind: "new", number: null, summary: "" });
      });
    }, Promise.resolve()).then(function () { storage.removeItem(OLD_KEY); });
  }

  scope.RoundQueue = { all: all, put: put, remove: remove, send: send, adoptOld: adoptOld };
})(self);
