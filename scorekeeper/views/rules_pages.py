"""The rules pages: one per variant, built from the engine's declarations.

Deck, card values, call, snap, powers and options are read from
`VARIANTS[key]` (and canasta's and cactus-game's module constants), never
re-typed here. What is prose — how a round goes, what each rule says, and the
readings we apply — is written below in French (msgids) with its English in
the .po. Each rule identifier gets an element whose id is `rule_anchor(rule)`,
so the "why this score" view and the engine's problems can link to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from scorekeeper.explain import SHARED_RULES, card_label, format_params, number, rule_anchor
from scorekeeper.rules import VARIANTS
from scorekeeper.rules.cards import JOKER, RANKS, SUITS, rank_of
from scorekeeper.rules.units import to_number
from scorekeeper.rules.variants import cactus_game, canasta
from scorekeeper.rules.variants.base import Variant
from scorekeeper.rules.variants.tamalou import FONTENAYSIEN_SCALE, FONTENAYSIEN_TOP

# -- what each rule says, in general (the step sentences say what it did) ------------
RULE_STATEMENTS: dict[str, Promise] = {
    "cactus.round_winner": _("On a « cactus » avec une main de %(limit)s ou moins. Parmi ceux qui ont "
                             "cactus, la plus petite main gagne la manche et marque 1 ; les ex aequo "
                             "gagnent tous."),
    "cactus.cactus_not_lowest": _("Avoir cactus ne suffit pas : si quelqu'un a moins, on marque 0."),
    "cactus.no_cactus": _("Sans cactus (plus de %(limit)s), on marque 0. Si personne n'a cactus, "
                          "personne ne gagne la manche."),
    "cactus.most_round_wins": _("Avec un nombre de manches convenu, la partie s'arrête après la dernière ; "
                                "qui a gagné le plus de manches gagne (les ex aequo aussi). Sans nombre "
                                "convenu, la partie ne s'arrête pas d'elle-même."),
    "cactus.announcer_ignored": _("Celui qui a annoncé ne change rien au décompte : une annonce au-dessus "
                                  "de %(limit)s (mémoire trompeuse) n'est pas sanctionnée par le score."),
    "cactus_tas.has_cactus": _("Avec cactus (%(limit)s ou moins), on ne pioche pas : la manche ne coûte "
                               "aucun kilo."),
    "cactus_tas.draw_weight": _("Sans cactus, on pioche une carte, qui ajoute son poids en kilos "
                                "(sa valeur au cactus). Chaque joueur sans cactus pioche exactement une "
                                "carte ; les cartes piochées retournent au paquet."),
    "cactus_tas.seven_flush": _("Un 7 pioché, c'est la chasse d'eau : les kilos du joueur retombent à 0."),
    "cactus_tas.first_draw_seven": _("Exception : à la toute première pioche de la partie d'un joueur, "
                                     "un 7 ajoute 7 kilos."),
    "cactus_tas.fewest_kilos": _("Après le nombre de manches convenu, le moins de kilos gagne "
                                 "(les ex aequo aussi)."),
    "tamalou.announcer_lowest": _("L'annonceur marque 0 si personne n'a une main plus petite que la sienne."),
    "tamalou.announcer_not_lowest": _("Si quelqu'un a moins que l'annonceur, l'annonceur marque la valeur "
                                      "de sa main."),
    "tamalou.at_or_below_announcer": _("Un autre joueur marque 0 si sa main ne vaut pas plus que celle de "
                                       "l'annonceur."),
    "tamalou.above_announcer": _("Un autre joueur dont la main vaut plus que celle de l'annonceur marque "
                                 "sa valeur."),
    "tamalou.no_call": _("Sans annonce, chacun marque la valeur de sa main."),
    "tamalou.lowest_total_wins": _("Avec un nombre de manches convenu, la partie s'arrête après la "
                                   "dernière et le plus petit total gagne."),
    "koubo.announcer_strictly_lowest": _("L'annonceur dont la main est strictement la plus petite marque "
                                         "%(call_won)s."),
    "koubo.announcer_not_strictly_lowest": _("Sinon (égalité comprise), l'annonceur marque %(call_lost)s."),
    "koubo.hand_value": _("Les autres joueurs, et tout le monde sans annonce, marquent leur main."),
    "koubo.lowest_total_wins": _("La partie dure le nombre de manches convenu ; le plus petit total gagne."),
    "dutch.hand_value": _("Chacun marque la valeur de sa main, l'annonceur compris ; la plus petite main "
                          "gagne la manche."),
    "dutch.eliminated": _("Après chaque manche, un joueur dont le total atteint %(out_at)s est éliminé : "
                          "il ne joue plus les manches suivantes mais garde son total."),
    "dutch.last_player_in": _("La partie s'arrête quand il reste au plus un joueur : il gagne, les "
                              "éliminés perdent."),
    "dutch.all_out_lowest_wins": _("Si les derniers joueurs sont éliminés à la même manche, le plus petit "
                                   "total parmi eux gagne (les ex aequo aussi)."),
    "tamoul.announcer_lowest": _("L'annonceur marque 0 si personne n'a une main plus petite que la sienne."),
    "tamoul.announcer_not_lowest": _("Si quelqu'un a moins que l'annonceur, l'annonceur marque la valeur "
                                     "de sa main."),
    "tamoul.at_or_below_announcer": _("Un autre joueur marque 0 si sa main ne vaut pas plus que celle de "
                                      "l'annonceur."),
    "tamoul.above_announcer": _("Un autre joueur dont la main vaut plus que celle de l'annonceur marque "
                                "sa valeur."),
    "tamoul.no_call": _("Sans annonce, chacun marque la valeur de sa main."),
    "tamoul.counter_call_won": _("Un contre-tamoul réussi (main strictement plus petite que celle de "
                                 "l'annonceur) marque %(counter_won)s."),
    "tamoul.counter_call_lost": _("Un contre-tamoul raté ajoute %(counter_lost)s aux points du joueur."),
    "tamoul.hundred_drops_to_fifty": _("Un total qui tombe pile sur %(reset_from)s après une manche "
                                       "redescend à %(reset_to)s (les points de la manche ne changent pas)."),
    "tamoul.over_hundred_ends": _("Dès qu'un total dépasse %(limit)s, la partie s'arrête : le plus petit "
                                  "total gagne, ceux au-dessus de %(limit)s perdent."),
    "fontenaysien.scale": _("Chaque main se convertit au barème : %(scale)s."),
    "fontenaysien.went_out": _("Qui s'est débarrassé de toutes ses cartes marque %(went_out)s au lieu "
                               "du barème ; sa main doit être vide."),
    "fontenaysien.losing_limit": _("Qui atteint la limite de perte (%(losing)s, ou %(half_losing)s en "
                                   "demi-partie) perd, et la partie s'arrête."),
    "fontenaysien.grand_winner_limit": _("Qui descend à la limite du grand gagnant (%(grand)s, ou "
                                         "%(half_grand)s en demi-partie) gagne, et la partie s'arrête."),
    "fontenaysien.lowest_total_wins": _("Si la partie s'arrête sans grand gagnant, le plus petit total "
                                        "gagne."),
    "fontenaysien.announcer_ignored": _("L'annonceur ne change rien au décompte."),
    "cabo.failed_call": _("Cabo raté : l'annonceur (le caboteur) dont la main vaut plus de %(limit)s "
                          "marque %(failed)s…"),
    "cabo.failed_call_others": _("… et tous les autres marquent 0."),
    "cabo.beaten": _("Si un autre a moins que le caboteur, le caboteur marque sa main plus l'écart avec "
                     "la plus petite main."),
    "cabo.negative_call": _("Un caboteur sous zéro que personne ne bat marque 0…"),
    "cabo.negative_call_bonus": _("… et chaque autre joueur ajoute à ses points la valeur du caboteur, "
                                  "prise en positif (pas la valeur de sa propre main)."),
    "cabo.call": _("Sinon le caboteur marque sa main."),
    "cabo.hand_value": _("Les autres joueurs, et tout le monde sans cabo, marquent leur main…"),
    "cabo.negative_counts_zero": _("… une main sous zéro comptant 0."),
    "cabo.wrong_snaps": _("Chaque défausse rapide ratée ajoute %(wrong_snap)s points, dans tous les cas, "
                          "même sans cabo."),
    "cabo.lowest_total_wins": _("Avec un nombre de manches convenu, la partie s'arrête après la dernière "
                                "et le plus petit total gagne."),
    "dutch_toulousain.hand_value": _("Chacun marque la valeur de sa main."),
    "dutch_toulousain.penalty_cards": _("Le dutcheur prend une carte de pénalité pour chaque joueur dont "
                                        "la main est strictement plus petite que la sienne ; ces cartes "
                                        "s'ajoutent à ses points."),
    "dutch_toulousain.round_winner": _("Les plus petits points gagnent la manche ; en cas d'égalité, le "
                                       "dutcheur s'il en est, sinon le premier ex aequo après lui dans "
                                       "l'ordre des places, en faisant le tour de la table ; sans "
                                       "dutcheur, le premier ex aequo dans l'ordre des places."),
    "dutch_toulousain.over_hundred_ends": _("Dès qu'un total dépasse %(limit)s, la partie s'arrête : le "
                                            "plus petit total gagne, ceux au-dessus perdent."),
    "canasta.melded_cards": _("Un camp marque la valeur des cartes qu'il a posées."),
    "canasta.natural_canasta": _("Chaque canasta naturelle (sans joker ni 2) : +%(natural)s."),
    "canasta.mixed_canasta": _("Chaque canasta mixte : +%(mixed)s."),
    "canasta.wild_canasta": _("Chaque canasta de jokers (%(canasta_length)s cartes ou plus, toutes des "
                              "jokers ou des 2, rien d'autre) : +%(wild)s."),
    "canasta.red_threes": _("Chaque 3 rouge : +%(red_three)s quand le camp a posé au moins une fois."),
    "canasta.red_threes_all_four": _("Les quatre 3 rouges : +%(all_red_threes)s au lieu de "
                                     "4 × %(red_three)s."),
    "canasta.red_threes_without_meld": _("Sans aucune pose, les 3 rouges coûtent autant qu'ils auraient "
                                         "rapporté."),
    "canasta.going_out": _("Le camp qui termine la manche : +%(going_out)s."),
    "canasta.going_out_concealed": _("Terminer d'un coup, sans avoir rien posé avant (main cachée) : "
                                     "+%(going_out_concealed)s au lieu de %(going_out)s."),
    "canasta.cards_in_hand": _("Les cartes restées en main se retirent, à leur valeur."),
    "canasta.black_three_in_hand": _("Un 3 noir resté en main coûte %(black_three)s."),
    "canasta.meld": _("Une pose : au moins 3 cartes, les naturelles d'un seul rang, au moins 2 "
                      "naturelles, pas plus de jokers et de 2 que de naturelles, 3 au plus. Exceptions : "
                      "la canasta de jokers ; les 3 noirs, posés à 3 ou 4 sans joker et seulement par "
                      "le camp qui termine. Les 3 rouges ne se posent jamais. Un camp n'a pas deux poses "
                      "du même rang."),
    "canasta.opening": _("La première pose d'un camp dans une manche doit valoir au moins : %(minimums)s "
                         "(sauf pour le camp qui termine main cachée)."),
    "canasta.went_out_canastas": _("Pour terminer, il faut au moins une canasta à quatre joueurs, deux à "
                                   "deux joueurs ; à deux, la main de celui qui termine est vide."),
    "canasta.target": _("La partie s'arrête quand un camp atteint %(target)s ; le plus haut total gagne."),
    "cactus_game.set": _("Une série : trois personnages identiques, les jokers complétant n'importe "
                         "lesquels. Charlie rapporte %(charlie)s, Spike %(spike)s, Walter %(walter)s, "
                         "trois jokers %(jokers)s. Une série ne peut pas être arrêtée."),
    "cactus_game.free_point": _("Point gratuit : +1."),
    "cactus_game.steal_point": _("Vol de Point : la cible perd un Point, le joueur le gagne ; la cible "
                                 "doit en avoir un et ne peut pas être le joueur."),
    "cactus_game.stopped": _("Un Stop annule une action avant son effet ; un Stop peut arrêter un Stop. "
                             "Une chaîne de longueur impaire annule l'action…"),
    "cactus_game.stop_stopped": _("… une chaîne de longueur paire la laisse avoir lieu."),
    "cactus_game.turn_ends": _("Le tour s'arrête au premier coup qui fait gagner un Point ou piocher et "
                               "qui a lieu ; rien ne se joue après dans ce tour."),
    "cactus_game.turn_order": _("Les tours suivent l'ordre des places, en commençant par n'importe qui."),
    "cactus_game.point_cards": _("Il n'existe que %(point_cards)s cartes Point : un gain qui en "
                                 "demanderait une de plus est refusé."),
    "cactus_game.target": _("Le premier à atteindre l'objectif gagne : %(targets)s."),
    "deck": _("Une carte ne peut pas apparaître dans une manche plus souvent que le paquet ne la "
              "contient (toutes les mains et les cartes comptées avec elles)."),
    "end": _("Une fois la partie finie, on ne peut plus ajouter de manche."),
}


def rule_facts(variant: Variant) -> dict[str, Any]:
    """The numbers the statements quote, read from the engine's declarations and constants."""
    def attr(name: str, default: Any = None) -> Any:
        return getattr(variant, name, default)  # class constants are in points, not units

    threshold = variant.call.threshold if variant.call else None
    facts: dict[str, Any] = {
        "limit": attr("LIMIT", to_number(threshold, variant.scale) if threshold else None),
        "call_won": attr("CALL_WON"), "call_lost": attr("CALL_LOST"),
        "counter_won": attr("COUNTER_WON"), "counter_lost": attr("COUNTER_LOST"),
        "reset_from": attr("RESET_FROM"), "reset_to": attr("RESET_TO"),
        "went_out": attr("WENT_OUT"), "failed": attr("FAILED"), "wrong_snap": attr("WRONG_SNAP"),
        "out_at": attr("OUT_AT"),
        "natural": canasta.NATURAL_CANASTA, "mixed": canasta.MIXED_CANASTA, "wild": canasta.WILD_CANASTA,
        "red_three": canasta.RED_THREE, "all_red_threes": canasta.ALL_RED_THREES,
        "going_out": canasta.GOING_OUT, "going_out_concealed": canasta.GOING_OUT_CONCEALED,
        "black_three": canasta.BLACK_THREE_IN_HAND, "target": canasta.TARGET,
        "point_cards": cactus_game.POINT_CARDS, "jokers": cactus_game.THREE_JOKERS,
        "canasta_length": canasta.CANASTA_LENGTH,
        "losing": attr("LIMITS", (None, None))[0], "grand": attr("LIMITS", (None, None))[1],
        "half_losing": attr("HALF_GAME_LIMITS", (None, None))[0],
        "half_grand": attr("HALF_GAME_LIMITS", (None, None))[1],
        "wrong_power_points": variant.snap.penalty_points if variant.snap else None,
        **cactus_game.CHARACTERS,
    }
    facts["scale"] = _fontenaysien_scale()
    facts["scale_zero"] = FONTENAYSIEN_SCALE[0][1]  # what a hand of 0 (or less) scores
    facts["minimums"] = _opening_minimums()
    facts["targets"] = _cactus_game_targets(variant)
    return facts


