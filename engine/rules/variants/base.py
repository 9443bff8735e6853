"""What every variant declares, and the shapes the engine hands back."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.cards import Deck

if TYPE_CHECKING:
    from ..errors import Problems
    from ..game import Game


class Step(NamedTuple):
    """One reason behind a score: a rule identifier and what it was applied to.

    The web layer turns `rule` into a sentence (and a link to the rules page);
    the engine itself never writes prose for players.
    """

    rule: str
    player: str | None
    params: dict[str, Any]


# What scoring records while it runs: (rule, player, params), numbers in the variant's
# units. Plain tuples keep the hot path cheap; GameResult.explain() turns them into Steps.
RawStep = tuple[str, str | None, dict[str, Any]]
# Where scoring writes its steps: a list when a round is being explained, None otherwise
# (the usual case: scoring a whole game need not pay for sentences nobody reads).
Trace = list[RawStep] | None


@dataclass(slots=True)
class RoundResult:
    """The score of one round (or, in cactus-game, one turn), in the variant's units."""

    points: dict[str, int]
    totals: dict[str, int]
    values: dict[str, int] | None = None
    winner: str | None = None
    trace: Trace = None  # the steps, when this round was scored to be explained


# Which total is ahead. LOWEST: points are bad (the memory games, cactus "tas de merde");
# HIGHEST: points are good (cactus counts rounds won, canasta, cactus-game). A variant
# declares it once (Variant.best): its winners rule picks the best totals with
# `Variant.ahead`, and the ranking every page reads (`rank`, engine/rules/scoring.py) orders the
# sides with the same attribute, so the two cannot disagree.
LOWEST, HIGHEST = "lowest", "highest"

# The game families. A family shares a round's shape, so the web layer picks one entry
# adapter, one sheet layout and one set of live-table rules per family (never per variant).
MEMORY = "memory"  # face-down hands scored at the end of a round (cactus, tamalou and kin)
CANASTA = "canasta"  # melds scored per side (a player, or a team of partners)
CACTUS_GAME = "cactus_game"  # a record's "round" is one player's turn of plays


@dataclass(frozen=True, slots=True)
class RoundExtra:
    """A field of the round beyond the family's own (a memory round's hands and announcer).

    scope: "player" (one entry per player who has a hand) or "round" (one for the round).
    kind:  "card" (one card), "cards" (a list of cards), "flag" (said or not),
           "count" (a whole number), "player" (one player, or nobody).
    In the record: a per-player card or count is {player: value}; a per-player flag is the
    list of players who said it; a per-round value is the value itself.
    """

    key: str
    scope: str
    kind: str


@dataclass(frozen=True, slots=True)
class Teams:
    """Playing in teams: at `players` players, `count` teams of partners sitting opposite
    (seats 1 and 3 against seats 2 and 4)."""

    players: int
    count: int = 2

    def seat(self, players: list[str], names: list[str]) -> dict[str, list[str]]:
        """The teams for `players` in seat order, named `names` in the same order."""
        return {name: players[i::self.count] for i, name in enumerate(names[:self.count])}


class Limit(NamedTuple):
    """A total that ends the game, or a player's part in it, in points (not units).

    `kind`: "out_at" (a player whose total reaches it is out: dutch), "ends_over" (a
    total above it ends the game), "loses_at" (a total at or above it loses and ends
    the game), "wins_at" (a total at or below it wins outright), "target" (the first
    side to reach it ends the game and the highest total wins).
    """

    kind: str
    points: int


@dataclass(frozen=True, slots=True)
class Option:
    key: str
    kind: str  # "count" (a whole number >= 1) or "flag" (true/false)
    default: int | bool | None


@dataclass(frozen=True, slots=True)
class Call:
    """The call that ends a round: its word and the most a hand may be worth to make it."""

    word: str
    threshold: int | None  # in the variant's units; None when the rules set no limit
    after: str  # what happens after the call, an identifier for the rules pages
    # A call above the threshold: "scored" (the round is scored by the usual rule),
    # "ignored" (cactus: the call does not count), "failed_call" (cabo: the caller pays
    # numbers["failed"], the others score 0).
    over: str = "scored"
    # When it may be made (table-rules.md): "end_of_turn", "own_turn" (dutch: any moment
    # of your own turn) or "instead_of_drawing" (cabo: the call is the whole turn).
    when: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class SnapRule:
    """The défausse rapide, as the referee applies it (table-rules.md)."""

    who: str  # "anyone", "others" (not the player who discarded), "own_turn"
    several: bool  # whether several matching snaps on one discard are all accepted
    wrong: str  # "penalty_card", "penalty_card_card_stays" (cactus), "two_points" (cabo)
    retry_after_wrong: bool = True  # cabo-bruxellois: no second try on that discard
    play_for_others: bool = False  # dutch-toulousain's jeu pour autrui
    penalty_points: int = 0  # points a wrong snap adds to the round (cabo: 2)
    pile_after_snap: bool = True  # cabo-bruxellois: the pile may be taken only when nobody snapped on it


