"""Dutch (4.5) and Dutch toulousain (4.9)."""

from __future__ import annotations

from typing import Any

from engine.cards import DECK_52, DECK_54

from ..errors import Problems
from ..game import Game
from ..shapes import type_code, type_name
from .base import Call, Limit, Power, RoundExtra, RoundResult, SnapRule, Trace
from .memory import MemoryRound, MemoryState, MemoryVariant
from .values import FACE, card_values


class Dutch(MemoryVariant):
    key = "dutch"
    name = "Dutch"
    deck = DECK_54
    values = card_values(DECK_54, {**FACE, "J": 11, "Q": 12}, red_k=0, black_k=20, joker=0)
    call = Call("dutch", None, "round_stops", when="own_turn")
    # table-rules.md v1.2, the own-turn snap: a wrong card ends that player's snap for the turn.
    snap = SnapRule(who="own_turn", several=False, wrong="penalty_card", retry_after_wrong=False)
    powers = (Power("7", "swap_with_other"), Power("J", "look_own"), Power("Q", "look_other"))
    rules = ("dutch.hand_value", "dutch.eliminated", "dutch.last_player_in", "dutch.all_out_lowest_wins")
    OUT_AT = 100
    numbers = {"out_at": OUT_AT}

    def end_limits(self, options: dict[str, Any]) -> tuple[Limit, ...]:
        return (Limit("out_at", self.OUT_AT),)

    def check_round(self, raw: Any, n: int, game: Game, state: MemoryState, problems: Problems) -> None:
        """Who is still in depends on every earlier round: nothing can be checked alone."""

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        return self.everyone_scores_value(rnd, "dutch.hand_value", trace)

    def after_round(self, rnd: MemoryRound, result: RoundResult, state: MemoryState, trace: Trace) -> None:
        out = [p for p in state.in_players if state.totals[p] >= self.OUT_AT]
        for p in out:
            state.out_in_round[p] = rnd.n
            if trace is not None:
                trace.append(("dutch.eliminated", p, {"total": state.totals[p], "limit": self.OUT_AT}))
        if out:
            state.in_players = [p for p in state.in_players if p not in out]
            state.in_set = frozenset(state.in_players)

    def outcome(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        if len(state.in_players) > 1:
            return False, [], []
        if state.in_players:
            winners = list(state.in_players)
        else:
            last = max(state.out_in_round.values())
            winners = self.ahead(state.totals, [p for p, n in state.out_in_round.items() if n == last])
            winners = [p for p in game.players if p in winners]
        losers = [p for p in game.players if p in state.out_in_round and p not in winners]
        return True, winners, losers


class DutchToulousain(MemoryVariant):
    key = "dutch-toulousain"
    name = "Dutch toulousain"
    deck = DECK_52
    values = card_values(DECK_52, {**FACE, "J": 11, "Q": 12}, red_k=0, black_k=13)
    call = Call("dutch", None, "caller_frozen_until_their_turn")
    snap = SnapRule(who="anyone", several=True, wrong="penalty_card", play_for_others=True)
    # table-rules.md v1.2: the jack and the red king are compulsory (no pass).
    powers = (Power("J", "swap_two_cards", compulsory=True), Power("Q", "look_any"),
              Power("red K", "give_stock_card", compulsory=True))
    extras = (RoundExtra("penalty_cards", "round", "cards"),)
    rules = ("dutch_toulousain.hand_value", "dutch_toulousain.penalty_cards",
             "dutch_toulousain.round_winner", "dutch_toulousain.over_hundred_ends")
    LIMIT = 100
    numbers = {"limit": LIMIT}  # the game ends when a total is above it

    def end_limits(self, options: dict[str, Any]) -> tuple[Limit, ...]:
        return (Limit("ends_over", self.LIMIT),)

    def read_extras(self, raw: dict[str, Any], rnd: MemoryRound, game: Game, state: MemoryState,
                    problems: Problems) -> dict[str, list[str]]:
        n = rnd.n
        cards_raw = raw.get("penalty_cards")
        if cards_raw is None:
            cards_raw = []
        if not isinstance(cards_raw, list):
            problems.add(f"penalty_cards must be a list of cards, not {type_name(cards_raw)}", n,
                         code="field.shape", field="penalty_cards", expected="cards", got=type_code(cards_raw))
            return {}
        a = rnd.announcer
        if a is None:
            if cards_raw:
                problems.add("penalty_cards are only taken by a dutcher, and nobody called dutch", n,
                             "dutch_toulousain.penalty_cards", code="dutch_toulousain.penalty_without_call",
                             field="penalty_cards")
            rnd.extras["penalty_cards"] = []
            return {}
        cards = [c for c in (self.read_card(t, f"{a}'s penalty cards", n, problems, "penalty_cards", a)
                             for t in cards_raw) if c]
        va = rnd.values[a]
        lower = [p for p, v in rnd.values.items() if p != a and v < va]
        if len(cards_raw) != len(lower):
            due = f"{len(lower)} ({', '.join(lower)} lower than {va})" if lower else "none (nobody is lower)"
            problems.add(f"the dutcher {a} must take {due} penalty cards, not {len(cards_raw)}", n,
                         "dutch_toulousain.penalty_cards", code="dutch_toulousain.penalty_count",
                         field="penalty_cards", player=a, due=len(lower), given=len(cards_raw), lower=lower,
                         value=va)
        rnd.extras["penalty_cards"] = cards
        return {f"penalty_cards:{a}": cards}

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        values = rnd.values
        a = rnd.announcer
        points = dict(values)
        if trace is not None:
            trace += [("dutch_toulousain.hand_value", p, {"value": v}) for p, v in values.items()]
        penalty = rnd.extras["penalty_cards"]
        if penalty and a is not None:  # only a dutcher takes penalty cards (read_extras)
            added = sum(self.values[c] for c in penalty)
            points[a] += added
            if trace is not None:
                trace.append(("dutch_toulousain.penalty_cards", a,
                                  {"cards": list(penalty), "count": len(penalty), "added": added}))
        winner = self.round_winner(points, a, list(values))
        if trace is not None:
            trace.append(("dutch_toulousain.round_winner", winner, {"points": points[winner], "dutcher": a}))
        return RoundResult(points=points, totals={}, values=values, winner=winner)

    @staticmethod
    def round_winner(points: dict[str, int], dutcher: str | None, seats: list[str]) -> str:
        """The lowest points; a tie goes to the dutcher, else to the first tied player
        after the dutcher in seat order (from the first seat when nobody called)."""
        best = min(points.values())
        start = seats.index(dutcher) if dutcher is not None else 0
        for i in range(len(seats)):
            p = seats[(start + i) % len(seats)]
            if points[p] == best:
                return p
        raise AssertionError("a lowest score always belongs to someone")

    def outcome(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        losers = [p for p, t in state.totals.items() if t > self.LIMIT]
        if not losers:
            return False, [], []
        return True, self.ahead(state.totals), losers
