/* Card picker and number pad for the round entry page (templates/scorekeeper/entry/).
 *
 * Why a script at all: a tap on a card must feel instant at the table, so picking
 * happens here, without a round-trip; the server renders everything and the engine
 * still judges the round (the form posts plain text fields: "KH 3S JK").
 *
 * Fewer taps (issue 13: a four-player round in at most 26 taps by cards, 8 by numbers,
 * without scrolling; the counts are in docs/benchmarks.md):
 * - One tap per card: every card of the deck is a key of the grid, a row pair per suit
 *   (the server lists them from the engine's declaration). A card the round has used up
 *   (every copy the deck holds) is greyed out. Tapping a card's chip in the hand takes it back.
 * - One tap per counted hand: the pad has a key for every value under 40 ("+40" first for
 *   more; "−" and "½" before the value). A value key ends the number and moves on to the
 *   next empty field, so no tap is spent going from hand to hand.
 * - A hand by cards is not moved on from by itself: hands differ in size (snaps, penalty
 *   cards), so guessing when one is complete would send cards to the wrong player. The
 *   bar's "Suivant" key (the next player's name under it) moves on in one tap; after the last field it reads
 *   "Terminé", closes the picker and shows what is left (the announcer, the preview,
 *   "save"). A field that takes a fixed number of cards (a cactus-tas draw) moves on
 *   when full.
 * - The picker is docked at the bottom like a keyboard; the page scrolls itself (at once,
 *   never smoothly, so a tap lands where the thumb aimed) to keep the field being filled
 *   in view above it. The player never has to scroll.
 * Keyboard: each grid is one tab stop; arrow keys move, Home/End go to a row's ends, Enter
 * or Space picks, Escape goes back to the field; the focus stays on the key picked (or
 * the next one free) and follows the picking when the picker moves on.
 * The preview follows each field, not each card: a "change" goes up when the field is
 * left or after a 300 ms pause, which HTMX turns into a preview request.
 * Without this script the text fields stay visible and take typed codes and numbers.
 */
