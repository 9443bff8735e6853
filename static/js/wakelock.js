/* Keep the phone's screen on while a game is open (body[data-keep-awake]).
 *
 * The Screen Wake Lock is released by the browser whenever the page is hidden
 * (another app, the screen locked), so it is asked for again each time the
 * page becomes visible. Where the API is missing or refused, nothing happens:
 * the page works the same, the screen just follows the phone's own setting.
 * The state is left on <html data-wake-lock> ("held", "released",
 * "unsupported", "refused") for the curious and for the browser tests.
 */
(function () {
  "use strict";
  var root = document.documentElement;
  if (!document.body || !document.body.hasAttribute("data-keep-awake")) return;
  if (!("wakeLock" in navigator)) {
    root.dataset.wakeLock = "unsupported";
    return;
  }
  var lock = null;

  function acquire() {
    if (lock !== null || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      root.dataset.wakeLock = "held";
      sentinel.addEventListener("release", function () {
        lock = null;
        root.dataset.wakeLock = "released";
      });
    }).catch(function () {
      root.dataset.wakeLock = "refused"; // e.g. battery saver: try again on the next visit
    });
  }

  document.addEventListener("visibilitychange", acquire);
  acquire();
})();
