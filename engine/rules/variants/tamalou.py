"""Tamalou and the regional variants that keep its announcer rule:
tamalou (4.3), koubo (4.4), tamoul (4.6), fontenaysien (4.7), cabo-bruxellois (4.8)."""

from __future__ import annotations

from typing import Any

from engine.cards import DECK_32, DECK_54

from ..errors import Problems
from ..game import Game
from ..shapes import quoted, short_text, type_code, type_name
from .base import Call, Limit, Option, Power, RoundExtra, RoundResult, SnapRule, Trace
from .memory import MemoryRound, MemoryState, MemoryVariant
from .values import FACE, card_values

TAMALOU_SNAP = SnapRule(who="others", several=False, wrong="penalty_card")
TAMALOU_POWERS = (
    Power("7", "look_own"), Power("8", "look_own"),
    Power("9", "look_other"), Power("10", "look_other"),
    Power("J", "blind_swap"), Power("Q", "blind_swap"),
    Power("black K", "look_other_then_swap"),
)


ANNOUNCER_RULES = ("announcer_lowest", "announcer_not_lowest", "at_or_below_announcer", "above_announcer")


def announcer_rule(values: dict[str, int], announcer: str, trace: Trace, family: str = "tamalou"
                   ) -> dict[str, int]:
    """Section 4.3: the announcer scores 0 unless someone is lower; the others score 0
    at or below the announcer's value, their value above it."""
    if trace is not None:
        lowest_rule, not_lowest_rule, at_or_below_rule, above_rule = (f"{family}.{r}" for r in ANNOUNCER_RULES)
    va = values[announcer]
    lower, lower_value = None, va  # the lowest player below the announcer, if any
    for p, v in values.items():
        if v < lower_value:
            lower, lower_value = p, v
    points: dict[str, int] = {}
    for p, v in values.items():
        if p == announcer:
            if lower is None:
                points[p] = 0
                if trace is not None:
                    trace.append((lowest_rule, p, {"value": va}))
            else:
                points[p] = va
                if trace is not None:
                    trace.append((not_lowest_rule, p,
                                  {"value": va, "lower": lower, "lower_value": lower_value}))
        elif v <= va:
            points[p] = 0
            if trace is not None:
                trace.append((at_or_below_rule, p,
                              {"value": v, "announcer": announcer, "announcer_value": va}))
        else:
            points[p] = v
            if trace is not None:
                trace.append((above_rule, p,
                              {"value": v, "announcer": announcer, "announcer_value": va}))
    return points


