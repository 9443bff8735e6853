"""What the memory games share: reading hands, the deck check, running totals.

Cactus, Tamalou and its regional variants all play rounds of face-down hands;
each variant module only says how a round's values become points and when the
game ends.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from engine.cards import Deck, parse_card

from ..errors import TOP, Problems
from ..game import Game
from ..shapes import quoted, short_text, type_code, type_name
from ..units import from_number, to_number
from .base import MEMORY, RoundResult, Trace, Variant

HAND_MIN, HAND_MAX = -50, 500
_LISTS_ONLY = {list}


class MemoryState:
    """Where a memory game stands between rounds."""

    __slots__ = ("totals", "in_players", "in_set", "rounds_played", "drawn", "out_in_round")

    def __init__(self, players: list[str]):
        self.totals: dict[str, int] = dict.fromkeys(players, 0)
        self.in_players: list[str] = list(players)  # seat order
        self.in_set: frozenset[str] = frozenset(players)
        self.rounds_played = 0
        self.drawn: set[str] = set()  # cactus-tas: who has drawn at least once
        self.out_in_round: dict[str, int] = {}  # dutch: round in which each player went out


class MemoryRound:
    """A checked round: each hand's cards (None for a counted hand) and value, in units."""

    __slots__ = ("n", "cards", "values", "announcer", "extras")

    def __init__(self, n: int, cards: dict[str, list[str] | None], values: dict[str, int],
                 announcer: str | None, extras: dict[str, Any]):
        self.n = n
        self.cards = cards
        self.values = values
        self.announcer = announcer
        self.extras = extras


def times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