def _fontenaysien_scale() -> str:
    parts, low = [], None
    for highest, points in FONTENAYSIEN_SCALE:
        span = number(highest) if low is None else f"{number(low)}–{number(highest)}"
        parts.append(f"{span} → {number(points)}")
        low = highest + 1
    parts.append(_("%(low)s ou plus → %(points)s") % {"low": number(low), "points": number(FONTENAYSIEN_TOP)})
    return " ; ".join(str(p) for p in parts)


def _opening_minimums() -> str:
    """ "total sous 0 → 15 ; 0–1495 → 50 ; …", lowest band first (the engine lists the highest first)."""
    bands = []
    upper = None
    for lowest, minimum in canasta.OPENING_MINIMUMS:
        if upper is None:
            span = str(_("%(low)s ou plus") % {"low": lowest})
        else:
            span = f"{lowest}–{upper - 5}"  # totals move in steps of 5
        bands.append(f"{span} → {minimum}")
        upper = lowest
    below = str(_("total sous 0 → %(minimum)s") % {"minimum": canasta.OPENING_BELOW_ZERO})
    return " ; ".join([below, *reversed(bands)])


def _cactus_game_targets(variant: Variant) -> str:
    spans: dict[int, list[int]] = {}
    for players in range(variant.min_players, variant.max_players + 1):
        spans.setdefault(cactus_game.target_for(players), []).append(players)
    return " ; ".join(str(_("%(points)s Points à %(players)s joueurs") % {
        "points": target, "players": f"{p[0]}–{p[-1]}" if len(p) > 1 else p[0]}) for target, p in spans.items())


