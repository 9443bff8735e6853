"""A twelfth variant, whole in this one file: its declaration and its wording.

Mistigri (a toy, not a real game): a 32-card memory game. Everyone scores their hand;
the caller scores 0 when nobody is lower, twice their hand otherwise; after the agreed
rounds the lowest total wins. `register()` adds it to the engine and to the wording
layer, `unregister()` takes it out again: nothing else in the app is edited, which is
the point (docs/architecture.md, "Adding a variant").
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from engine.cards import DECK_32
from engine.rules import registry
from engine.rules.game import Game
from engine.rules.variants.base import Call, Option, RoundResult, SnapRule, Trace
from engine.rules.variants.memory import MemoryRound, MemoryState, MemoryVariant
from engine.rules.variants.values import card_values
from scorekeeper.wording import variants as wording

KEY = "mistigri"


class Mistigri(MemoryVariant):
    key = KEY
    name = "Mistigri"
    deck = DECK_32
    values = card_values(DECK_32, {"A": 1, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12},
                         red_k=13, black_k=13, joker=0)
    min_players, max_players = 2, 5
    options = (Option("rounds", "count", 3),)
    CALL_LIMIT, CALLER_TIMES = 9, 2
    call = Call("mistigri", CALL_LIMIT, "round_stops")
    snap = SnapRule(who="anyone", several=False, wrong="penalty_card")
    numbers = {"limit": CALL_LIMIT, "times": CALLER_TIMES}
    rules = ("mistigri.hand_value", "mistigri.caller_lowest", "mistigri.caller_beaten",
             "mistigri.lowest_total_wins")

    def score(self, rnd: MemoryRound, game: Game, state: MemoryState, trace: Trace) -> RoundResult:
        points = dict(rnd.values)
        caller = rnd.announcer
        for p, v in rnd.values.items():
            if p != caller:
                if trace is not None:
                    trace.append(("mistigri.hand_value", p, {"value": v}))
            elif all(v <= w for q, w in rnd.values.items() if q != p):
                points[p] = 0
                if trace is not None:
                    trace.append(("mistigri.caller_lowest", p, {"value": v}))
            else:
                points[p] = v * self.CALLER_TIMES
                if trace is not None:
                    trace.append(("mistigri.caller_beaten", p, {"value": v, "points": points[p]}))
        return RoundResult(points, {}, rnd.values)

    def outcome(self, game: Game, state: MemoryState) -> tuple[bool, list[str], list[str]]:
        return self.after_agreed_rounds(game, state)


WORDING = wording.VariantWording(
    blurb=_("Jouet : chacun marque sa main, l'annonceur battu la compte %(times)s fois."),
    play_extras=(_("On annonce « Mistigri » avec %(limit)s ou moins."),),
    readings=(wording.Reading("mistigri-toy", None, _("Ce jeu n'existe que pour les tests.")),),
    steps={
        "mistigri.hand_value": _("%(player)s marque sa main : %(value)s"),
        "mistigri.caller_lowest": _("%(player)s annonce avec la plus petite main (%(value)s) → 0"),
        "mistigri.caller_beaten": _("%(player)s annonce mais est battu : %(value)s × %(times)s = %(points)s"),
        "mistigri.lowest_total_wins": _("Le plus petit total gagne"),
    },
    statements={
        "mistigri.hand_value": _("Chacun marque la valeur de sa main."),
        "mistigri.caller_lowest": _("L'annonceur que personne ne bat marque 0."),
        "mistigri.caller_beaten": _("L'annonceur battu marque %(times)s fois sa main."),
        "mistigri.lowest_total_wins": _("Après les manches convenues, le plus petit total gagne."),
    },
)


def register() -> None:
    registry.register(Mistigri())
    wording.register(KEY, WORDING)


def unregister() -> None:
    registry.unregister(KEY)
    wording.unregister(KEY)
