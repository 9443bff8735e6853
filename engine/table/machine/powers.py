"""Powers: each power's reach, whom it may aim at, a right use and a wrong one."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.cards import is_black, is_red, rank_of
from engine.rules.variants.base import Power, Variant

from .basics import (
    _acting_for,
    _bump,
    _give_penalty_card,
    _next_player,
    _say_if_not_given,
    expected_cards,
)
from .state import Event, Refused, Ruling, TableState


def power_of(rules: Variant, card: str) -> Power | None:
    """The power a discarded card carries in this variant, if any."""
    rank = rank_of(card)
    for power in rules.powers:
        if power.cards == rank:
            return power
        if power.cards == f"black {rank}" and is_black(card):
            return power
        if power.cards == f"red {rank}" and is_red(card):
            return power
    return None


# -- powers -------------------------------------------------------------------

# Each power's reach (table-rules.md, Powers): the cards it must aim at, then those
# it may also aim at. "own": one of the user's cards; "other": another player's;
# "any": anyone's. A target outside the reach is a wrong use (readings).
REACH: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "look_own": (("own",), ()),
    "look_own_then_next_player": (("own",), ()),
    "look_other": (("other",), ()),
    "look_any": (("any",), ()),
    "blind_swap": (("own", "other"), ()),
    "swap_with_other": (("own", "other"), ()),
    "look_other_then_swap": (("other",), ("own",)),
    "look_other_then_swap_shown": (("other",), ("own",)),
    "swap_two_cards": (("any", "any"), ()),  # two different players (see _outside_reach)
    "give_stock_card": (("any",), ()),  # a player, no card
}


# Readings v1.2, the turned caboteur: a power may look at their cards, never take or swap them.
LOOKS_ONLY = frozenset({"look_own", "look_own_then_next_player", "look_other", "look_any"})
SWAPS_IF_WISHED = frozenset({"look_other_then_swap", "look_other_then_swap_shown"})  # a look, then maybe a swap


def _untargetable(state: TableState, effect: str) -> list[str]:
    """Whom this power may not aim at: a frozen or protected caller, and a turned caboteur
    when the power takes or swaps a card (a look-then-swap may still look at them)."""
    barred = set(state.frozen) | set(state.protected)
    if effect not in LOOKS_ONLY and effect not in SWAPS_IF_WISHED:
        barred |= set(state.sideways)
    return sorted(barred)


def _barred_target(state: TableState, effect: str, player: str, targets: list[Target]) -> str | None:
    """The first aimed player this use may not reach, if any."""
    swaps = effect not in LOOKS_ONLY and not (effect in SWAPS_IF_WISHED and len(targets) < 2)
    for t in targets:
        if t.player != player and (t.player in state.frozen or t.player in state.protected
                                   or (swaps and t.player in state.sideways)):
            return t.player
    return None


@dataclass(frozen=True, slots=True)
class Target:
    player: str
    card: int | None  # the card's place in the player's cards, from 0; None: not named


def _targets(state: TableState, raw: Any) -> list[Target]:
    """The aimed cards as the phone sends them: names, or {"player", "card"}."""
    if not isinstance(raw, list) or len(raw) > 4:
        raise Refused("power.bad_targets")
    targets = []
    for item in raw:
        player, card = (item.get("player"), item.get("card")) if isinstance(item, dict) else (item, None)
        if not isinstance(player, str) or player not in state.players:
            raise Refused("player.unknown", player=str(player)[:40])
        if card is not None and (not isinstance(card, int) or isinstance(card, bool) or card < 0
                                 or card >= max(expected_cards(state)[player], 1)):
            raise Refused("power.no_such_card", target=player, card=str(card)[:6])
        targets.append(Target(player, card))
    return targets


def _outside_reach(effect: str, player: str, targets: list[Target]) -> bool:
    """Do these targets fall outside the power's reach? (their number is checked before)"""
    required, optional = REACH[effect]
    slots = (required + optional)[:len(targets)]
    own = sum(1 for t in targets if t.player == player)
    other = len(targets) - own
    free = slots.count("any")
    if own < slots.count("own") or other < slots.count("other"):
        return True
    if own > slots.count("own") + free or other > slots.count("other") + free:
        return True
    # The dutch-toulousain jack swaps between two players: two other players, or you and another.
    return effect == "swap_two_cards" and targets[0].player == targets[1].player