# -- how a round is played, per family (own words) -------------------------------------
PLAY: dict[str, list[Promise]] = {
    "memory": [
        _("Chacun reçoit quatre cartes face cachée, posées en carré, et regarde une seule fois les deux "
          "plus proches de lui. Ensuite, tout se joue de mémoire."),
        _("À son tour, on prend la carte du dessus de la défausse pour l'échanger contre une des siennes, "
          "ou bien on pioche : la carte piochée s'échange ou se jette. Une carte jetée aussitôt piochée "
          "déclenche son pouvoir, s'il en a un."),
        _("Le but est de finir la manche avec la main la plus faible possible. En fin de manche, chacun "
          "retourne ses cartes et on compte la valeur de sa main avec le tableau ci-dessous."),
        _("Une carte de pénalité se prend sur le dessus de la pioche, sans la regarder, et s'ajoute face "
          "cachée aux cartes du joueur."),
    ],
    "canasta": [
        _("À deux, chacun joue pour soi avec 15 cartes ; à quatre, deux équipes de partenaires assis face à "
          "face, 11 cartes chacun. On joue avec deux paquets et quatre jokers."),
        _("À son tour, on pioche ou on prend toute la défausse, on pose des combinaisons si on le peut, "
          "puis on jette une carte. Les 3 rouges se posent dès qu'on les reçoit et se remplacent par la "
          "pioche ; ceux qui arrivent avec la défausse prise ne se remplacent pas."),
        _("Une canasta est une pose de %(canasta_length)s cartes ou plus."),
        _("Pour prendre la défausse, il faut utiliser tout de suite la carte du dessus dans une pose. "
          "Un 3 noir sur la défausse la bloque pour le joueur suivant."),
        _("La manche s'arrête quand un joueur termine (il lui faut des canastas) ou quand la pioche est "
          "vide. Chaque camp compte alors ses points."),
    ],
    "cactus_game": [
        _("Le jeu Cactus Game de Blue Orange a ses propres cartes : des personnages (Charlie, Spike, "
          "Walter, des jokers) et des actions, plus %(point_cards)s cartes Point. Chacun commence avec 5 cartes."),
        _("À son tour, on joue autant de cartes qu'on veut, jusqu'à gagner au moins un Point ou piocher "
          "au moins une carte : le tour s'arrête alors aussitôt. Piocher une carte est toujours permis."),
        _("Le Stop est la seule carte qui se joue hors de son tour : il annule une action avant qu'elle "
          "ait lieu. Ici, chaque tour se saisit comme une ligne du tableau des scores."),
    ],
}

