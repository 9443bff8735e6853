"""What every variant declares, and the shapes the engine hands back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import Deck

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


@dataclass(frozen=True, slots=True)
class SnapRule:
    """The défausse rapide, as the referee applies it (table-rules.md)."""

    who: str  # "anyone", "others" (not the player who discarded), "own_turn"
    several: bool  # whether several matching snaps on one discard are all accepted
    wrong: str  # "penalty_card", "penalty_card_card_stays" (cactus), "two_points" (cabo)
    retry_after_wrong: bool = True  # cabo-bruxellois: no second try on that discard
    play_for_others: bool = False  # dutch-toulousain's jeu pour autrui
    penalty_points: int = 0  # points a wrong snap adds to the round (cabo: 2)


@dataclass(frozen=True, slots=True)
class Power:
    """A power card: which cards and what they allow (an identifier the pages translate)."""

    cards: str  # a rank ("8"), or "black K" / "red K"
    effect: str


class Variant:
    """A variant declaration. Subclasses fill in the class attributes and scoring."""

    key: str = ""
    name: str = ""
    family: str = ""  # "memory", "canasta", "cactus_game"
    deck: Deck | None = None
    min_players: int = 2
    max_players: int = 8
    options: tuple[Option, ...] = ()
    scale: int = 1
    lower_is_better: bool = True
    call: Call | None = None
    snap: SnapRule | None = None
    powers: tuple[Power, ...] = ()
    round_extras: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()  # every rule identifier the variant's steps and errors use

    record_extras: tuple[str, ...] = ()  # top-level fields of its own (canasta's teams)

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

    def side_names(self, game: Game) -> list[str]:
        """Whom results are keyed by: players, or canasta's sides."""
        return list(game.players)
