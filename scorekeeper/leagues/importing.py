"""Bulk history: a season's past games from record JSON files.

Each file is one spec record (game-record.md, section 2). Each is checked by
the rules engine and saved in its own transaction with its night and table:
a bad file is reported with its name and the engine's problems and leaves
nothing behind, while the good files are kept. The season's standings are
recomputed once at the end, in the order the games ended.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from scorekeeper.leagues.models import LeagueGame, Night, NightTable, Season
from scorekeeper.leagues.receivers import broadcast_game_ended
from scorekeeper.leagues.recording import recompute_season, suspended
from scorekeeper.models import Game
from scorekeeper.rules import Problem, RecordError, load_record

DEFAULT_TABLE = "Table 1"
# "2026-03-12_table-2.json": the night's date, then (optionally) the table's label.
NAME_PATTERN = re.compile(r"^(?P<date>\d{4}-\d{2}-\d{2})(?:[_ ](?P<table>[^.]+))?")
# Imported games are given an end time on their night, one minute apart in import order.
NIGHT_STARTS = time(20, 0)


@dataclass
class FileReport:
    name: str
    game_id: int | None = None
    problems: list[Problem] = field(default_factory=list)  # worded by scorekeeper.wording.problems

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class Placement:
    date: date
    table: str


def placement_for(name: str, night_date: date | None, table: str | None) -> Placement | Problem:
    """Where a file's game is played: the form's values, else read from the file's name
    (or the problem that says why it cannot be)."""
    found = NAME_PATTERN.match(name.rsplit("/", 1)[-1])
    derived_date: date | None = None
    derived_table: str | None = None
    if found:
        try:
            derived_date = date.fromisoformat(found["date"])
        except ValueError:
            return Problem(f"{found['date']} is not a date", code="league.not_a_date",
                           params={"text": found["date"]})
        derived_table = (found["table"] or "").replace("-", " ").replace("_", " ").strip() or None
    chosen = night_date or derived_date
    if chosen is None:
        return Problem("no night date: give one, or start the file's name with it (2026-03-12_table-2.json)",
                       code="league.no_date")
    return Placement(chosen, (table or derived_table or DEFAULT_TABLE)[:80])


def import_files(season: Season, files: Iterable[tuple[str, bytes | str]], *,
                 night_date: date | None = None, table: str | None = None,
                 user: object = None) -> list[FileReport]:
    reports: list[FileReport] = []
    ended_per_night: dict[date, int] = {}
    last_ended: dict[int, int] = {}  # night -> its last imported game, for the room screens
    # Tables already found or made, filled only once their file's transaction has committed.
    known: dict[Placement, NightTable] = {}
    with suspended():
        for name, content in files:
            report = FileReport(name)
            reports.append(report)
            place = placement_for(name, night_date, table)
            if isinstance(place, Problem):
                report.problems.append(place)
                continue
            if not season.covers(place.date):
                end = season.end.isoformat() if season.end else "…"
                report.problems.append(Problem(
                    f"the night {place.date.isoformat()} is outside the season "
                    f"({season.start.isoformat()} – {end})", code="league.outside_season",
                    params={"date": place.date.isoformat(), "start": season.start.isoformat(), "end": end}))
                continue
            try:
                record = load_record(content)
                game, at_table = _save_game(season, record, place, known.get(place), ended_per_night,
                                            user)
                known[place] = at_table
                report.game_id = game.pk
                if game.finished:
                    last_ended[at_table.night_id] = game.pk
            except RecordError as error:
                report.problems.extend(error.problems)
    if any(r.ok for r in reports):
        recompute_season(season)
    for night_id, game_id in last_ended.items():  # one message per night is enough to refresh
        broadcast_game_ended(night_id, game_id)
    return reports


@transaction.atomic
def _save_game(season: Season, record: Any, place: Placement, at_table: NightTable | None,
               ended_per_night: dict[date, int], user: object) -> tuple[Game, NightTable]:
    """Saves the game at its night's table (found or made unless given)."""
    game = Game.create_from_record(record, device="import", user=user)
    if at_table is None:
        night = Night.objects.filter(season=season, date=place.date).order_by("pk").first()
        if night is None:
            night = Night.objects.create(season=season, date=place.date)
        at_table, _ = NightTable.objects.get_or_create(night=night, label=place.table)
    LeagueGame.objects.create(game=game, table=at_table)
    if game.finished:
        n = ended_per_night.get(place.date, 0)
        ended_per_night[place.date] = n + 1
        start = timezone.make_aware(datetime.combine(place.date, NIGHT_STARTS))
        Game.objects.filter(pk=game.pk).update(finished_at=start + timedelta(minutes=n))
    return game, at_table
