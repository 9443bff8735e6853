"""The reveal form: each player's hand as cards ("KH 3S 10D") or as a number.

Round extras the table cannot know (who went out, cactus-tas draws,
dutch-toulousain's penalty cards for the dutcher) are asked only when the
variant declares them; wrong snaps and counter-calls come from the table.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.rules.cards import parse_card
from scorekeeper.rules.units import from_number

from .table import TableState

SEPARATORS = re.compile(r"[\s,;]+")
NUMBER = re.compile(r"^-?\d+([.,]\d+)?$")


def parse_hand(text: str, deck: Any, scale: int) -> list[str] | int | float:
    """Cards or a number; ValueError with a message naming the faulty piece."""
    text = text.strip()
    if text in ("-", "—", "–"):
        return []  # an empty hand (fontenaysien: the player who went out)
    if NUMBER.match(text):
        value = float(text.replace(",", "."))
        number: int | float = int(value) if value.is_integer() else value
        if from_number(number, scale) is None:
            raise ValueError(_("« %(text)s » : une main se compte par demi-points au plus fin.") % {"text": text})
        return number
    cards = []
    for piece in SEPARATORS.split(text):
        if not piece:
            continue
        code = parse_card(piece)
        if code is None or (deck is not None and code not in deck):
            raise ValueError(_("« %(card)s » n'est pas une carte de ce jeu.") % {"card": piece[:12]})
        cards.append(code)
    return cards


class RevealForm(forms.Form):
    def __init__(self, state: TableState, data: Any = None):
        super().__init__(data)
        self.state = state
        self.rules = state.rules
        for i, player in enumerate(state.players):
            self.fields[f"hand_{i}"] = forms.CharField(
                label=player, max_length=200,
                help_text=gettext_lazy("Cartes (KH 3S 10D) ou total ; « - » pour une main vide."))
        extras = self.rules.round_extras
        if "went_out" in extras:
            self.fields["went_out"] = forms.ChoiceField(
                label=gettext_lazy("A défaussé toutes ses cartes"), required=False,
                choices=[("", "—"), *[(p, p) for p in state.players]])
        if "draws" in extras:
            for i, player in enumerate(state.players):
                self.fields[f"draw_{i}"] = forms.CharField(
                    label=_("Carte tirée par %(player)s") % {"player": player}, max_length=12, required=False)
        if "penalty_cards" in extras:
            self.fields["penalty_cards"] = forms.CharField(
                label=gettext_lazy("Cartes prises par le dutcheur"), max_length=200, required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        deck, scale = self.rules.deck, self.rules.scale
        self._hands: dict[str, Any] = {}
        for i, player in enumerate(self.state.players):
            try:
                self._hands[player] = parse_hand(cleaned.get(f"hand_{i}", ""), deck, scale)
            except ValueError as error:
                self.add_error(f"hand_{i}", str(error))
        self._extras: dict[str, Any] = {}
        if cleaned.get("went_out"):
            self._extras["went_out"] = cleaned["went_out"]
        draws = {}
        for i, player in enumerate(self.state.players):
            raw = cleaned.get(f"draw_{i}", "")
            if raw:
                code = parse_card(raw)
                if code is None:
                    self.add_error(f"draw_{i}", _("« %(card)s » n'est pas une carte.") % {"card": raw[:12]})
                draws[player] = code
        if draws:
            self._extras["draws"] = draws
        if cleaned.get("penalty_cards"):
            try:
                cards = parse_hand(cleaned["penalty_cards"], deck, scale)
            except ValueError as error:
                self.add_error("penalty_cards", str(error))
            else:
                if isinstance(cards, list):
                    self._extras["penalty_cards"] = cards
        return cleaned

    def hands(self) -> dict[str, Any]:
        return dict(self._hands)

    def extras(self) -> dict[str, Any]:
        return dict(self._extras)

    def hand_fields(self) -> list[forms.BoundField]:
        return [self[f"hand_{i}"] for i in range(len(self.state.players))]

    def extra_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith("hand_")]
