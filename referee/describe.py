"""Rulings as sentences for the players, in the phone's language.

The sentences live in the wording layer (scorekeeper/wording/rulings.py); this
module keeps the names the referee app imports.
"""

from __future__ import annotations

from scorekeeper.wording.rulings import AFTER_CALL, EFFECTS, SENTENCES, card_label, describe

__all__ = ["AFTER_CALL", "EFFECTS", "SENTENCES", "card_label", "describe"]
