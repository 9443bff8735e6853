"""The score sheet of a game, ready to display: rows, cells, totals, leaders, the end.

Built from what the engine cached on the game (Round.result, Game.totals,
winners, losers, eliminated): displaying a sheet never re-scores a record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote

from django.urls import reverse
from django.utils import formats

from engine.rules.variants.base import HIGHEST
from scorekeeper.charts.sheet_chart import SheetChart, sheet_chart
from scorekeeper.models import Game, Round
from scorekeeper.wording.text import MINUS

Number = int | float
# A long game's sheet shows its last rounds and folds the older ones behind a link:
# a 500-round game's page stays as small and fast as a 50-round one.
SHEET_ROUNDS = 50


@dataclass(slots=True)
class Cell:
    side: str
    points: Number | None  # None: the player was out in this round (dutch)
    total: Number | None
    why_url: str
    acting: bool = False  # cactus-game: whose turn it was
    shown: str = ""  # points and total as written in the active language (6,5 in French)
    shown_total: str = ""
    # The total before a reset (tamoul's 100 -> 50): the previous total plus the points
    # is not the total the engine kept. None when the total is their plain sum.
    reset_from: str | None = None

    @property
    def out(self) -> bool:
        return self.points is None


@dataclass(slots=True)
class Row:
    number: int
    cells: list[Cell]
    edit_url: str
    actor: str | None = None  # cactus-game: the player whose turn it was


@dataclass(slots=True)
class Side:
    name: str
    total: Number
    members: list[str] = field(default_factory=list)  # canasta teams: the two partners
    leader: bool = False
    winner: bool = False
    loser: bool = False
    out_since: int | None = None  # the round that put the player out (dutch)

    @property
    def shown_total(self) -> str:
        return _show(self.total)


@dataclass(slots=True)
class Sheet:
    game: Game
    sides: list[Side]
    rows: list[Row]
    higher_leads: bool  # the variant's direction (Variant.best), for the line under the sheet
    turns: bool  # cactus-game: rows are turns
    folded: int = 0  # older rounds not shown (rounds 1 to `folded`)
    count: int = 0  # every round of the game
    newer: int | None = None  # shown an older window: the rounds after it are folded too

    @property
    def older_upto(self) -> int:
        """The last round of the window before this one (for its link)."""
        return self.folded

    @property
    def older_from(self) -> int:
        return max(1, self.folded - SHEET_ROUNDS + 1)
    rounds_agreed: int | None = None  # the "rounds" option, when the players set one
    limits: list[tuple[str, str]] = field(default_factory=list)  # (Limit.kind, points shown)
    resets: list[tuple[int, Cell]] = field(default_factory=list)  # (round, cell) of each reset

    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def winners(self) -> list[Side]:
        return [s for s in self.sides if s.winner]

    @property
    def losers(self) -> list[Side]:
        return [s for s in self.sides if s.loser]

    @property
    def last_round(self) -> int:
        return self.rows[-1].number if self.rows else 0

    @property
    def next_round(self) -> int:
        return self.last_round + 1

    @property
    def next_dealer(self) -> str | None:
        """Who deals the game's next round (Game.next_dealer)."""
        return self.game.next_dealer(self.count)

    @property
    def chart(self) -> SheetChart:
        """The running totals as a picture (scorekeeper/charts/sheet_chart.py)."""
        return sheet_chart(self)

    @property
    def many(self) -> bool:
        """Six sides or more: the names are written upright to fit a phone."""
        return len(self.sides) >= 6


