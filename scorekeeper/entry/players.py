"""Who plays in a round: every player, except dutch's eliminated ones."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# Dutch (spec 4.5): after a round, a player whose total is 100 or more is out.
DUTCH_OUT_AT = 100


def players_in_round(variant_key: str, players: Sequence[str],
                     totals_before: Mapping[str, Any] | None) -> list[str]:
    """The players (seat order) who have a hand in a round, given the totals after the
    round before it (None or empty for the first round).

    Only dutch eliminates players; the engine stays the judge (a hand for an eliminated
    player is its error), this only decides which hand blocks the form shows.
    """
    if variant_key != "dutch" or not totals_before:
        return list(players)
    return [p for p in players if totals_before.get(p, 0) < DUTCH_OUT_AT]


def totals_before_round(round_results: Sequence[Mapping[str, Any]], number: int) -> dict[str, Any]:
    """The running totals after round `number - 1`, read from the stored round results
    (empty before the first round)."""
    if number <= 1 or not round_results:
        return {}
    index = min(number - 2, len(round_results) - 1)
    return dict(round_results[index].get("totals", {}))
