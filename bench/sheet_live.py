"""Save -> row: how long after "save" the new round is on the sheet of the phone that
saved it, and on another phone's sheet (live, over its WebSocket).

    .venv/bin/python bench/sheet_live.py [ROUNDS]      (from the repository root)

Daphne serves the app on 127.0.0.1 (a throw-away SQLite database, static files
served, as in the browser tests) and headless chromium plays two phones on one
four-player tamalou game. For each round the first phone fills in four counted
hands and the announcer, waits for the preview to settle (not timed), then taps
"save"; the clock starts at that tap (Date.now() in the page) and stops:
- on each phone, when a MutationObserver sees the new row in its sheet (the saving
  phone's sheet replaces the form in place; the other phone's comes over its socket).
Both clocks are the same machine's. Prints p50 and p95 of each; ROUNDS defaults
to 40 (bounded: a run takes about a minute). Then where the saving phone's time goes,
from the page's resource timing of the save request: tap -> request sent (the
browser), request sent -> first byte (the server: Django, the engine, the database,
the rendering), first byte -> row seen (the download, htmx's parse and swap).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="sheet-live-bench-")
os.environ["DATABASE_URL"] = f"sqlite:///{TMP}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # sync Playwright's loop beside the ORM

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.play_helpers import choose, count_hand, wait_for_preview  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.factories import make_game  # noqa: E402
from tests.referee.servers import start_daphne, stop_daphne  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
         "has_touch": True, "locale": "fr-FR"}
PLAYERS = ["Ana", "Ben", "Chloé", "Dan"]
WATCH = """(count) => { window.seenAt = null; const body = document.querySelector('.score-table tbody');
  new MutationObserver((_, observer) => {
    if (document.querySelectorAll('.score-table tbody tr').length >= count && !window.seenAt) {
      window.seenAt = Date.now(); observer.disconnect(); }
  }).observe(document.body, {childList: true, subtree: true}); }"""
# The save request's timing, on the same clock as Date.now().
SAVE_TIMING = """() => { const e = performance.getEntriesByType('resource')
  .filter(e => e.initiatorType === 'xmlhttprequest' && e.name.includes('/rounds/new/')).pop();
  return e ? [performance.timeOrigin + e.requestStart, performance.timeOrigin + e.responseStart] : null; }"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(rounds: int) -> None:
    call_command("migrate", verbosity=0)
    game = make_game("tamalou", PLAYERS)
    server = start_daphne(static=True)
    base = f"http://127.0.0.1:{server.port.value}"
    own, other, before, answered, after = [], [], [], [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            saver = browser.new_context(**PHONE).new_page()
            watcher = browser.new_context(**PHONE).new_page()
            watcher.goto(base + game.get_absolute_url())
            saver.goto(base + game.get_absolute_url())  # the service worker keeps the static files
            for n in range(1, rounds + 1):
                saver.goto(f"{base}/games/{game.token}/rounds/new/")
                for i, player in enumerate(PLAYERS):
                    count_hand(saver, player, str((n + i) % 30))
                choose(saver, "announcer", "Ana")
                wait_for_preview(saver)
                watcher.wait_for_function("() => document.querySelector('[ws-connect]')")
                watcher.evaluate(WATCH, n)
                saver.evaluate(WATCH, n)
                started = saver.evaluate("() => { const t = Date.now();"
                                         " document.querySelector('#entry-form button.save').click(); return t; }")
                saver.wait_for_function("() => window.seenAt")
                shown = saver.evaluate("() => window.seenAt")
                watcher.wait_for_function("() => window.seenAt")
                seen = watcher.evaluate("() => window.seenAt")
                own.append(shown - started)
                other.append(seen - started)
                timing = saver.evaluate(SAVE_TIMING)
                if timing:
                    before.append(timing[0] - started)
                    answered.append(timing[1] - timing[0])
                    after.append(shown - timing[1])
            browser.close()
    finally:
        stop_daphne(server)
    for label, values in (("save -> row, saving phone", own), ("save -> row, other phone", other),
                          ("  tap -> request sent", before), ("  request sent -> first byte", answered),
                          ("  first byte -> row seen", after)):
        if not values:
            continue
        print(f"{label}: p50 {statistics.median(values):.0f} ms, p95 {percentile(values, 0.95):.0f} ms "
              f"({len(values)} rounds)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