class Tamalou(MemoryVariant):
    key = "tamalou"
    name = "Tamalou"
    deck = DECK_54
    values = card_values(DECK_54, {**FACE, "J": 10, "Q": 10}, red_k=0, black_k=15, joker=0)
    options = (Option("rounds", "count", None),)
    call = Call("tamalou", 5, "round_stops")
    snap = TAMALOU_SNAP
    powers = TAMALOU_POWERS
    rules = (
        "tamalou.announcer_lowest", "tamalou.announcer_not_lowest", "tamalou.at_or_below_announcer",
        "tamalou.above_announcer", "tamalou.no_call", "tamalou.lowest_total_wins",
    )

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        if rnd.announcer is None:
            return self.everyone_scores_value(rnd, "tamalou.no_call", trace)
        points = announcer_rule(rnd.values, rnd.announcer, trace)
        return RoundResult(points, {}, rnd.values)

    def outcome(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        return self.after_agreed_rounds(game, state)


class Koubo(MemoryVariant):
    key = "koubo"
    name = "Koubo charentais"
    deck = DECK_32
    values = card_values(DECK_32, {"A": 1, "7": 7, "8": 8, "9": 9, "10": 10, "J": 2, "Q": 3},
                         red_k=0, black_k=11, joker=-1)
    options = (Option("rounds", "count", 10),)
    call = Call("koubo", None, "one_last_turn_each")
    snap = TAMALOU_SNAP
    powers = (Power("9", "look_own"), Power("10", "look_other"), Power("J", "blind_swap"),
              Power("Q", "look_other_then_swap_shown"))
    rules = ("koubo.announcer_strictly_lowest", "koubo.announcer_not_strictly_lowest",
             "koubo.hand_value", "koubo.lowest_total_wins")
    CALL_WON, CALL_LOST = -3, 20
    numbers = {"call_won": CALL_WON, "call_lost": CALL_LOST}

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        values = rnd.values
        a = rnd.announcer
        points: dict[str, int] = {}
        for p, v in values.items():
            if p != a:
                points[p] = v
                if trace is not None:
                    trace.append(("koubo.hand_value", p, {"value": v}))
                continue
            others = [w for q, w in values.items() if q != a]
            if all(v < w for w in others):
                points[p] = self.CALL_WON
                if trace is not None:
                    trace.append(("koubo.announcer_strictly_lowest", p, {"value": v, "points": self.CALL_WON}))
            else:
                points[p] = self.CALL_LOST
                if trace is not None:
                    trace.append(("koubo.announcer_not_strictly_lowest", p,
                                      {"value": v, "lowest_other": min(others), "points": self.CALL_LOST}))
        return RoundResult(points, {}, values)

    def outcome(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        return self.after_agreed_rounds(game, state)


class Tamoul(MemoryVariant):
    key = "tamoul"
    name = "Tamoul"
    deck = DECK_54
    scale = 2  # red kings are worth half a point
    values = card_values(DECK_54, {**FACE, "J": 15}, red_q=1, black_q=15, red_k=0.5, black_k=15,
                         joker=0, scale=2)
    call = Call("tamoul", 13, "counter_call_next_turn")  # 6.5, in half points
    snap = TAMALOU_SNAP
    powers = (Power("7", "look_own"), Power("8", "look_other"), Power("9", "blind_swap"),
              Power("10", "look_other_then_swap"))
    extras = (RoundExtra("counter_callers", "player", "flag"),)
    rules = (
        "tamoul.announcer_lowest", "tamoul.announcer_not_lowest", "tamoul.at_or_below_announcer",
        "tamoul.above_announcer", "tamoul.no_call", "tamoul.counter_call_won",
        "tamoul.counter_call_lost", "tamoul.hundred_drops_to_fifty", "tamoul.over_hundred_ends",
    )
    COUNTER_WON, COUNTER_LOST = -20, 20
    RESET_FROM, RESET_TO, LIMIT = 100, 50, 100
    numbers = {"counter_won": COUNTER_WON, "counter_lost": COUNTER_LOST, "reset_from": RESET_FROM,
               "reset_to": RESET_TO, "limit": LIMIT}

    def end_limits(self, options: dict[str, Any]) -> tuple[Limit, ...]:
        return (Limit("ends_over", self.LIMIT),)

    def read_extras(self, raw: dict[str, Any], rnd: MemoryRound, game: Game, state: MemoryState,
                    problems: Problems) -> dict[str, list[str]]:
        n = rnd.n
        callers_raw = raw.get("counter_callers")
        callers: list[str] = []
        if callers_raw is None:
            callers_raw = []
        if not isinstance(callers_raw, list):
            problems.add(f"counter_callers must be a list of players, not {type_name(callers_raw)}", n,
                         code="field.shape", field="counter_callers", expected="players", got=type_code(callers_raw))
            return {}
        if callers_raw and rnd.announcer is None:
            problems.add("counter_callers needs an announcer: nobody said tamoul", n, "tamoul.counter_call_won",
                         code="tamoul.counter_without_call", field="counter_callers")
            return {}
        for text in callers_raw:
            name = game.player_named(text)
            if name is None or name not in rnd.values:
                problems.add(f"counter_callers names {quoted(text)}, who is not a player in this round", n,
                             code="player.unknown", field="counter_callers", name=short_text(text))
            elif name == rnd.announcer:
                problems.add(f"{name} said tamoul and cannot also say contre-tamoul", n,
                             "tamoul.counter_call_won", code="tamoul.counter_is_announcer",
                             field="counter_callers", player=name)
            elif name in callers:
                problems.add(f"{name} is in counter_callers twice", n, code="tamoul.counter_twice",
                             field="counter_callers", player=name)
            else:
                callers.append(name)
        rnd.extras["counter_callers"] = callers
        return {}

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        if rnd.announcer is None:
            return self.everyone_scores_value(rnd, "tamoul.no_call", trace)
        a = rnd.announcer
        values = rnd.values
        points = announcer_rule(values, a, trace, family="tamoul")
        va = values[a]
        for c in rnd.extras["counter_callers"]:
            if values[c] < va:
                points[c] = self.COUNTER_WON * self.scale
                if trace is not None:
                    trace.append(("tamoul.counter_call_won", c, {
                        "value": values[c], "announcer": a, "announcer_value": va,
                        "points": points[c]}))
            else:
                points[c] += self.COUNTER_LOST * self.scale
                if trace is not None:
                    trace.append(("tamoul.counter_call_lost", c, {
                        "value": values[c], "announcer": a, "announcer_value": va,
                        "points": points[c]}))
        return RoundResult(points, {}, values)

    def after_round(self, rnd: MemoryRound, result: RoundResult, state: MemoryState, trace: Trace) -> None:
        reset_from, reset_to = self.RESET_FROM * self.scale, self.RESET_TO * self.scale
        for p, total in state.totals.items():
            if total == reset_from:
                state.totals[p] = reset_to
                if trace is not None:
                    trace.append(("tamoul.hundred_drops_to_fifty", p, {"from": reset_from, "to": reset_to}))

    def outcome(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        limit = self.LIMIT * self.scale
        losers = [p for p, t in state.totals.items() if t > limit]
        if not losers:
            return False, [], []
        return True, self.ahead(state.totals), losers


FONTENAYSIEN_SCALE = ((0, -5), (5, 5), (10, 10), (15, 15))  # (highest value, points); above: 30
FONTENAYSIEN_TOP = 30


def scale_points(value: int) -> int:
    """What a hand worth `value` scores on the fontenaysien scale (4.7); the rules search
    answers « une main de 12, je marque combien ? » with it."""
    for highest, band_points in FONTENAYSIEN_SCALE:
        if value <= highest:
            return band_points
    return FONTENAYSIEN_TOP


class Fontenaysien(MemoryVariant):
    key = "fontenaysien"
    name = "Fontenaysien"
    deck = DECK_54
    values = Tamalou.values
    options = (Option("half_game", "flag", False),)
    call = Call("tamalou", None, "one_last_turn_until_caller")
    snap = TAMALOU_SNAP
    powers = TAMALOU_POWERS
    extras = (RoundExtra("went_out", "round", "player"),)
    rules = ("fontenaysien.scale", "fontenaysien.went_out", "fontenaysien.losing_limit",
             "fontenaysien.grand_winner_limit", "fontenaysien.lowest_total_wins",
             "fontenaysien.announcer_ignored")
    WENT_OUT = -10
    LIMITS, HALF_GAME_LIMITS = (100, -50), (50, -25)  # (losing, grand winner)
    numbers = {"went_out": WENT_OUT, "losing_limit": LIMITS[0], "grand_winner_limit": LIMITS[1],
               "half_losing_limit": HALF_GAME_LIMITS[0], "half_grand_winner_limit": HALF_GAME_LIMITS[1]}

    def limits(self, game: Game) -> tuple[int, int]:
        """(losing limit, grand-winner limit)."""
        return self.limits_for(game.options)

    @classmethod
    def limits_for(cls, options: dict[str, Any]) -> tuple[int, int]:
        return cls.HALF_GAME_LIMITS if options.get("half_game") else cls.LIMITS

    def end_limits(self, options: dict[str, Any]) -> tuple[Limit, ...]:
        losing, grand = self.limits_for(options)
        return (Limit("loses_at", losing), Limit("wins_at", grand))

    def read_extras(self, raw: dict[str, Any], rnd: MemoryRound, game: Game, state: MemoryState,
                    problems: Problems) -> dict[str, list[str]]:
        went_out = self.read_player(raw.get("went_out"), "went_out", rnd.n, game, state, problems)
        if went_out is not None and went_out in rnd.values:
            if rnd.cards[went_out] or rnd.values[went_out] != 0:
                problems.add(f"{went_out} went out, so their hand must be empty ([] or 0)", rnd.n,
                             "fontenaysien.went_out", code="fontenaysien.went_out_not_empty",
                             field="went_out", player=went_out)
        rnd.extras["went_out"] = went_out
        return {}

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        points: dict[str, int] = {}
        went_out = rnd.extras["went_out"]
        for p, v in rnd.values.items():
            if p == went_out:
                points[p] = self.WENT_OUT
                if trace is not None:
                    trace.append(("fontenaysien.went_out", p, {"points": self.WENT_OUT}))
                continue
            pts = scale_points(v)
            points[p] = pts
            if trace is not None:
                trace.append(("fontenaysien.scale", p, {"value": v, "points": pts}))
        return RoundResult(points, {}, rnd.values)

    def outcome(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        losing, grand = self.limits(game)
        totals = state.totals
        losers = [p for p, t in totals.items() if t >= losing]
        grand_winners = [p for p, t in totals.items() if t <= grand]
        if not losers and not grand_winners:
            return False, [], []
        return True, grand_winners or self.ahead(state.totals), losers


class CaboBruxellois(MemoryVariant):
    key = "cabo-bruxellois"
    name = "Cabo bruxellois"
    deck = DECK_54
    values = card_values(DECK_54, {**FACE, "J": 11, "Q": 12}, red_k=-2, black_k=13, joker=0)
    FAILED = 10
    LIMIT = 5
    WRONG_SNAP = 2
    options = (Option("rounds", "count", None),)
    call = Call("cabo", LIMIT, "one_last_turn_caller_cards_sideways", over="failed_call",
                when="instead_of_drawing")
    snap = SnapRule(who="others", several=False, wrong="two_points", retry_after_wrong=False,
                    penalty_points=WRONG_SNAP, pile_after_snap=False)
    powers = TAMALOU_POWERS
    wrong_power = "points"  # table-rules.md v1.2: +2, one more wrong snap in the round
    extras = (RoundExtra("wrong_snaps", "player", "count"),)
    rules = (
        "cabo.failed_call", "cabo.failed_call_others", "cabo.beaten", "cabo.negative_call",
        "cabo.negative_call_bonus", "cabo.call", "cabo.hand_value", "cabo.negative_counts_zero",
        "cabo.wrong_snaps", "cabo.lowest_total_wins",
    )
    numbers = {"failed": FAILED, "limit": LIMIT, "wrong_snap": WRONG_SNAP}

    def read_extras(self, raw: dict[str, Any], rnd: MemoryRound, game: Game, state: MemoryState,
                    problems: Problems) -> dict[str, list[str]]:
        n = rnd.n
        snaps_raw = raw.get("wrong_snaps")
        snaps: dict[str, int] = {}
        if snaps_raw is None:
            snaps_raw = {}
        if not isinstance(snaps_raw, dict):
            problems.add(f"wrong_snaps must be an object of player: count, not {type_name(snaps_raw)}", n,
                         code="field.shape", field="wrong_snaps", expected="counts_by_player", got=type_code(snaps_raw))
            return {}
        for key, count in snaps_raw.items():
            name = game.player_named(key)
            if name is None or name not in rnd.values:
                problems.add(f"wrong_snaps has an entry for {quoted(key)}, who is not a player in this round", n,
                             code="player.unknown", field="wrong_snaps", name=short_text(key))
            elif isinstance(count, bool) or not isinstance(count, int) or count < 0:
                problems.add(f"{name}'s wrong snaps must be a whole number, 0 or more, not {quoted(count)}", n,
                             code="cabo.wrong_snaps_count", field="wrong_snaps", player=name,
                             value=quoted(count))
            elif count > 1000:
                problems.add(f"{name}'s wrong snaps ({count}) are more than a round can hold", n,
                             code="cabo.wrong_snaps_too_many", field="wrong_snaps", player=name,
                             count=count, limit=1000)
            elif name in snaps:
                problems.add(f"wrong_snaps has two entries for {name}", n, code="entry.twice",
                             field="wrong_snaps", player=name)
            else:
                snaps[name] = count
        rnd.extras["wrong_snaps"] = snaps
        return {}

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        values = rnd.values
        a = rnd.announcer
        if a is not None and values[a] > self.LIMIT:
            points = self._failed_call(values, a, trace)
        else:
            points = self._plain(values, a, trace)
            if a is not None:
                self._call(values, a, points, trace)
        for p, count in rnd.extras["wrong_snaps"].items():
            if count:
                points[p] += self.WRONG_SNAP * count
                if trace is not None:
                    trace.append(("cabo.wrong_snaps", p, {"count": count, "points": self.WRONG_SNAP * count}))
        return RoundResult(points, {}, values)

    def _failed_call(self, values: dict[str, int], a: str, trace: Trace) -> dict[str, int]:
        """Rule 1: a call above the limit costs the caller 10, and nobody else scores."""
        points = dict.fromkeys(values, 0)
        points[a] = self.FAILED
        if trace is not None:
            for p in values:
                if p == a:
                    trace.append(("cabo.failed_call", p, {"value": values[a], "limit": self.LIMIT,
                                                          "points": self.FAILED}))
                else:
                    trace.append(("cabo.failed_call_others", p, {"announcer": a}))
        return points

    @staticmethod
    def _plain(values: dict[str, int], caller: str | None, trace: Trace) -> dict[str, int]:
        """Rule 4 for everyone but the caller: their value, a negative value counting 0."""
        points = {p: v if v > 0 else 0 for p, v in values.items()}
        if trace is not None:
            for p, v in values.items():
                if p != caller:
                    rule = "cabo.negative_counts_zero" if v < 0 else "cabo.hand_value"
                    trace.append((rule, p, {"value": v}))
        return points

    def _call(self, values: dict[str, int], a: str, points: dict[str, int], trace: Trace) -> None:
        """Rules 2 to 4 for a caller at or below the limit (the others already have rule 4)."""
        va = values[a]
        lowest_other = min(v for p, v in values.items() if p != a)
        if lowest_other < va:
            points[a] = va + (va - lowest_other)
            if trace is not None:
                trace.append(("cabo.beaten", a, {"value": va, "lowest": lowest_other, "points": points[a]}))
        elif va < 0:
            points[a] = 0
            if trace is not None:
                trace.append(("cabo.negative_call", a, {"value": va}))
            for p in values:
                if p != a:
                    points[p] += -va
                    if trace is not None:
                        trace.append(("cabo.negative_call_bonus", p, {"announcer": a, "bonus": -va}))
        else:
            points[a] = va
            if trace is not None:
                trace.append(("cabo.call", a, {"value": va}))

    def outcome(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        return self.after_agreed_rounds(game, state)
