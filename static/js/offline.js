/* Scoring without a network, the page's side (with static/js/sw.js, which keeps the
 * pages, and static/js/round-queue.js, which keeps the rounds).
 *
 * - Registers the service worker (served at /sw.js, the whole site as its scope) and
 *   asks it to keep this page and the ones it leads to ([data-offline-keep]), and to
 *   fetch this game's pages again after every save or live update.
 * - Shows #offline-banner while the phone is offline: « Hors ligne depuis 21 h 14 ».
 * - A round saved offline (#entry-form) is kept as an intention: a new round is "the
 *   next round of this game" (numbered by the server when it arrives), an edit names
 *   its round and the version its page was drawn from. The phone goes back to the
 *   sheet, which lists it as waiting (#pending-rounds) with the numbers typed.
 * - Sending resumes by itself: Background Sync where the browser has it, and on
 *   `online`, on `visibilitychange` and on a timer, each round with its request id.
 * - A round the server did not store (another phone changed that round, the game
 *   ended) stays listed with the server's reasons or both rounds side by side, until
 *   the player chooses: add it as the next round, replace theirs, correct it, or
 *   discard it. "Correct" posts it to its page as it was typed, without saving it: the
 *   server draws the form with the numbers typed and its reasons in place (an edit gets
 *   its check-then-confirm step back); the phone lets go of the kept round only once
 *   that page is on screen, holding the numbers.
 * - Our offline page (#kept-games) lists the games this phone has kept.
 */