def build_sheet(game: Game, rounds: list[Round] | None = None, *, upto: int | None = None) -> Sheet:
    """The sheet of `game`: its last SHEET_ROUNDS rounds, or the SHEET_ROUNDS up to
    round `upto`; the others are folded. Pass `rounds` when they are all loaded already."""
    if rounds is None:
        count = game.rounds.count()
        last = count if upto is None else max(1, min(upto, count))
        rounds = list(game.rounds.filter(number__gt=last - SHEET_ROUNDS, number__lte=last))
    else:
        count = len(rounds)
        last = count if upto is None else max(1, min(upto, count))
        rounds = rounds[max(0, last - SHEET_ROUNDS):last]
    names = game.sides()
    members = {team: list(players) for team, players in (game.teams or {}).items()}
    turns = game.rules.turn_based
    urls = _RoundUrls(game.token, names)
    rows = [_row(urls, r, names, turns) for r in rounds]
    # A folded sheet's first row has no total before it on the page: it is not checked.
    resets = _mark_resets(rows, check_first=not rounds or rounds[0].number == 1)
    totals = game.totals or {}
    # Who is ahead is the engine's ranking, never worked out again here.
    ranking = game.ranking()
    leaders = set(ranking.leaders) if rows and not game.finished else set()
    sides = [Side(name, totals.get(name, 0), members.get(name, []), leader=name in leaders,
                  winner=name in ranking.winners, loser=name in game.losers,
                  # Dutch: the last players may all pass 100 in one round; the winner among
                  # them is shown as the winner, not struck through as out.
                  out_since=None if name in ranking.winners else (game.eliminated or {}).get(name))
             for name in names]
    folded = rounds[0].number - 1 if rounds else 0
    options = {**game.rules.option_defaults(), **(game.options or {})}
    limits = [(limit.kind, _show(limit.points)) for limit in game.rules.end_limits(options)]
    return Sheet(game, sides, rows, game.rules.best == HIGHEST, turns, folded=folded, count=count,
                 newer=last + 1 if last < count else None,
                 rounds_agreed=options.get("rounds"), limits=limits, resets=resets)


def _mark_resets(rows: list[Row], check_first: bool = True) -> list[tuple[int, Cell]]:
    """Cells whose total is not the previous total plus the round's points: the engine
    reset it (tamoul's 100 -> 50). Read from its results, whatever the variant."""
    resets = []
    before: dict[str, Number] = {}
    for i, row in enumerate(rows):
        for cell in row.cells:
            if cell.points is None or cell.total is None:
                continue
            summed = before.get(cell.side, 0) + cell.points
            if summed != cell.total and (i > 0 or check_first):
                cell.reset_from = _show(summed)
                resets.append((row.number, cell))
            before[cell.side] = cell.total
    return resets


class _RoundUrls:
    """A round's "why" and "edit" links, each reversed once per sheet rather than once
    per row: 100 reverse() calls were three quarters of building a 50-round sheet."""

    ANY = 987654321  # stands for the round's number in the reversed path

    def __init__(self, token: str, names: list[str]) -> None:
        # Each path split where the number goes (it comes after the token).
        self._why = reverse("round_why", args=[token, self.ANY]).rsplit(str(self.ANY), 1)
        self._edit = reverse("round_edit", args=[token, self.ANY]).rsplit(str(self.ANY), 1)
        self.player = {name: "?player=" + quote(name) for name in names}

    def why(self, number: int) -> str:
        return f"{self._why[0]}{number}{self._why[1]}"

    def edit(self, number: int) -> str:
        return f"{self._edit[0]}{number}{self._edit[1]}"


def _row(urls: _RoundUrls, stored: Round, names: list[str], turns: bool) -> Row:
    n = stored.number
    points = stored.result.get("points", {})
    totals = stored.result.get("totals", {})
    why = urls.why(n)
    actor = stored.data.get("player") if turns and isinstance(stored.data, dict) else None
    cells = [Cell(name, points.get(name), totals.get(name), why + urls.player[name], acting=name == actor,
                  shown=_show(points.get(name)), shown_total=_show(totals.get(name)))
             for name in names]
    return Row(n, cells, urls.edit(n), actor)


def _show(value: Number | None) -> str:
    """A number as the template would localize it, done once here: 400 cells' worth of
    template localization was a third of the sheet's render time."""
    if value is None:
        return ""
    if type(value) is int:
        text = str(value)  # no thousands separator (USE_THOUSAND_SEPARATOR is off)
    else:
        text = formats.number_format(value)
    return MINUS + text[1:] if text.startswith("-") else text  # "−230", as the preview and "why" write it
