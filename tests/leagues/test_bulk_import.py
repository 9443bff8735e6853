"""The bulk import against the one-by-one path, on seeded random seasons.

The games are the regression fixture's valid records of all eleven variants (canasta's
pairs included, finished or not), under a league's names (some written in another case),
spread over random nights. The same games are then played one by one, round by round,
in the order the import says they ended, through `Game.add_round` and the `game_scored`
receiver that folds each ended game into the stored standings (the incremental path).
Both must leave exactly the same standings, results and ratings, to the last bit.
"""

from __future__ import annotations

import json
import random
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction

from engine.rules import RecordError, score_record
from leagues.models import (
    League,
    LeagueGame,
    Night,
    NightTable,
    Result,
    Season,
    Standing,
)
from leagues.results.importing import import_files
from leagues.results.recording import recompute_season
from scorekeeper.models import Game, Player, Round, RoundChange, Seat
from scorekeeper.signals import game_scored

FIXTURES = Path(__file__).resolve().parents[1] / "engine" / "rules" / "regression" / "fixtures"
# Other spellings of the fixture's names, as another scorer might have typed them.
SPELLINGS = {"Ana": "ana", "Ben": "BEN", "Élodie": "élodie", "Iñès": "IÑÈS"}


@pytest.fixture(autouse=True)
def no_live_sheet():
    """The live sheet renders every changed game for its phones: nothing to do with
    standings, and slow over a season played round by round."""
    from scorekeeper.sheet.live import broadcast_sheet

    game_scored.disconnect(sender=Game, dispatch_uid="scorekeeper.sheet.live")
    yield
    game_scored.connect(broadcast_sheet, sender=Game, dispatch_uid="scorekeeper.sheet.live")


def valid_records() -> list[dict[str, Any]]:
    records = []
    for path in sorted(FIXTURES.glob("*.json")):
        if path.name == "codes.json":
            continue
        for case in json.loads(path.read_text()):
            try:
                score_record(case["record"])
            except (RecordError, TypeError, AttributeError, KeyError):
                continue
            records.append(case["record"])
    return records


RECORDS = valid_records()
ENDED = [r for r in RECORDS if score_record(r).finished]
UNFINISHED = [r for r in RECORDS if not score_record(r).finished]
PAIRS = [r for r in ENDED if r.get("teams") or (r["variant"] == "canasta" and len(r["players"]) == 4)]