# What one variant adds to its family's way of playing (table-rules.md), in our words.
POWER_MISUSED = _("Un pouvoir mal utilisé (regarder pendant un échange à l'aveugle, par exemple) annule le "
                  "tour et coûte une carte de pénalité.")
POWER_MISUSED_POINTS = _("Un pouvoir mal utilisé (regarder pendant un échange à l'aveugle, par exemple) "
                         "annule le tour et coûte +%(wrong_power_points)s points, comme une défausse "
                         "rapide ratée, sans carte de pénalité.")
CALL_OVER_LIMIT_NORMAL = _("Une annonce faite avec une main au-dessus de %(limit)s n'est pas punie à part : "
                           "la manche se compte par la règle ordinaire.")
PLAY_EXTRAS: dict[str, list[Promise]] = {
    "tamalou": [POWER_MISUSED, CALL_OVER_LIMIT_NORMAL], "koubo": [POWER_MISUSED],
    "tamoul": [POWER_MISUSED, CALL_OVER_LIMIT_NORMAL],
    "fontenaysien": [POWER_MISUSED],
    "dutch": [POWER_MISUSED],
    "cactus": [
        _("Une défausse rapide ratée : la mauvaise carte reste sur la défausse et devient la carte du "
          "dessus ; les autres peuvent la recouvrir d'une carte de même rang, mais la carte qu'elle a "
          "recouverte ne peut plus l'être."),
        _("Le 8 oublié : si son joueur oublie ou refuse de regarder, le 8 reste sur la défausse ; le joueur "
          "suivant peut s'en servir pour regarder une de ses propres cartes, puis joue son tour normalement."),
    ],
    "cabo-bruxellois": [
        POWER_MISUSED_POINTS,
        _("Chacun peut regarder ses deux premières cartes tant qu'il n'a pas pioché pour la première fois."),
        _("On ne prend la carte de la défausse que si personne ne l'a recouverte d'une défausse rapide."),
    ],
    "dutch-toulousain": [
        POWER_MISUSED,
        _("Plusieurs valets défaussés vite sur la même défausse : chacun de ceux qui en ont jeté un fait son "
          "échange, un par valet, dans l'ordre du tour en partant du joueur suivant ; le joueur dont c'est "
          "le tour échange en dernier."),
        _("Jeu pour autrui : le joueur dont c'est le tour passe d'abord, autant de fois qu'il le peut, puis "
          "les autres dans l'ordre du tour ; celui qui n'a plus de carte n'en donne pas. Jamais contre un "
          "dutcheur gelé."),
    ],
    "canasta": [
        _("Une canasta de jokers se compose en un seul tour."),
    ],
    "cactus-game": [
        _("Les 90 cartes blanches : 36 personnages (16 Charlie, 12 Spike, 5 Walter, 3 jokers) et 54 actions "
          "(3 Point gratuit, 3 Échange de mains, 6 Regarde et vole, 6 Pioche 3, 6 Vol de Point, 10 Demande "
          "de carte, 10 Vol de carte, 10 Stop). Le joueur le plus habillé de vert commence, puis on tourne "
          "dans le sens des aiguilles d'une montre."),
        _("Un Stop arrive trop tard une fois les mains échangées, la main regardée ou la première carte "
          "piochée. Un Point gratuit, un Vol de Point ou une Pioche 3 arrêtés ne terminent pas le tour."),
        _("Commencer son tour sans aucune carte oblige à piocher 3 cartes, ce qui termine le tour. Quand la "
          "pioche est vide, on mélange la défausse pour en refaire une."),
        _("Les actions : Point gratuit, on prend un Point (le tour s'arrête) ; Échange de mains, deux "
          "joueurs (on peut en être) échangent toute leur main, une main vide reçoit l'autre sans rien "
          "donner ; Regarde et vole, on regarde une main et on y prend une carte ; Pioche 3, on pioche "
          "trois cartes (le tour s'arrête) ; Vol de Point, on prend un Point à un joueur (le tour "
          "s'arrête) ; Demande de carte, on nomme une action ou un personnage, le joueur la donne s'il "
          "l'a ; Vol de carte, on en prend une au hasard, la cible peut d'abord mélanger."),
        _("N'importe quel joueur peut jouer un Stop, à tout moment, même hors de son tour : c'est la "
          "seule carte qui se joue ainsi."),
    ],
}

