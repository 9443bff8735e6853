"""Cactus (original) and Cactus "tas de merde": sections 4.1 and 4.2."""

from __future__ import annotations

from typing import Any

from engine.cards import DECK_52

from ..errors import Problems
from ..game import Game
from ..shapes import quoted, short_text, type_code, type_name
from .base import HIGHEST, LOWEST, Call, Option, Power, RoundExtra, RoundResult, SnapRule, Trace
from .memory import MemoryRound, MemoryState, MemoryVariant
from .values import FACE, card_values

CACTUS_LIMIT = 5
SEVEN = "7"


class Cactus(MemoryVariant):
    key = "cactus"
    name = "Cactus"
    deck = DECK_52
    values = card_values(DECK_52, {**FACE, "J": 10, "Q": 10, "K": 0})
    options = (Option("rounds", "count", None),)
    best = HIGHEST  # a game's total counts the rounds won: most wins is ahead
    call = Call("cactus", CACTUS_LIMIT, "one_more_turn_each", over="ignored")
    snap = SnapRule(who="anyone", several=True, wrong="penalty_card_card_stays")
    powers = (Power("8", "look_own_then_next_player"),)
    wrong_power = "none"  # table-rules.md v1.2: its text punishes only wrong snaps
    numbers = {"limit": CACTUS_LIMIT}
    rules: tuple[str, ...] = (
        "cactus.round_winner", "cactus.cactus_not_lowest", "cactus.no_cactus",
        "cactus.most_round_wins", "cactus.announcer_ignored",
    )

    def round_winners(self, values: dict[str, int]) -> tuple[list[str], int | None]:
        cactus = [v for v in values.values() if v <= CACTUS_LIMIT]
        if not cactus:
            return [], None
        best = min(cactus)
        return [p for p, v in values.items() if v == best], best

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        values = rnd.values
        winners, best = self.round_winners(values)
        points: dict[str, int] = {}
        for p, v in values.items():
            if p in winners:
                points[p] = 1
                if trace is not None:
                    trace.append(("cactus.round_winner", p, {"value": v}))
            elif v <= CACTUS_LIMIT:
                points[p] = 0
                if trace is not None:
                    trace.append(("cactus.cactus_not_lowest", p, {"value": v, "best": best}))
            else:
                points[p] = 0
                if trace is not None:
                    trace.append(("cactus.no_cactus", p, {"value": v, "limit": CACTUS_LIMIT}))
        return RoundResult(points, {}, values)

    def outcome(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        return self.after_agreed_rounds(game, state)


class CactusTas(Cactus):
    key = "cactus-tas"
    name = "Cactus (tas de merde)"
    best = LOWEST  # a total counts kilos: the fewest is ahead
    options = (Option("rounds", "count", 5),)
    extras = (RoundExtra("draws", "player", "card"),)
    rules = (
        "cactus_tas.has_cactus", "cactus_tas.draw_weight", "cactus_tas.seven_flush",
        "cactus_tas.first_draw_seven", "cactus_tas.fewest_kilos", "cactus.announcer_ignored",
    )

    def read_extras(self, raw: dict[str, Any], rnd: MemoryRound, game: Game, state: MemoryState,
                    problems: Problems) -> dict[str, list[str]]:
        n = rnd.n
        draws_raw = raw.get("draws")
        if draws_raw is None:
            draws_raw = {}
        if not isinstance(draws_raw, dict):
            problems.add(f"draws must be an object of player: card, not {type_name(draws_raw)}", n,
                         code="field.shape", field="draws", expected="cards_by_player", got=type_code(draws_raw))
            return {}
        draws: dict[str, str] = {}
        mentioned: set[str] = set()
        for key, text in draws_raw.items():
            name = game.player_named(key)
            if name is not None:
                mentioned.add(name)
            if name is None or name not in rnd.values:
                problems.add(f"draws has an entry for {quoted(key)}, who is not a player in this round", n,
                             code="player.unknown", field="draws", name=short_text(key))
                continue
            value = rnd.values[name]
            if value <= CACTUS_LIMIT:
                problems.add(f"{name} has cactus (value {value}) and draws nothing, but draws gives "
                             f"{quoted(text)}", n, "cactus_tas.has_cactus",
                             code="cactus_tas.draw_with_cactus", field="draws", player=name, value=value)
                continue
            code = self.read_card(text, f"{name}'s draw", n, problems, "draws", name)
            if code is not None:
                draws[name] = code
        missing = [p for p, v in rnd.values.items() if v > CACTUS_LIMIT and p not in mentioned]
        for p in missing:
            problems.add(f"draws are missing for {p}, who has no cactus (value {rnd.values[p]})", n,
                         "cactus_tas.draw_weight", code="cactus_tas.draw_missing", field="draws", player=p,
                         value=rnd.values[p])
        rnd.extras["draws"] = draws
        return {}  # drawn cards go back into the deck: not part of the deck check

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        draws = rnd.extras["draws"]
        totals = state.totals
        points: dict[str, int] = {}
        for p, v in rnd.values.items():
            card = draws.get(p)
            if card is None:
                points[p] = 0
                if trace is not None:
                    trace.append(("cactus_tas.has_cactus", p, {"value": v}))
                continue
            first = p not in state.drawn
            state.drawn.add(p)
            if card[:-1] == SEVEN and not first:
                points[p] = -totals[p]
                if trace is not None:
                    trace.append(("cactus_tas.seven_flush", p, {"card": card, "kilos": totals[p]}))
            elif card[:-1] == SEVEN:
                points[p] = 7
                if trace is not None:
                    trace.append(("cactus_tas.first_draw_seven", p, {"card": card, "value": v}))
            else:
                weight = self.values[card]
                points[p] = weight
                if trace is not None:
                    trace.append(("cactus_tas.draw_weight", p, {"card": card, "weight": weight, "value": v}))
        return RoundResult(points, {}, rnd.values)

    def outcome(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        return self.after_agreed_rounds(game, state)
