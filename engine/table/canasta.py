"""Canasta questions a table asks during play (table-rules.md, Canasta).

Pure: no Django. The scoring rules (meld limits, card values, the opening
minimum) are the engine's, imported from `engine.rules.variants.canasta`;
this module only adds what is decided at the table: taking the pile and
going out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.cards import DECK_CANASTA, is_black, rank_of
from engine.rules.variants.canasta import (
    TARGET,
    canasta_kind,
    card_value,
    is_red_three,
    is_wild,
    meld_problem,
    opening_minimum,
)

CANASTAS_TO_GO_OUT = {2: 2, 4: 1}  # players at the table -> canastas the side needs
# What a question's numbers can be in a game (game-record.md 4.10, table-rules.md, Canasta):
# - a side's total before a round is below the target, or the game would be over;
# - below 0 the opening minimum is the same however low (15): a round costs a side a couple of
#   thousand points at worst (no meld, four red 3s, a full hand), so twenty times the target
#   below 0 is far past any game played and only refuses the absurd;
# - the cards left in a side's hands are at most the deck.
SIDE_TOTAL_LOWEST, SIDE_TOTAL_HIGHEST = -20 * TARGET, TARGET - 1
HAND_LEFT_MOST = DECK_CANASTA.size


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    rule: str  # e.g. "canasta.pile.frozen_needs_two_naturals"
    params: dict[str, Any] = field(default_factory=dict)


def meld_rank(meld: list[str]) -> str | None:
    """The rank of a meld's natural cards (None for a wild canasta, which has none)."""
    return next((rank_of(c) for c in meld if not is_wild(c)), None)


def is_black_three(code: str) -> bool:
    return rank_of(code) == "3" and is_black(code)


def pile_is_frozen(pile: list[str], side_has_melded: bool) -> bool:
    """Frozen when it holds a wild card or a red 3, and for a side that has not melded."""
    return not side_has_melded or any(is_wild(c) or is_red_three(c) for c in pile)


def may_take_pile(pile: list[str], hand: list[str], side_has_melded: bool,
                  meld_ranks: list[str] | None = None, opening: list[list[str]] | None = None,
                  side_total: int = 0) -> Verdict:
    """May this side take the discard pile (the top card is the last of `pile`)?

    A side that has not melded also says the melds it would make with the top card and
    cards from its hand (`opening`; by default the most it can lay, `best_opening`): they
    must reach the opening minimum for `side_total` (table-rules.md, reading).
    """
    if not pile:
        return Verdict(False, "canasta.pile.empty")
    top = pile[-1]
    if is_wild(top):
        return Verdict(False, "canasta.pile.top_is_wild", {"top": top})
    if is_black_three(top):
        return Verdict(False, "canasta.pile.top_is_black_three", {"top": top})
    if is_red_three(top):
        # Red 3s are never melded, so one on top can never be used at once: it blocks
        # the pile like a black 3 (table-rules.md, Canasta, reading).
        return Verdict(False, "canasta.pile.top_is_red_three", {"top": top})
    rank = rank_of(top)
    naturals = sum(1 for c in hand if not is_wild(c) and rank_of(c) == rank)
    if pile_is_frozen(pile, side_has_melded):
        if naturals < 2:
            return Verdict(False, "canasta.pile.frozen_needs_two_naturals", {"top": top, "naturals": naturals})
        if not side_has_melded:
            return _opening_with_top(top, hand, opening, side_total)
        return Verdict(True, "canasta.pile.frozen_two_naturals", {"top": top})
    if rank in (meld_ranks or []):
        return Verdict(True, "canasta.pile.adds_to_meld", {"top": top})
    wild = sum(1 for c in hand if is_wild(c))
    if naturals >= 2 or (naturals == 1 and wild >= 1):
        return Verdict(True, "canasta.pile.pair_in_hand", {"top": top})
    return Verdict(False, "canasta.pile.top_unusable", {"top": top})


def _opening_with_top(top: str, hand: list[str], opening: list[list[str]] | None,
                      side_total: int) -> Verdict:
    """A side that has not melded: the melds it makes with the top card and cards from its
    hand (not the rest of the pile) must be legal and reach the opening minimum."""
    if opening is None:
        opening = best_opening(top, hand)
    if not any(top in meld for meld in opening):
        return Verdict(False, "canasta.pile.opening_without_top", {"top": top})
    opened = opening_verdict(opening, side_total)  # the melds' own check, then the minimum
    if opened.rule == "canasta.meld.illegal":
        return opened
    # Only the top card and the hand (two decks: a card may be there twice, and no more).
    missing = Counter(c for meld in opening for c in meld) - Counter([top, *hand])
    if missing:
        return Verdict(False, "canasta.pile.opening_not_in_hand", {"top": top, "cards": sorted(missing.elements())})
    params = {"top": top, **opened.params}
    if not opened.ok:
        return Verdict(False, "canasta.pile.opening_below_minimum", params)
    return Verdict(True, "canasta.pile.frozen_two_naturals", {k: v for k, v in params.items() if k != "total"})