(function () {
  "use strict";
  var Queue = window.RoundQueue;
  var SINCE = "marque-carte:offline-since";
  var TIMER_MS = 15000;
  var flushing = false;

  function $(id) { return document.getElementById(id); }
  function tag(name, className, text) {
    var el = document.createElement(name);
    if (className) el.className = className;
    if (text) el.textContent = text;
    return el;
  }
  function lang() { return document.documentElement.lang || "fr"; }

  // A time as the page's language writes it: « 21 h 14 » in French, "9:14 PM" in English.
  function clock(date) {
    if (lang().indexOf("fr") === 0) {
      return date.getHours() + " h " + String(date.getMinutes()).padStart(2, "0");
    }
    return date.toLocaleTimeString(lang(), { hour: "numeric", minute: "2-digit" });
  }

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
      return (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16);
    });
  }

  // -- the service worker -------------------------------------------------------------

  var worker = "serviceWorker" in navigator ? navigator.serviceWorker : null;

  function tellWorker(message) {
    if (!worker) return;
    worker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage(message);
    });
  }

  function keptLinks() {
    return Array.prototype.map.call(document.querySelectorAll("[data-offline-keep]"), function (el) {
      return el.getAttribute("href");
    });
  }

  // This page is kept by its visit (network first); the pages it leads to are fetched
  // again, so an entry page kept earlier does not keep an old round number.
  function keepPages() {
    tellWorker({ keep: [location.pathname + location.search] });
    if (navigator.onLine) tellWorker({ refresh: keptLinks() });
  }

  // After a save, an undo or a live update: this game's sheet and what it leads to.
  var refreshing = null;
  function refreshGame() {
    var box = $("pending-rounds");
    if (!box || !navigator.onLine) return;
    clearTimeout(refreshing);
    refreshing = setTimeout(function () { tellWorker({ refresh: [box.dataset.game], follow: true }); }, 300);
  }

  function askForSync() {
    if (!worker) return;
    worker.ready.then(function (registration) {
      if (registration.sync) return registration.sync.register("send-rounds");
      return null;
    }).catch(function () {}); // no Background Sync: the events and the timer send it
  }

  // -- the banner ---------------------------------------------------------------------

  function banner() {
    var el = $("offline-banner");
    if (navigator.onLine) {
      localStorage.removeItem(SINCE);
      if (el) el.hidden = true;
      return;
    }
    var since = localStorage.getItem(SINCE);
    if (!since) {
      since = new Date().toISOString();
      localStorage.setItem(SINCE, since);
    }
    if (!el) return;
    el.querySelector("[data-offline-since]").textContent =
      el.dataset.since.replace("{time}", clock(new Date(since)));
    el.hidden = false;
  }

  // -- keeping a round ----------------------------------------------------------------

  function legendText(fieldset) {
    var legend = fieldset && fieldset.querySelector("legend");
    if (!legend) return "";
    var who = legend.querySelector(".who");
    return (who || legend.firstChild || legend).textContent.trim();
  }

  // The numbers typed, in words the player recognises ("Ana 3 · Ben 17 · Annonce Ana"):
  // the visible fields that hold something, each named by its block.
  function summarize(form) {
    var parts = [];
    form.querySelectorAll("input, select").forEach(function (field) {
      if (field.type === "hidden" || field.type === "submit" || !field.name) return;
      if (field.name.slice(-5) === "-mode") return; // cards or count: how, not what
      var cards = field.hasAttribute("data-cards") && field.closest("[data-cards-field]");
      if ((cards || field).offsetParent === null) return; // the way of counting not chosen
      var name = legendText(field.closest("fieldset")) || field.getAttribute("aria-label") || field.name;
      if (cards) { // the picked cards, as their chips show them
        var chips = Array.prototype.map.call(cards.querySelectorAll(".chip"), function (c) { return c.textContent.trim(); });
        if (chips.length) parts.push(name + " " + chips.join(" "));
      } else if (field.type === "radio" || field.type === "checkbox") {
        var label = field.closest("label");
        if (field.checked && field.value && label) parts.push(name + " " + label.textContent.trim());
      } else if (field.value.trim()) {
        parts.push(name + " " + field.value.trim());
      }
    });
    return parts.join(" · ");
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (navigator.onLine || form.id !== "entry-form") return;
    var submitter = e.submitter;
    if (submitter && submitter.name === "action" && submitter.value !== "save") return;
    e.preventDefault();
    e.stopPropagation(); // htmx would try to post it and fail
    var edit = form.querySelector("[name=edit]");
    var body = new URLSearchParams(new FormData(form));
    var id = newId();
    body.set("action", "save");
    if (edit) {
      body.set("confirm", "1"); // the check-then-confirm step needs the server: the sheet shows it kept
    } else {
      body.set("request_id", id); // the cached page holds one id for every round entered from it
      body.set("round_number", "next");
    }
    Queue.put({
      id: id, sheet: form.dataset.sheet, action: form.getAttribute("action"), body: body.toString(),
      at: new Date().toISOString(), seq: Date.now(), state: "waiting", kind: edit ? "edit" : "new",
      number: edit ? parseInt(edit.value, 10) : null, summary: summarize(form),
    }).then(function () {
      askForSync();
      window.location.assign(form.dataset.sheet);
    });
  }, true);

  // An entry page opened offline (kept earlier) says the round it will most likely be:
  // its number, after the rounds of this game still kept here; the server decides.
  function renumber() {
    var form = $("entry-form"), field = form && form.querySelector("input[name=round_number]");
    if (!field || navigator.onLine || form.dataset.renumbered) return;
    Queue.all().then(function (items) {
      var before = items.filter(function (i) { return i.sheet === form.dataset.sheet && i.kind === "new"; }).length;
      var kept = parseInt(field.value, 10), heading = form.querySelector("h1");
      if (!before || isNaN(kept) || !heading) return;
      var was = new RegExp("\\b" + kept + "\\b");
      heading.textContent = heading.textContent.replace(was, String(kept + before));
      document.title = document.title.replace(was, String(kept + before));
      form.dataset.renumbered = "1";
      var note = $("offline-banner");
      if (note) heading.insertAdjacentElement("afterend", tag("p", "entry-offline-note", note.dataset.numbered));
    });
  }

  // -- the sheet's list ---------------------------------------------------------------

  function stateWord(box, item) {
    if (item.state === "waiting") return box.dataset.waiting;
    return item.state === "conflict" ? box.dataset.conflict : box.dataset.refused;
  }

  function drawItem(box, item) {
    var li = tag("li", "pending-" + item.state);
    li.dataset.requestId = item.id;
    var when = clock(new Date(item.at));
    var head = item.kind === "edit" ? box.dataset.edited.replace("{number}", item.number) : box.dataset.entered;
    li.appendChild(tag("p", "pending-head", head.replace("{time}", when) + " · " + stateWord(box, item)));
    if (item.summary) li.appendChild(tag("p", "pending-summary", item.summary));
    var answer = item.answer || {};
    if (item.state === "refused") {
      var reasons = answer.state === "gone" ? [box.dataset.gone]
        : answer.state === "forbidden" ? [box.dataset.forbidden] : (answer.reasons || []);
      reasons.forEach(function (reason) { li.appendChild(tag("p", "pending-reason", reason)); });
    }
    if (item.state === "conflict") {
      li.appendChild(tag("p", "pending-reason", answer.title));
      var compare = tag("div", "pending-compare");
      compare.innerHTML = answer.compare || ""; // rendered by our server, in the page's language
      li.appendChild(compare);
    }
    if (item.state !== "waiting") li.appendChild(choices(box, item));
    return li;
  }

  function button(text, choice, item) {
    var b = tag("button", "button", text);
    b.type = "button";
    b.dataset.choice = choice;
    b.dataset.requestId = item.id;
    return b;
  }

  function choices(box, item) {
    var answer = item.answer || {}, row = tag("div", "confirm-actions");
    if (item.state === "conflict" && answer.exists && answer.mine_valid) row.appendChild(button(box.dataset.replace, "replace", item));
    if (item.state === "conflict" || (answer.state === "gone" && box.dataset.entry)) {
      row.appendChild(button(box.dataset.addNext, "next", item));
    }
    if (item.state === "refused" && answer.reasons && answer.reasons.length) {
      row.appendChild(button(box.dataset.correct, "correct", item));
    }
    row.appendChild(button(box.dataset.discard, "discard", item));
    return row;
  }

  // The kept round posted to its page as typed, to be corrected there: the server draws
  // the form with its reasons in place. A real navigation (not htmx): the page is the form.
  function correct(item) {
    var form = tag("form");
    form.method = "post";
    form.hidden = true;
    var target = new URL(item.action, window.location.href);
    target.searchParams.set("correcting", item.id);
    form.action = target.pathname + target.search;
    var body = new URLSearchParams(item.body), token = pageToken();
    body.delete("confirm"); // an edit is shown, checked, and confirmed again
    body.set("action", "save");
    if (token) body.set("csrfmiddlewaretoken", token);
    body.forEach(function (value, name) {
      var input = tag("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }

  // The correction page is on screen with the kept round's numbers: the phone lets it go.
  function letGoOfCorrected() {
    var id = new URLSearchParams(window.location.search).get("correcting");
    if (!id || !$("entry-form") || !Queue) return;
    Queue.remove(id).catch(function () {});
    history.replaceState(null, "", window.location.pathname); // a reload must not post it again
  }

  function render() {
    var box = $("pending-rounds");
    if (box) {
      Queue.all().then(function (items) {
        var mine = items.filter(function (item) { return item.sheet === box.dataset.game; });
        var list = box.querySelector("ul");
        list.textContent = "";
        mine.forEach(function (item) { list.appendChild(drawItem(box, item)); });
        // Emptied by a send: still shown, to say the rounds reached the sheet.
        box.hidden = mine.length === 0 && !box.querySelector("[role=status]").textContent;
      });
    }
    listKeptGames();
    renumber();
  }

  function say(text) {
    var box = $("pending-rounds"), out = box && box.querySelector("[role=status]");
    if (out) out.textContent = text;
  }

  // The player's choice for a round the server did not store.
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("#pending-rounds [data-choice]");
    if (!b) return;
    var box = $("pending-rounds");
    Queue.all().then(function (items) {
      var item = items.find(function (i) { return i.id === b.dataset.requestId; });
      if (!item) return null;
      var choice = b.dataset.choice, answer = item.answer || {};
      if (choice === "correct") {
        if (!navigator.onLine) { say(box.dataset.correctOffline); return null; }
        correct(item);
        return null;
      }
      if (choice === "discard") {
        if (!b.dataset.armed) { // a second tap: the round is erased from the phone for good
          b.dataset.armed = "1";
          b.textContent = box.dataset.discardConfirm;
          return null;
        }
        return Queue.remove(item.id).then(render);
      }
      var body = new URLSearchParams(item.body);
      if (choice === "next") {
        item.action = answer.new_url || box.dataset.entry;
        body.delete("edit");
        body.delete("confirm");
        body.set("round_number", "next");
        body.set("request_id", item.id);
        item.kind = "new";
        item.number = null;
      } else { // replace: an edit of that round, over the version the server just gave
        item.action = answer.edit_url;
        body.set("confirm", "1");
        body.set("version", String(answer.version));
      }
      item.body = body.toString();
      item.state = "waiting";
      delete item.answer;
      return Queue.put(item).then(function () { render(); flush(); });
    });
  });

  // -- sending ------------------------------------------------------------------------

  function pageToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"]; } catch (e) { return null; }
  }

  function refreshSheet() {
    var sheet = $("sheet"), box = $("pending-rounds");
    if (sheet && box && window.htmx) {
      htmx.ajax("GET", box.dataset.game, { target: "#sheet", swap: "outerHTML" });
    }
  }

  function flush() {
    if (flushing || !navigator.onLine || !Queue) return;
    flushing = true;
    Queue.send(pageToken()).then(function (outcomes) {
      flushing = false;
      var stored = outcomes.filter(function (o) { return o.answer.state === "stored"; });
      if (stored.length) {
        var box = $("pending-rounds");
        if (box) say(box.dataset.sent);
        refreshSheet();
        var sheets = {};
        stored.forEach(function (o) { sheets[o.item.sheet] = true; });
        tellWorker({ refresh: Object.keys(sheets), follow: true });
      }
      render();
    }, function () { flushing = false; render(); }); // no network after all: sent later
  }

  function flushIfWaiting() {
    if (!navigator.onLine) return;
    Queue.all().then(function (items) {
      if (items.some(function (item) { return item.state === "waiting"; })) flush();
    });
  }

  // -- our offline page ---------------------------------------------------------------

  /* The sheets this phone has kept (any kept page holding #pending-rounds is a sheet),
   * named by their title, with the rounds still waiting to be sent. */
  function listKeptGames() {
    var list = $("kept-games");
    if (!list || !window.caches) return;
    Promise.all([Queue.all(), caches.keys().then(function (names) {
      return Promise.all(names.map(function (name) {
        return caches.open(name).then(function (cache) {
          return cache.keys().then(function (requests) {
            return Promise.all(requests.map(function (request) {
              return cache.match(request).then(function (response) {
                var type = response.headers.get("Content-Type") || "";
                return type.indexOf("text/html") === 0 ? response.text().then(function (html) {
                  return { url: new URL(request.url).pathname, html: html };
                }) : null;
              });
            }));
          });
        });
      }));
    })]).then(function (found) {
      var items = found[0], pages = [].concat.apply([], found[1]), seen = {};
      list.textContent = "";
      pages.forEach(function (page) {
        if (!page || seen[page.url] || page.html.indexOf('id="pending-rounds"') < 0) return;
        seen[page.url] = true;
        var title = (page.html.match(/<title>([^<]*)<\/title>/) || [])[1] || page.url;
        var li = tag("li"), a = tag("a", "button button-wide");
        a.href = page.url;
        a.textContent = new DOMParser().parseFromString(title, "text/html").documentElement.textContent.trim();
        li.appendChild(a);
        var waiting = items.filter(function (item) { return item.sheet === page.url; }).length;
        if (waiting) li.appendChild(tag("span", "kept-waiting", " " + list.dataset.waiting.replace("{count}", waiting)));
        list.appendChild(li);
      });
      var none = $("kept-none");
      if (none) none.hidden = list.children.length > 0;
    });
  }

  // -- wiring -------------------------------------------------------------------------

  if (worker) {
    worker.register("/sw.js", { scope: "/" }).catch(function () {});
    worker.addEventListener("message", function (e) {
      if (!e.data || e.data.rounds !== "changed") return;
      var box = $("pending-rounds");
      if (box && (e.data.stored || []).indexOf(box.dataset.game) >= 0) {
        say(box.dataset.sent);
        refreshSheet();
      }
      render();
    });
  }

  window.addEventListener("online", function () { banner(); flush(); });
  window.addEventListener("offline", function () { banner(); renumber(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flushIfWaiting();
  });
  setInterval(flushIfWaiting, TIMER_MS);
  // A save, an undo, a live update: the game's pages kept for offline are fetched again.
  document.addEventListener("htmx:wsAfterMessage", refreshGame);
  document.addEventListener("htmx:afterSettle", function (e) {
    var target = e.detail && e.detail.target;
    if (target && (target.id === "main" || target.id === "sheet")) refreshGame();
  });

  function start() {
    banner();
    if (!Queue) return;
    letGoOfCorrected();
    Queue.adoptOld().catch(function () {}).then(function () {
      render();
      flush();
    });
    keepPages();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
