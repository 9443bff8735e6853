"""A night's tables drawn and kept: the season read into engine/seating.py, its answer
written as `NightTable` and `Seat` rows.

A table "plays" once a game was started at it: from then on nothing moves it (a full draw
is refused, arrivals and leavers go through `seat_arrivals` / `remove_leavers`, the
organiser's moves are refused for its players). The draw works on player ids only, so
seating people instead of today's `Player` rows later (issue 30) changes this module, not
the draw.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext as _

from engine.rules import VARIANTS
from engine.seating import (
    BALANCED,
    LEVEL,
    Draw,
    History,
    PastNight,
    Sizes,
    draw,
    remove_leavers,
    seat_arrivals,
    sizes_for,
)
from leagues.models import Night, NightTable, Season, Seat, Standing
from leagues.ranking.reading import season_rows
from leagues.ranking.standings import OVERALL
from scorekeeper.models import Player


class DrawRefused(Exception):
    """The draw cannot be done as asked; the message says why, for the organiser."""


@dataclass(frozen=True)
class Kept:
    """The night's draw as stored: the engine's `Draw`, its tables' rows in the same order,
    the indexes of the tables already playing."""

    draw: Draw
    tables: list[NightTable]
    playing: set[int]


def game_of(night: Night) -> str:
    """The game of the night's draw; before any, the registry's first (its sizes: 3 to 5)."""
    return night.draw_game if night.draw_game in VARIANTS else next(iter(VARIANTS))


def sizes_of(night: Night) -> Sizes:
    return sizes_for(VARIANTS[game_of(night)])


def history_of(night: Night) -> History:
    """The season's nights before this one (oldest first), as tables in seat order (players
    who left that night included: they met their table), and how often each player waited."""
    nights: dict[int, dict[int, list[Seat]]] = defaultdict(lambda: defaultdict(list))
    waited: dict[int, int] = defaultdict(int)
    earlier = (Seat.objects.filter(night__season=night.season, night__date__lt=night.date)
               .select_related("night").order_by("night__date", "night_id", "table_id", "position"))
    teams: dict[int, int | None] = {}
    for seat in earlier:
        if seat.table_id is None:
            if not seat.left:
                waited[seat.player_id] += 1
            continue
        nights[seat.night_id][seat.table_id].append(seat)
        teams.setdefault(seat.night_id, sizes_of(seat.night).teams_at)
    past = []
    for night_id, tables in nights.items():
        seated = tuple(tuple(s.player_id for s in seats) for seats in tables.values())
        at = teams[night_id]
        partners = frozenset(frozenset(t[i::2]) for t in seated if at and len(t) == at for i in range(2))
        past.append(PastNight(seated, partners))
    return History(nights=tuple(past), waited=dict(waited))


def kept_draw(night: Night) -> Kept:
    tables = list(night.tables.annotate(played=Count("games")).order_by("pk"))
    seats = list(night.seats.filter(left=False).order_by("position", "pk"))
    by_table: dict[int | None, list[int]] = defaultdict(list)
    for seat in seats:
        by_table[seat.table_id].append(seat.player_id)
    return Kept(
        draw=Draw(tables=tuple(tuple(by_table[t.pk]) for t in tables),
                  waiting=tuple(by_table[None])),
        tables=tables, playing={i for i, t in enumerate(tables) if t.played})


def season_players(season: Season) -> QuerySet[Player]:
    """Whoever played or sat at a night of the season: the draw's list to tick."""
    return Player.objects.filter(
        Q(league_seats__night__season=season) | Q(league_standings__season=season)
    ).distinct().order_by("name")


def _standings_order(season: Season) -> list[int]:
    return [row.key for row in season_rows(season, OVERALL) if row.key is not None]


def _ratings(season: Season) -> dict[int, float]:
    return {s.player_id: s.skill().ordinal
            for s in Standing.objects.filter(season=season, scope=OVERALL)}


def draw_night(night: Night, players: list[Player], *, game: str, mode: str,
               seed: int | None = None) -> Kept:
    """The night's tables drawn anew for the players present. Refused once a table plays."""
    if game not in VARIANTS:
        raise DrawRefused("unknown game")
    if len(set(players)) < 2:
        raise DrawRefused("at least two players")
    with transaction.atomic():
        night = Night.objects.select_for_update().get(pk=night.pk)
        if kept_draw(night).playing:
            raise DrawRefused("playing")
        night.draw_game, night.draw_mode = game, mode
        night.draw_seed = secrets.randbelow(2**31) if seed is None else seed
        night.save(update_fields=["draw_game", "draw_mode", "draw_seed"])
        result = draw([p.pk for p in players], sizes=sizes_of(night), seed=night.draw_seed,
                      mode=mode, history=history_of(night),
                      order=_standings_order(night.season) if mode == LEVEL else (),
                      ratings=_ratings(night.season) if mode == BALANCED else None)
        night.seats.all().delete()
        _write(night, result, _tables_for(night, len(result.tables)))
        return kept_draw(night)