CALL_WHEN: dict[str, Promise] = {
    "end_of_turn": _("On annonce à la fin de son propre tour."),
    "own_turn": _("On annonce à n'importe quel moment de son propre tour."),
    "instead_of_drawing": _("On annonce au début de son tour, à la place de piocher : l'annonce est "
                            "tout son tour."),
}

CALL_AFTER: dict[str, Promise] = {
    "one_more_turn_each": _("chaque autre joueur joue encore un tour ; l'annonceur ne rejoue pas."),
    "round_stops": _("la manche s'arrête tout de suite."),
    "one_last_turn_each": _("on joue un dernier tour de table : chaque autre joueur joue une fois, et la "
                            "manche s'arrête quand revient le tour de l'annonceur."),
    "counter_call_next_turn": _("on joue un dernier tour de table, jusqu'à ce que revienne le tour de "
                                "l'annonceur ; pendant ce tour, chaque autre joueur peut dire "
                                "« contre-tamoul », une fois ; les pouvoirs ne peuvent pas viser "
                                "l'annonceur."),
    "one_last_turn_until_caller": _("on joue un dernier tour, jusqu'à revenir à l'annonceur ; un joueur "
                                    "qui jette sa dernière carte arrête la manche sur-le-champ."),
    "one_last_turn_caller_cards_sideways": _("on joue un dernier tour, jusqu'à ce que revienne le tour du "
                                             "caboteur ; ses cartes sont tournées de côté : personne ne "
                                             "peut les prendre ni les échanger."),
    "caller_frozen_until_their_turn": _("les cartes du dutcheur sont gelées (il ne défausse plus vite, on "
                                        "ne peut pas le viser) jusqu'à ce que son tour revienne, et la "
                                        "manche s'arrête alors."),
}

