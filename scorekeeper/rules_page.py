"""What a rules page says: one per variant, built from the engine's declarations.

Deck, card values, call, snap, powers and options are read from
`VARIANTS[key]` (and canasta's and cactus-game's module constants), never
re-typed here. What is prose — how a round goes, what each rule says, and the
readings we apply — comes from the wording layer (scorekeeper/wording/rules.py
and variants.py). Each rule identifier gets an element whose id is
`rule_anchor(rule)`, so the "why this score" view and the engine's problems can
link to it.

Kept out of the views so that the rules search (scorekeeper/rules_search) and other apps'
pages read the same paragraphs the page shows.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from engine.cards import JOKER, RANKS, SUITS, rank_of
from engine.rules.units import to_number
from engine.rules.variants import cactus_game, canasta
from engine.rules.variants.base import CACTUS_GAME, CANASTA, Variant
from scorekeeper.sheet.why import rule_anchor
from scorekeeper.wording.cards import card_text as card_label
from scorekeeper.wording.rules import (  # the pages' sentences, kept importable from here
    CALL_AFTER,
    CALL_WHEN,
    OPTION_LABELS,
    OWN_CARDS,
    POWER_CARDS,
    POWER_EFFECTS,
    POWERS_OPTIONAL,
    POWERS_SOME_COMPULSORY,
    RULE_STATEMENTS,
    SNAP_FOR_OTHERS,
    SNAP_NO_PILE_AFTER,
    SNAP_NO_RETRY,
    SNAP_SEVERAL,
    SNAP_WHO,
    SNAP_WRONG,
    rule_facts,
    table_readings,
)
from scorekeeper.wording.steps import SHARED_RULES
from scorekeeper.wording.text import format_params, number
from scorekeeper.wording.variants import (
    FAMILY_LEADS,
    INDEX_CALL_LOWEST,
    INDEX_CALL_THRESHOLD,
    play_texts,
    statement,
    wording_for,
)

# -- the page's data --------------------------------------------------------------------

def deck_rows(variant: Variant) -> list[dict[str, Any]]:
    """The deck as the page shows it: one row per suit, then the jokers, each code once."""
    deck = variant.deck
    if deck is None:
        return []
    rows = []
    for suit in SUITS:
        codes = [r + suit for r in RANKS if r + suit in deck]
        if codes:
            rows.append({"cards": [{"code": c, "label": card_label(c), "copies": deck.copies[c]}
                                   for c in codes]})
    if JOKER in deck:
        rows.append({"cards": [{"code": JOKER, "label": card_label(JOKER), "copies": deck.copies[JOKER]}]})
    return rows


def value_rows(variant: Variant) -> list[dict[str, Any]]:
    """(cards, value) rows, as the variant's family counts them."""
    return VALUE_ROWS.get(variant.family, _memory_value_rows)(variant)


def _cactus_game_value_rows(variant: Variant) -> list[dict[str, Any]]:
    return [{"cards": name.capitalize(), "codes": [], "value": number(points)}
            for name, points in cactus_game.CHARACTERS.items()] + [
        {"cards": str(_("Trois jokers")), "codes": [], "value": number(cactus_game.THREE_JOKERS)}]


def _memory_value_rows(variant: Variant) -> list[dict[str, Any]]:
    """Cards of one rank together, split by colour when the value differs."""
    rows: list[dict[str, Any]] = []
    values = variant.values
    for rank in (*RANKS, JOKER):
        codes = [c for c in values if rank_of(c) == rank]
        by_value: dict[int, list[str]] = {}
        for c in codes:
            by_value.setdefault(values[c], []).append(c)
        for units, same in by_value.items():
            label = card_label(rank + "S")[:-1] if rank != JOKER else card_label(JOKER)
            if len(by_value) > 1:
                label = " ".join(card_label(c) for c in same)
            rows.append({"cards": label, "codes": same, "value": number(to_number(units, variant.scale))})
    return rows


def _canasta_value_rows(variant: Variant) -> list[dict[str, Any]]:
    rows = []
    for rank, value in canasta.VALUES.items():
        codes = [c for c in variant.deck.codes if rank_of(c) == rank]
        label = card_label(JOKER) if rank == JOKER else card_label(rank + "S")[:-1]
        if rank == "3":
            label = str(_("3 noir"))
            codes = ["3S", "3C"]
        rows.append({"cards": label, "codes": codes, "value": number(value)})
    rows.append({"cards": str(_("3 noir resté en main")), "codes": [],
                 "value": number(-canasta.BLACK_THREE_IN_HAND)})
    rows.append({"cards": str(_("3 rouge posé")), "codes": ["3H", "3D"],
                 "value": number(canasta.RED_THREE, signed=True)})
    return rows


VALUE_ROWS = {CANASTA: _canasta_value_rows, CACTUS_GAME: _cactus_game_value_rows}
VALUES_HEADING = {CACTUS_GAME: _("Ce que rapportent les séries")}
CARD_VALUES_HEADING = _("La valeur des cartes")


