/* Scoring without a network (with static/js/sw.js, which keeps the pages).
 *
 * - Registers the service worker (served at /sw.js, the whole site as its scope).
 * - Shows #offline-banner while the phone is offline.
 * - A round saved offline (#entry-form, a new round) is kept in localStorage with a
 *   fresh request id, and the phone goes back to the sheet, which lists it as waiting
 *   (#pending-rounds). When the network returns each one is posted once, in order;
 *   the server's request id check turns a repeat into the round already stored, so a
 *   retry never adds a round twice. The verdict (sent, or refused with the sheet's
 *   reason) replaces "waiting".
 */
(function () {
  "use strict";
  var KEY = "marque-carte:pending-rounds";
  var flushing = false;

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    // This page and the ones it leads to ([data-offline-keep]) open offline from now on.
    navigator.serviceWorker.ready.then(function (registration) {
      var urls = [location.pathname + location.search];
      document.querySelectorAll("[data-offline-keep]").forEach(function (el) {
        urls.push(el.getAttribute("href"));
      });
      if (registration.active) registration.active.postMessage({ keep: urls });
    });
  }

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; }
  }
  function store(items) { localStorage.setItem(KEY, JSON.stringify(items)); }

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
      return (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16);
    });
  }

  function banner() {
    var el = document.getElementById("offline-banner");
    if (el) el.hidden = navigator.onLine;
  }

  // -- keeping a round ----------------------------------------------------------
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (navigator.onLine || form.id !== "entry-form" || form.querySelector("[name=edit]")) return;
    var submitter = e.submitter;
    if (submitter && submitter.name === "action" && submitter.value !== "save") return;
    e.preventDefault();
    e.stopPropagation(); // htmx would try to post it and fail
    var body = new URLSearchParams(new FormData(form));
    var id = newId(); // the cached page holds one id for every round entered from it
    body.set("request_id", id);
    body.set("action", "save");
    var items = load();
    // Each save names the round it means (one round per round): the cached page names the
    // round after the last one it saw, so the rounds queued before this one come first.
    var queued = items.filter(function (item) {
      return item.sheet === form.dataset.sheet && item.state === "waiting";
    }).length;
    var number = parseInt(body.get("round_number"), 10);
    if (!isNaN(number)) body.set("round_number", String(number + queued));
    items.push({ id: id, sheet: form.dataset.sheet, action: form.getAttribute("action"),
                 body: body.toString(), at: new Date().toISOString(), state: "waiting" });
    store(items);
    window.location.assign(form.dataset.sheet);
  }, true);

  // -- the sheet's list ---------------------------------------------------------
  function render() {
    var box = document.getElementById("pending-rounds");
    if (!box) return;
    var mine = load().filter(function (item) { return item.sheet === box.dataset.game; });
    var list = box.querySelector("ul");
    list.textContent = "";
    mine.forEach(function (item) {
      var li = document.createElement("li");
      li.className = "pending-" + item.state;
      li.dataset.requestId = item.id;
      var time = new Date(item.at).toLocaleTimeString(document.documentElement.lang,
                                                      { hour: "2-digit", minute: "2-digit" });
      li.textContent = box.dataset.entered.replace("{time}", time) + " · " +
        (item.state === "refused" ? box.dataset.refused : box.dataset.waiting);
      if (item.reason) {
        var why = document.createElement("span");
        why.className = "pending-reason";
        why.textContent = " " + item.reason;
        li.appendChild(why);
      }
      list.appendChild(li);
    });
    box.hidden = mine.length === 0;
  }

  function say(text) {
    var box = document.getElementById("pending-rounds"), out = box && box.querySelector("[role=status]");
    if (out) out.textContent = text;
  }

  function reasonOf(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var messages = Array.prototype.map.call(doc.querySelectorAll("#taken-title, .field-errors p"), function (p) {
      return p.textContent.trim();
    });
    return messages.join(" ");
  }

  // -- sending ------------------------------------------------------------------
  function post(item) {
    var token = new URLSearchParams(item.body).get("csrfmiddlewaretoken") || "";
    return fetch(item.action, {
      method: "POST", body: item.body, credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": token },
    });
  }

  function flush() {
    if (flushing || !navigator.onLine) return;
    var next = load().find(function (item) { return item.state === "waiting"; });
    if (!next) { render(); return; }
    flushing = true;
    post(next).then(function (response) {
      if (response.ok && response.redirected) return settle(next.id, null);
      // 422: refused with its reasons; 200 without a redirect: that round was saved by
      // another phone meanwhile (the page offering to keep theirs), said as a refusal.
      if (response.status === 422 || (response.ok && !response.redirected)) {
        return response.text().then(function (html) { return settle(next.id, reasonOf(html)); });
      }
      throw new Error("server said " + response.status); // try again later
    }).then(function () {
      flushing = false;
      flush();
    }).catch(function () { flushing = false; });
  }

  // Sent: gone from the list (the sheet shows the round). Refused: kept, with the reason.
  function settle(id, reason) {
    var items = load(), box = document.getElementById("pending-rounds");
    if (reason === null) {
      items = items.filter(function (item) { return item.id !== id; });
      if (box) say(box.dataset.sent);
      refreshSheet();
    } else {
      items.forEach(function (item) { if (item.id === id) { item.state = "refused"; item.reason = reason; } });
    }
    store(items);
    render();
  }

  function refreshSheet() {
    var sheet = document.getElementById("sheet"), box = document.getElementById("pending-rounds");
    if (sheet && box && window.htmx) {
      htmx.ajax("GET", box.dataset.game, { target: "#sheet", swap: "outerHTML" });
    }
  }

  window.addEventListener("online", function () { banner(); flush(); });
  window.addEventListener("offline", banner);
  window.addEventListener("storage", function (e) { if (e.key === KEY) render(); });
  function start() { banner(); render(); flush(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