def best_opening(top: str, hand: list[str]) -> list[list[str]]:
    """The melds worth the most that a side can lay with the top card and its hand at once
    (table-rules.md, Canasta, reading: they all count toward the opening minimum): the top
    card with the hand's naturals of its rank, the hand's other ranks, and its wild cards
    where they may go, the highest first. Each meld is checked by the engine's meld rule.

    Every card melded adds its value, so the most is laid by melding all the rule admits:
    a pair of naturals is melded when a wild card can join it (the best pairs first), the
    wild cards left go to any meld that takes one more, and seven left make a wild canasta.
    """
    wild = sorted((c for c in hand if is_wild(c)), key=card_value, reverse=True)
    by_rank: dict[str, list[str]] = {}
    for card in hand:
        if not is_wild(card):
            by_rank.setdefault(rank_of(card), []).append(card)
    melds = [[top, *by_rank.pop(rank_of(top), [])]]
    groups = sorted(by_rank.values(), key=lambda g: sum(map(card_value, g)), reverse=True)
    melds += [g for g in groups if meld_problem(g, may_meld_black_threes=False) is None]
    for pair in (g for g in groups if len(g) == 2):
        if wild and meld_problem([*pair, wild[0]], may_meld_black_threes=False) is None:
            melds.append([*pair, wild.pop(0)])
    for meld in melds:
        while wild and meld_problem([*meld, wild[0]], may_meld_black_threes=False) is None:
            meld.append(wild.pop(0))
    if meld_problem(wild, may_meld_black_threes=False) is None:
        melds.append(wild)
    return melds


def meld_verdict(cards: list[str], going_out: bool = False) -> Verdict:
    """Is this meld legal? (the engine's meld rule; black 3s only when going out)."""
    problem = meld_problem(cards, may_meld_black_threes=going_out)
    if problem is None:
        return Verdict(True, "canasta.meld.legal", {"cards": cards})
    return Verdict(False, "canasta.meld.illegal",
                   {"cards": cards, "reason": problem.code, "reason_params": problem.params})


def opening_verdict(melds: list[list[str]], side_total: int) -> Verdict:
    """Does this first meld of the round reach the minimum for the side's score?"""
    for meld in melds:
        verdict = meld_verdict(meld)
        if not verdict.ok:
            return verdict
    value = sum(card_value(c) for meld in melds for c in meld)
    minimum = opening_minimum(side_total)
    rule = "canasta.opening.reaches_minimum" if value >= minimum else "canasta.opening.below_minimum"
    return Verdict(value >= minimum, rule, {"value": value, "minimum": minimum, "total": side_total})


def go_out_verdict(melds: list[list[str]], players: int, hand_left: int) -> Verdict:
    """May this side go out: enough canastas, and (two players) nothing left in hand?

    Readings v1.2, "Canasta, going out": the check re-reads every meld of the side: each
    legal (black 3s allowed, since the side goes out), at most one meld of each rank, and
    only legal melds of 7 or more count as canastas.
    """
    needed = CANASTAS_TO_GO_OUT.get(players, 1)
    ranks: set[str] = set()
    for meld in melds:
        problem = meld_problem(meld, may_meld_black_threes=True)
        if problem is not None:
            return Verdict(False, "canasta.go_out.illegal_meld",
                           {"cards": meld, "reason": problem.code, "reason_params": problem.params})
        rank = meld_rank(meld)
        if rank is not None and rank in ranks:
            return Verdict(False, "canasta.go_out.two_melds_of_a_rank", {"rank": rank})
        if rank is not None:
            ranks.add(rank)
    have = sum(1 for meld in melds if canasta_kind(meld) is not None)  # every meld is legal by now
    if have < needed:
        return Verdict(False, "canasta.go_out.needs_canastas", {"needed": needed, "have": have})
    if hand_left > 1:
        # Going out is melding everything, bar at most one card for the last discard.
        return Verdict(False, "canasta.go_out.cards_left", {"left": hand_left})
    return Verdict(True, "canasta.go_out.allowed", {"needed": needed, "have": have})