def _tables_for(night: Night, count: int) -> list[NightTable]:
    """`count` tables for a new draw: the night's tables without a game first, in their
    order (a table made by hand, or by an earlier draw, keeps its label and the link and QR
    code already printed or sent), new ones for the rest; the unused ones go."""
    free = list(night.tables.filter(games__isnull=True).order_by("pk"))
    kept, unused = free[:count], free[count:]
    for table in unused:
        table.delete()
    return kept + [NightTable.objects.create(night=night, label=table_label(night, len(kept) + i))
                   for i in range(count - len(kept))]


def table_label(night: Night, index: int) -> str:
    label = _("Table %(n)s") % {"n": index + 1}
    taken = set(night.tables.values_list("label", flat=True))
    n = index + 1
    while label in taken:
        n += 1
        label = _("Table %(n)s") % {"n": n}
    return label


def _write(night: Night, result: Draw, tables: list[NightTable]) -> None:
    """The draw's seats as rows (the players who left stay as they were)."""
    night.seats.filter(left=False).delete()
    rows = [Seat(night=night, player_id=player, table=tables[i], position=position)
            for i, table in enumerate(result.tables) for position, player in enumerate(table)]
    rows += [Seat(night=night, player_id=player, table=None, position=position)
             for position, player in enumerate(result.waiting)]
    Seat.objects.bulk_create(rows)


def _rewrite(night: Night, kept: Kept, result: Draw) -> Kept:
    """After arrivals or leavers: the engine keeps the playing tables as they are, may fill
    the others, add tables or close one; each table of the result keeps the row of the kept
    table it shares most players with (a new table takes a spare row, or a new one)."""
    free = list(range(len(kept.tables)))
    rows: list[NightTable | None] = []
    for table in result.tables:
        shared = [(len(set(table) & set(kept.draw.tables[i])), -i) for i in free]
        best = max(shared, default=(0, 0))
        if best[0]:
            free.remove(-best[1])
            rows.append(kept.tables[-best[1]])
        else:
            rows.append(None)
    spare = [kept.tables[i] for i in free if i not in kept.playing]
    final: list[NightTable] = []
    for index, row in enumerate(rows):
        if row is None:
            row = spare.pop(0) if spare else NightTable.objects.create(
                night=night, label=table_label(night, len(kept.tables) + index))
        final.append(row)
    for leftover in spare:
        leftover.delete()
    _write(night, result, final)
    return kept_draw(night)


def arrive(night: Night, players: list[Player]) -> Kept:
    """Late arrivals: seated without moving a table already playing."""
    with transaction.atomic():
        night = Night.objects.select_for_update().get(pk=night.pk)
        night.seats.filter(player__in=players, left=True).delete()  # back again
        kept = kept_draw(night)
        result = seat_arrivals(kept.draw, [p.pk for p in players], sizes=sizes_of(night),
                               seed=(night.draw_seed or 0) + len(kept.draw.seated()),
                               playing=kept.playing, history=history_of(night))
        return _rewrite(night, kept, result)


def leave(night: Night, player: Player) -> Kept:
    """A player leaves: off their table (a table not playing left too small is closed and its
    players seated again); their row stays, marked, for the season's history."""
    with transaction.atomic():
        night = Night.objects.select_for_update().get(pk=night.pk)
        kept = kept_draw(night)
        seat = night.seats.filter(player=player, left=False).first()
        if seat is None:
            raise DrawRefused("not here")
        result = remove_leavers(kept.draw, [player.pk], sizes=sizes_of(night),
                                seed=(night.draw_seed or 0) + len(kept.draw.seated()),
                                playing=kept.playing, history=history_of(night))
        played_at = seat.table if seat.table_id and seat.table.games.exists() else None
        kept = _rewrite(night, kept, result)
        # Kept with the table they played at, for the season's history of meetings.
        Seat.objects.create(night=night, player=player, table=played_at, position=99, left=True)
        return kept


def move(night: Night, player: Player, table: NightTable | None) -> None:
    """The organiser moves a player to another table (or to the waiting list), last seat, before
    either table plays. Refused when a table plays, or would hold more than the game allows."""
    with transaction.atomic():
        night = Night.objects.select_for_update().get(pk=night.pk)
        seat = night.seats.filter(player=player, left=False).select_related("table").first()
        if seat is None:
            raise DrawRefused("not here")
        for busy in (seat.table, table):
            if busy is not None and busy.games.exists():
                raise DrawRefused("playing")
        if table is not None and table.seats.filter(left=False).count() >= sizes_of(night).largest:
            raise DrawRefused("full")
        seat.table = table
        seat.position = night.seats.filter(table=table, left=False).count()
        seat.save(update_fields=["table", "position"])


@dataclass(frozen=True)
class ShownTable:
    table: NightTable
    players: list[Player]  # in seat order
    playing: bool


def shown(night: Night) -> tuple[list[ShownTable], list[Player]]:
    """The night's tables with their players in seat order, and who waits: for the pages."""
    kept = kept_draw(night)
    players = Player.objects.in_bulk([*kept.draw.seated(), *kept.draw.waiting])
    tables = [ShownTable(row, [players[p] for p in kept.draw.tables[i]], i in kept.playing)
              for i, row in enumerate(kept.tables)]
    return tables, [players[p] for p in kept.draw.waiting]
