"""The engine's reasons, said to players: why a round scored what it did, per player
or side, with the rules-page anchor each reason links to.

The sentences themselves live in the wording layer (scorekeeper/wording/); this
module puts them together per round and links each to its rules-page anchor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from engine.cards import rank_of
from engine.rules import GameResult, Problem, Step
from engine.rules.units import to_number
from engine.rules.variants.base import CANASTA, MEMORY
from engine.rules.variants.canasta import BLACK_THREE_IN_HAND, card_value
from scorekeeper.wording.cards import card_text as card_label
from scorekeeper.wording.steps import (
    COUNTED_HAND,
    IN_HAND_LINE,
    MELD_LINE,
    NO_CARDS,
    explain_step,
)
from scorekeeper.wording.text import number


def rule_anchor(rule_id: str) -> str:
    """The HTML id of a rule on its rules page: "tamalou.announcer_lowest" -> "tamalou-announcer-lowest"."""
    return rule_id.replace(".", "-").replace("_", "-")


def rule_url(variant_key: str, rule_id: str | None) -> str:
    """The rules page of the variant, at the rule's anchor when there is one."""
    url = reverse("rules_page", args=[variant_key])
    return f"{url}#{rule_anchor(rule_id)}" if rule_id else url


# -- why a round scored what it did, per player or side ------------------------------

@dataclass(slots=True)
class Reason:
    sentence: str
    rule: str
    url: str


@dataclass(slots=True)
class SideWhy:
    """Why one player (or canasta side) scored what they did in one round or turn."""

    name: str
    cards: list[str] = field(default_factory=list)  # "R♥ 0 + 3♠ 3 = 3"
    reasons: list[Reason] = field(default_factory=list)
    points: str = ""
    total: str = ""
    out: bool = False  # no longer in the game (dutch): no hand, no points this round


def cards_sum(codes: list[str], value_of: Any, scale: int = 1) -> str:
    """ "R♥ 0 + 3♠ 3 = 3": each card with its value, and the sum."""
    if not codes:
        return str(NO_CARDS)
    values = [to_number(value_of(c), scale) for c in codes]
    parts = " + ".join(f"{card_label(c)} {number(v)}" for c, v in zip(codes, values, strict=True))
    return f"{parts} = {number(to_number(sum(value_of(c) for c in codes), scale))}"


def _find(mapping: Any, name: str) -> Any:
    """The entry of `mapping` for `name`, as the engine matches names (trimmed)."""
    if not isinstance(mapping, dict):
        return None
    if name in mapping:
        return mapping[name]
    return next((v for k, v in mapping.items() if isinstance(k, str) and k.strip() == name), None)


def _memory_cards(variant: Any, data: dict[str, Any], name: str) -> list[str]:
    from engine.rules import parse_card

    hand = _find(data.get("hands"), name)
    if hand is None:
        return []
    if isinstance(hand, list):
        codes = [parse_card(c) for c in hand]
        if None in codes:
            return []
        return [cards_sum(codes, variant.values.__getitem__, variant.scale)]
    return [str(COUNTED_HAND) % {"value": number(hand)}]


def _canasta_cards(data: dict[str, Any], side: str) -> list[str]:
    from engine.rules import parse_card

    raw = _find(data.get("sides"), side) or {}
    lines = []
    for i, meld in enumerate(raw.get("melds") or [], 1):
        codes = [parse_card(c) for c in meld]
        lines.append(str(MELD_LINE) % {"n": i, "cards": cards_sum(codes, card_value)})
    hand = [parse_card(c) for c in raw.get("hand") or []]
    if hand:
        def hand_value(c: str) -> int:  # a black 3 left in hand costs 100, not 5
            return BLACK_THREE_IN_HAND if rank_of(c) == "3" and c[-1] in "SC" else card_value(c)
        lines.append(str(IN_HAND_LINE) % {"cards": cards_sum(hand, hand_value)})
    return lines


# The cards a side showed in a round, per family (cactus-game's turns show none).
SIDE_CARDS = {MEMORY: _memory_cards, CANASTA: lambda variant, data, side: _canasta_cards(data, side)}


def _concerns(step: Step, name: str) -> bool:
    """Whether a step explains `name`'s score: their own steps, and a steal from them."""
    return step.player == name or step.params.get("target") == name


def explain_round(result: GameResult, index: int, data: dict[str, Any], who: str | None = None
                  ) -> list[SideWhy]:
    """Why round `index` (from 0) scored what it did, for `who` or for every side of the round."""
    variant = result.variant
    key = variant.key
    scored = result.round_json(result.rounds[index])
    names = [who] if who is not None else list(scored["points"])
    steps = result.explain(index)
    out = []
    for name in names:
        why = SideWhy(name=name)
        cards_of = SIDE_CARDS.get(variant.family)
        if cards_of is not None:
            why.cards = cards_of(variant, data, name)
        for step in steps:
            if _concerns(step, name):
                why.reasons.append(Reason(explain_step(step, key), step.rule, rule_url(key, step.rule)))
        if name in scored["points"]:
            why.points = number(scored["points"][name], signed=True)
        else:
            why.out = True
        why.total = number(scored["totals"].get(name, 0))
        if who is None and variant.turn_based and not why.reasons and why.points == "0":
            continue  # a turn concerns its player (and a player stolen from): leave the others out
        out.append(why)
    return out


def side_named(result: GameResult, index: int, text: str) -> str | None:
    """The player or side of round `index` that `text` names (trimmed, any case), or None."""
    scored = result.round_json(result.rounds[index])
    sides = list(scored["totals"])
    wanted = text.strip()
    if wanted in sides:
        return wanted
    folded = wanted.casefold()
    return next((s for s in sides if s.casefold() == folded), None)


def problem_link(problem: Problem, variant_key: str) -> str | None:
    """The rules-page anchor of the rule the problem breaks, or None when it names none."""
    return rule_url(variant_key, problem.rule) if problem.rule else None