(function () {
  "use strict";
  if (window.cardPickerReady) return;
  window.cardPickerReady = true;
  document.documentElement.classList.add("js");

  var active = null; // the input receiving cards or a number
  var closed = false; // the player closed the picker ("Terminé"): a re-rendered form keeps it closed
  // The number being built on the pad for the active field: "+40", "−" and "½" add to it, a
  // value key ends it. `fresh`: the next key starts a new number (the field's old one goes).
  var pending = { base: 0, negative: false, half: false, fresh: true };

  function form() { return document.getElementById("entry-form"); }
  function picker() { return document.getElementById("picker"); }
  function codes(input) { return input.value.trim() ? input.value.trim().split(/\s+/) : []; }
  function labels() { var p = picker(); return p ? JSON.parse(p.dataset.labels) : {}; }
  // A card as the page writes it ("R♥" in French): letters and symbols come from the
  // server (scorekeeper/wording/cards.py), the one place cards are written.
  function label(code) {
    var names = labels();
    if (code === "JK") return names.JK || "Joker";
    var rank = code.slice(0, -1), symbol = names["symbol-" + code.slice(-1)];
    if (!symbol) return code; // typed text that is no card: shown as typed
    return (names[rank] || rank) + symbol;
  }
  // The same card said in words for screen readers ("roi de cœur"), from the same labels.
  function spoken(code) {
    var names = labels();
    var rank = code.slice(0, -1), suit = code.slice(-1);
    if (code === "JK" || !names["symbol-" + suit] || !names.of) return label(code);
    return names.of.replace("{rank}", names["name-" + rank] || rank).replace("{suit}", names[suit]);
  }
  function changed(input) { input.dispatchEvent(new Event("change", { bubbles: true })); }

  // A tap adds one card; asking the engine after every card would cost a preview per
  // card. The preview follows when the picker moves to another field, or after a 300 ms pause.
  var dirty = null, idle = null;
  function touched(input) {
    // Said at once to entry-errors.js: this block has been filled in (a value key moves
    // on to the next field before any other listener of the tap could tell which one).
    input.dispatchEvent(new CustomEvent("picker:change", { bubbles: true }));
    dirty = input;
    clearTimeout(idle);
    idle = setTimeout(flush, 300); // a preview while typing, not one per key
  }
  function flush() {
    clearTimeout(idle);
    if (dirty && document.body.contains(dirty)) changed(dirty);
    dirty = null;
  }
  function visible(el) { return !el.closest("[hidden], .mode-hidden"); }

  function usedCounts() {
    var used = {};
    form().querySelectorAll("input[data-counted]").forEach(function (input) {
      if (input.disabled || !visible(input)) return;
      codes(input).forEach(function (c) { used[c] = (used[c] || 0) + 1; });
    });
    return used;
  }

  // Every field the picker can fill, in the page's order.
  function fields() {
    var f = form();
    return f ? Array.prototype.filter.call(f.querySelectorAll("[data-cards], [data-count]"), function (el) {
      return visible(el) && !el.disabled;
    }) : [];
  }
  function empty(el) { return !el.value.trim(); }

  // Where "Suivant" (or a counted hand's value) goes: the next empty field, else the next
  // field (a round being corrected is filled in), else an empty one left behind; null
  // when there is nothing left to fill.
  function nextField(from) {
    var all = fields(), i = all.indexOf(from);
    if (i < 0) return all.find(empty) || null;
    var after = all.slice(i + 1), before = all.slice(0, i);
    return after.find(empty) || after[0] || before.find(empty) || null;
  }

  // The first empty field; on a round being corrected (every field filled) the first
  // field, so the keypad shown is the one of that hand's mode (number pad for a count).
  function firstTarget() {
    var all = fields();
    return all.find(empty) || all[0];
  }

  // What must stay in view while a field is filled: its hand (name, switch, cards,
  // messages), or the field with its label.
  function shownPart(input) {
    return input.closest("fieldset.hand") || input.closest("[data-cards-field]") || input;
  }

  // The page scrolls itself (never smoothly) so `el` sits between the top of the screen and
  // the docked picker. Twice: at the end of the page the picker leaves its docked place.
  function keepInView(el) {
    var p = picker();
    for (var pass = 0; pass < 2 && el; pass++) {
      var limit = p && !p.hidden ? p.getBoundingClientRect().top : window.innerHeight;
      var r = el.getBoundingClientRect(), margin = 8, dy = 0;
      if (r.bottom > limit - margin) dy = r.bottom - (limit - margin);
      if (r.top - dy < margin) dy = r.top - margin;
      if (Math.abs(dy) < 1) return;
      window.scrollBy(0, dy);
    }
  }

  // After "Terminé": what follows the fields (the announcer, the extras, the preview and
  // "save") is brought into view, from `first` down to the save button if they fit.
  function showRest(first) {
    var f = form(), save = f && f.querySelector(".entry-actions, .confirm");
    if (!first) return;
    var top = first.getBoundingClientRect().top - 8;
    var bottom = (save || first).getBoundingClientRect().bottom + 8;
    var dy = bottom - top <= window.innerHeight ? Math.max(0, bottom - window.innerHeight) : top;
    if (top < 0) dy = top;
    if (Math.abs(dy) >= 1) window.scrollBy(0, dy);
  }

  // The first thing after `el`'s block that the page shows.
  function after(el) {
    var block = el && (el.closest("fieldset.block") || el.closest("[data-cards-field]"));
    var next = block && block.nextElementSibling;
    while (next && (next.hidden || next.offsetParent === null || next.id === "picker")) next = next.nextElementSibling;
    return next;
  }

  // `how.scroll`: bring the field into view (not on the page's first drawing, where the
  // first field already is); `how.focus`: the keyboard follows into the picker.
  function setActive(input, how) {
    how = how || {};
    if (dirty && dirty !== input) flush();
    active = input;
    closed = false;
    pending = { base: 0, negative: false, half: false, fresh: true };
    form().querySelectorAll(".is-active").forEach(function (el) { el.classList.remove("is-active"); });
    if (input) (input.closest("[data-cards-field]") || input).classList.add("is-active");
    refresh();
    if (input && how.scroll) keepInView(shownPart(input));
    if (input && how.focus) focusGrid();
  }

  // Nothing left to fill: the picker closes and the rest of the form comes into view.
  function finish(from, how) {
    var rest = after(from);
    setActive(null);
    closed = true;
    showRest(rest);
    if (how && how.focus && rest) {
      var target = rest.matches("input, button, select, textarea, a") ? rest
        : rest.querySelector("input:checked, input:not([type=hidden]), button, select, textarea, a");
      if (target) target.focus();
    }
  }

  function advance(how) {
    var from = active, next = nextField(active);
    if (next) setActive(next, { scroll: true, focus: how && how.focus && !samePad(from, next) });
    else finish(from, how);
  }
  function samePad(a, b) { return !!a && !!b && a.hasAttribute("data-count") === b.hasAttribute("data-count"); }

  function add(code, how) {
    if (!active || !active.hasAttribute("data-cards")) return;
    var list = codes(active);
    if (active.dataset.max && list.length >= +active.dataset.max) list = list.slice(1);
    list.push(code);
    active.value = list.join(" ");
    touched(active);
    refresh();
    keepInView(shownPart(active)); // a fifth card may start a second row of chips
    if (active.dataset.max && list.length >= +active.dataset.max) advance(how);
  }

  // The number pad. The field shows the number as it is built: "+40" then "7" is 47.
  // Only a complete number (a value key, or "effacer") asks for a preview: "−" alone is
  // no number, and the engine would say so under the hand.
  function written(done) {
    var n = pending.base;
    var digits = n ? String(n) : pending.half || !done ? "" : "0";
    return (pending.negative ? "-" : "") + digits + (pending.half ? "½" : "");
  }
  function press(key, how) {
    if (!active || !active.hasAttribute("data-count")) return;
    if (pending.fresh) pending = { base: 0, negative: false, half: false, fresh: false };
    if (key === "back") {
      pending = { base: 0, negative: false, half: false, fresh: true };
      active.value = "";
      touched(active);
      return;
    }
    if (key === "-") pending.negative = !pending.negative;
    else if (key === "½") pending.half = !pending.half;
    else if (key.charAt(0) === "+") pending.base += parseInt(key.slice(1), 10);
    else pending.base += parseInt(key, 10); // a value: the number is complete
    var done = /^[0-9]+$/.test(key);
    active.value = written(done);
    if (!done) { dirty = active; clearTimeout(idle); return; } // sent when the field is left
    touched(active);
    advance(how);
  }

  function handValue(block, values) {
    var mode = block.querySelector("input[name$='-mode']:checked");
    if (mode && mode.value === "count") {
      var n = parseFloat(block.querySelector("[data-count]").value.replace(",", ".").replace("½", ".5"));
      return isNaN(n) ? null : n;
    }
    var cards = codes(block.querySelector("[data-cards]"));
    if (!cards.length) return null;
    return cards.reduce(function (sum, c) { return sum + (values[c] || 0); }, 0);
  }

  function refresh() {
    var f = form(), p = picker();
    if (!f) return;
    // Hands: cards or counted, as the block's switch says.
    f.querySelectorAll("fieldset.hand, fieldset.side").forEach(function (block) {
      var mode = block.querySelector("input[name$='-mode']:checked");
      if (!mode) return;
      var count = mode && mode.value === "count";
      block.dataset.mode = count ? "count" : "cards";
      block.querySelector(".mode-cards").classList.toggle("mode-hidden", count);
      block.querySelector(".mode-count").classList.toggle("mode-hidden", !count);
    });
    // Chips for every cards field: tap one to take the card back.
    var empty = (p && p.dataset.empty || "+").replace(/</g, "&lt;");
    f.querySelectorAll("[data-cards-field]").forEach(function (field) {
      var input = field.querySelector("[data-cards]"), chips = field.querySelector(".chips");
      var html = codes(input).map(function (c, i) {
        var red = /[HD]$/.test(c) ? " red" : "";
        // The name starts with what the chip shows (WCAG 2.5.3, label in name), then says it.
        var name = spoken(c).toLowerCase() === label(c).toLowerCase() ? label(c) : label(c) + " (" + spoken(c) + ")";
        return '<button type="button" class="chip' + red + '" data-remove="' + i + '" aria-label="' +
          name.replace(/"/g, "&quot;").replace(/</g, "&lt;") + '">' + label(c).replace(/</g, "&lt;") + "</button>";
      }).join("");
      chips.innerHTML = html || '<span class="chips-empty">' + empty + "</span>";
    });
    if (!p) return;
    var copies = JSON.parse(p.dataset.copies), values = JSON.parse(p.dataset.values || "{}");
    // Cactus-tas: only a player without cactus draws a card.
    if (p.dataset.cactus) {
      f.querySelectorAll("[data-draw-for]").forEach(function (slot) {
        var block = f.querySelector('fieldset.hand[data-hand="' + slot.dataset.drawFor + '"]');
        var v = handValue(block, values);
        var draws = v !== null && v > +p.dataset.cactus;
        slot.hidden = !draws;
        slot.querySelector("input").disabled = !draws;
      });
    }
    var used = usedCounts(), counted = active && active.hasAttribute("data-counted");
    var only = active && active.dataset.only ? active.dataset.only.split(" ") : null;
    function free(code) {
      if (!(code in copies)) return false;
      if (only && only.indexOf(code) < 0) return false;
      return !counted || (used[code] || 0) < copies[code];
    }
    var cards = !!active && active.hasAttribute("data-cards");
    p.hidden = !active; // closed once nothing is left to fill; a field tapped opens it again
    p.querySelector(".picker-cards").hidden = !cards;
    p.querySelector(".numpad").hidden = !active || cards;
    p.querySelector(".pad-keys").hidden = !active || cards;
    p.querySelectorAll("[data-card]").forEach(function (b) { b.disabled = !cards || !free(b.dataset.card); });
    p.querySelectorAll(".picker-bar [data-card]").forEach(function (b) { b.hidden = !cards; }); // the joker
    p.querySelector("#picker-target").textContent = active ? targetLabel(active) : "—";
    // "Suivant" with the next field's name, or "Terminé" when nothing is left to fill.
    var next = active && nextField(active), button = p.querySelector("[data-next]");
    button.querySelector(".next-word").textContent = next ? p.dataset.nextWord : p.dataset.doneWord;
    button.querySelector(".next-who").textContent = next ? targetLabel(next) : "";
    p.querySelectorAll("[data-grid]").forEach(rover);
  }

  // "Ana", or "Nord-Sud · Pose 2": the block's legend and the field's own label.
  function targetLabel(input) {
    var block = input.closest("fieldset"), legend = block && block.querySelector("legend");
    var own = input.closest("[data-cards-field]");
    own = own && own.querySelector(".field-label");
    var who = legend && (legend.querySelector(".who") || legend.firstChild);
    var name = who ? who.textContent.trim() : "";
    return own ? name + " · " + own.textContent.trim() : name;
  }

  // -- the keyboard in a grid: one tab stop (the "rover"), arrow keys move ----------------

  function keys(grid) { return Array.prototype.slice.call(grid.querySelectorAll("button")); }
  function rows(grid) {
    return Array.prototype.map.call(grid.querySelectorAll(".grid-row"), function (row) {
      return Array.prototype.slice.call(row.querySelectorAll("button"));
    });
  }
  function rove(grid, key) { keys(grid).forEach(function (b) { b.tabIndex = b === key ? 0 : -1; }); }
  function rover(grid) {
    var all = keys(grid), current = all.find(function (b) { return b.tabIndex === 0; });
    if (!current || current.disabled) {
      var i = current ? all.indexOf(current) : 0;
      current = all.slice(i).concat(all.slice(0, i).reverse()).find(function (b) { return !b.disabled; }) || all[0];
    }
    if (current) rove(grid, current);
    return current;
  }
  function focusGrid() {
    var p = picker(), grid = p && Array.prototype.find.call(p.querySelectorAll("[data-grid]"), function (g) { return !g.hidden; });
    var key = grid && rover(grid);
    if (key && !key.disabled) key.focus();
  }
  function focusKey(grid, key) { if (key) { rove(grid, key); key.focus(); } }
  // The free key `step` places away in reading order (skipping greyed-out cards).
  function along(grid, from, step) {
    var all = keys(grid);
    for (var i = all.indexOf(from) + step; i >= 0 && i < all.length; i += step) if (!all[i].disabled) return all[i];
    return null;
  }
  // The free key in the same column, `step` rows up or down (or the row's last one if shorter).
  function across(grid, from, step) {
    var table = rows(grid), r = table.findIndex(function (row) { return row.indexOf(from) >= 0; });
    var c = table[r].indexOf(from);
    for (var i = r + step; i >= 0 && i < table.length; i += step) {
      var row = table[i].filter(function (b) { return !b.disabled; });
      if (!row.length) continue;
      var exact = table[i][Math.min(c, table[i].length - 1)];
      return exact && !exact.disabled ? exact : row.reduce(function (best, b) {
        return Math.abs(table[i].indexOf(b) - c) < Math.abs(table[i].indexOf(best) - c) ? b : best;
      });
    }
    return null;
  }
  document.addEventListener("keydown", function (e) {
    var chips = e.target.closest && e.target.closest("[data-cards-field] .chips");
    if (chips && e.target === chips && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault(); // the field takes the cards, and the keyboard goes to them
      setActive(chips.parentNode.querySelector("[data-cards]"), { scroll: true, focus: true });
      return;
    }
    var grid = e.target.closest && e.target.closest("#picker [data-grid]");
    if (!grid || e.target.tagName !== "BUTTON") return;
    var row = rows(grid).find(function (r) { return r.indexOf(e.target) >= 0; }) || [];
    var free = row.filter(function (b) { return !b.disabled; });
    var to = e.key === "ArrowRight" ? along(grid, e.target, 1)
      : e.key === "ArrowLeft" ? along(grid, e.target, -1)
      : e.key === "ArrowDown" ? across(grid, e.target, 1)
      : e.key === "ArrowUp" ? across(grid, e.target, -1)
      : e.key === "Home" ? free[0] : e.key === "End" ? free[free.length - 1] : undefined;
    if (e.key === "Escape" && active) {
      e.preventDefault();
      var field = active.hasAttribute("data-count") ? active : active.closest("[data-cards-field]").querySelector(".chips");
      if (field) field.focus();
      return;
    }
    if (to === undefined) return;
    e.preventDefault();
    focusKey(grid, to);
  });

  // After a pick from the keyboard the focus stays on the key, or on the next free one
  // when the card is used up (a disabled button would drop it on the page's body).
  function keepFocus(key) {
    if (!key.disabled || !document.body.contains(key)) return;
    var grid = key.closest("[data-grid]");
    var next = grid ? along(grid, key, 1) || along(grid, key, -1) : null;
    if (grid && next) focusKey(grid, next);
    else focusGrid();
  }

  function start() {
    var f = form();
    if (!f) return;
    // A hand's card field is a control the keyboard reaches too (Enter or Space opens it).
    // A named group, not a button: it holds the chips, which are buttons themselves.
    f.querySelectorAll("[data-cards-field] .chips").forEach(function (chips) {
      chips.tabIndex = 0;
      chips.setAttribute("role", "group");
      var input = chips.parentNode.querySelector("[data-cards]");
      if (input && input.getAttribute("aria-label")) chips.setAttribute("aria-label", input.getAttribute("aria-label"));
    });
    // The pad replaces the phone's keyboard on counted hands.
    f.querySelectorAll("[data-count]").forEach(function (el) { el.inputMode = "none"; });
    refresh(); // hide each hand's unused mode first: an empty hidden field is no target
    var keep = active && document.body.contains(active) ? active
      : active && active.name ? f.querySelector('[name="' + active.name + '"]') : null;
    var wasClosed = closed;
    setActive(keep || (wasClosed ? null : firstTarget()) || null);
    closed = wasClosed && !keep;
  }

  document.addEventListener("click", function (e) {
    var t = e.target.closest("button, [data-cards-field], [data-count], label");
    if (!t || !form() || !form().contains(t)) return;
    var how = { focus: e.detail === 0 }; // a keyboard "click" (Enter or Space)
    if (t.dataset.remove !== undefined) {
      var input = t.closest("[data-cards-field]").querySelector("[data-cards]");
      var list = codes(input);
      list.splice(+t.dataset.remove, 1);
      input.value = list.join(" ");
      setActive(input, { scroll: true });
      touched(input);
      if (how.focus) {
        var chips = input.parentNode.querySelector(".chips");
        var left = chips.querySelectorAll(".chip");
        (left[Math.min(+t.dataset.remove, left.length - 1)] || chips).focus();
      }
    } else if (t.dataset.card) {
      add(t.dataset.card, how);
      if (how.focus) keepFocus(t);
    } else if (t.dataset.value !== undefined) {
      press(t.dataset.value, how);
    } else if (t.dataset.key) {
      press(t.dataset.key, how);
    } else if (t.hasAttribute("data-next")) {
      if (active) advance(how);
    } else if (t.dataset.step) {
      var n = t.parentNode.querySelector("input");
      n.value = Math.max(0, (parseInt(n.value, 10) || 0) + +t.dataset.step);
      touched(n);
    } else if (t.hasAttribute("data-cards-field")) {
      var field = t.querySelector("[data-cards]");
      if (field !== active) setActive(field, { scroll: true });
      else if (picker() && picker().hidden) setActive(field, { scroll: true });
    } else if (t.hasAttribute("data-count")) {
      if (t !== active) setActive(t, { scroll: true });
    }
  });

  // From the keyboard, a counted hand's field is chosen by reaching it; what is typed
  // there starts a new number for the pad.
  document.addEventListener("focusin", function (e) {
    if (e.target.matches && e.target.matches("#entry-form [data-count]") && e.target !== active) setActive(e.target);
    // A canasta side's counted points are typed on the phone's own keyboard: the picker
    // steps aside (a cards field tapped later opens it again).
    else if (active && e.target.closest && e.target.closest("#entry-form .counted-side")) {
      setActive(null);
      closed = true;
    }
  });
  document.addEventListener("input", function (e) {
    if (e.target === active) pending.fresh = true;
  });

  document.addEventListener("change", function (e) {
    // Fontenaysien: whoever went out holds no card; an untouched hand becomes "counted 0".
    if (e.target.name === "went_out" && e.target.value) {
      var out = form().querySelector('fieldset.hand[data-hand="' + e.target.value + '"]');
      var cards = out && out.querySelector("[data-cards]"), count = out && out.querySelector("[data-count]");
      if (out && !cards.value.trim() && !count.value.trim()) {
        out.querySelector('input[value="count"]').checked = true;
        count.value = "0";
        refresh();
        // The preview this choice asked for left with the hand still empty: ask again.
        touched(count);
        if (active && out.contains(active)) setActive(nextField(active));
      }
      return;
    }
    if (!e.target.name || !/-mode$/.test(e.target.name)) return;
    var block = e.target.closest("fieldset.hand, fieldset.side");
    refresh();
    // A canasta side given as points has no field for the picker: its numbers are typed.
    var target = block.querySelector(e.target.value === "count" ? "[data-count]" : "[data-cards]");
    if (target) setActive(target, { scroll: true });
    else if (active && block.contains(active)) { setActive(nextField(active)); }
  });

  // Saving posts the form as it is: no preview needed after it.
  document.addEventListener("submit", function () { clearTimeout(idle); dirty = null; }, true);
  // A preview asked while the round is being saved is not sent. (The form's own
  // requests are followed from the document: a re-rendered form is a new element.)
  var saving = false;
  function savingRequest(e) {
    // "+ Pose", "+ Stop"... only reshape the form: the preview goes on meanwhile.
    var event = e.detail.requestConfig && e.detail.requestConfig.triggeringEvent;
    var button = event && event.submitter;
    return !button || button.name === "confirm" || (button.name === "action" && button.value === "save");
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail.elt;
    if (elt.id === "entry-form" && savingRequest(e)) { saving = true; clearTimeout(idle); dirty = null; }
    else if (saving && elt.hasAttribute("data-preview")) e.preventDefault();
  });
  document.addEventListener("htmx:afterRequest", function () { saving = false; });

  // After HTMX replaced the form (a meld or a play added) find the field again by name.
  document.addEventListener("htmx:afterSettle", function () {
    saving = false; // the form came back (a meld, a play added, or a refused save)
    if (active && document.body.contains(active)) {
      refresh();
      // A message that appeared above it (a hand left with a problem) may have pushed the
      // field being filled under the picker.
      keepInView(shownPart(active));
    } else start();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
