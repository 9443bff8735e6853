/* The round entry's messages, shown where the player has been (templates/scorekeeper/entry/).
 *
 * The preview asks the engine about the whole round after each change, so it also
 * finds the hands nobody has filled yet ("missing hand"): shouting that in red under
 * every untouched block is noise. A block's messages show once the player has
 * touched it (typed, tapped a card for it, chosen in it), and every block's show
 * after a save the server refused (the form comes back with status 422).
 * While a touched block waits for the preview that follows its change, its old
 * message is hidden, so it never flashes under a number just typed.
 */
(function () {
  "use strict";
  var touched = new Set(); // ids of the blocks (fieldset.block) the player has changed

  function form() { return document.getElementById("entry-form"); }

  function blockOf(el) { return el && el.closest("#entry-form fieldset.block[id]"); }

  // `changed`: its value changed, so a preview is on its way (its old message is stale).
  function touch(block, changed) {
    if (!block) return;
    touched.add(block.id);
    block.setAttribute("data-touched", "");
    if (changed) block.classList.add("awaiting-preview");
  }

  function mark() {
    touched.forEach(function (id) {
      var block = document.getElementById(id);
      if (block) block.setAttribute("data-touched", "");
    });
  }

  // A tap in the picker fills a field: card-picker.js says which one ("picker:change"), since
  // a counted hand's value moves the picker on to the next hand within the same tap.
  document.addEventListener("picker:change", function (e) { touch(blockOf(e.target), true); });
  document.addEventListener("click", function (e) {
    var f = form();
    if (!f || !f.contains(e.target) || e.target.closest("#picker")) return;
    if (e.target.closest(".chip")) touch(blockOf(e.target), true);
    else if (e.target.closest("button, label, input, [data-cards-field]")) touch(blockOf(e.target), false);
  });
  document.addEventListener("input", function (e) { touch(blockOf(e.target), true); });
  document.addEventListener("change", function (e) { touch(blockOf(e.target), true); });

  // The blocks on the page before the form asks the server to reshape it ("+ Pose", "Série"):
  // a block that appears with the answer is one the player just made, so it counts as touched.
  var before = null;
  function blockIds() {
    var f = form();
    return new Set(f ? Array.prototype.map.call(f.querySelectorAll("fieldset.block[id]"), function (b) { return b.id; }) : []);
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (e.detail.elt && e.detail.elt.id === "entry-form") before = blockIds();
  });

  // The preview says "see the messages in red": at least one must show.
  function anyShown(f) {
    return Array.prototype.some.call(f.querySelectorAll(".field-errors p"), function (p) {
      return p.offsetParent !== null;
    });
  }

  document.addEventListener("htmx:afterSettle", function (e) {
    var f = form();
    if (!f) return;
    // The element that sent the request. htmx 2 fires afterSettle on each element it swapped
    // (the preview, each message out of band), so `elt` is rarely the sender: its request's
    // config says who sent it (a newcomer's touched block stayed hidden under "see in red").
    var xhr = e.detail.xhr;
    var asked = (e.detail.requestConfig && e.detail.requestConfig.elt) || e.detail.elt;
    if (xhr && xhr.status === 422 && asked && asked.id === "entry-form") f.classList.add("show-all-errors");
    if (before && asked && asked.id === "entry-form") {
      blockIds().forEach(function (id) { if (!before.has(id)) touch(document.getElementById(id), false); });
      before = null;
    }
    mark();
    if (asked && asked.id === "entry-form" && f.querySelector(".preview-invalid") && !anyShown(f)) {
      f.classList.add("show-all-errors");
    }
    // The preview (its messages come out of band) or the form itself has answered.
    if (asked && (asked.hasAttribute("data-preview") || asked.id === "entry-form")) {
      f.querySelectorAll(".awaiting-preview").forEach(function (b) { b.classList.remove("awaiting-preview"); });
    }
  });
})();
