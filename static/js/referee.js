/* The live table on a phone: a small WebSocket client, no framework.
 *
 * - Keeps an estimate of this phone's clock offset to the server (ping/pong,
 *   the 3 lowest-delay samples of the last 16), reports each sample so the
 *   server keeps its own estimate, and shows the snap countdown in server time.
 * - Stamps a snap with the moment "Snap !" was pressed (this phone's clock);
 *   the server converts it and orders claims by it.
 * - Reconnects by itself; the server then sends the current state.
 *
 * Test hooks (window.referee): `hold = true` keeps outgoing actions queued
 * until `release()`, to play a slow network deterministically.
 */
(function () {
  "use strict";

  const root = document.getElementById("table");
  if (!root) return;
  const text = JSON.parse(document.getElementById("referee-text").textContent);
  const role = root.dataset.role;
  const seat = root.dataset.seat;
  // Cards as every page writes them (R♥ in French): letters and symbols from the server.
  const CARDS = JSON.parse(document.getElementById("card-labels").textContent);
  const $ = (id) => document.getElementById(id);

  const api = {
    hold: false,
    queue: [],
    state: null,
    offset: 0,
    release() {
      const queued = api.queue.splice(0);
      queued.forEach((message) => send(message, true));
    },
  };
  window.referee = api;

  let socket = null;
  let retry = 0;
  let samples = [];
  let pingTimer = null;
  let pings = 0;
  let tickedWindow = null;

  const phoneNow = () => Date.now() / 1000;
  const serverNow = () => phoneNow() + api.offset;

  function label(code) {
    if (!code) return "—";
    if (code === "JK") return CARDS.JK;
    const rank = code.slice(0, -1), symbol = CARDS["symbol-" + code.slice(-1)];
    return symbol ? (CARDS[rank] || rank) + symbol : code;
  }

  function setStatus(state, words) {
    const el = $("link-status");
    el.dataset.state = state;
    el.textContent = words;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const lang = document.documentElement.lang || "fr";
    const url = `${scheme}${location.host}${root.dataset.wsPath}?lang=${encodeURIComponent(lang)}`;
    socket = new WebSocket(url);
    socket.addEventListener("open", () => {
      // The token goes in the first message rather than the URL: URLs end up in logs.
      socket.send(JSON.stringify({ type: "auth", token: root.dataset.token }));
      retry = 0;
      pings = 0;
      samples = [];
      schedulePing(50);
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      clearTimeout(pingTimer);
      if (event.code === 4403) {
        setStatus("closed", text.closed);
        return;
      }
      setStatus("offline", text.offline);
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * 2 ** retry);
    });
  }

  function send(message, now) {
    if (api.hold && !now && message.type !== "clock.ping" && message.type !== "clock.sample") {
      api.queue.push(message);
      return;
    }
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  // -- the clock ------------------------------------------------------------------

  function schedulePing(ms) {
    clearTimeout(pingTimer);
    pingTimer = setTimeout(() => {
      send({ type: "clock.ping", t0: phoneNow() }, true);
      pings += 1;
      schedulePing(pings < 6 ? 200 : 3000); // a quick first estimate, then keep it fresh
    }, ms);
  }

  function onPong(m) {
    const t3 = phoneNow();
    send({ type: "clock.sample", t0: m.t0, t3: t3 }, true);
    const sample = { offset: (m.t1 - m.t0 + (m.t2 - t3)) / 2, delay: t3 - m.t0 - (m.t2 - m.t1) };
    if (sample.delay < 0) return;
    samples.push(sample);
    if (samples.length > 16) samples.shift();
    const best = [...samples].sort((a, b) => a.delay - b.delay).slice(0, 3);
    api.offset = best.reduce((sum, s) => sum + s.offset, 0) / best.length;
  }

  // -- what the server says ---------------------------------------------------------

  function receive(m) {
    if (m.type === "clock.pong") return onPong(m);
    if (m.type === "table.state" || m.type === "table.update") {
      setStatus("live", text.connected);
      if (m.type === "table.state") $("feed").replaceChildren();
      render(m.state);
      m.rulings.forEach((r) => addRuling(r.text, r.rule));
      return;
    }
    if (m.type === "table.refused") return addRuling(m.ruling.text, m.ruling.rule, true);
    if (m.type === "error" && m.code === "rate_limited") return addRuling(text.tooMany, "rate_limited", true);
  }

  function addRuling(words, rule, refused) {
    const item = document.createElement("li");
    item.textContent = words; // player names are text, never markup
    item.dataset.rule = rule;
    if (refused) item.classList.add("refused");
    if (/^snap\.wrong|overturned|too_late|no_second_try|untargetable/.test(rule)) item.classList.add("penalty");
    if (/^snap\.accepted/.test(rule)) item.classList.add("accepted");
    const feed = $("feed");
    feed.prepend(item);
    while (feed.children.length > 40) feed.lastElementChild.remove();
  }

  function render(state) {
    api.state = state;
    const top = $("pile-top");
    if (top) {
      top.textContent = label(state.pile_top);
      top.dataset.red = /[HD]$/.test(state.pile_top || "") ? "true" : "false";
    }
    const decline = $("power-decline");
    if (decline) decline.hidden = !(state.power && (role === "referee" || state.power.player === seat));
  }

  // -- the countdown: in server time, and a tick to the server when it ends -----------

  const decimalMark = document.documentElement.lang === "fr" ? "," : ".";

  function countdown() {
    const el = $("countdown");
    const w = api.state && api.state.window;
    if (el) {
      const bar = $("countdown-bar").firstElementChild;
      if (!w || w.closed !== null) {
        el.textContent = "—";
        el.dataset.open = "false";
        bar.style.width = "0%";
      } else {
        const left = Math.max(0, w.deadline - serverNow());
        // 29,4 s in French, 29.4 s in English
        el.textContent = left.toFixed(1).replace(".", decimalMark) + " s";
        el.dataset.open = "true";
        bar.style.width = `${(100 * left) / (w.deadline - w.opened)}%`;
        if (left === 0 && tickedWindow !== w.id) {
          tickedWindow = w.id;
          send({ type: "window.tick" }, true);
        }
      }
    }
    requestAnimationFrame(countdown);
  }

  // -- actions ----------------------------------------------------------------------

  function actingFor() {
    const select = $("for-player");
    return select ? select.value : seat;
  }

  const chooser = $("chooser");
  let pending = null; // {mode: "snap"|"discard", tap, window}
  let rank = null;

  function openChooser(mode) {
    const w = api.state && api.state.window;
    pending = { mode: mode, tap: phoneNow(), window: w ? w.id : null };
    rank = null;
    const title = $("chooser-title");
    title.textContent = title.dataset[mode];
    chooser.querySelectorAll("[aria-pressed]").forEach((b) => b.removeAttribute("aria-pressed"));
    chooser.showModal();
  }

  function choose(card) {
    chooser.close();
    const player = actingFor();
    if (pending.mode === "snap") {
      const owner = $("owner");
      send({
        type: "snap.claim", player: player, card: card, tap: pending.tap, window: pending.window,
        for_player: owner && owner.value ? owner.value : null,
      });
    } else {
      send({ type: "discard", player: player, card: card });
    }
    pending = null;
  }

  if (chooser) {
    $("snap-button").addEventListener("click", () => openChooser("snap"));
    $("discard-button").addEventListener("click", () => openChooser("discard"));
    chooser.querySelectorAll(".rank").forEach((button) =>
      button.addEventListener("click", () => {
        chooser.querySelectorAll(".rank").forEach((b) => b.removeAttribute("aria-pressed"));
        button.setAttribute("aria-pressed", "true");
        rank = button.dataset.rank;
        if (rank === "JK") choose("JK");
      }),
    );
    chooser.querySelectorAll(".suit").forEach((button) =>
      button.addEventListener("click", () => {
        if (rank) choose(rank + button.dataset.suit);
      }),
    );
  }
  const callButton = $("call-button");
  if (callButton) callButton.addEventListener("click", () => send({ type: "call.made", player: actingFor() }));
  const limit = $("snap-limit");
  if (limit) {
    limit.addEventListener("submit", (event) => {
      event.preventDefault();
      send({ type: "settings.change", snap_limit: Number($("snap-limit-seconds").value) });
    });
  }
  const counterButton = $("counter-button");
  if (counterButton) counterButton.addEventListener("click", () => send({ type: "call.counter", player: actingFor() }));
  const decline = $("power-decline");
  if (decline) decline.addEventListener("click", () => send({ type: "power.declined" }));

  // Canasta and cactus-game questions: the form's fields become the question.
  document.querySelectorAll("form.ask").forEach((form) =>
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const cards = (name) => String(data.get(name) || "").split(/[\s,;]+/).filter(Boolean);
      const q = { type: "ask", question: form.dataset.question };
      if (q.question === "meld") Object.assign(q, { cards: cards("cards"), going_out: data.has("going_out") });
      if (q.question === "take_pile") Object.assign(q, { pile: cards("pile"), hand: cards("hand"), side_has_melded: data.has("side_has_melded") });
      if (q.question === "opening") Object.assign(q, { melds: String(data.get("melds")).split("/").map((m) => m.split(/[\s,;]+/).filter(Boolean)), side_total: Number(data.get("side_total")) });
      if (q.question === "stop_chain") Object.assign(q, { card: data.get("card"), stops: Array.from({ length: Number(data.get("stops")) }, () => "?") });
      if (q.question === "set") Object.assign(q, { characters: cards("characters").map((c) => c.toLowerCase()) });
      send(q);
    }),
  );

  connect();
  requestAnimationFrame(countdown);
})();