def call_info(variant: Variant) -> dict[str, Any] | None:
    call = variant.call
    if call is None:
        return None
    threshold = None if call.threshold is None else number(to_number(call.threshold, variant.scale))
    says = (CALL_SAYS_THRESHOLD % {"word": call.word, "threshold": threshold} if threshold
            else CALL_SAYS_LOWEST % {"word": call.word})
    after = CALL_AFTER.get(call.after, call.after)
    return {"word": call.word, "threshold": threshold, "after": after,
            "when": CALL_WHEN.get(call.when, call.when), "says": f"{says} {after}"}


def index_call(variant: Variant) -> str:
    """The call in a few words, for the rules index: what tells the memory games apart."""
    info = call_info(variant)
    if info is None:
        return ""
    if info["threshold"]:
        return INDEX_CALL_THRESHOLD % {"word": info["word"], "threshold": info["threshold"]}
    return INDEX_CALL_LOWEST % {"word": info["word"]}


# The call's first sentence (it ends on "alors": what follows is the call's `after`).
CALL_SAYS_THRESHOLD = _("On dit « %(word)s » quand on pense que sa main vaut %(threshold)s ou moins ; alors")
CALL_SAYS_LOWEST = _("On dit « %(word)s » quand on pense avoir la plus petite main ; alors")


def snap_info(variant: Variant) -> list[str]:
    snap = variant.snap
    if snap is None:
        return []
    lines = [str(SNAP_WHO[snap.who])]
    if snap.who != "own_turn":  # on your own turn alone there is nobody to race
        lines.append(str(SNAP_SEVERAL[snap.several]))
    lines.append(str(SNAP_WRONG[snap.wrong]) % {"points": snap.penalty_points})
    if not snap.retry_after_wrong:
        lines.append(str(SNAP_NO_RETRY))
    if not snap.pile_after_snap:
        lines.append(str(SNAP_NO_PILE_AFTER))
    if snap.play_for_others:
        lines.append(str(SNAP_FOR_OTHERS))
    return lines


def power_rows(variant: Variant) -> list[dict[str, str]]:
    return [{"cards": str(POWER_CARDS.get(p.cards, FACE_LABEL(p.cards))),
             "effect": str(POWER_EFFECTS.get(p.effect, p.effect))} for p in variant.powers]


def power_notes(variant: Variant, facts: dict[str, Any]) -> list[str]:
    """Whether the powers must be used, read from the declaration (none: no powers)."""
    if not variant.powers:
        return []
    compulsory = any(p.compulsory for p in variant.powers)
    return [str(POWERS_SOME_COMPULSORY if compulsory else POWERS_OPTIONAL) % facts]


def FACE_LABEL(rank: str) -> str:  # noqa: N802 - reads as the label of a rank
    return card_label(rank + "S")[:-1] if rank in RANKS else rank


def option_rows(variant: Variant) -> list[dict[str, str]]:
    rows = []
    for option in variant.options:
        if option.kind == "flag":
            default = _("oui") if option.default else _("non")
        else:
            default = _("aucun : la partie ne s'arrête pas d'elle-même") if option.default is None \
                else number(option.default)
        rows.append({"key": option.key, "label": str(OPTION_LABELS.get(option.key, option.key)),
                     "default": str(default)})
    return rows


def rule_rows(variant: Variant) -> list[dict[str, str]]:
    facts = format_params(rule_facts(variant), variant.key)
    return [{"rule": rule, "anchor": rule_anchor(rule), "text": str(statement(variant, rule, RULE_STATEMENTS)) % facts}
            for rule in variant.rules if rule not in SHARED_RULES]


def page_context(variant: Variant) -> dict[str, Any]:
    facts = format_params(rule_facts(variant), variant.key)
    words = wording_for(variant)
    return {
        "variant": variant,
        "lead": FAMILY_LEADS[variant.family],
        "players": players_label(variant),
        "play": [str(text) % facts for text in play_texts(variant)],
        "deck_rows": deck_rows(variant),
        "deck_size": variant.deck.size if variant.deck else None,
        "deck_copies": variant.deck.copies["AS"] if variant.deck else None,  # jokers aside
        "value_rows": value_rows(variant),
        "values_heading": VALUES_HEADING.get(variant.family, CARD_VALUES_HEADING),
        "call": call_info(variant),
        "snap": snap_info(variant),
        "powers": power_rows(variant),
        "power_notes": power_notes(variant, facts),
        "options": option_rows(variant),
        "rules": rule_rows(variant),
        "own_cards": None if variant.deck else str(OWN_CARDS) % facts,
        "deck_rule": {"anchor": rule_anchor("deck"), "text": str(RULE_STATEMENTS["deck"]) % facts},
        "end_rule": {"anchor": rule_anchor("end"), "text": str(RULE_STATEMENTS["end"]) % facts},
        "readings": [{"id": f"reading-{r.key}", "text": str(text) % facts,
                      "rule_anchor": rule_anchor(r.rule) if r.rule else None}
                     for r, text in [*((r, r.text) for r in words.readings), *table_readings(variant)]],
        "scale_note": variant.scale != 1,
    }


def players_label(variant: Variant) -> str:
    """ "2–8", or "2 ou 4" when not every count between is allowed (canasta)."""
    counts = variant.allowed_player_counts()
    if len(counts) == counts[-1] - counts[0] + 1:
        return f"{counts[0]}–{counts[-1]}"
    return str(_("%(low)s ou %(high)s") % {"low": counts[0], "high": counts[-1]})
