"""Save -> row: how long after "save" the new round is on the sheet of the phone that
saved it, and on another phone's sheet (live, over its WebSocket).

    .venv/bin/python bench/sheet_live.py [ROUNDS] [--baseline DIR]   (from the repository root)

Daphne serves the app on 127.0.0.1 (its own process, a throw-away SQLite database,
debug on as under `make run`) and headless chromium plays two phones on one
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

--baseline DIR: another checkout of the repository (e.g. `git worktree add --detach
/tmp/base main`) served beside this one, its own server, game and two phones; the
rounds alternate between the two (which one goes first alternates too), so both
meet the same load on a shared machine. The load average is printed with the figures.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tests.browser.play_helpers import choose, count_hand, wait_for_preview  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

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
MAKE_GAME = ("import django; django.setup(); from tests.factories import make_game; "
             f"print(make_game('tamalou', {PLAYERS!r}).token)")


@dataclass
class Server:
    """One checkout served by Daphne in its own process, with its game."""

    label: str
    checkout: Path
    port: int = 0
    token: str = ""
    process: subprocess.Popen | None = None
    figures: dict[str, list[float]] = field(default_factory=lambda: {
        "own": [], "other": [], "before": [], "answered": [], "after": []})

    def start(self, database: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(self.checkout), "DATABASE_URL": f"sqlite:///{database}",
               "DJANGO_SETTINGS_MODULE": "config.settings"}
        subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=self.checkout, env=env,
                       check=True)
        made = subprocess.run([sys.executable, "-c", MAKE_GAME], cwd=self.checkout, env=env, check=True,
                              capture_output=True, text=True)
        self.token = made.stdout.split()[-1]
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             "config.asgi:application"], cwd=self.checkout, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"{self.label}: Daphne did not start within 30 s")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def play_round(server: Server, saver: Page, watcher: Page, n: int) -> None:
    saver.goto(f"{server.base}/games/{server.token}/rounds/new/")
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
    figures = server.figures
    figures["own"].append(shown - started)
    figures["other"].append(seen - started)
    timing = saver.evaluate(SAVE_TIMING)
    if timing:
        figures["before"].append(timing[0] - started)
        figures["answered"].append(timing[1] - timing[0])
        figures["after"].append(shown - timing[1])


def main(rounds: int, baseline: Path | None) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="sheet-live-bench-"))
    servers = [Server("this checkout", ROOT)]
    if baseline is not None:
        servers.append(Server(f"baseline ({baseline})", baseline))
    loads: list[float] = []
    try:
        for i, server in enumerate(servers):
            server.start(tmp / f"bench-{i}.sqlite3")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            phones = {}
            for server in servers:
                saver = browser.new_context(**PHONE).new_page()
                watcher = browser.new_context(**PHONE).new_page()
                watcher.goto(f"{server.base}/games/{server.token}/")
                saver.goto(f"{server.base}/games/{server.token}/")  # the service worker keeps the static files
                phones[server.label] = (saver, watcher)
            for n in range(1, rounds + 1):
                loads.append(os.getloadavg()[0])
                for server in servers if n % 2 else servers[::-1]:
                    play_round(server, *phones[server.label], n)
            browser.close()
    finally:
        for server in servers:
            server.stop()
    print(f"load average (1 min) during the run: {min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores")
    for server in servers:
        print(f"{server.label}:")
        f = server.figures
        for label, values in (("save -> row, saving phone", f["own"]), ("save -> row, other phone", f["other"]),
                              ("  tap -> request sent", f["before"]), ("  request sent -> first byte", f["answered"]),
                              ("  first byte -> row seen", f["after"])):
            if values:
                print(f"  {label}: p50 {statistics.median(values):.0f} ms, p95 {percentile(values, 0.95):.0f} ms "
                      f"({len(values)} rounds)")


if __name__ == "__main__":
    args = sys.argv[1:]
    other = None
    if "--baseline" in args:
        at = args.index("--baseline")
        other = Path(args[at + 1]).resolve()
        del args[at:at + 2]
    main(int(args[0]) if args else 40, other)