SNAP_WHO: dict[str, Promise] = {
    "anyone": _("Tout le monde peut défausser vite, à tout moment, une carte de même rang que celle du "
                "dessus de la défausse."),
    "others": _("Après une défausse, les autres joueurs peuvent jeter vite une carte de même rang."),
    "own_turn": _("Seulement pendant son propre tour : on jette une carte de même rang que celle visible "
                  "sur la défausse."),
}
SNAP_SEVERAL = {
    True: _("Plusieurs cartes de même rang peuvent être jetées sur une même défausse."),
    False: _("Une seule carte passe par défausse : la plus rapide ; les plus lents reprennent leur carte, "
             "sans pénalité."),
}
SNAP_WRONG: dict[str, Promise] = {
    "penalty_card": _("Une défausse rapide ratée : la carte revient au joueur, avec une carte de pénalité."),
    "penalty_card_card_stays": _("Une défausse rapide ratée : la carte reste sur la défausse, et le joueur "
                                 "prend une carte de pénalité à la place, qu'il ne peut pas défausser vite "
                                 "avant son prochain tour."),
    "two_points": _("Une défausse rapide ratée coûte %(points)s points, sans carte de pénalité."),
}
SNAP_NO_RETRY = _("Après une défausse ratée, ce joueur ne peut plus tenter sa chance sur cette défausse.")
SNAP_FOR_OTHERS = _("Jeu pour autrui : un joueur qui connaît une carte d'un autre joueur, que son "
                    "propriétaire ne connaît pas, peut la défausser vite à sa place quand elle est de "
                    "même rang, puis lui donne une de ses cartes.")

POWER_EFFECTS: dict[str, Promise] = {
    "look_own": _("regarder une de ses cartes"),
    "look_other": _("regarder une carte d'un adversaire"),
    "look_any": _("regarder n'importe quelle carte, les siennes comprises"),
    "blind_swap": _("échanger une de ses cartes avec celle d'un adversaire, sans regarder"),
    "look_other_then_swap": _("regarder une carte d'un adversaire, puis l'échanger avec une des siennes "
                              "si on le souhaite"),
    "look_other_then_swap_shown": _("regarder une carte d'un adversaire et l'échanger si on le souhaite, "
                                    "en montrant les deux"),
    "look_own_then_next_player": _("regarder une de ses cartes ; si le joueur oublie ou refuse, le "
                                   "suivant peut s'en servir"),
    "swap_with_other": _("échanger une de ses cartes avec celle d'un autre joueur"),
    "swap_two_cards": _("échanger obligatoirement deux cartes, entre deux autres joueurs ou avec soi"),
    "give_stock_card": _("donner la carte du dessus de la pioche au joueur de son choix"),
}
POWER_CARDS = {"black K": _("R noir"), "red K": _("R rouge")}

OPTION_LABELS: dict[str, Promise] = {
    "rounds": _("Nombre de manches"),
    "half_game": _("Demi-partie"),
}

FAMILY_LEADS: dict[str, Promise] = {
    "memory": _("Un jeu de mémoire : quatre cartes cachées, et la plus petite main possible."),
    "canasta": _("Un jeu de combinaisons en camps : poser des canastas et marquer le plus de points."),
    "cactus_game": _("Le jeu de cartes de Blue Orange : collectionner des cartes Point."),
}


# -- the readings we apply, marked as ours ---------------------------------------------
@dataclass(frozen=True, slots=True)
class Reading:
    key: str  # the element's id on the page is "reading-<key>"
    rule: str | None  # the rule it reads, linked from the reading
    text: Promise


POWERS_AS_TAMALOU = _("Les textes ne donnent pas de pouvoirs propres à ce jeu : nous appliquons ceux du "
                      "tamalou.")
