"""A whole league evening, end to end, through the production recipe: nginx in front of two
Daphne processes (tools/serve_prod.sh), PostgreSQL and Redis (CI's second pass, .ci/run).

An organiser (a phone) logs in, creates a league, a season, a night with two tables; the
room screen stays open on its own screen. Four phones at each table:
- table 1: one phone scores cactus while another follows its sheet; the scoring phone loses
  its network for the last round, which waits in its queue and lands once, as round 2, when
  the network returns; a third phone opens the table's link and scores tamalou while a
  fourth follows it;
- table 2: one phone scores cactus-game by the sheet, then opens a tamalou game's live
  table as its referee; three player phones join it, play to the call, and the referee's
  reveal lands on the sheet (each player's phone shows the round's totals).
At the end every view is checked against the engine run on the games' exported records
(`score_record`): each sheet's totals and winners, the sheet CSV, the season's standings
and games CSV, each player's page, head to head (every pair, by its numbers) and the room
screen.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from datetime import date
from html import unescape
from itertools import combinations
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.contrib.auth.models import User
from django.db import connection
from playwright.sync_api import Browser, BrowserContext, Page, expect

from engine.rules import GameResult, score_record
from tests.browser.offline_phone import cached
from tests.browser.play_helpers import count_hand, pick_french, save_round, wait_for_preview
from tests.browser.test_referee_round import discard
from tests.deploy.conftest import NGINX, ROOT, SECRET_KEY, flush_own_redis_database, free_ports

pytestmark = [
    pytest.mark.backends,
    pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres")
                       or not os.environ.get("REDIS_URL") or NGINX is None,
                       reason="needs PostgreSQL (DATABASE_URL), Redis (REDIS_URL) and nginx"),
]
PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "fr-FR", "is_mobile": True, "has_touch": True}
PASSWORD = "un mot de passe assez long"
TODAY = date.today()


@pytest.fixture
def site(transactional_db: None, tmp_path: Path, production_password_hashes: None) -> Iterator[str]:
    """The production recipe serving the test database; yields its base URL (the organiser's
    password hashed as production checks it: tests/conftest.py)."""
    settings = connection.settings_dict
    database = f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"
    listen = free_ports(1)
    base = f"http://127.0.0.1:{listen}"
    env = {**os.environ, "DATABASE_URL": database, "RUN_DIR": str(tmp_path / "run"),
           # collectstatic into a folder of this start: another worker may be scanning the repo's
           "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
           "LISTEN": f"127.0.0.1:{listen}", "DAPHNE_PORT": str(free_ports(2)),
           "PYTHON_BIN": str(Path(sys.executable).parent), "DJANGO_DEBUG": "false",
           "DJANGO_SECRET_KEY": SECRET_KEY, "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "DJANGO_SECURE_SSL_REDIRECT": "false", "DJANGO_LOG_LEVEL": "WARNING",
           # Plain http on the loopback: cookies without Secure, and nginx's Host drops the port.
           "DJANGO_SECURE_COOKIES": "false", "DJANGO_CSRF_TRUSTED_ORIGINS": base}
    if settings.get("PASSWORD"):
        env["PGPASSWORD"] = settings["PASSWORD"]
    script = str(ROOT / "tools" / "serve_prod.sh")
    flush_own_redis_database()  # the deploy tests spend 127.0.0.1's join-code guesses on purpose
    started = subprocess.run([script, "start", "2"], env=env, capture_output=True, text=True, timeout=300)
    try:
        assert started.returncode == 0, started.stdout + started.stderr
        yield base
    finally:
        subprocess.run([script, "stop"], env=env, capture_output=True, timeout=120)
        # Shown by pytest when the test failed: what the servers said (a 403's reason is only
        # in their log: CI once saw « La vérification CSRF a échoué » on creating the league).
        for log in sorted((tmp_path / "run").glob("*.log")):
            print(f"--- {log.name}\n{log.read_text(errors='replace')[-4000:]}")


def phone(browser: Browser) -> tuple[BrowserContext, Page]:
    context = browser.new_context(**PHONE)
    return context, context.new_page()


def submit(page: Page, button: str) -> None:
    page.get_by_role("button", name=button).tap()


def organise_the_night(page: Page, base: str) -> tuple[int, int, list[str]]:
    """Login, league, season, night, two tables: (season id, night id, the tables' links)."""
    page.goto(base + "/accounts/login/")
    page.get_by_label("Nom d'utilisateur").fill("orga")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    submit(page, "Se connecter")
    expect(page).to_have_url(base + "/leagues/")
    page.get_by_label("Nom de la ligue").fill("Les jeudis")
    submit(page, "Créer la ligue")
    expect(page).to_have_url(re.compile(r"/leagues/\d+/$"))
    page.get_by_label("Nom de la saison").fill("Automne")
    page.get_by_label("Début").fill(TODAY.replace(day=1).isoformat())
    submit(page, "Créer la saison")
    expect(page).to_have_url(re.compile(r"/seasons/\d+/$"))
    season = int(re.search(r"/seasons/(\d+)/", page.url).group(1))
    page.get_by_label("Date").fill(TODAY.isoformat())
    submit(page, "Créer la soirée")
    expect(page).to_have_url(re.compile(r"/nights/\d+/$"))
    night = int(re.search(r"/nights/(\d+)/", page.url).group(1))
    for label in ("Table 1", "Table 2"):
        page.get_by_label("Nom de la table").fill(label)
        submit(page, "Ajouter la table")
        expect(page.locator(".table-links a", has_text="/leagues/t/")).to_have_count(int(label[-1]))
    # The links name the site as nginx tells Django (Host without the port): keep their paths.
    links = [base + urlparse(a.get_attribute("href")).path
             for a in page.locator(".table-links a[href*='/leagues/t/']").all()]
    return season, night, links


def start_game(page: Page, table: str, variant: str, players: list[str], rounds: int | None = None) -> str:
    """The new-game form at the table's link; returns the sheet's URL."""
    page.goto(f"{table}?variant={variant}")
    seats = page.locator('input[name="seat"]')
    for i, name in enumerate(players):
        seats.nth(i).fill(name)
    if rounds is not None:
        page.locator('input[name="option-rounds"]').fill(str(rounds))
    submit(page, "Commencer la partie")
    expect(page).to_have_url(re.compile(r"/games/[\w-]+/$"))
    return page.url


def memory_round(page: Page, sheet: str, hands: dict[str, int]) -> None:
    page.goto(sheet)
    page.get_by_role("link", name="Manche suivante").tap()
    for name, value in hands.items():
        count_hand(page, name, str(value))
    wait_for_preview(page)
    save_round(page)
    expect(page).to_have_url(sheet)


def offline_round(page: Page, sheet: str, number: int, hands: dict[str, int]) -> None:
    """The phone, on the sheet, loses its network once its service worker keeps the next
    round's page, types round `number` and saves it: the round waits in the phone's queue."""
    cached(page, sheet + "rounds/new/", f'name="round_number" value="{number}"')
    page.context.set_offline(True)
    expect(page.locator("#offline-banner")).to_be_visible()
    page.get_by_role("link", name="Manche suivante").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Manche {number}")
    for name, value in hands.items():
        count_hand(page, name, str(value))
    save_round(page)
    expect(page).to_have_url(sheet)
    expect(page.locator("#pending-rounds li")).to_have_count(1)
    expect(page.locator("#pending-rounds li")).to_contain_text("en attente d’envoi")


def sit(browser: Browser, base: str, code: str, seat: str) -> tuple[BrowserContext, Page]:
    """A player's phone joins the live table at their seat, over its WebSocket through nginx."""
    context, page = phone(browser)
    page.goto(f"{base}/tables/{code}/join/")
    page.get_by_role("button", name=seat, exact=True).tap()
    expect(page.locator("#link-status")).to_have_text("en direct")
    return context, page


def live_tamalou_round(referee: Page, sheet: str, base: str, browser: Browser, artifacts: Path) -> None:
    """The referee's phone opens the sheet's live table; three player phones join it and play
    to Élise's call; the referee reveals the hands and the round lands on the sheet."""
    referee.goto(sheet)
    submit(referee, "Table en direct")
    expect(referee).to_have_url(re.compile(r"/tables/\w+/$"))
    code = re.search(r"/tables/(\w+)/$", referee.url).group(1)
    expect(referee.locator("#link-status")).to_have_text("en direct")
    seated = [sit(browser, base, code, seat) for seat in ("Ana", "Ben", "Élise")]
    ana, ben, elise = (p for _c, p in seated)
    discard(ana, "5", "H")
    expect(ben.get_by_test_id("round-turn")).to_have_text("Ana vient de jouer ; à vous de jouer.")
    discard(ben, "9", "S", turn="Pioche gardée")
    expect(elise.get_by_test_id("round-turn")).to_have_text("Ben vient de jouer ; à vous de jouer.")
    discard(elise, "A", "C")
    elise.get_by_role("button", name="Dire « tamalou »").tap()
    elise.get_by_role("button", name="Confirmer : Élise dit « tamalou »").tap()
    for player in (ana, ben, elise, referee):
        expect(player.get_by_test_id("round-call")).to_have_text("Élise a annoncé « tamalou ».")
    referee.get_by_test_id("reveal-link").tap()
    pick_french(referee, "Ana", ["9 de cœur", "2 de cœur", "4 de trèfle", "3 de carreau"])
    pick_french(referee, "Ben", ["roi de cœur", "4 de cœur", "6 de trèfle", "8 de carreau"])
    pick_french(referee, "Élise", ["as de pique", "2 de carreau", "6 de pique", "8 de cœur"])
    referee.screenshot(path=artifacts / "evening-2-live-table-reveal.png", full_page=True)
    referee.get_by_role("button", name="Envoyer à la feuille de score").tap()
    expect(referee).to_have_url(sheet)
    # Every player's phone shows the round's points: the same totals as the engine's.
    result = score_record(json.loads(referee.request.get(sheet + "export.json").text()))
    for player in (ana, ben, elise):
        for side, total in result.totals.items():
            expect(player.get_by_test_id("round-result").locator(f'tr[data-side="{side}"]')
                   .get_by_test_id("round-total")).to_have_text(str(result.number(total)))
    for context, _page in seated:
        context.close()


def cactus_game_turn(page: Page, sheet: str, player: str, play: str, characters: tuple[str, ...] = ()) -> None:
    page.goto(sheet)
    page.get_by_role("link", name="Tour suivant").tap()
    page.locator("#player label.choice").filter(has_text=player).tap()
    page.locator(".kind-buttons button", has_text=play).first.tap()
    for i, character in enumerate(characters):
        page.locator("fieldset.play").last.locator("select").nth(i).select_option(character)
    wait_for_preview(page)
    save_round(page)
    expect(page).to_have_url(sheet)


def text_of(page: Page, url: str) -> str:
    return unescape(page.request.get(url).text())


def csv_rows(page: Page, url: str, delimiter: str = ",") -> list[dict[str, str]]:
    body = page.request.get(url).text().lstrip("\ufeff")
    return list(csv.DictReader(io.StringIO(body), delimiter=delimiter))


def head_to_head(page: Page, url: str) -> dict[str, tuple[int, int, int, int]]:
    """The head-to-head page's rows: scope -> (games, first ahead, second ahead, level)."""
    html = text_of(page, url)
    rows = re.findall(r'<tr><th scope="row">(.*?)</th><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td></tr>',
                      html)
    assert rows or "ne se sont pas encore affrontés" in html, url
    return {label: tuple(int(n) for n in numbers) for label, *numbers in rows}


def expected_head_to_head(results: dict[str, GameResult], places: dict[tuple[str, str], float],
                          first: str, second: str) -> dict[str, tuple[int, int, int, int]]:
    """Per variant and over all games, from the engine's places: games both played, how often
    each finished ahead of the other, how often level."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for sheet, result in results.items():
        if first not in result.game.players or second not in result.game.players:
            continue
        a, b = places[(sheet, first)], places[(sheet, second)]
        for scope in (result.variant.name, "Tous jeux"):
            counts[scope][0] += 1
            counts[scope][1 if a < b else 2 if b < a else 3] += 1
    return {scope: tuple(n) for scope, n in counts.items()}


def test_a_whole_evening_agrees_with_the_engine_in_every_view(site: str, browser: Browser, artifacts: Path):
    User.objects.create_user("orga", password=PASSWORD)
    organiser_context, organiser = phone(browser)
    season, night, (table_1, table_2) = organise_the_night(organiser, site)
    screen_context, screen = phone(browser)
    screen.goto(f"{site}/leagues/nights/{night}/room/")
    entering_context, entering = phone(browser)
    watching_context, watching = phone(browser)
    other_context, other = phone(browser)

    # Table 1: cactus over two rounds (most rounds won wins), then one round of tamalou.
    cactus = start_game(entering, table_1, "cactus", ["Ana", "Ben", "Chloé", "Dan"], rounds=2)
    watching.goto(cactus)
    memory_round(entering, cactus, {"Ana": 9, "Ben": 12, "Chloé": 2, "Dan": 20})
    expect(watching.locator("td.leader")).to_contain_text("1")  # the watching phone follows: Chloé leads
    # The entering phone loses its network for the last round: the round waits on the phone.
    offline_round(entering, cactus, 2, {"Ana": 1, "Ben": 12, "Chloé": 7, "Dan": 3})
    # Table 2 meanwhile: cactus-game, two players (target 7): Élise's two sets of Walters, then a Point.
    blue = start_game(other, table_2, "cactus-game", ["Élise", "Dan"])
    cactus_game_turn(other, blue, "Élise", "Série", ("walter", "walter", "walter"))
    cactus_game_turn(other, blue, "Dan", "Point gratuit")
    cactus_game_turn(other, blue, "Élise", "Série", ("walter", "walter", "walter"))
    cactus_game_turn(other, blue, "Dan", "Pioche (fin du tour)")
    cactus_game_turn(other, blue, "Élise", "Point gratuit")
    expect(watching.locator(".score-table tbody tr")).to_have_count(1)  # still only round 1 on the server
    entering.screenshot(path=artifacts / "evening-1-offline-round-waiting.png", full_page=True)
    # Back online: the queued round lands once, as round 2, on both phones.
    entering.context.set_offline(False)
    expect(entering.locator("#pending-rounds li")).to_have_count(0)
    expect(entering.locator("#offline-banner")).to_be_hidden()
    for sheet_phone in (entering, watching):
        expect(sheet_phone.locator(".score-table tbody tr")).to_have_count(2)
    # Two more phones at table 1: one opens the table's link and scores tamalou, one follows it.
    third_context, third = phone(browser)
    fourth_context, fourth = phone(browser)
    tamalou = start_game(third, table_1, "tamalou", ["Ana", "Ben", "Chloé"], rounds=1)
    fourth.goto(tamalou)
    memory_round(third, tamalou, {"Ana": 14, "Ben": 3, "Chloé": 8})
    expect(fourth.locator(".score-table tbody tr")).to_have_count(1)
    # The following phone learns the end of the game: Ben's lowest hand wins it.
    expect(fourth.locator("p", has_text="Gagnant·e·s :").locator("strong")).to_have_text("Ben")
    for context in (third_context, fourth_context, entering_context, watching_context):
        context.close()
    # Table 2: a tamalou round played at the live table, its reveal sent to the sheet.
    live = start_game(other, table_2, "tamalou", ["Ana", "Ben", "Élise"], rounds=1)
    live_tamalou_round(other, live, site, browser, artifacts)
    expect(screen.locator(".room-recent li")).to_have_count(4)  # the room screen followed the night

    # The engine, on each game's exported record.
    results = {}
    for sheet in (cactus, tamalou, blue, live):
        record = json.loads(organiser.request.get(sheet + "export.json").text())
        results[sheet] = score_record(record)
    assert all(r.finished for r in results.values())
    # The offline round landed once, as round 2, with the hands typed offline.
    assert [r["hands"] for r in json.loads(organiser.request.get(cactus + "export.json").text())["rounds"]] == [
        {"Ana": 9, "Ben": 12, "Chloé": 2, "Dan": 20}, {"Ana": 1, "Ben": 12, "Chloé": 7, "Dan": 3}]
    # Cactus counts rounds won: Chloé won round 1 (2), Ana round 2 (1): both lead with one.
    assert results[cactus].totals == {"Ana": 1, "Ben": 0, "Chloé": 1, "Dan": 0}
    assert results[cactus].winners == ["Ana", "Chloé"]
    tables = {cactus: "Table 1", tamalou: "Table 1", blue: "Table 2", live: "Table 2"}

    wins: Counter[str] = Counter()
    games: Counter[str] = Counter()
    places: dict[tuple[str, str], float] = {}
    for sheet, result in results.items():
        ranking = result.ranking()
        for player in result.game.players:
            games[player] += 1
            wins[player] += player in result.winners
            places[(sheet, player)] = ranking.places[player]
        # The sheet: totals and winners as the engine says.
        html = text_of(organiser, sheet)
        winners_line = re.search(r"Gagnant·e·s : <strong>(.*?)</strong>", html, re.S).group(1)
        assert [w.strip() for w in re.sub(r"<[^>]+>", "", winners_line).split(",")] == result.winners
        # The sheet's CSV: its last row holds the engine's totals.
        last = csv_rows(organiser, sheet + "export.csv", ";")[-1]
        for side, total in result.totals.items():
            assert last[f"{side} total"].replace(",", ".") == str(result.number(total)), (sheet, side)

    # The season's standings (CSV, the overall scope): games and wins per player.
    standings = {r["player"]: r for r in csv_rows(organiser, f"{site}/leagues/seasons/{season}/standings.csv")
                 if r["scope"] == "overall"}
    assert {p: (int(r["games"]), int(r["wins"])) for p, r in standings.items()} == {
        p: (games[p], wins[p]) for p in games}
    # The season's games (CSV): each player's place and win, game by game, as the engine ranks them.
    by_game: dict[tuple[str, str], dict[str, tuple[float, bool]]] = defaultdict(dict)
    for row in csv_rows(organiser, f"{site}/leagues/seasons/{season}/games.csv"):
        by_game[(row["table"], row["variant"])][row["player"]] = (float(row["place"]), row["won"] == "1")
    assert len(by_game) == len(results)
    for sheet, result in results.items():
        assert by_game[(tables[sheet], result.variant.key)] == {
            p: (places[(sheet, p)], p in result.winners) for p in result.game.players}

    # Each player's page, the room screen and head to head.
    season_page = text_of(organiser, f"{site}/leagues/seasons/{season}/")
    for player in games:
        href = re.search(rf'href="(/leagues/seasons/{season}/players/\d+/)">{re.escape(player)}</a>',
                         season_page).group(1)
        page_text = text_of(organiser, site + href)
        assert f"<dt>Parties</dt><dd>{games[player]}</dd>" in page_text
        assert f"<dt>Victoires</dt><dd>{wins[player]}</dd>" in page_text
    screen.reload()
    screen.screenshot(path=artifacts / "evening-3-room-screen-at-the-end.png", full_page=True)
    for player in games:
        row = screen.locator(".room-list").first.locator("li", has_text=player)
        expect(row).to_contain_text(f"{wins[player]} victoire")
        expect(row).to_contain_text(f"{games[player]} partie")  # « 1 partie », « 3 parties »
    ids = {name: pk for pk, name in
           re.findall(rf'href="/leagues/seasons/{season}/players/(\d+)/">(\w+)</a>', season_page)}
    assert set(ids) == set(games)
    for first, second in combinations(sorted(games), 2):
        assert head_to_head(organiser, f"{site}/leagues/seasons/{season}/head-to-head/?a={ids[first]}&b={ids[second]}"
                            ) == expected_head_to_head(results, places, first, second), (first, second)
    for context in (organiser_context, screen_context, other_context):
        context.close()
