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
  // The page's rules: rule anchors, the powers' reach and words (referee/table_page.py).
  const pageData = document.getElementById("referee-page");
  const page = pageData ? JSON.parse(pageData.textContent) : { anchors: {}, prefixes: [], effects: {}, reach: {}, quiet: [], words: {} };
  const words = page.words;
  const fill = (template, values) => String(template || "").replace(/\{(\w+)\}/g, (_, k) => (k in values ? values[k] : ""));
  // What this phone may do now: the server's moves (table-moves.js), never decided here.
  const moves = window.tableMoves;

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
  api.send = (message) => send(message, true);

  // Updates in seq order, gaps asked for; claims without an answer reported (table-order.js).
  const order = new window.tableOrder.SeqOrder(applyTable, (since) => send({ type: "sync", since: since }, true));
  const claims = new window.tableOrder.ClaimWatch(() => {
    const lost = $("lost-claim");
    if (lost) lost.hidden = false;
  });

  let socket = null;
  let retry = 0;
  let samples = [];
  let pingTimer = null;
  let pings = 0;
  let tickedWindow = null;
  let ticking = false; // the countdown's animation frame runs only while a timed window is open

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

  let reconnecting = null;

  function connect() {
    clearTimeout(reconnecting);
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const lang = document.documentElement.lang || "fr";
    const url = `${scheme}${location.host}${root.dataset.wsPath}?lang=${encodeURIComponent(lang)}`;
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener("open", () => {
      // The token goes in the first message rather than the URL: URLs end up in logs.
      current.send(JSON.stringify({ type: "auth", token: root.dataset.token }));
      retry = 0;
      pings = 0;
      samples = [];
      schedulePing(50);
    });
    current.addEventListener("message", (event) => {
      if (socket === current) receive(JSON.parse(event.data));
    });
    current.addEventListener("close", (event) => {
      if (socket !== current) return; // dropped when the phone went offline: already said
      clearTimeout(pingTimer);
      claims.socketClosed(); // a claim in flight when the server went: say so, do not resend blindly
      if (event.code === 4403 || event.code === 4410 || event.code === 4429) {
        setStatus("closed", text.closed);
        return;
      }
      setStatus("offline", text.offline);
      retry = Math.min(retry + 1, 6);
      reconnecting = setTimeout(connect, 250 * 2 ** retry);
    });
  }

  /* The phone says its network is gone: a dead connection may take minutes to close by
   * itself, and a claim sent into it would be lost without a word. Drop the socket now
   * (the player is told, a claim in flight reported), and reconnect the moment the
   * network is back: the server then sends the table as it is. */
  window.addEventListener("offline", () => {
    if (!socket) return;
    const old = socket;
    socket = null;
    clearTimeout(pingTimer);
    clearTimeout(reconnecting);
    claims.socketClosed();
    setStatus("offline", text.offline);
    old.close();
  });
  window.addEventListener("online", () => {
    if (socket && socket.readyState !== WebSocket.CLOSED) return;
    retry = 0;
    connect();
  });

  const PLAYER_MOVES = ["discard", "call.made", "call.counter", "round.last_card", "power.used",
    "power.declined", "stock.empty", "settings.change", "ask"];

  function send(message, now) {
    if (api.hold && !now && message.type !== "clock.ping" && message.type !== "clock.sample") {
      api.queue.push(message);
      return;
    }
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return;
    }
    // A move made while the link is down would be lost without a word (a snap's claim has
    // its own tracker, which says « non reçu »): the player is told nothing left the phone.
    if (PLAYER_MOVES.includes(message.type)) addRuling(words.notSent, "link.not_sent", true);
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
    if (m.type === "table.state" || m.type === "table.update") return order.accept(m);
    if (m.type === "received") return claims.received(m);
    if (m.type === "table.refused") return addRuling(m.ruling.text, m.ruling.rule, true);
    if (m.type === "error" && m.code === "rate_limited") return addRuling(text.tooMany, "rate_limited", true);
    if (m.type === "error" && m.code === "too_many_spectators") return addRuling(text.fullSpectators, "too_many_spectators", true);
    // The referee's panel (table-guard.js): join requests, delays, the credit's cap.
    document.dispatchEvent(new CustomEvent("referee:message", { detail: m }));
  }

  function applyTable(m) {
    setStatus("live", text.connected);
    if (m.type === "table.state" && m.since == null) { // a (re)connection, not the answer to a sync
      $("feed").replaceChildren();
      const earlier = $("earlier-rounds");
      if (earlier) earlier.replaceChildren();
    }
    render(m.state);
    m.rulings.forEach((r) => addRuling(r.text, r.rule, false, r));
    // The reveal's update (or a phone that joins before the next round begins): every
    // phone shows the round's points; the next round's first discard puts them away.
    const ready = m.rulings.filter((r) => r.rule === "round.ready" && r.sheet_round).pop();
    const fresh = !m.state.turn && !m.state.caller && !m.state.over;
    if (ready && (m.type === "table.update" || fresh)) showRoundResult(ready.sheet_round);
    if (m.state.turn) hideRoundResult();
  }

  function anchorOf(rule) {
    if (page.anchors[rule]) return page.anchors[rule];
    const found = page.prefixes.find(([prefix]) => rule.startsWith(prefix));
    return found ? found[1] : null;
  }

  // A round's rulings fold away once its reveal is in ("round.ready"): the feed shows this round.
  function foldRound(round) {
    const earlier = $("earlier-rounds");
    const feed = $("feed");
    if (!earlier || !feed.children.length) return;
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = fill(words.round, { n: round });
    const list = document.createElement("ol");
    list.className = "feed";
    list.append(...feed.children);
    details.append(summary, list);
    earlier.prepend(details);
    while (earlier.children.length > 5) earlier.lastElementChild.remove();
  }

  function addRuling(sentence, rule, refused, ruling) {
    if (page.quiet.includes(rule)) return;
    const item = document.createElement("li");
    item.textContent = sentence; // player names are text, never markup
    item.dataset.rule = rule;
    const anchor = anchorOf(rule || "");
    if (anchor && root.dataset.rulesUrl) {
      const link = document.createElement("a");
      link.href = `${root.dataset.rulesUrl}#${anchor}`;
      link.className = "rule-link";
      link.textContent = words.rule;
      item.append(" ", link);
    }
    if (refused) item.classList.add("refused");
    if (/^snap\.wrong|^power\.wrong|overturned|too_late|no_second_try|untargetable/.test(rule)) item.classList.add("penalty");
    if (/^snap\.accepted/.test(rule)) item.classList.add("accepted");
    const feed = $("feed");
    feed.prepend(item);
    while (feed.children.length > 40) feed.lastElementChild.remove();
    if (rule === "round.ready" && ruling) foldRound(ruling.round);
  }

  // -- the round ends on every phone: its points and the new totals, then the next round ----

  let resultShown = null;

  function showRoundResult(number) {
    const box = $("round-result");
    if (!box || !number || resultShown === number) return;
    resultShown = number;
    fetch(box.dataset.url.replace(/\/0\/$/, `/${number}/`), { headers: { Accept: "text/html" }, credentials: "same-origin" })
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then((html) => {
        // Our own server's fragment (names escaped by Django's templates).
        $("round-result-body").innerHTML = html;
        box.hidden = false;
        // The player may have scrolled down to the buttons: bring the points into view.
        const seen = box.getBoundingClientRect();
        if (seen.top < 0 || seen.bottom > window.innerHeight) box.scrollIntoView({ block: "start" });
      })
      .catch(() => { resultShown = null; });
  }

  function hideRoundResult() {
    const box = $("round-result");
    if (box) box.hidden = true;
  }
  const nextRound = $("round-result-next");
  if (nextRound) nextRound.addEventListener("click", hideRoundResult);

  function render(state) {
    api.state = state;
    const top = $("pile-top");
    if (top) {
      top.textContent = label(state.pile_top);
      top.dataset.red = /[HD]$/.test(state.pile_top || "") ? "true" : "false";
    }
    renderRound(state);
    drawControls();
    startCountdown();
  }

  // Each control as the server's moves say: this seat's, or the referee's for the player
  // it acts for. Drawn again when « Pour » changes and when a snap's deadline passes.
  function drawControls() {
    const state = api.state;
    if (!state) return;
    const looks = moves.controls(state, role, seat, actingFor(), serverNow());
    Object.keys(looks).forEach((id) => {
      const control = $(id);
      if (!control) return;
      control.hidden = looks[id] === "hidden";
      if (control.tagName === "BUTTON") control.disabled = looks[id] === "disabled";
    });
    const mine = moves.movesOf(state.legal, role, seat, actingFor());
    drawSnapOptions(mine["snap.claim"]);
    drawOrigins(mine.discard);
    renderPower(mine["power.used"]);
  }

  // Jeu pour autrui's owners and cactus's penalty card: only those the snap offers.
  function drawSnapOptions(snap) {
    const owner = $("owner");
    if (owner) {
      Array.from(owner.options).forEach((option) => {
        option.hidden = option.value !== "" && !(snap && (snap.owners || []).includes(option.value));
        if (option.hidden && option.selected) owner.value = "";
      });
    }
    const penalty = $("penalty-card");
    if (penalty) {
      penalty.disabled = !(snap && snap.penalty_card);
      if (penalty.disabled) penalty.checked = false;
    }
  }

  // Where a discarded card may come from (the pile only when it may be taken).
  function drawOrigins(discard) {
    const origin = $("discard-origin");
    if (!origin) return;
    origin.querySelectorAll("input[name='origin']").forEach((input) => {
      input.disabled = !(discard && discard.origins.includes(input.value));
    });
  }

  // -- the round's shape: whose turn, the call and what it ends, the reveal -----------

  // Whose turn, said to the player: « À vous » on your own phone.
  function turnText(last, next) {
    const mine = role === "seat";
    if (!last) return words.firstTurn;
    if (last === next) return mine && next === seat ? words.yourTurn : fill(words.turnOf, { player: next });
    if (mine && next === seat) return fill(words.justPlayedYou, { player: last });
    if (mine && last === seat) return fill(words.youJustPlayed, { next: next });
    return fill(words.justPlayed, { player: last, next: next });
  }

  function renderRound(state) {
    const turn = $("round-turn");
    if (!turn) return;
    const over = $("round-over");
    const call = $("round-call");
    if (state.over) {
      turn.hidden = true;
    } else {
      // The server says whose discard it waits for (the reading "table-turns": a player
      // without a phone is skipped when no referee logs their turn).
      const next = state.next_turn;
      turn.hidden = Boolean(state.turn) && !next;
      turn.textContent = turnText(state.turn, next);
      turn.dataset.mine = role === "seat" && next === seat ? "true" : "false";
    }
    call.hidden = !state.caller;
    if (state.caller) {
      let line = fill(words.called, { player: state.caller, word: page.callWord });
      if (!state.over && state.to_play.length) line += " " + fill(words.lastTurns, { players: state.to_play.join(", ") });
      call.textContent = line;
    }
    over.hidden = !state.over;
    $("round-over-text").textContent = words.over;
    if (isOut(state)) showOut(turn);
  }

  // Dutch: a player whose total reached the limit is out; the table deals without them
  // (the reveal names the players after it). Their phone follows the table, says so, and
  // offers nothing to play.
  function isOut(state) {
    return role === "seat" && state.players.length > 0 && !state.players.includes(seat);
  }

  // The server offers such a player no move: their phone says why.
  function showOut(turn) {
    turn.hidden = false;
    turn.textContent = words.youAreOut;
    turn.dataset.mine = "false";
  }

  // -- aiming a power: the player and the card, as the power's reach allows --------------

  let shownPower = null;
  let shownMove = null;

  // The power on the pile, as the server offers it to this phone: its slots, the players
  // each may aim at (its `aims`), how many cards each holds.
  function renderPower(move) {
    const panel = $("power-panel");
    if (!panel) return;
    shownMove = move || null;
    if (!move) {
      shownPower = null;
      return;
    }
    const state = api.state;
    const key = `${state.window ? state.window.id : ""}:${move.player}:${move.card}:${JSON.stringify(move.aims)}`;
    if (key === shownPower) return;
    shownPower = key;
    $("power-title").textContent = fill(words.powerTitle, { card: label(move.card), effect: page.effects[move.effect] || move.effect })
      + (move.compulsory ? " " + words.compulsory : "");
    const targets = $("power-targets");
    targets.replaceChildren();
    move.slots.forEach((kind, i) => targets.append(slot(move, kind, i)));
    checkAim();
    // In view without scrolling: the panel sits under the round's shape; make sure of it.
    const box = panel.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) panel.scrollIntoView({ block: "nearest" });
  }

  function fillCards(select, move, player) {
    const chosen = select.value;
    select.replaceChildren();
    for (let i = 0; i < ((move.cards && move.cards[player]) || 1); i += 1) {
      const option = document.createElement("option");
      option.value = String(i);
      option.textContent = String(i + 1);
      select.append(option);
    }
    if (chosen && Number(chosen) < select.options.length) select.value = chosen;
  }

  function slot(move, kind, i) {
    const isOptional = i >= move.required;
    const box = document.createElement("fieldset");
    box.className = "power-slot";
    box.dataset.kind = kind;
    const legend = document.createElement("legend");
    legend.textContent = (kind === "own" ? words.slotOwn : kind === "other" ? words.slotOther : words.slotAny) + (isOptional ? " " + words.optional : "");
    const who = document.createElement("select");
    who.className = "target-player";
    who.dataset.testid = `target-player-${i}`;
    who.setAttribute("aria-label", words.player);
    if (isOptional) who.append(new Option(words.none, ""));
    moves.slotChoices(move, i).forEach((p) => who.append(new Option(p, p)));
    const first = (move.aims || []).find((aimed) => aimed.length > i);
    who.value = isOptional || !first ? "" : first[i];
    box.append(legend, who);
    if (move.cards) {
      const card = document.createElement("select");
      card.className = "target-card";
      card.dataset.testid = `target-card-${i}`;
      card.setAttribute("aria-label", words.card);
      fillCards(card, move, who.value || move.player);
      box.append(card);
      who.addEventListener("change", () => fillCards(card, move, who.value || move.player));
    }
    who.addEventListener("change", checkAim);
    return box;
  }

  function chosenTargets() {
    return Array.from(document.querySelectorAll("#power-targets .power-slot"))
      .map((box) => {
        const player = box.querySelector(".target-player").value;
        const card = box.querySelector(".target-card");
        return player ? { player: player, card: card ? Number(card.value) : null } : null;
      })
      .filter(Boolean);
  }

  // A hint before the tap: a choice the server did not offer is a wrong use (a penalty).
  function checkAim() {
    const warning = $("power-warning");
    if (!shownMove || !warning) return;
    warning.hidden = moves.aimOffered(shownMove, chosenTargets().map((t) => t.player));
    warning.textContent = words.outOfReach;
  }

  // -- the countdown: in server time, and a tick to the server when it ends -----------

  const decimalMark = document.documentElement.lang === "fr" ? "," : ".";

  // Drawn once per state; redrawn every frame only while a timed window is open (an idle
  // table page does nothing: issue 28). When the deadline passes, the server is told and the
  // controls are drawn again (the snap goes at the deadline the server gave).
  function startCountdown() {
    if (!ticking) countdown();
  }

  function countdown() {
    const el = $("countdown");
    const w = api.state && api.state.window;
    ticking = false;
    if (!el) return;
    const bar = $("countdown-bar").firstElementChild;
    if (!w || w.closed !== null) {
      el.textContent = "—";
      el.dataset.open = "false";
      bar.style.width = "0%";
    } else if (w.deadline === null) {
      // No time limit (the default): the window lasts until the next discard covers the card.
      el.textContent = words.untilCovered;
      el.dataset.open = "true";
      el.dataset.limit = "none";
      bar.style.width = "100%";
    } else {
      el.dataset.limit = "timed";
      const left = Math.max(0, w.deadline - serverNow());
      // 29,4 s in French, 29.4 s in English
      el.textContent = left.toFixed(1).replace(".", decimalMark) + " s";
      el.dataset.open = "true";
      bar.style.width = `${(100 * left) / (w.deadline - w.opened)}%`;
      if (left > 0) {
        ticking = true;
        requestAnimationFrame(countdown);
      } else if (tickedWindow !== w.id) {
        tickedWindow = w.id;
        send({ type: "window.tick" }, true);
        drawControls();
      }
    }
  }

  // -- actions ----------------------------------------------------------------------

  // A call (and going out) ends the round on every phone and cannot be taken back, and a
  // wrong counter-call costs points: the first tap asks
  // « Confirmer : Ana dit « tamalou » » (naming who the referee acts for) for a few
  // seconds, the second tap sends it.
  const ARMED_MS = 10000; // long enough for a slow second tap; a new turn hides the button anyway
  function confirmFirst(button, question, action) {
    const label = button.textContent;
    let timer = null;
    let player = null; // who the question named: the second tap sends that, whatever « Pour » says now
    const disarm = () => {
      clearTimeout(timer);
      button.dataset.armed = "false";
      button.textContent = label;
    };
    button.addEventListener("click", () => {
      if (button.dataset.armed === "true") {
        disarm();
        action(player);
        return;
      }
      player = actingFor();
      button.dataset.armed = "true";
      button.textContent = question(player);
      timer = setTimeout(disarm, ARMED_MS);
    });
    const chooser = $("for-player");
    if (chooser) chooser.addEventListener("change", disarm); // another player: ask again
  }

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
    // The press itself goes now: the server credits the tap against this message's
    // arrival, not the claim's (naming the card takes the player a moment).
    if (mode === "snap") send({ type: "snap.tap", tap: pending.tap, window: pending.window }, true);
    rank = null;
    const title = $("chooser-title");
    title.textContent = title.dataset[mode];
    const origin = $("discard-origin");
    if (origin) {
      origin.hidden = mode !== "discard";
      origin.querySelector("input[value='stock']").checked = true; // the usual turn: drawn, thrown
    }
    chooser.querySelectorAll("[aria-pressed]").forEach((b) => b.removeAttribute("aria-pressed"));
    chooser.showModal();
  }

  function choose(card) {
    chooser.close();
    const player = actingFor();
    if (pending.mode === "snap") {
      const owner = $("owner");
      const penalty = $("penalty-card");
      const lost = $("lost-claim");
      if (lost) lost.hidden = true;
      send(claims.track({
        type: "snap.claim", player: player, card: card, tap: pending.tap, window: pending.window,
        for_player: owner && owner.value ? owner.value : null,
        penalty_card: Boolean(penalty && penalty.checked),
      }));
      if (penalty) penalty.checked = false;
    } else {
      const picked = chooser.querySelector("input[name='origin']:checked");
      const origin = picked ? picked.value : "stock";
      send({ type: "discard", player: player, card: card, from_stock: origin === "stock", took_pile: origin === "pile" });
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
  if (callButton) {
    confirmFirst(callButton, (player) => fill(words.confirmCall, { player: player, word: page.callWord }),
      (player) => send({ type: "call.made", player: player }));
  }
  const limit = $("snap-limit");
  if (limit) {
    limit.addEventListener("submit", (event) => {
      event.preventDefault();
      send({ type: "settings.change", snap_limit: Number($("snap-limit-seconds").value) });
    });
  }
  const counterButton = $("counter-button");
  if (counterButton) {  // a wrong counter-call costs points: asked once, as the call is
    confirmFirst(counterButton, (player) => fill(words.confirmCounter, { player: player }),
      (player) => send({ type: "call.counter", player: player }));
  }
  const decline = $("power-decline");
  if (decline) decline.addEventListener("click", () => send({ type: "power.declined" }));
  const use = $("power-use");
  if (use) {
    use.addEventListener("click", () => {
      if (!shownMove) return;
      send({ type: "power.used", player: shownMove.player, targets: chosenTargets() });
    });
  }
  const forPlayer = $("for-player");
  if (forPlayer) forPlayer.addEventListener("change", drawControls); // the referee acts for another player
  const reshuffled = $("stock-reshuffled");
  if (reshuffled) reshuffled.addEventListener("click", () => send({ type: "stock.empty", reshuffled: true }));
  const exhausted = $("stock-exhausted");
  if (exhausted) exhausted.addEventListener("click", () => send({ type: "stock.empty", reshuffled: false }));
  const lastCard = $("last-card-button");
  if (lastCard) {  // it ends the round on every phone, as the call does
    confirmFirst(lastCard, (player) => fill(words.confirmLastCard, { player: player }),
      (player) => send({ type: "round.last_card", player: player }));
  }

  // Canasta and cactus-game questions: the form's fields become the question.
  document.querySelectorAll("form.ask").forEach((form) =>
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const cards = (name) => String(data.get(name) || "").split(/[\s,;]+/).filter(Boolean);
      const q = { type: "ask", question: form.dataset.question };
      if (q.question === "meld") Object.assign(q, { cards: cards("cards"), going_out: data.has("going_out") });
      const melds = (name) => String(data.get(name) || "").split("/").map((m) => m.split(/[\s,;]+/).filter(Boolean)).filter((m) => m.length);
      if (q.question === "take_pile") {
        Object.assign(q, { pile: cards("pile"), hand: cards("hand"), side_has_melded: data.has("side_has_melded"), side_total: Number(data.get("side_total") || 0) });
        if (melds("opening").length) q.opening = melds("opening"); // else: the top card with its naturals from the hand
      }
      if (q.question === "opening") Object.assign(q, { melds: melds("melds"), side_total: Number(data.get("side_total")) });
      if (q.question === "go_out") Object.assign(q, { melds: melds("melds"), hand_left: Number(data.get("hand_left") || 0) });
      if (q.question === "stop_chain") Object.assign(q, { card: data.get("card"), stops: Array.from({ length: Number(data.get("stops")) }, () => "?") });
      if (q.question === "set") Object.assign(q, { characters: cards("characters").map((c) => c.toLowerCase()) });
      send(q);
    }),
  );

  connect();
})();