READINGS: dict[str, tuple[Reading, ...]] = {
    "cactus": (), "cactus-tas": (),
    "tamalou": (
        Reading("tamalou-announcer-value", "tamalou.announcer_not_lowest",
                _("Le texte dit seulement que l'annonceur ne marque rien s'il a la plus petite main. Quand "
                  "quelqu'un a moins que lui, nous lui faisons marquer la valeur de sa main.")),
    ),
    "koubo": (
        Reading("koubo-call", None,
                _("On dit « koubo » à la fin de son tour ; ensuite on joue un dernier tour de table, qui "
                  "s'arrête quand revient le tour de l'annonceur, comme au fontenaysien et au cabo.")),
        Reading("koubo-replace", "koubo.announcer_strictly_lowest",
                _("Les %(call_won)s et %(call_lost)s de l'annonceur remplacent la valeur de sa main ; ils ne s'y ajoutent pas.")),
    ),
    "dutch": (
        Reading("dutch-no-zero", "dutch.hand_value",
                _("Pas de zéro pour l'annonceur dans ce jeu : tout le monde marque sa main, et la plus "
                  "petite main gagne la manche.")),
    ),
    "tamoul": (
        Reading("tamoul-last-round", None,
                _("Le « tour suivant » du texte est un dernier tour de table : il s'arrête quand revient le "
                  "tour de l'annonceur ; le contre-tamoul n'est permis que pendant ce tour, une fois par "
                  "joueur.")),
        Reading("tamoul-counter", "tamoul.counter_call_won",
                _("Le %(counter_won)s d'un contre-tamoul réussi remplace les points du joueur ; le "
                  "+%(counter_lost)s d'un contre-tamoul raté s'ajoute à ses points.")),
    ),
    "fontenaysien": (
        Reading("fontenaysien-powers", None, POWERS_AS_TAMALOU),
        Reading("fontenaysien-call-limit", None,
                _("Le texte ne fixe aucune limite à la main de celui qui dit « tamalou » : nous n'en "
                  "appliquons pas.")),

        Reading("fontenaysien-below-zero", "fontenaysien.scale",
                _("Une main comptée par le joueur sous 0 se lit comme une main de 0 : elle vaut %(scale_zero)s au "
                  "barème.")),
    ),
    "cabo-bruxellois": (
        Reading("cabo-failed-call", "cabo.failed_call",
                _("Ce jeu sanctionne un cabo annoncé au-dessus de %(limit)s, la limite d'annonce du tamalou : "
                  "c'est le cabo raté.")),
        Reading("cabo-powers", None, POWERS_AS_TAMALOU),
        Reading("cabo-call-limit", None,
                _("On peut dire « cabo » quelle que soit sa main ; au-dessus de %(limit)s, c'est un cabo "
                  "raté au décompte.")),
    ),
    "dutch-toulousain": (),
    "canasta": (
        Reading("canasta-going-out", "canasta.going_out",
                _("Le texte du canasta ne dit rien de la prime pour terminer : nous appliquons la règle "
                  "courante, +%(going_out)s (+%(going_out_concealed)s main cachée).")),
        Reading("canasta-frozen-pile", None,
                _("Règle courante, là où le texte est mince : la défausse est gelée quand elle contient un "
                  "joker, un 2 ou un 3 rouge, et pour un camp qui n'a encore rien posé ; on ne la prend "
                  "alors qu'avec deux cartes naturelles de la main assorties à celle du dessus. On ne la "
                  "prend jamais quand le dessus est un joker, un 2 ou un 3 noir.")),
        Reading("canasta-red-three-top", None,
                _("Un 3 rouge n'est jamais une carte du dessus qu'on peut prendre : comme il ne se pose "
                  "jamais, il bloque la défausse comme un 3 noir.")),
        Reading("canasta-not-yet-melded", None,
                _("Un camp qui n'a encore rien posé ne prend la défausse qu'avec deux cartes naturelles "
                  "assorties à celle du dessus, et les poses qu'il fait avec elle et des cartes de sa main "
                  "(pas le reste de la défausse) doivent atteindre le minimum d'ouverture.")),
        Reading("canasta-one-meld-per-rank", None,
                _("Un camp a au plus une pose de chaque rang : les cartes de ce rang s'y ajoutent.")),
        Reading("canasta-empty-stock", None,
                _("Quand la pioche est vide, celui qui a tiré la dernière carte finit son tour et jette une "
                  "carte ; la manche s'arrête, et personne ne reçoit la prime pour avoir terminé.")),
        Reading("canasta-opening-values", "canasta.opening",
                _("La première pose est vérifiée sur la valeur des cartes seulement : l'application ne "
                  "vérifie pas que ces poses sont elles-mêmes valables.")),
    ),
    "cactus-game": (
        Reading("cactus-game-turn-under-way", "cactus_game.turn_ends",
                _("Un tour saisi peut ne pas être terminé : le dernier tour de la feuille peut être en "
                  "cours.")),
    ),
}


# The live table's readings (table-rules.md v1.1), shown on every page of a game with snaps.
TABLE_READINGS: tuple[Reading, ...] = (
    Reading("table-windows", None,
            _("La défausse rapide sur une carte dure jusqu'à ce que la défausse suivante la recouvre. Une "
              "limite de temps est une option de la maison, désactivée par défaut. Un appui fait avant "
              "que la carte soit recouverte compte si la demande arrive dans le délai mesuré du "
              "téléphone.")),
    Reading("table-after-call", None,
            _("Après l'annonce, aucun nouveau tour ne commence pour un joueur que l'annonce exclut ; "
              "« un dernier tour de table » veut dire que chaque autre joueur joue une fois encore et que "
              "la manche s'arrête quand revient le tour de l'annonceur.")),
    Reading("table-ties", None,
            _("Deux demandes au même instant d'appui sont départagées par leur arrivée au serveur, puis "
              "par l'ordre des places en partant du joueur qui suit celui qui a défaussé.")),
    Reading("table-one-card", None,
            _("Une carte par défausse rapide : un joueur ne pose qu'une carte sur une même défausse ; "
              "après une erreur, il peut réessayer sur cette défausse. La même demande envoyée deux fois "
              "ne compte qu'une fois.")),
    Reading("table-knowledge", None,
            _("L'arbitre ne peut pas savoir qui connaît quelle carte : il prend le joueur au mot et "
              "l'inscrit au journal.")),
    Reading("table-wrong-power", None,
            _("Un pouvoir mal utilisé, c'est viser une carte hors de sa portée (la carte d'un autre pour "
              "« une de ses cartes », un joueur protégé ou gelé), ou se servir du pouvoir d'une carte qui "
              "ne vient pas de la pioche : l'arbitre refuse, le tour est annulé, et le joueur prend la "
              "pénalité.")),
    # Shown only where the declaration has what they read (see table_readings).
    Reading("table-cactus-wrong-card", None,
            _("Au tableau : la mauvaise carte laissée sur la défausse devient la carte du dessus ; la "
              "défausse rapide continue pour son rang, et la carte qu'elle a recouverte ne peut plus "
              "être assortie.")),
    Reading("table-last-card", None,
            _("Au tableau, un joueur peut déclarer « plus de carte » : la manche s'arrête aussitôt, et "
              "la révélation lui compte %(went_out)s.")),
)
# Where a variant differs from the general table readings above, its own text replaces it.
TABLE_READING_VARIANTS: dict[str, dict[str, Promise]] = {
    "table-one-card": {
        "several": _("Plusieurs cartes par défausse rapide : chacun peut poser autant de cartes de même "
                     "rang qu'il en a. La même demande envoyée deux fois ne compte qu'une fois."),
        "no_retry": _("Une carte par défausse rapide, et pas de second essai : après une erreur, le joueur "
                      "ne retente pas sa chance sur cette défausse. La même demande envoyée deux fois ne "
                      "compte qu'une fois."),
    },
    "table-wrong-power": {
        "points": _("Un pouvoir mal utilisé, c'est viser une carte hors de sa portée (la carte d'un autre "
                    "pour « une de ses cartes », le caboteur dont les cartes sont tournées), ou se servir du "
                    "pouvoir d'une carte qui ne vient pas de la pioche : l'arbitre refuse, le tour est "
                    "annulé, et le joueur prend +%(wrong_power_points)s points au lieu d'une carte."),
    },
}


