/* Card picker and number pad for the round entry page (templates/scorekeeper/entry/).
 *
 * Why a script at all: a tap on a card must feel instant at the table, so picking
 * happens here, without a round-trip; the server renders everything and the engine
 * still judges the round (the form posts plain text fields: "KH 3S JK").
 * What it does: the active field (a hand, a draw, a meld...) receives the cards tapped
 * (rank, then suit); cards already used this round are greyed out, respecting how
 * many copies the deck holds; a counted hand gets digits from the pad. When the thumb
 * leaves a field (or pauses), a "change" event goes up, which HTMX turns into a
 * preview request: one per field, not one per card.
 * Without this script the text fields stay visible and take typed codes.
 */
(function () {
  "use strict";
  if (window.cardPickerReady) return;
  window.cardPickerReady = true;
  document.documentElement.classList.add("js");

  var active = null; // the input receiving cards or digits
  var rank = null; // the rank tapped, waiting for its suit

  function form() { return document.getElementById("entry-form"); }
  function picker() { return document.getElementById("picker"); }
  function codes(input) { return input.value.trim() ? input.value.trim().split(/\s+/) : []; }
  // A card as the page writes it ("R♥" in French): letters and symbols come from the
  // server (scorekeeper/card_names.py), the one place cards are written.
  function label(code) {
    var p = picker(), names = p ? JSON.parse(p.dataset.labels) : {};
    if (code === "JK") return names.JK || "Joker";
    var rank = code.slice(0, -1), symbol = names["symbol-" + code.slice(-1)];
    if (!symbol) return code; // typed text that is no card: shown as typed
    return (names[rank] || rank) + symbol;
  }
  // The same card said in words for screen readers ("roi de cœur"), from the same labels.
  function spoken(code) {
    var p = picker(), names = p ? JSON.parse(p.dataset.labels) : {};
    var rank = code.slice(0, -1), suit = code.slice(-1);
    if (code === "JK" || !names["symbol-" + suit] || !names.of) return label(code);
    return names.of.replace("{rank}", names["name-" + rank] || rank).replace("{suit}", names[suit]);
  }
  function changed(input) { input.dispatchEvent(new Event("change", { bubbles: true })); }

  // A tap adds one card; asking the engine after every card would cost a preview per
  // card. The preview follows when the thumb moves to another field, or after a 300 ms pause.
  var dirty = null, idle = null;
  function touched(input) {
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

  function setActive(input) {
    if (dirty && dirty !== input) flush();
    active = input;
    rank = null;
    form().querySelectorAll(".is-active").forEach(function (el) { el.classList.remove("is-active"); });
    if (input) (input.closest("[data-cards-field]") || input).classList.add("is-active");
    refresh();
  }

  function add(code) {
    if (!active || !active.hasAttribute("data-cards")) return;
    var list = codes(active);
    if (active.dataset.max && list.length >= +active.dataset.max) list = list.slice(1);
    list.push(code);
    active.value = list.join(" ");
    rank = null;
    touched(active);
    refresh();
  }

  function press(key) {
    if (!active || !active.hasAttribute("data-count")) return;
    var v = active.value;
    if (key === "back") v = v.slice(0, -1);
    else if (key === "-") v = v.charAt(0) === "-" ? v.slice(1) : "-" + v;
    else if (key === "½") v = v.replace(/[.,]5$|½$/, "") + "½";
    else v += key;
    active.value = v;
    touched(active);
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
    f.querySelectorAll("fieldset.hand").forEach(function (block) {
      var mode = block.querySelector("input[name$='-mode']:checked");
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
    var cards = active && active.hasAttribute("data-cards");
    p.querySelector(".picker-cards").hidden = !!active && !cards;
    p.querySelector(".numpad").hidden = !active || cards;
    p.querySelector("#picker-target").textContent = active ? targetLabel(active) : "—";
    p.querySelectorAll("[data-rank]").forEach(function (b) {
      var r = b.dataset.rank;
      b.disabled = !cards || !["S", "H", "D", "C"].some(function (s) { return free(r + s); });
      b.setAttribute("aria-pressed", r === rank ? "true" : "false");
    });
    p.querySelectorAll("[data-card]").forEach(function (b) { b.disabled = !cards || !free(b.dataset.card); });
    p.querySelectorAll("[data-suit]").forEach(function (b) { b.disabled = !rank || !free(rank + b.dataset.suit); });
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

  // The first empty field; on a round being corrected (every field filled) the first
  // field, so the keypad shown is the one of that hand's mode (number pad for a count).
  function firstTarget() {
    var f = form();
    var fields = f ? Array.prototype.filter.call(f.querySelectorAll("[data-cards], [data-count]"), function (el) {
      return visible(el) && !el.disabled;
    }) : [];
    return fields.find(function (el) { return !codes(el).length; }) || fields[0];
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
    setActive(keep || firstTarget() || null);
  }

  document.addEventListener("click", function (e) {
    var t = e.target.closest("button, [data-cards-field], [data-count], label");
    if (!t || !form() || !form().contains(t)) return;
    if (t.dataset.remove !== undefined) {
      var input = t.closest("[data-cards-field]").querySelector("[data-cards]");
      var list = codes(input);
      list.splice(+t.dataset.remove, 1);
      input.value = list.join(" ");
      setActive(input);
      touched(input);
    } else if (t.dataset.rank) {
      rank = rank === t.dataset.rank ? null : t.dataset.rank;
      lastRank = t.dataset.rank;
      refresh();
      if (e.detail === 0) keepFocus(t); // a keyboard "click" (Enter or Space)
    } else if (t.dataset.suit && rank) {
      add(rank + t.dataset.suit);
      if (e.detail === 0) keepFocus(t);
    } else if (t.dataset.card) {
      add(t.dataset.card);
    } else if (t.dataset.key) {
      press(t.dataset.key);
    } else if (t.dataset.step) {
      var n = t.parentNode.querySelector("input");
      n.value = Math.max(0, (parseInt(n.value, 10) || 0) + +t.dataset.step);
      touched(n);
    } else if (t.hasAttribute("data-cards-field")) {
      setActive(t.querySelector("[data-cards]"));
    } else if (t.hasAttribute("data-count")) {
      setActive(t);
    }
  });

  document.addEventListener("keydown", function (e) {
    var chips = e.target.closest && e.target.closest("[data-cards-field] .chips");
    if (chips && e.target === chips && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      setActive(chips.parentNode.querySelector("[data-cards]"));
    }
  });

  // From the keyboard the focus follows the picking: a rank leads to the suits, a
  // suit back to that rank (a disabled button would otherwise drop it on the body).
  function keepFocus(button) {
    var p = picker();
    if (!p) return;
    var next = button.dataset.rank && rank ? p.querySelector("[data-suit]:not(:disabled)")
      : button.dataset.suit ? p.querySelector('[data-rank="' + (lastRank || "") + '"]:not(:disabled)') ||
        p.querySelector("[data-rank]:not(:disabled)") : null;
    if (next) next.focus();
  }
  var lastRank = null;

  document.addEventListener("change", function (e) {
    // Fontenaysien: whoever went out holds no card; an untouched hand becomes "counted 0".
    if (e.target.name === "went_out" && e.target.value) {
      var out = form().querySelector('fieldset.hand[data-hand="' + e.target.value + '"]');
      var cards = out && out.querySelector("[data-cards]"), count = out && out.querySelector("[data-count]");
      if (out && !cards.value.trim() && !count.value.trim()) {
        out.querySelector('input[value="count"]').checked = true;
        count.value = "0";
        refresh();
      }
      return;
    }
    if (!e.target.name || !/-mode$/.test(e.target.name)) return;
    var block = e.target.closest("fieldset.hand");
    refresh();
    setActive(block.querySelector(e.target.value === "count" ? "[data-count]" : "[data-cards]"));
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
    if (active && document.body.contains(active)) refresh();
    else start();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
