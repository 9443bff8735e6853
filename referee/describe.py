"""Rulings as sentences for the players, in the phone's language.

The sentences live in the wording layer (scorekeeper/wording/rulings.py); this
module keeps the names the referee app imports.
"""

from __future__ import annotations

from scorekeeper.wording.rulings import (
    AFTER_CALL,
    ANCHOR_PREFIXES,
    EFFECTS,
    RULE_ANCHORS,
    SENTENCES,
    card_label,
    describe,
    rule_anchor_of,
)

__all__ = ["AFTER_CALL", "ANCHOR_PREFIXES", "EFFECTS", "RULE_ANCHORS", "SENTENCES", "card_label", "describe",
           "rule_anchor_of"]