def table_readings(variant: Variant) -> list[tuple[Reading, Promise]]:
    """The live table's readings for this variant (none for games without snaps)."""
    snap = variant.snap
    if snap is None:
        return []
    kinds = {"table-one-card": "several" if snap.several else ("no_retry" if not snap.retry_after_wrong
                                                                 else None),
             "table-wrong-power": "points" if snap.wrong == "two_points" else None}
    shown = {"table-cactus-wrong-card": snap.wrong == "penalty_card_card_stays",
             "table-last-card": "went_out" in variant.round_extras}
    out = []
    for reading in TABLE_READINGS:
        if not shown.get(reading.key, True):
            continue
        kind = kinds.get(reading.key)
        text = TABLE_READING_VARIANTS[reading.key][kind] if kind else reading.text
        out.append((reading, text))
    return out


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
    """(cards, value) rows: cards of one rank together, split by colour when the value differs."""
    if variant.family == "canasta":
        return _canasta_value_rows(variant)
    if variant.family == "cactus_game":
        return [{"cards": name.capitalize(), "codes": [], "value": number(points)}
                for name, points in cactus_game.CHARACTERS.items()] + [
            {"cards": str(_("Trois jokers")), "codes": [], "value": number(cactus_game.THREE_JOKERS)}]
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


def call_info(variant: Variant) -> dict[str, Any] | None:
    call = variant.call
    if call is None:
        return None
    threshold = None if call.threshold is None else number(to_number(call.threshold, variant.scale))
    return {"word": call.word, "threshold": threshold, "after": CALL_AFTER.get(call.after, call.after),
            "when": CALL_WHEN.get(call.when, call.when)}


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
    if snap.play_for_others:
        lines.append(str(SNAP_FOR_OTHERS))
    return lines


def power_rows(variant: Variant) -> list[dict[str, str]]:
    return [{"cards": str(POWER_CARDS.get(p.cards, FACE_LABEL(p.cards))),
             "effect": str(POWER_EFFECTS.get(p.effect, p.effect))} for p in variant.powers]


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
    return [{"rule": rule, "anchor": rule_anchor(rule), "text": str(RULE_STATEMENTS[rule]) % facts}
            for rule in variant.rules if rule not in SHARED_RULES]


def page_context(variant: Variant) -> dict[str, Any]:
    facts = format_params(rule_facts(variant), variant.key)
    return {
        "variant": variant,
        "lead": FAMILY_LEADS[variant.family],
        "players": players_label(variant),
        "play": [str(p) % facts for p in (*PLAY[variant.family], *PLAY_EXTRAS.get(variant.key, []))],
        "deck_rows": deck_rows(variant),
        "deck_size": variant.deck.size if variant.deck else None,
        "deck_copies": variant.deck.copies["AS"] if variant.deck else None,  # jokers aside
        "value_rows": value_rows(variant),
        "call": call_info(variant),
        "snap": snap_info(variant),
        "powers": power_rows(variant),
        "options": option_rows(variant),
        "rules": rule_rows(variant),
        "deck_rule": {"anchor": rule_anchor("deck"), "text": str(RULE_STATEMENTS["deck"]) % facts},
        "end_rule": {"anchor": rule_anchor("end"), "text": str(RULE_STATEMENTS["end"]) % facts},
        "readings": [{"id": f"reading-{r.key}", "text": str(text) % facts,
                      "rule_anchor": rule_anchor(r.rule) if r.rule else None}
                     for r, text in [*((r, r.text) for r in READINGS.get(variant.key, ())),
                                     *table_readings(variant)]],
        "scale_note": variant.scale != 1,
    }


def players_label(variant: Variant) -> str:
    """ "2–8"; canasta is played by 2 or 4 (its teams rule refuses 3)."""
    if variant.family == "canasta":
        return str(_("%(low)s ou %(high)s") % {"low": variant.min_players, "high": variant.max_players})
    return f"{variant.min_players}–{variant.max_players}"


# -- views --------------------------------------------------------------------------------

def _variant_or_404(key: str) -> Variant:
    variant = VARIANTS.get(key)
    if variant is None:
        raise Http404(f"no variant {key!r}")
    return variant


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    """Every variant, with its one-line summary and a link to its page."""
    variants = [{"key": v.key, "name": v.name, "lead": FAMILY_LEADS[v.family],
                 "players": players_label(v)} for v in VARIANTS.values()]
    return render(request, "scorekeeper/rules/index.html", {"variants": variants})


@require_safe
def rules_page(request: HttpRequest, variant: str) -> HttpResponse:
    """One variant's rules, built from its declaration."""
    return render(request, "scorekeeper/rules/page.html", page_context(_variant_or_404(variant)))
