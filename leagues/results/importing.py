"""Bulk history: a season's past games from record JSON files.

Each file is one spec record (game-record.md, section 2). Every file is read and
scored by the rules engine first, once, before anything is written: a bad file is
reported with its name and the engine's problems and saves nothing, while the good
files are kept. The good ones are then saved in bulk inside one transaction (their
nights and tables, players, games, seats, rounds and history lines, a few statements
a table for thousands of games), and the season's standings and ratings are brought
in step inside the same transaction, in the order the games ended, so a failure
while writing leaves nothing of the import behind.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from engine.rules import GameResult, Problem, RecordError, load_record
from engine.rules.scoring import cyclic_gc_paused
from leagues.live.broadcast import broadcast_games_ended
from leagues.models import LeagueGame, Night, NightTable, Season
from leagues.ranking.standings import GameSummary
from leagues.results.recording import count_games, player_key, summary_from
from scorekeeper import bulk
from scorekeeper.models import Game, GameRows, Player, checked_record, save_parts
from scorekeeper.players.circle import Circle, Seating
from scorekeeper.sheet.csv_export import csv_instead_of_record

DEFAULT_TABLE = "Table 1"
# "2026-03-12_table-2.json": the night's date, then (optionally) the table's label.
NAME_PATTERN = re.compile(r"^(?P<date>\d{4}-\d{2}-\d{2})(?:[_ ](?P<table>[^.]+))?")
# Imported games are given an end time on their night, one minute apart in import order.
NIGHT_STARTS = time(20, 0)
# Games saved per round of INSERT statements: bounds the rows held in memory at once.
SAVE_BATCH = 1000


@dataclass
class FileReport:
    name: str
    game_id: int | None = None
    problems: list[Problem] = field(default_factory=list)  # worded by scorekeeper.wording.problems

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class WhichPerson:
    """A name the league knows more than once, written without a person id: « Laquelle ? ».
    `choices`: (value, label) for each of them, someone new last (its label empty, the
    page words it); the value goes back in `import_files(chosen=…)`."""

    name: str
    choices: list[tuple[str, str]]


class PeopleToChoose(Exception):
    """The files name someone the league knows more than once: nothing was saved; the
    organiser says which (import_files with `chosen`)."""

    def __init__(self, questions: list[WhichPerson]) -> None:
        super().__init__(", ".join(q.name for q in questions))
        self.questions = questions


@dataclass(frozen=True)
class Placement:
    date: date
    table: str


@dataclass
class _Accepted:
    """A file the engine accepted, waiting to be saved."""

    report: FileReport
    place: Placement
    record: dict[str, Any]
    result: GameResult


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
                 user: object = None, chosen: Mapping[str, str] | None = None,
                 ask: bool = False) -> list[FileReport]:
    """Every file read, scored and saved (a bad one refused by name, the others kept).
    A name the league knows more than once and a file writes without a person id is read
    through `chosen` (name -> a WhichPerson choice's value); left unchosen, its file is
    refused (`league.which_person`), or with `ask`, nothing at all is saved and
    PeopleToChoose says which names to ask about."""
    reports: list[FileReport] = []
    accepted: list[_Accepted] = []
    with cyclic_gc_paused():  # 16 % of a 20,000-game import's CPU otherwise
        for name, content in files:
            report = FileReport(name)
            reports.append(report)
            checked = _check(season, report, content, night_date, table)
            if checked is not None:
                accepted.append(checked)
        last_ended = _save(season, accepted, user, chosen or {}, ask) if accepted else {}
    broadcast_games_ended(last_ended)  # one message per night is enough to refresh its screens
    return reports


def _check(season: Season, report: FileReport, content: bytes | str, night_date: date | None,
           table: str | None) -> _Accepted | None:
    """The file read, placed and scored by the engine; None with the report's problems filled."""
    place = placement_for(report.name, night_date, table)
    if isinstance(place, Problem):
        report.problems.append(place)
        return None
    if not season.covers(place.date):
        end = season.end.isoformat() if season.end else "…"
        report.problems.append(Problem(
            f"the night {place.date.isoformat()} is outside the season "
            f"({season.start.isoformat()} – {end})", code="league.outside_season",
            params={"date": place.date.isoformat(), "start": season.start.isoformat(), "end": end}))
        return None
    table = csv_instead_of_record(content)
    if table is not None:
        report.problems.append(table)
        return None
    try:
        record = load_record(content)
        result = checked_record(record)
    except RecordError as error:
        report.problems.extend(error.problems)
        return None
    return _Accepted(report, place, record, result)


def _fingerprint(variant: str, players: Iterable[str], rounds: Iterable[Any]) -> str:
    """What makes two records the same game: the game, its players and every round as played."""
    text = json.dumps([variant, list(players), list(rounds)], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _without_games_already_kept(season: Season, accepted: list[_Accepted]) -> list[_Accepted]:
    """The accepted files less those whose game the season already holds at that night's table,
    or an earlier file of this import holds (a file uploaded twice would count its game twice).
    A game is the same when its game, players and every round are: at one table in one night,
    that is the same file again, not a second game."""
    dates = {a.place.date for a in accepted}
    kept: dict[tuple[date, str, str], int | None] = {}
    games = (Game.objects.filter(league_game__table__night__season=season,
                                 league_game__table__night__date__in=dates)
             .with_players().prefetch_related("rounds").select_related("league_game__table__night"))
    for game in games:
        fingerprint = _fingerprint(game.variant, game.player_names(), (r.data for r in game.rounds.all()))
        table = game.league_game.table
        kept[(table.night.date, table.label.casefold(), fingerprint)] = game.pk
    fresh = []
    for a in accepted:
        read = a.result.game  # the rounds as the game will store them
        key = (a.place.date, a.place.table.casefold(), _fingerprint(read.variant.key, read.players, read.rounds))
        if key in kept:
            a.report.problems.append(_already_kept(kept[key]))
            continue
        kept[key] = None
        fresh.append(a)
    return fresh


def _already_kept(game: int | None) -> Problem:
    if game is None:
        return Problem("the same game as an earlier file of this import", code="league.imported_twice")
    return Problem(f"already imported: game {game} holds the same rounds at this table that night",
                   code="league.already_imported", params={"game": game})


@transaction.atomic
def _save(season: Season, accepted: list[_Accepted], user: object, chosen: Mapping[str, str],
          ask: bool) -> dict[int, int]:
    """Every accepted game saved and counted, all or nothing. Returns each night's last
    ended game (for the room screens)."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    # Checked under the season's lock: two imports of one file at once count it once.
    accepted = _without_games_already_kept(season, accepted)
    if not accepted:
        return {}
    accepted, seated = _seated(season, accepted, chosen, ask)
    if not accepted:
        return {}
    tables = _tables(season, {a.place for a in accepted})
    ended_per_night: dict[date, int] = {}
    rows: list[GameRows] = []
    for a in accepted:
        finished_at = None
        if a.result.finished:
            n = ended_per_night.get(a.place.date, 0)
            ended_per_night[a.place.date] = n + 1
            start = timezone.make_aware(datetime.combine(a.place.date, NIGHT_STARTS))
            finished_at = start + timedelta(minutes=n)
        rows.append(GameRows.of(a.result, a.record, seated[id(a)], device="import", user=user,
                                finished_at=finished_at))
    for start in range(0, len(rows), SAVE_BATCH):
        batch = rows[start:start + SAVE_BATCH]
        bulk.insert_objects(Game, [r.game for r in batch])
        save_parts(batch)
        bulk.insert(LeagueGame, ("game", "table"),
                    [(r.game.pk, tables[a.place].pk)
                     for r, a in zip(batch, accepted[start:start + SAVE_BATCH], strict=True)])
    last_ended: dict[int, int] = {}
    ended: list[GameSummary] = []
    for r, a in zip(rows, accepted, strict=True):
        a.report.game_id = r.game.pk
        if r.game.finished:
            last_ended[tables[a.place].night_id] = r.game.pk
            ended.append(summary_from(r.game, [(name, player_key(player.pk)) for player, name in r.seats]))
    count_games(season, ended, {player_key(p.pk): p for seats in seated.values() for p in seats.values()})
    return last_ended


def _seated(season: Season, accepted: list[_Accepted], chosen: Mapping[str, str],
            ask: bool) -> tuple[list[_Accepted], dict[int, dict[str, Player]]]:
    """Each game's names on the league's people (issue 30: a record's `people` ids first,
    then names as the league knows them, then the organiser's choice, scorekeeper/players/
    circle.py); a game naming someone the league knows twice, with no id or choice to
    tell, is refused by name, or (`ask`) PeopleToChoose before anything is written."""
    seating = Seating(Circle.of_league(season.league_id))
    kept: list[_Accepted] = []
    seated: dict[int, dict[str, Player]] = {}
    questions: dict[str, WhichPerson] = {}
    for a in accepted:
        read = a.result.game
        mapping = seating.seat(read.players, read.people, chosen)
        if isinstance(mapping, list):
            for name in mapping:
                if ask and len(seating.candidates(name)) > 1:
                    questions.setdefault(name, WhichPerson(name, seating.choices(name)))
                else:  # one person under two names of one game: no choice helps
                    a.report.problems.append(Problem(f"{name!r} may be more than one person of the league",
                                                     code="league.which_person", params={"player": name},
                                                     field="people"))
            continue
        kept.append(a)
        seated[id(a)] = mapping
    if questions:
        raise PeopleToChoose(list(questions.values()))  # rolls back _save's transaction: nothing kept
    seating.save()
    return kept, seated


def _tables(season: Season, places: set[Placement]) -> dict[Placement, NightTable]:
    """Each placement's table, found or made, with its night (the season's first night on
    that date, made when there is none)."""
    dates = {p.date for p in places}
    nights: dict[date, Night] = {}
    for night in Night.objects.filter(season=season, date__in=dates).order_by("-pk"):
        nights[night.date] = night  # the lowest pk wins, as .first() would
    made = Night.objects.bulk_create([Night(season=season, date=d) for d in sorted(dates - set(nights))])
    nights.update((n.date, n) for n in made)
    # A table is its label whatever the case, as the organiser's form has it ("t1" is T1).
    found = {(t.night_id, t.label.casefold()): t
             for t in NightTable.objects.filter(night__in=list(nights.values()))}
    new: dict[tuple[int, str], NightTable] = {}
    for p in sorted(places, key=lambda p: (p.date, p.table)):
        key = (nights[p.date].pk, p.table.casefold())
        if key not in found and key not in new:
            new[key] = NightTable(night_id=key[0], label=p.table)
    NightTable.objects.bulk_create(new.values())
    found.update(new)
    return {p: found[(nights[p.date].pk, p.table.casefold())] for p in places}
