"""A round's record data written for people: the history page shows before and after.

Generic over the variants: it walks the spec's round object (section 2 and 4)
and names its fields in the interface language, so a new variant extra shows
up readably without code here (under its JSON name until it gets a label).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from scorekeeper.wording.cards import card_text

FIELD_LABELS = {
    "announcer": _("Annonce"),
    "hands": _("Mains"),
    "draws": _("Pioches"),
    "counter_callers": _("Contre-Tamoul"),
    "went_out": _("Sorti·e"),
    "wrong_snaps": _("Défausses ratées"),
    "penalty_cards": _("Cartes de pénalité"),
    "concealed": _("Main cachée"),
    "sides": _("Camps"),
    "melds": _("Poses"),
    "red_threes": _("3 rouges"),
    "hand": _("En main"),
    "opening": _("Ouverture"),
    "counted": _("Compté"),
    "melded": _("Cartes posées"),
    "natural_canastas": _("Canastas naturelles"),
    "mixed_canastas": _("Canastas mixtes"),
    "wild_canastas": _("Canastas de jokers"),
    "player": _("Joueur·se"),
    "plays": _("Coups"),
    "card": _("Carte"),
    "characters": _("Personnages"),
    "target": _("Cible"),
    "stopped_by": _("Stop de"),
}
# The fields whose texts are cards (everything under them: a hand, a side's melds...),
# written as the page writes cards; elsewhere a text is a name and stays as it is.
CARD_FIELDS = frozenset({"hands", "draws", "penalty_cards", "sides"})


def round_lines(data: Any) -> list[tuple[str, str]]:
    """(label, text) pairs for a round object; empty for None (nothing before an add)."""
    if data is None:
        return []
    if not isinstance(data, dict):
        return [("", _text(data))]
    return [(str(FIELD_LABELS.get(key, key)), _text(value, key in CARD_FIELDS)) for key, value in _in_order(data)]


def _in_order(data: dict[str, Any]) -> list[tuple[str, Any]]:
    """Fields in the spec's order, not the stored one (PostgreSQL's jsonb sorts keys its own way);
    players keep their order."""
    order = {key: i for i, key in enumerate(FIELD_LABELS)}
    return sorted(data.items(), key=lambda item: order.get(item[0], len(order)))


def _text(value: Any, cards: bool = False) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(_("oui")) if value else str(_("non"))
    if isinstance(value, list):
        if not value:
            return "∅"
        return " ".join(f"[{_text(v, cards)}]" if isinstance(v, list) else _text(v, cards) for v in value)
    if isinstance(value, dict):
        return " · ".join(f"{FIELD_LABELS.get(k, k)} : {_text(v, cards)}" for k, v in _in_order(value))
    if cards and isinstance(value, str):
        return card_text(value)
    return str(value)


# Most specific first: an Android phone's Chrome also says "Linux" and "Safari".
_SYSTEMS = (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
            ("Macintosh", "Mac"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))
_BROWSERS = (("Edg/", "Edge"), ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("SamsungBrowser/", "Samsung"),
             ("CriOS/", "Chrome"), ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari"))


def device_label(user_agent: str) -> str:
    """"Chrome · Android" from a user agent: enough to tell two phones at a table apart."""
    system = next((label for mark, label in _SYSTEMS if mark in user_agent), "")
    browser = next((label for mark, label in _BROWSERS if mark in user_agent), "")
    if not system and not browser:
        return user_agent[:40]
    return " · ".join(part for part in (browser, system) if part)