def respelled(value: Any, old: str, new: str) -> Any:
    if isinstance(value, dict):
        return {(new if k == old else k): respelled(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [respelled(v, old, new) for v in value]
    return new if value == old else value


def random_season(seed: int, games: int, first: date = date(2026, 3, 2),
                  nights: int = 12) -> list[tuple[str, str]]:
    """(file name, record JSON): nights and tables at random, in no particular order; most
    games ended (a few not, which count for nothing), canasta's pairs among them."""
    rng = random.Random(seed)
    files = []
    for n in range(games):
        record = rng.choice(PAIRS if n % 15 == 7 else ENDED if rng.random() < 0.8 else UNFINISHED)
        for name, other in SPELLINGS.items():
            if name in record["players"] and rng.random() < 0.3:
                record = respelled(record, name, other)
        night = first + timedelta(days=7 * rng.randrange(nights))
        files.append((f"{night.isoformat()}_table-{rng.randint(1, 3)}_{n}.json", json.dumps(record)))
    return files


def chronological(files: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The files in the order their games end once imported: by night, then file order."""
    return sorted(files, key=lambda f: f[0][:10])  # a stable sort keeps the file order


def in_end_order(imports: tuple[list[tuple[str, str]], ...]) -> list[tuple[str, str]]:
    """The files of several imports in the order their games end: each import gives its
    ended games on a night 20:00, 20:01... in file order, and games ending at the same
    minute are in the order they were saved (the earlier import's first)."""
    keyed = []
    for index, files in enumerate(imports):
        minute: dict[str, int] = {}
        for name, text in files:
            night = name[:10]
            n = minute.get(night, 0)
            if score_record(json.loads(text)).finished:
                minute[night] = n + 1
            keyed.append(((night, n, index), (name, text)))
    return [f for _, f in sorted(keyed, key=lambda kf: kf[0])]


def play_one_by_one(season: Season, files: list[tuple[str, str]], capture: Any) -> None:
    """Each game started at its night's table and played round by round: the incremental path."""
    for name, text in chronological(files):
        record = json.loads(text)
        night, _ = Night.objects.get_or_create(season=season, date=date.fromisoformat(name[:10]))
        table, _ = NightTable.objects.get_or_create(night=night, label="one by one")
        with capture(execute=True), transaction.atomic():
            game = Game.start(record["variant"], record["players"], record.get("options"),
                              record.get("teams"))
            LeagueGame.objects.create(game=game, table=table)
        for data in record["rounds"]:
            with capture(execute=True):
                game.add_round(data)


def standings_of(season: Season) -> dict[tuple[str, str], tuple]:
    return {(s.player.name, s.scope): (s.games, s.wins, s.place_sum, s.points_sum, s.current_streak,
                                       s.best_streak, s.mu, s.sigma)
            for s in Standing.objects.filter(season=season).select_related("player")}


def results_of(season: Season) -> list[tuple]:
    """Every result in the order the games ended (the ids and end times differ between paths)."""
    return [(r.player.name, r.variant, r.side, r.place, r.sides, r.won, r.points, r.mu, r.sigma,
             r.overall_mu, r.overall_sigma)
            for r in Result.objects.filter(season=season).select_related("player")
            .order_by("finished_at", "game_id", "player__name")]


@pytest.fixture
def two_seasons(db: None) -> tuple[Season, Season]:
    league = League.objects.create(name="Les jeudis")
    return (Season.objects.create(league=league, name="en bloc", start=date(2026, 3, 1)),
            Season.objects.create(league=league, name="une à une", start=date(2026, 3, 1)))


@pytest.mark.parametrize("seed", [1, 2])
def test_it_counts_a_bulk_import_exactly_as_games_ending_one_by_one(two_seasons, seed,
                                                                    django_capture_on_commit_callbacks):
    bulk, one_by_one = two_seasons
    files = random_season(seed, 40)

    reports = import_files(bulk, files)
    play_one_by_one(one_by_one, files, django_capture_on_commit_callbacks)

    assert all(r.ok for r in reports)
    assert Result.objects.filter(season=bulk).exists()
    assert standings_of(bulk) == standings_of(one_by_one)
    assert results_of(bulk) == results_of(one_by_one)


def test_it_counts_imports_in_several_goes_as_one_by_one(two_seasons, django_capture_on_commit_callbacks):
    """Later nights (the fold resumes from the stored standings), then earlier nights
    and the same nights again (the season is refolded): the same as one by one."""
    bulk, one_by_one = two_seasons
    later = random_season(11, 20, first=date(2026, 6, 1), nights=4)
    earlier = random_season(12, 20, first=date(2026, 3, 2), nights=4)
    more_later = random_season(13, 15, first=date(2026, 7, 6), nights=3)
    same_nights = random_season(14, 15, first=date(2026, 3, 2), nights=4)

    imports = (later, more_later, earlier, same_nights)
    for files in imports:
        assert all(r.ok for r in import_files(bulk, files))
    play_one_by_one(one_by_one, in_end_order(imports), django_capture_on_commit_callbacks)

    assert standings_of(bulk) == standings_of(one_by_one)
    assert results_of(bulk) == results_of(one_by_one)


def test_it_leaves_the_stored_standings_equal_to_a_recomputation(two_seasons):
    bulk, _ = two_seasons
    import_files(bulk, random_season(21, 40, first=date(2026, 5, 4)))
    import_files(bulk, random_season(22, 20, first=date(2026, 3, 2)))  # earlier: refolded
    import_files(bulk, random_season(23, 20, first=date(2026, 9, 7)))  # later: resumed
    imported = standings_of(bulk), results_of(bulk)

    recompute_season(bulk)

    assert (standings_of(bulk), results_of(bulk)) == imported


def test_it_saves_each_game_as_the_single_record_import_does(two_seasons):
    """Game.create_from_record (the sheet's import) and the league's bulk import write the
    same game, seats, rounds and history lines for a record."""
    bulk, _ = two_seasons
    files = random_season(31, 40)
    import_files(bulk, files)
    imported = Game.objects.filter(league_game__table__night__season=bulk).order_by("pk")
    singles = [Game.create_from_record(json.loads(text), device="import") for _, text in files]

    def rows(game: Game) -> tuple:
        return ((game.variant, game.options, game.teams, game.totals, game.finished, game.winners,
                 game.losers, game.eliminated, game.version, game.abandoned_at),
                [(s.position, s.name, s.player_id) for s in Seat.objects.filter(game=game).order_by("position")],
                [(r.number, r.data, r.result, r.request_id) for r in Round.objects.filter(game=game)],
                [(c.number, c.action, c.before, c.after, c.device, c.user_id, c.by, c.version, c.after_end)
                 for c in RoundChange.objects.filter(game=game).order_by("pk")])

    assert [rows(g) for g in imported] == [rows(g) for g in singles]
    assert RoundChange.objects.filter(before__isnull=True).count() == RoundChange.objects.count()


def test_it_gives_games_made_after_an_import_new_numbers(two_seasons):
    bulk, _ = two_seasons
    import_files(bulk, random_season(41, 30))
    highest = Game.objects.order_by("-pk").values_list("pk", flat=True).first()

    later = Game.start("tamalou", ["Ana", "Ben"], {"rounds": 1})

    assert later.pk > highest


def test_it_knows_a_league_player_whatever_the_case_of_the_files(two_seasons):
    bulk, _ = two_seasons
    import_files(bulk, [("2026-03-04_t1.json", json.dumps(  # Ana has played in the league
        {"format": 1, "variant": "tamalou", "options": {"rounds": 1}, "players": ["Ana", "Zoé"],
         "rounds": [{"announcer": None, "hands": {"Ana": 1, "Zoé": 2}}]}))])
    record = {"format": 1, "variant": "tamalou", "options": {"rounds": 1}, "players": ["ana", "Zoé"],
              "rounds": [{"announcer": None, "hands": {"ana": 3, "Zoé": 9}}]}
    other = dict(record, players=["ANA", "zoé"], rounds=[{"announcer": None, "hands": {"ANA": 3, "zoé": 9}}])

    import_files(bulk, [("2026-03-05_t1.json", json.dumps(record)), ("2026-03-05_t2.json", json.dumps(other))])

    assert sorted(Player.objects.values_list("name", flat=True)) == ["Ana", "Zoé"]
    assert Standing.objects.get(season=bulk, scope="overall", player__name="Ana").games == 3