@dataclass(frozen=True, slots=True)
class Power:
    """A power card: which cards and what they allow (an identifier the pages translate)."""

    cards: str  # a rank ("8"), or "black K" / "red K"
    effect: str
    # The player must use it: the table offers no pass (dutch-toulousain's jack and red king).
    compulsory: bool = False


class Variant:
    """A variant declaration. Subclasses fill in the class attributes and scoring."""

    key: str = ""
    name: str = ""
    family: str = ""  # MEMORY, CANASTA or CACTUS_GAME
    deck: Deck | None = None
    min_players: int = 2
    max_players: int = 8
    player_counts: tuple[int, ...] = ()  # how many may play, when not every count from min to max
    teams: Teams | None = None  # when some player counts play in teams (canasta at four)
    turn_based: bool = False  # a record's round is one player's turn (cactus-game), not a deal
    options: tuple[Option, ...] = ()
    scale: int = 1
    best: str = LOWEST  # which total is ahead (LOWEST or HIGHEST): the winners rule reads it
    call: Call | None = None
    snap: SnapRule | None = None
    powers: tuple[Power, ...] = ()
    dealt: int | None = None  # cards dealt to each player at a round's start, where the pages quote it
    # What a power used wrongly costs at the table (table-rules.md, readings): "penalty_card",
    # "points" (cabo: the wrong-snap points, one more wrong snap), "none" (cactus: refused only).
    wrong_power: str = "penalty_card"
    extras: tuple[RoundExtra, ...] = ()  # the round's own fields, beyond the family's
    round_extras: tuple[str, ...] = ()  # their keys (filled in from `extras`)
    # The numbers the rules' prose quotes, in points as players write them (not units):
    # penalties, limits, resets. Pages and sentences read them here, never retype them.
    numbers: dict[str, int | float] = {}
    rules: tuple[str, ...] = ()  # every rule identifier the variant's steps and errors use

    record_extras: tuple[str, ...] = ()  # top-level fields of its own (canasta's teams)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.round_extras = tuple(extra.key for extra in cls.extras)

    def allowed_player_counts(self) -> tuple[int, ...]:
        """Every number of players the game may be played by."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def plays_in_teams(self, players: int) -> bool:
        return self.teams is not None and self.teams.players == players

    def read_record_extras(self, raw: dict[str, Any], game: Game, problems: Problems) -> None:
        """Check the variant's own top-level fields; canasta reads its teams here."""

    def end_limits(self, options: dict[str, Any]) -> tuple[Limit, ...]:
        """The totals that end this game (with these options), for the score sheet."""
        return ()

    def option_defaults(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def new_state(self, game: Game) -> Any:
        raise NotImplementedError

    def play_round(self, raw: Any, n: int, game: Game, state: Any, problems: Problems,
                   trace: Trace = None) -> RoundResult | None:
        """Check round `n` and, when it is valid, score it and advance `state`;
        the rules applied go into `trace` when it is a list."""
        raise NotImplementedError

    def check_round(self, raw: Any, n: int, game: Game, state: Any, problems: Problems) -> None:
        """Check round `n` after an earlier round was at fault, without scoring it.

        Only checks that do not depend on the rounds before may be made (the state
        misses the faulty round); by default none are.
        """

    def outcome(self, game: Game, state: Any) -> tuple[bool, list[str], list[str]]:
        """(finished, winners, losers), winners and losers in seat order."""
        raise NotImplementedError

    def ahead(self, totals: Mapping[str, float], among: Iterable[str] | None = None) -> list[str]:
        """The sides of `among` (every side of `totals` when None) whose total is the best
        in this variant's direction, in the order given: the winners rules use it."""
        sides = list(totals) if among is None else list(among)
        if not sides:
            return []
        pick = min if self.best == LOWEST else max
        top = pick(totals[s] for s in sides)
        return [s for s in sides if totals[s] == top]

    def side_names(self, game: Game) -> list[str]:
        """Whom results are keyed by: players, or canasta's sides."""
        return list(game.players)
