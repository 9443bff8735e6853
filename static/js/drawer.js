/* The sheet's drawer (a <dialog>): opened when htmx fills it, closed by what it holds.
 *
 * Kept in a static file rather than in hx-on attributes: hx-on is evaluated as code,
 * which the Content-Security-Policy (scripts from this site's files only) forbids.
 * - a swap into [data-drawer] opens it;
 * - a form marked data-close-drawer closes it once its request is done;
 * - a link marked data-close-drawer closes it instead of leaving the page (on its own
 *   page, outside any dialog, the link is followed as usual);
 * - a link in a cell of [data-why-links] (the sheet's scores) is fetched into the
 *   drawer: one listener for all of them rather than an hx-get on each, which htmx
 *   had to process (8-17 ms for a 40-round sheet) every time the sheet was swapped.
 *   Without JavaScript the link opens its own page.
 */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSwap", function (event) {
    var dialog = event.target.closest && event.target.closest("dialog[data-drawer]");
    if (dialog && !dialog.open) dialog.showModal();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt.closest && event.detail.elt.closest("form[data-close-drawer]");
    var dialog = form && form.closest("dialog");
    if (dialog) dialog.close();
  });
  document.addEventListener("click", function (event) {
    var why = event.target.closest && event.target.closest("[data-why-links] td a[href]");
    if (!why || why.hasAttribute("hx-get") || !window.htmx || event.defaultPrevented || event.button !== 0 ||
        event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    htmx.ajax("GET", why.getAttribute("href"), { source: why, target: "#drawer-body", swap: "innerHTML" });
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-close-drawer]");
    var dialog = link && link.closest("dialog");
    if (dialog) {
      event.preventDefault();
      dialog.close();
    }
  });
})();
