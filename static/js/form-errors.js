// A form sent back with its errors (status 422, scorekeeper/http.py), or a refusal
// (403, templates/403.html), is swapped into its own block by htmx; this moves the focus there so a keyboard or screen-reader
// user lands on what went wrong instead of on the body: the error summary when the
// form has one, else the first field marked invalid, else the first alert or message.
(function () {
  "use strict";
  var handled = new WeakSet();

  function errorToFocus(scope) {
    return scope.querySelector(".errors[role='alert']") ||
      scope.querySelector("[aria-invalid='true']") ||
      scope.querySelector("[role='alert']") ||
      scope.querySelector(".field-errors:not(:empty)");
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var xhr = event.detail.xhr;
    // 403: a refusal swapped into the request's block (base.html's htmx config).
    if (!xhr || (xhr.status !== 422 && xhr.status !== 403) || handled.has(xhr)) return;
    handled.add(xhr);
    var scope = event.target instanceof Element ? event.target : document;
    // After the other settle handlers (the entry's script reveals its messages in its own).
    setTimeout(function () {
      var target = (scope.isConnected !== false && errorToFocus(scope)) || errorToFocus(document);
      if (!target) return;
      if (!target.matches("input, select, textarea, button, a[href], [tabindex]")) {
        target.setAttribute("tabindex", "-1"); // focusable by script, not in the tab order
      }
      target.focus();
      target.scrollIntoView({block: "center"});
    }, 0);
  });
})();
