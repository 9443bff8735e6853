"""What the table page needs beyond the table itself: the feed folded by round, the links
from each ruling to its rule, the powers' words, and the house time limits.

Kept apart from views.py so the page's rules live in one place; the view merges
`page_context(table, state)` into its own context.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from engine.table import machine as tbl
from scorekeeper.wording.rulings import (
    ANCHOR_PREFIXES,
    EFFECTS,
    RULE_ANCHORS,
    describe,
    rule_anchor_of,
)

# Rulings a phone need not see again: a seat that came back, a window's routine close.
QUIET = frozenset({"member.rejoined"})
HOUSE_LIMITS = (0.0, 2.0, 3.0, 5.0, 8.0)  # seconds; 0: no limit, the default (table-rules.md)
FEED_LENGTH = 60  # rulings shown when the page opens
RULINGS_ASKED = 3  # the table's own rulings shown first with a question's answers


def rule_link(variant_key: str, rule: str) -> str | None:
    """The address of a ruling's rule on the variant's rules page, or None."""
    anchor = rule_anchor_of(rule)
    return f"{reverse('rules_page', args=[variant_key])}#{anchor}" if anchor else None


def worded(variant_key: str, ruling: tbl.Ruling) -> tuple[str, str, str | None]:
    """(sentence, rule, link to the rule) for a page."""
    return describe(ruling), ruling["rule"], rule_link(variant_key, ruling["rule"])


def folded_feed(variant_key: str, recent: list[tbl.Ruling]) -> dict[str, Any]:
    """The recent rulings (oldest first in), newest first out, split at each reveal: the
    current round open, the earlier ones folded. Each item: (text, rule, link)."""
    rulings = [r for r in recent if r.get("rule") not in QUIET]
    rounds: list[dict[str, Any]] = []
    current: list[tuple[str, str, str | None]] = []
    for ruling in rulings:
        current.insert(0, worded(variant_key, ruling))
        if ruling["rule"] == "round.ready":
            rounds.insert(0, {"round": ruling.get("round"), "rulings": current})
            current = []
    return {"current": current, "earlier": rounds}


def rulings_on_the_point(variant_key: str, recent: list[tbl.Ruling], anchors: list[str],
                         most: int = RULINGS_ASKED) -> list[dict[str, Any]]:
    """The table's own recent rulings on what a question's answers are about: those whose
    rule has one of `anchors` (the rules search's answers, best first), the best-answered
    point first and, on one point, the newest first."""
    rank = {anchor: i for i, anchor in reversed(list(enumerate(anchors)))}
    on_point = [(rank[anchor], -i, ruling) for i, ruling in enumerate(recent)
                if ruling.get("rule") not in QUIET and (anchor := rule_anchor_of(ruling["rule"])) in rank]
    on_point.sort(key=lambda found: found[:2])
    return [dict(zip(("text", "rule", "link"), worded(variant_key, ruling), strict=True))
            for _rank, _age, ruling in on_point[:most]]


def page_context(variant_key: str, state: tbl.TableState) -> dict[str, Any]:
    """The page's extra context: JSON for referee.js, and the house limits to choose from."""
    rules = state.rules
    return {
        "rules_url": reverse("rules_page", args=[variant_key]),
        "page_data": {
            "anchors": RULE_ANCHORS,
            "prefixes": [list(p) for p in ANCHOR_PREFIXES],
            "effects": {p.effect: str(EFFECTS.get(p.effect, p.effect)) for p in rules.powers},
            "quiet": sorted(QUIET),
            "callWord": rules.call.word if rules.call else None,
            # What is legal now is not here: the state carries it (`legal`, engine/table/machine/legal.py).
            "words": page_words(),
        },
        "house_limits": [(s, _("sans limite") if s == 0 else f"{s:g} s")
                         for s in sorted({*HOUSE_LIMITS, state.snap_limit})],
    }


def page_words() -> dict[str, str]:
    """The page's sentences with {placeholders} for referee.js, in the page's language."""
    return {
        "turnOf": _("À {player} de jouer."),
        "yourTurn": _("À vous de jouer."),
        "justPlayedYou": _("{player} vient de jouer ; à vous de jouer."),
        "youJustPlayed": _("Vous venez de jouer ; à {next} de jouer."),
        "justPlayed": _("{player} vient de jouer ; à {next} de jouer."),
        "firstTurn": _("La manche commence : la première défausse dira à qui c'est le tour."),
        "called": _("{player} a annoncé « {word} »."),
        "lastTurns": _("Derniers tours : {players}."),
        "over": _("Manche finie : révélez les mains."),
        "round": _("Manche {n}"),
        "rule": _("la règle"),
        "untilCovered": _("jusqu'à la prochaine défausse"),
        "slotOwn": _("Une de vos cartes"),
        "slotOther": _("Une carte d'un autre joueur"),
        "slotAny": _("Une carte"),
        "optional": _("(si vous le voulez)"),
        "player": _("Joueur"),
        "card": _("Carte n°"),
        "none": _("—"),
        "outOfReach": _("Hors de portée de ce pouvoir : ce serait une pénalité."),
        "powerTitle": _("{card} : {effect}"),
        "compulsory": _("Pouvoir obligatoire : pas de passe."),
        "notSent": _("Pas de réseau : rien n’est parti de ce téléphone. Refaites-le une fois « en direct »."),
        "youAreOut": _("Vous êtes éliminé·e : vous suivez la table sans jouer."),
        "confirmCall": _("Confirmer : {player} dit « {word} »"),
        "confirmCounter": _("Confirmer : {player} dit « contre-tamoul »"),
        "confirmLastCard": _("Confirmer : {player} finit la manche"),
    }
