"""The sentence of each scoring step: what the engine did for one player or side.

The engine hands back `Step(rule, player, params)`; placeholders are the step's
params, plus %(player)s (the step's player or side). A rule added to the engine
before its sentence fails tests/scorekeeper/test_wording_steps.py.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from engine.rules import Step, get_variant

from .text import elided, format_params

# Numbers are never typed into a sentence: a placeholder the step does not fill is
# read from the variant's declaration (`numbers`), so a rule changes in one place.

# Rule ids that are not a variant's own: problems name these shared rules, and every
# rules page has an element for each.
SHARED_RULES = ("deck", "end")

STEP_SENTENCES: dict[str, Promise] = {
    # cactus (4.1)
    "cactus.round_winner": _("%(player)s a cactus avec %(value)s, la plus petite main : manche gagnée, +1"),
    "cactus.cactus_not_lowest": _(
        "%(player)s a cactus avec %(value)s, mais quelqu'un a moins (%(best)s) : 0"),
    "cactus.no_cactus": _("%(player)s n'a pas cactus (%(value)s, plus que %(limit)s) : 0"),
    "cactus.most_round_wins": _("La partie se joue en un nombre de manches convenu ; "
                                "qui a gagné le plus de manches gagne la partie."),
    "cactus.announcer_ignored": _("L'annonceur ne change rien au décompte."),
    # cactus-tas (4.2)
    "cactus_tas.has_cactus": _("%(player)s a cactus (%(value)s) et ne pioche pas : 0 kilo"),
    "cactus_tas.draw_weight": _(
        "%(player)s n'a pas cactus (%(value)s) et pioche %(card)s : +%(weight)s kilos"),
    "cactus_tas.seven_flush": _("%(player)s pioche %(card)s, la chasse d'eau : ses %(kilos)s kilos "
                                "retombent à 0"),
    "cactus_tas.first_draw_seven": _(
        "%(player)s pioche %(card)s à sa première pioche de la partie : +7 kilos"),
    "cactus_tas.fewest_kilos": _("Après les manches convenues, le moins de kilos gagne."),
    # tamalou (4.3)
    "tamalou.announcer_lowest": _("%(player)s annonce avec %(value)s et personne n'a moins → 0"),
    "tamalou.announcer_not_lowest": _(
        "%(player)s annonce avec %(value)s, mais %(lower)s a moins (%(lower_value)s) → %(value)s"),
    "tamalou.at_or_below_announcer": _(
        "%(player)s : %(value)s, pas plus que l'annonceur %(announcer)s (%(announcer_value)s) → 0"),
    "tamalou.above_announcer": _(
        "%(player)s : %(value)s, plus que l'annonceur %(announcer)s (%(announcer_value)s) → %(value)s"),
    "tamalou.no_call": _("Personne n'a annoncé : %(player)s marque sa main, %(value)s"),
    "tamalou.lowest_total_wins": _("Après les manches convenues, le plus petit total gagne."),
    # koubo (4.4)
    "koubo.announcer_strictly_lowest": _(
        "%(player)s annonce avec %(value)s, strictement moins que tous les autres → %(points)s"),
    "koubo.announcer_not_strictly_lowest": _(
        "%(player)s annonce avec %(value)s, mais un autre a %(lowest_other)s → %(points)s"),
    "koubo.hand_value": _("%(player)s marque sa main : %(value)s"),
    "koubo.lowest_total_wins": _("Après les manches convenues, le plus petit total gagne."),
    # dutch (4.5)
    "dutch.hand_value": _("%(player)s marque sa main : %(value)s"),
    "dutch.eliminated": _("%(player)s atteint %(total)s (%(limit)s ou plus) : éliminé"),
    "dutch.last_player_in": _("Le dernier joueur encore en jeu gagne la partie."),
    "dutch.all_out_lowest_wins": _("Si les derniers joueurs sortent tous à la même manche, "
                                   "le plus petit total parmi eux gagne."),
    # tamoul (4.6)
    "tamoul.announcer_lowest": _("%(player)s annonce avec %(value)s et personne n'a moins → 0"),
    "tamoul.announcer_not_lowest": _(
        "%(player)s annonce avec %(value)s, mais %(lower)s a moins (%(lower_value)s) → %(value)s"),
    "tamoul.at_or_below_announcer": _(
        "%(player)s : %(value)s, pas plus que l'annonceur %(announcer)s (%(announcer_value)s) → 0"),
    "tamoul.above_announcer": _(
        "%(player)s : %(value)s, plus que l'annonceur %(announcer)s (%(announcer_value)s) → %(value)s"),
    "tamoul.no_call": _("Personne n'a annoncé : %(player)s marque sa main, %(value)s"),
    "tamoul.counter_call_won": _("Contre-tamoul réussi : %(player)s (%(value)s) a moins que "
                                 "%(announcer)s (%(announcer_value)s) → %(points)s"),
    "tamoul.counter_call_lost": _("Contre-tamoul raté : %(player)s (%(value)s) n'a pas moins que "
                                  "%(announcer)s (%(announcer_value)s) → %(points)s, pénalité comprise"),
    "tamoul.hundred_drops_to_fifty": _("%(player)s tombe pile sur %(from)s : le total redescend à %(to)s"),
    "tamoul.over_hundred_ends": _("Dès qu'un total dépasse %(limit)s, la partie s'arrête."),
    # fontenaysien (4.7)
    "fontenaysien.scale": _("%(player)s : une main de %(value)s vaut %(points)s au barème"),
    "fontenaysien.went_out": _("%(player)s s'est débarrassé de toutes ses cartes → %(points)s"),
    "fontenaysien.losing_limit": _("Qui atteint la limite de perte perd, et la partie s'arrête."),
    "fontenaysien.grand_winner_limit": _("Qui descend jusqu'à la limite du grand gagnant gagne, "
                                         "et la partie s'arrête."),
    "fontenaysien.lowest_total_wins": _("Sans grand gagnant, le plus petit total gagne."),
    "fontenaysien.announcer_ignored": _("L'annonceur ne change rien au décompte."),
    # cabo-bruxellois (4.8)
    "cabo.failed_call": _("%(player)s dit cabo avec %(value)s, plus que %(limit)s : cabo raté → %(points)s"),
    "cabo.failed_call_others": _("Cabo raté de %(announcer)s : %(player)s marque 0"),
    "cabo.beaten": _("%(player)s dit cabo avec %(value)s, mais quelqu'un a %(lowest)s : "
                     "main plus l'écart → %(points)s"),
    "cabo.negative_call": _("%(player)s dit cabo avec %(value)s, sous zéro → 0"),
    "cabo.negative_call_bonus": _("Cabo sous zéro de %(announcer)s : %(player)s reçoit +%(bonus)s"),
    "cabo.call": _("%(player)s dit cabo avec %(value)s, personne n'a moins → %(value)s"),
    "cabo.hand_value": _("%(player)s marque sa main : %(value)s"),
    "cabo.negative_counts_zero": _("%(player)s a %(value)s, sous zéro : compte 0"),
    "cabo.wrong_snaps": _("%(player)s : défausses rapides ratées × %(count)s → +%(points)s"),
    "cabo.lowest_total_wins": _("Après les manches convenues, le plus petit total gagne."),
    # dutch-toulousain (4.9)
    "dutch_toulousain.hand_value": _("%(player)s marque sa main : %(value)s"),
    "dutch_toulousain.penalty_cards": _(
        "Le dutcheur %(player)s prend %(count)s carte(s) de pénalité (%(cards)s) : +%(added)s"),
    "dutch_toulousain.round_winner": _("%(player)s gagne la manche avec %(points)s"),
    "dutch_toulousain.over_hundred_ends": _("Dès qu'un total dépasse %(limit)s, la partie s'arrête."),
    # canasta (4.10)
    "canasta.melded_cards": _("%(player)s : cartes posées → %(points)s"),
    "canasta.natural_canasta": _("%(player)s : canasta(s) naturelle(s) × %(count)s → %(points)s"),
    "canasta.mixed_canasta": _("%(player)s : canasta(s) mixte(s) × %(count)s → %(points)s"),
    "canasta.wild_canasta": _("%(player)s : canasta(s) de jokers × %(count)s → %(points)s"),
    "canasta.red_threes": _("%(player)s : 3 rouges × %(count)s → %(points)s"),
    "canasta.red_threes_all_four": _("%(player)s : les quatre 3 rouges → %(points)s"),
    "canasta.red_threes_without_meld": _(
        "%(player)s : 3 rouges × %(count)s sans aucune pose → %(points)s"),
    "canasta.going_out": _("%(player)s termine la manche → %(points)s"),
    "canasta.going_out_concealed": _("%(player)s termine la manche d'un coup, main cachée → %(points)s"),
    "canasta.cards_in_hand": _("%(player)s : cartes restées en main × %(count)s → %(points)s"),
    "canasta.black_three_in_hand": _("%(player)s : 3 noirs restés en main × %(count)s → %(points)s"),
    "canasta.meld": _("Une pose : au moins 3 cartes d'un même rang, au moins 2 naturelles, "
                      "pas plus de jokers que de naturelles, 3 jokers au plus."),
    "canasta.opening": _("La première pose d'une manche doit atteindre le minimum du camp."),
    "canasta.went_out_canastas": _("Pour terminer, il faut une canasta à quatre, deux à deux joueurs."),
    "canasta.target": _("La partie s'arrête quand un camp atteint %(target)s ; le plus haut total gagne."),
    "canasta.counted_hand": _("%(player)s : cartes restées en main, comptées → %(points)s"),
    "canasta.counted_side": _("Un camp compté en points : chaque canasta demande au moins 7 cartes posées."),
    # cactus-game (4.11)
    "cactus_game.set": _("%(player)s pose une série (%(characters)s) → +%(points)s"),
    "cactus_game.free_point": _("%(player)s joue Point gratuit → +%(points)s"),
    "cactus_game.steal_point": _("%(player)s vole un Point à %(target)s → +1 pour %(player)s, "
                                 "−1 pour %(target)s"),
    # The Stop is the subject: "Point gratuit" and "Pioche 3" differ in gender (issue 27).
    "cactus_game.stopped": _("Un Stop (%(chain)s) arrête %(card)s de %(player)s : sans effet"),
    "cactus_game.stop_stopped": _("Le Stop sur %(card)s de %(player)s est lui-même arrêté (%(chain)s) : "
                                  "l'action a lieu"),
    "cactus_game.turn_ends": _("%(player)s joue %(card)s : le tour s'arrête"),
    "cactus_game.turn_order": _("Les tours suivent l'ordre des places, dans le sens des aiguilles d'une "
                                "montre."),
    "cactus_game.point_cards": _("Il n'existe que %(point_cards)s cartes Point."),
    "cactus_game.target": _("Le premier à atteindre l'objectif de Points gagne."),
    # shared problem rules
    "deck": _("Une carte ne peut pas paraître plus souvent que le paquet ne la contient."),
    "end": _("Une fois la partie finie, aucune manche ne s'ajoute."),
}


# The lines above a player's reasons on why-this-score: what their cards were worth.
NO_CARDS = _("aucune carte = 0")
COUNTED_HAND = _("main comptée par le joueur : %(value)s")
MELD_LINE = _("pose %(n)s : %(cards)s")
IN_HAND_LINE = _("en main : %(cards)s")


def explain_step(step: Step, variant_key: str) -> str:
    """One step as a sentence in the active language, e.g.
    «Ben : 3, pas plus que l'annonceur Ana (3) → 0»."""
    template = STEP_SENTENCES.get(step.rule)
    if template is None:  # a rule added to the engine before its sentence: say its id
        return f"{step.player or ''} {step.rule}".strip()
    variant = get_variant(variant_key)
    numbers = variant.numbers if variant is not None else {}
    return elided(str(template) % format_params({**numbers, **step.params}, variant_key, step.player))