def _check_decline(state: TableState) -> dict[str, Any]:
    """The power on the pile its player may decline, or refuse: none drawn from the stock."""
    power = state.power
    if power is None or not power.get("from_stock", True):
        raise Refused("power.none")
    return power


def _power_declined(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    """The power's player forgets or declines it. Cactus: the next player may use it."""
    power = _check_decline(state)
    _acting_for(state, event, power["player"])
    if power.get("compulsory"):
        # Readings v1.2, dutch-toulousain's jack and red king: no pass; the power stays due.
        raise Refused("power.compulsory", player=power["player"], card=power["card"], effect=power["effect"])
    if power["effect"].endswith("then_next_player") and not power["passed"]:
        following = _next_player(state, power["player"])
        state.power = {**power, "player": following, "passed": True}
        rulings.append({"rule": "power.passed", "card": power["card"], "to": following,
                        "effect": power["effect"]})
    else:
        state.power = None
        rulings.append({"rule": "power.lost", "card": power["card"], "player": power["player"]})


def _power_used(state: TableState, event: Event, now: float, rulings: list[Ruling]) -> None:
    power = state.power
    if power is None:
        raise Refused("power.none")
    player = _acting_for(state, event, event.payload.get("player"))
    if player != power["player"]:
        raise Refused("power.not_yours", player=player, owner=power["player"])
    targets = _targets(state, event.payload.get("targets") or [])
    effect = power["effect"]
    required, optional = REACH.get(effect, ((), ()))
    if power.get("from_stock", True) and not len(required) <= len(targets) <= len(required) + len(optional):
        raise Refused("power.targets_count", effect=effect, needed=len(required),
                      most=len(required) + len(optional))
    base: Ruling = {"player": player, "card": power["card"], "effect": effect,
                    "targets": [asdict(t) for t in targets]}
    misuse = _misuse(state, power, player, targets)
    if misuse is not None:
        return _wrong_power(state, {**base, **misuse}, rulings, event.logged)
    state.power = None
    if effect == "give_stock_card":
        _bump(state.given, targets[0].player, 1)
    rulings.append({**base, "rule": "power.used"})


def _misuse(state: TableState, power: dict[str, Any], player: str, targets: list[Target]) -> Ruling | None:
    """Why this use of the power is wrong (readings, "A power used wrongly"), or None."""
    effect = power["effect"]
    if not power.get("from_stock", True):
        return {"reason": "not_from_stock"}
    if effect in REACH and _outside_reach(effect, player, targets):
        return {"reason": "outside_reach"}
    barred = _barred_target(state, effect, player, targets)
    if barred is not None:
        return {"reason": "untargetable", "target": barred}
    return None


def _wrong_power(state: TableState, ruling: Ruling, rulings: list[Ruling], logged: bool = False) -> None:
    """Readings, "A power used wrongly" and "A cancelled turn" (v1.2): the power has no
    effect, the discard and its snap window stay, play passes to the next player, and the
    variant's penalty applies: a penalty card; cabo-bruxellois +2 points, one more wrong
    snap in the round; cactus none (its text punishes only wrong snaps)."""
    snap = state.rules.snap
    player = ruling["player"]
    state.power = None
    penalty = state.rules.wrong_power
    if penalty == "none" and logged:
        penalty = "penalty_card"  # an older log: the card was taken then (v1.1), it is in the hand
    if penalty == "points" and snap is not None:
        _bump(state.wrong_snaps, player, 1)
        rulings.append({**ruling, "rule": "power.wrong", "penalty": "points", "points": snap.penalty_points})
    elif penalty == "none":
        rulings.append({**ruling, "rule": "power.wrong", "penalty": "none"})
    else:
        given = _give_penalty_card(state, player)
        rulings.append({**ruling, "rule": "power.wrong", "penalty": "card"})
        _say_if_not_given(given, player, rulings)