class MemoryVariant(Variant):
    family = MEMORY
    min_players = 2
    max_players = 8
    deck: Deck  # every memory game is played with one (set by each variant)
    values: dict[str, int] = {}  # card code -> value in units, exactly the deck's codes
    dealt: int | None = 4  # face down in a square (table-rules.md)

    # -- reading -------------------------------------------------------------

    def __init__(self) -> None:
        self.round_fields = frozenset(("hands", "announcer") + self.round_extras)

    def hand_range(self) -> tuple[int | float, int | float]:
        """The lowest and highest value a hand of this deck can have (every card worth
        less than 0 in it, or every card worth more), as numbers. A record may count a hand
        anywhere from HAND_MIN to HAND_MAX; the app's entry refuses what no deal can make."""
        copies = self.deck.copies
        low = sum(units * copies[code] for code, units in self.values.items() if units < 0)
        high = sum(units * copies[code] for code, units in self.values.items() if units > 0)
        return to_number(low, self.scale), to_number(high, self.scale)

    def read_number(self, hand: Any, name: str, n: int, problems: Problems) -> tuple[None, int]:
        """A hand given as a number (a player who counted their own cards)."""
        if isinstance(hand, bool) or not isinstance(hand, (int, float)):
            problems.add(f"{name}'s hand must be a list of cards or a number, not {type_name(hand)}", n,
                         code="hand.shape", field="hands", player=name)
            return None, 0
        if not HAND_MIN <= hand <= HAND_MAX:  # NaN fails this too
            problems.add(f"{name}'s hand counted as {quoted(hand)} is outside {HAND_MIN} to {HAND_MAX}", n,
                         code="hand.number_range", field="hands", player=name, value=hand, low=HAND_MIN,
                         high=HAND_MAX)
            return None, 0
        units = from_number(hand, self.scale)
        if units is None:
            step = "a multiple of 0.5" if self.scale == 2 else "a whole number"
            problems.add(f"{name}'s hand counted as {quoted(hand)} must be {step}", n,
                         code="hand.number_step_halves" if self.scale == 2 else "hand.number_step", field="hands",
                         player=name, value=hand, halves=self.scale == 2)
            return None, 0
        return None, units

    def _read_cards_slowly(self, cards: list[Any], where: str, n: int, problems: Problems,
                           field: str = "hands", player: str | None = None) -> tuple[list[str], int]:
        table = self.values
        codes: list[str] = []
        total = 0
        for text in cards:
            code = parse_card(text)
            if code is None:
                problems.add(f"{where} has {quoted(text)}, which is not a card", n,
                             code="card.unknown", field=field, player=player, text=short_text(text))
            elif code not in table:
                problems.add(f"{where} has {code}, which is not in the {self.key} deck ({self.deck.label})", n,
                             code="card.not_in_deck", field=field, player=player, card=code)
            else:
                codes.append(code)
                total += table[code]
        return codes, total

    def read_card(self, text: Any, where: str, n: int, problems: Problems, field: str,
                  player: str | None) -> str | None:
        """One card of this variant's deck (draws, penalty cards), or None with a problem."""
        codes, _ = self._read_cards_slowly([text], where, n, problems, field, player)
        return codes[0] if codes else None

    def read_round(self, raw: Any, n: int, game: Game, state: MemoryState, problems: Problems) -> MemoryRound | None:
        if type(raw) is not dict:
            problems.add(f"a round must be an object, not {type_name(raw)}", n, code="round.shape",
                         field=TOP, got=type_code(raw))
            return None
        fields = self.round_fields
        for key in raw if not fields.issuperset(raw) else ():
            if key not in fields:
                problems.add(f"unknown field {quoted(key)} (a {self.key} round has: {', '.join(sorted(fields))})", n,
                             code="field.unknown", field=TOP, name=short_text(key), allowed=sorted(fields))
        hands = raw.get("hands")
        if type(hands) is not dict:
            what = "missing" if hands is None else f"{type_name(hands)}, not an object of hands"
            if hands is None:
                problems.add(f"hands is {what}", n, code="field.missing", field="hands")
            else:
                problems.add(f"hands is {what}", n, code="field.shape", field="hands", expected="hands",
                             got=type_code(hands))
            return None
        cards, values, distinct = self._read_hands(hands, n, game, state, problems)
        announcer = raw.get("announcer")
        if announcer is not None:
            announcer = self.read_player(announcer, "announcer", n, game, state, problems)
        if problems.items:
            return None
        rnd = MemoryRound(n, cards, values, announcer, {})
        counted = self.read_extras(raw, rnd, game, state, problems)
        if problems.items:
            return None
        if not distinct or counted:  # no card twice among the hands: only extras can break the deck
            self.check_deck(rnd, counted, n, problems)
        return None if problems.items else rnd

    def _read_hands(self, hands: dict[str, Any], n: int, game: Game, state: MemoryState,
                    problems: Problems) -> tuple[dict[str, list[str] | None], dict[str, int], bool]:
        """Each hand's cards and value, in seat order whatever the order of `hands`, and
        whether no card code appears twice among them (then the deck check has nothing to say)."""
        if hands.keys() == state.in_set:
            # The common case, in one pass: exactly the players still in, each with a
            # list of canonical codes of this deck.
            players = state.in_players
            listed = [hands[p] for p in players]
            if {*map(type, listed)} == _LISTS_ONLY:
                value_of = self.values.__getitem__
                try:
                    sums = [sum(map(value_of, hand)) for hand in listed]
                except (KeyError, TypeError):
                    pass  # a card to parse or to refuse: the loop below says which
                else:
                    codes = [*chain.from_iterable(listed)]
                    return (dict(zip(players, listed, strict=True)), dict(zip(players, sums, strict=True)),
                            len(codes) == len({*codes}))
        cards: dict[str, list[str] | None] = {}
        values: dict[str, int] = {}
        in_players = state.in_players
        value_of = self.values.__getitem__
        exact_names = game.names
        for key, hand in hands.items():
            name = exact_names.get(key) or game.player_named(key)
            if name is None:
                problems.add(f"hands has an entry for {quoted(key)}, who is not a player", n,
                             code="hand.not_a_player", field="hands", name=short_text(key))
            elif name in values:
                problems.add(f"{name} has two hands", n, code="hand.twice", field="hands", player=name)
            elif name not in state.in_set:
                problems.add(f"{name} is out of the game and cannot have a hand", n,
                             code="hand.player_out", field="hands", player=name)
            elif type(hand) is list:
                try:
                    # The common case: canonical codes of this deck, summed in one C loop.
                    values[name] = sum(map(value_of, hand))
                    cards[name] = hand
                except (KeyError, TypeError):
                    cards[name], values[name] = self._read_cards_slowly(hand, f"{name}'s hand", n, problems,
                                                                         "hands", name)
            else:
                cards[name], values[name] = self.read_number(hand, name, n, problems)
        if len(values) != len(in_players):
            for name in in_players:
                if name not in values:
                    problems.add(f"{name}'s hand is missing", n, code="hand.missing", field="hands", player=name)
        elif list(values) != in_players:
            cards = {p: cards[p] for p in in_players}
            values = {p: values[p] for p in in_players}
        return cards, values, False

    def read_player(self, raw: Any, field: str, n: int, game: Game, state: MemoryState,
                    problems: Problems) -> str | None:
        """A player still in the game named by `field`, or None (null or left out)."""
        if raw is None:
            return None
        name = game.player_named(raw)
        if name is None:
            problems.add(f"{field} {quoted(raw)} is not a player of this game", n,
                         code="player.unknown", field=field, name=short_text(raw))
        elif name not in state.in_set:
            problems.add(f"{field} {name} is out of the game", n, code="player.out", field=field, player=name)
        return name

    def read_extras(self, raw: dict[str, Any], rnd: MemoryRound, game: Game, state: MemoryState,
                    problems: Problems) -> dict[str, list[str]]:
        """Read the variant's extra round fields into `rnd.extras`.

        Returns the extra cards that count in the deck check, keyed "field:player"
        (e.g. "penalty_cards:Ana").
        """
        return {}

    def check_deck(self, rnd: MemoryRound, counted: dict[str, list[str]], n: int, problems: Problems) -> None:
        """Each card at most as often as the deck holds it, across hands and counted extras
        (`counted`, keyed "field:player" as `read_extras` returns them)."""
        codes = [*chain.from_iterable(filter(None, rnd.cards.values())), *chain.from_iterable(counted.values())]
        overused = self.deck.overused(codes)
        if not overused:
            return
        places: dict[tuple[str, str], list[str]] = {("hands", p): hand for p, hand in rnd.cards.items() if hand}
        for label, cards in counted.items():
            field, player = label.split(":", 1)
            places[(field, player)] = cards
        for code, count in overused:
            where = [(place, cards.count(code)) for place, cards in places.items() if code in cards]
            allowed = self.deck.copies[code]
            labels = [f"{player}'s {'hand' if field == 'hands' else field.replace('_', ' ')}"
                      for (field, player), _ in where]
            players = [player for (_, player), _ in where]
            fields = sorted({field for (field, _), _ in where})
            if len(where) == 1:
                message = f"{labels[0]} has {code} {times(count)}, but the deck has it {times(allowed)}"
            else:
                message = (f"{code} is in {' and '.join(labels)}, {times(count)} in all, "
                           f"but the deck has it {times(allowed)}")
            problems.add(message, n, "deck", code="deck.overused", field=fields[0], players=players,
                         player=players[0], card=code, count=count, allowed=allowed)

    # -- scoring -------------------------------------------------------------

    def new_state(self, game: Game) -> MemoryState:
        return MemoryState(game.players)

    def play_round(self, raw: Any, n: int, game: Game, state: MemoryState,
                   problems: Problems, trace: Trace = None) -> RoundResult | None:
        rnd = self.read_round(raw, n, game, state, problems)
        if rnd is None:
            return None
        result = self.score(rnd, game, state, trace)
        totals = state.totals
        for player, pts in result.points.items():
            totals[player] += pts
        state.rounds_played = n
        self.after_round(rnd, result, state, trace)
        result.totals = dict(totals)
        result.trace = trace
        return result

    def check_round(self, raw: Any, n: int, game: Game, state: MemoryState, problems: Problems) -> None:
        # A round's hands, extras and deck do not depend on earlier rounds (dutch's
        # eliminations do: Dutch overrides this).
        self.read_round(raw, n, game, state, problems)

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        raise NotImplementedError

    def after_round(self, rnd: MemoryRound, result: RoundResult, state: MemoryState, trace: Trace) -> None:
        """Resets and eliminations, applied to `state.totals` after the points."""

    def everyone_scores_value(self, rnd: MemoryRound, rule: str, trace: Trace) -> RoundResult:
        values = rnd.values
        if trace is not None:
            trace += [(rule, p, {"value": v}) for p, v in values.items()]
        return RoundResult(points=dict(values), totals={}, values=values)

    # -- end of game ---------------------------------------------------------

    def after_agreed_rounds(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        """The end rule shared by cactus and the tamalou family: the agreed number of rounds,
        then the best totals win (the lowest, or cactus's most rounds won: Variant.best)."""
        agreed = game.options.get("rounds")
        if agreed is None or state.rounds_played < agreed:
            return False, [], []
        return True, self.ahead(state.totals), []
