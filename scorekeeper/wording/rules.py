"""What each rule says in general (the rules pages), and the phrases the pages use
for a variant's call, snap, powers and options.

The step sentences (steps.py) say what a rule did in one round; these say the rule
itself. The numbers they quote come from the declaration (`rule_facts`), never typed.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from engine.rules.units import to_number
from engine.rules.variants import cactus_game, canasta
from engine.rules.variants.base import Variant
from engine.rules.variants.tamalou import FONTENAYSIEN_SCALE, FONTENAYSIEN_TOP

from .cards import card_text
from .text import PRINTED_CARD_NAMES, number
from .variants import Reading

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
    "fontenaysien.losing_limit": _("Qui atteint la limite de perte (%(losing_limit)s, ou "
                                   "%(half_losing_limit)s en demi-partie) perd, et la partie s'arrête."),
    "fontenaysien.grand_winner_limit": _("Qui descend à la limite du grand gagnant (%(grand_winner_limit)s, "
                                         "ou %(half_grand_winner_limit)s en demi-partie) gagne, et la "
                                         "partie s'arrête."),
    "fontenaysien.lowest_total_wins": _("Si la partie s'arrête sans grand gagnant, le plus petit total "
                                        "gagne."),
    "fontenaysien.announcer_ignored": _("L'annonceur ne change rien au décompte."),
    "cabo.failed_call": _("Cabo raté : l'annonceur (le caboteur) dont la main vaut plus de %(limit)s "
                          "marque %(failed)s…"),
    "cabo.failed_call_others": _("… et tous les autres marquent 0."),
    "cabo.beaten": _("Si un autre a moins que le caboteur, le caboteur marque sa main plus l'écart avec "
                     "la plus petite main."),
    "cabo.negative_call": _("Un caboteur sous zéro que personne ne bat marque 0…"),
    "cabo.negative_call_bonus": _("… et chaque autre joueur marque ses points habituels (sa main, une "
                                  "main sous zéro comptant 0), plus la valeur du caboteur prise en "
                                  "positif : les deux s'additionnent."),
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
    "canasta.counted_side": _("Un camp peut être donné en points plutôt que par ses cartes : la valeur des "
                              "cartes posées et celle des cartes restées en main, les canastas de chaque "
                              "sorte et les 3 rouges. Il marque comme s'il avait donné ses cartes ; il « a "
                              "posé » quand ses cartes posées valent plus de 0. Chaque canasta demande au "
                              "moins %(canasta_length)s cartes posées, donc au moins %(canasta_least)s "
                              "points posés ; le minimum d'ouverture ne peut pas être vérifié."),
    "canasta.counted_hand": _("Un camp compté retire les points de ses cartes restées en main, chaque "
                              "3 noir à %(black_three)s."),
    "cactus_game.set": _("Une série : trois personnages identiques, les jokers complétant n'importe "
                         "lesquels. Charlie rapporte %(charlie)s, Spike %(spike)s, Walter %(walter)s, "
                         "trois jokers %(jokers)s. Une série ne peut pas être arrêtée."),
    "cactus_game.free_point": _("%(card_free_point)s : +1."),
    "cactus_game.steal_point": _("%(card_steal_point)s : la cible perd un Point, le joueur le gagne ; la "
                                 "cible doit en avoir un et ne peut pas être le joueur."),
    "cactus_game.stopped": _("Un Stop annule une action avant son effet (toute action sauf une série et la "
                             "pioche simple, qui ne peuvent pas être arrêtées) ; un Stop peut arrêter un Stop. "
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
    """The numbers the statements quote: the declaration's `numbers` (in points), the
    call's threshold as `limit` unless the variant names its own limit."""
    threshold = variant.call.threshold if variant.call else None
    call_limit = to_number(threshold, variant.scale) if threshold else None
    # `limit` may be the variant's own (tamoul's 100 ends the game); `call_limit` is always the call's.
    facts: dict[str, Any] = {"limit": call_limit, **variant.numbers, "call_limit": call_limit}
    facts["scale"] = _fontenaysien_scale()
    facts["scale_zero"] = FONTENAYSIEN_SCALE[0][1]  # what a hand of 0 (or less) scores
    facts["wrong_power_points"] = variant.snap.penalty_points if variant.snap else None
    facts["minimums"] = _opening_minimums()
    facts["targets"] = _cactus_game_targets(variant)
    facts["word"] = variant.call.word if variant.call else None
    facts["canasta_length"] = canasta.CANASTA_LENGTH
    facts.update({f"card_{kind}": name for kind, name in PRINTED_CARD_NAMES.items()})
    facts.update(_players_and_deck(variant))
    # Power cards named as the powers table names them (v1.2 readings quote them).
    facts["compulsory"] = " ; ".join(_power_card(p.cards) for p in variant.powers if p.compulsory)
    facts["compulsory_cards"] = _in_words([_power_card(p.cards) for p in variant.powers if p.compulsory])
    facts["give_card"] = next((_power_card(p.cards) for p in variant.powers if p.effect == "give_stock_card"), None)
    return facts


def _players_and_deck(variant: Variant) -> dict[str, Any]:
    """How many may play, and (a memory game) how many cards the stock keeps after the deal
    at the most players: koubo's reading quotes them."""
    facts: dict[str, Any] = {"min_players": variant.min_players, "max_players": variant.max_players}
    if variant.deck is not None and variant.dealt is not None:
        facts["deck_size"] = variant.deck.size
        facts["stock_left"] = variant.deck.size - variant.dealt * variant.max_players
    return facts


def _in_words(items: list[str]) -> str:
    """ "V et R rouge", "A, B et C": a list as a sentence says it."""
    if len(items) < 2:
        return "".join(items)
    return str(_("%(one)s et %(other)s") % {"one": ", ".join(items[:-1]), "other": items[-1]})


def _power_card(cards: str) -> str:
    """A power's card as the powers table names it: « R rouge », « V »."""
    if cards in POWER_CARDS:
        return str(POWER_CARDS[cards])
    return card_text(cards + "S")[:-1]


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
SNAP_NO_PILE_AFTER = _("Après une défausse rapide réussie sur une carte, personne ne peut plus prendre la "
                       "défausse : le joueur suivant pioche.")
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
    "look_other_then_swap_shown": _("regarder une carte d'un adversaire et l'échanger avec une des siennes "
                                    "si on le souhaite, en montrant les deux"),
    "look_own_then_next_player": _("regarder une de ses cartes ; si le joueur oublie ou refuse, le "
                                   "suivant peut s'en servir"),
    "swap_with_other": _("échanger une de ses cartes avec celle d'un autre joueur"),
    "swap_two_cards": _("échanger obligatoirement deux cartes, entre deux autres joueurs ou entre soi et "
                        "un autre joueur"),
    "give_stock_card": _("donner la carte du dessus de la pioche au joueur de son choix"),
}
POWER_CARDS = {"black K": _("R noir"), "red K": _("R rouge")}
# Whether a power must be used: every text lets the player choose, but where the
# declaration marks a power compulsory (dutch-toulousain's jack and red king).
POWERS_OPTIONAL = _("Se servir d'un pouvoir n'est jamais obligatoire : on peut jeter la carte sans l'utiliser.")
POWERS_SOME_COMPULSORY = _("Se servir d'un pouvoir est facultatif, sauf pour %(compulsory_cards)s : "
                           "ceux-là sont obligatoires.")

OPTION_LABELS: dict[str, Promise] = {
    "rounds": _("Nombre de manches"),
    "half_game": _("Demi-partie"),
}

# A game with its own cards instead of a deck (cactus-game), on its rules page.
OWN_CARDS = _("Pas de cartes à jouer ordinaires : ce jeu a ses propres cartes (personnages, actions, "
              "Stop) et %(point_cards)s cartes Point.")


# -- the live table's readings (table-rules.md v1.1), shown on every page of a game with snaps
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
    Reading("table-turns", None,
            _("Chacun défausse à son tour, dans l'ordre des places (après l'annonce, dans l'ordre de ceux "
              "qui jouent encore) ; la première défausse de la manche peut venir de n'importe qui. Sans "
              "arbitre à la table, le tour d'un joueur sans téléphone passe quand le suivant défausse ; "
              "avec un arbitre, c'est lui qui inscrit sa défausse.")),
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
              "« une de ses cartes »), ou se servir du pouvoir d'une carte qui ne vient pas de la pioche : "
              "l'arbitre refuse, le tour est annulé, et le joueur prend la pénalité.")),
    # Shown only where the declaration has what they read (see table_readings).
    Reading("table-cactus-wrong-card", None,
            _("À la table : la mauvaise carte laissée sur la défausse devient la carte du dessus ; la "
              "défausse rapide continue pour son rang, et la carte qu'elle a recouverte ne peut plus "
              "être assortie.")),
    Reading("table-last-card", None,
            _("À la table, un joueur peut déclarer « plus de carte » à tout moment de la manche, pas "
              "seulement pendant le dernier tour : la manche s'arrête aussitôt, et la révélation lui "
              "compte %(went_out)s.")),
    # table-rules.md v1.2, "Readings added in v1.2" (shown where the declaration has what they read)
    Reading("table-cancelled-turn", None,
            _("Un tour annulé (un pouvoir mal utilisé) : la carte défaussée reste sur la pile et sa "
              "défausse rapide continue ; le pouvoir n'a aucun effet ; la pénalité du jeu s'applique ; "
              "puis c'est au joueur suivant.")),
    Reading("table-empty-stock", None,
            _("Pioche vide : la défausse, sauf sa carte du dessus, est mélangée pour refaire une pioche"
              " (le texte du dutch toulousain le dit ; nous l'appliquons à tous les jeux de mémoire). "
              "L'arbitre ou le joueur dont c'est le tour le signale à la table. Si même ainsi il ne "
              "reste aucune carte, une carte de pénalité due n'est pas donnée, et le journal le dit.")),
    Reading("dutch-own-turn-snap", None,
            _("La défausse rapide pendant son propre tour : le tour d'un joueur commence dès que la "
              "défausse du joueur précédent est posée. De là jusqu'à sa propre défausse, ce joueur peut"
              " poser une carte de même rang que la carte visible sur la pile : une seule par tour, et "
              "personne d'autre ne le peut. Une mauvaise carte coûte la pénalité du tamalou (la carte "
              "revient, plus une carte de pénalité) et met fin à sa défausse rapide pour ce tour.")),
    Reading("table-cactus-caller", None,
            _("Celui qui a dit « %(word)s » ne joue plus de tour, mais peut encore défausser rapidement"
              " pendant les derniers tours des autres (« à tout moment, n'importe quel joueur »).")),
    Reading("table-caboteur", None,
            _("Le caboteur : personne ne peut prendre ni échanger ses cartes tournées, mais un pouvoir "
              "peut les regarder ; le caboteur peut encore défausser rapidement.")),
    Reading("dutch-toulousain-red-king", None,
            _("Le %(give_card)s : son joueur choisit n'importe quel joueur, lui-même compris, mais "
              "jamais un dutcheur gelé.")),
    Reading("dutch-toulousain-compulsory", None,
            _("Pouvoirs obligatoires (%(compulsory)s) : l'arbitre ne propose pas de passer ; un « je "
              "passe » envoyé quand même est refusé, et le pouvoir reste dû jusqu'à ce que son joueur "
              "s'en serve.")),
)
# Where a variant's snap rule differs from the general readings above, this text replaces it.
TABLE_READING_VARIANTS: dict[str, dict[str, Promise]] = {
    "table-one-card": {
        "several": _("Plusieurs cartes par défausse rapide : chacun peut poser autant de cartes de même "
                     "rang qu'il en a. La même demande envoyée deux fois ne compte qu'une fois."),
        # Dutch snaps on the player's own turn: table-rules' "one card per snap" does not list it,
        # its own reading (v1.2, "Dutch, the own-turn snap") says the rest.
        "own_turn": _("Une carte par tour : seul le joueur dont c'est le tour peut défausser rapidement, "
                      "une seule fois (voir la défausse rapide pendant son propre tour). La même demande "
                      "envoyée deux fois ne compte qu'une fois."),
        "no_retry": _("Une carte par défausse rapide, et pas de second essai : après une erreur, le joueur "
                      "ne retente pas sa chance sur cette défausse. La même demande envoyée deux fois ne "
                      "compte qu'une fois."),
    },
    "table-wrong-power": {
        # Only where the call protects or freezes the caller do the pages name them.
        "protected": _("Un pouvoir mal utilisé, c'est viser une carte hors de sa portée (la carte d'un autre "
                       "pour « une de ses cartes », ou une carte de celui qui a dit « %(word)s »), ou se servir "
                       "du pouvoir d'une carte qui ne vient pas de la pioche : l'arbitre refuse, le tour est "
                       "annulé, et le joueur prend la pénalité."),
        "frozen": _("Un pouvoir mal utilisé, c'est viser une carte hors de sa portée (la carte d'un autre "
                    "pour « une de ses cartes », ou le dutcheur, gelé), ou se servir du pouvoir d'une carte "
                    "qui ne vient pas de la pioche : l'arbitre refuse, le tour est annulé, et le joueur prend "
                    "la pénalité."),
        "points": _("Un pouvoir mal utilisé, c'est viser une carte hors de sa portée (la carte d'un autre "
                    "pour « une de ses cartes », prendre ou échanger une carte du caboteur), ou se servir du "
                    "pouvoir d'une carte qui ne vient pas de la pioche : l'arbitre refuse, le tour est "
                    "annulé, et le joueur prend +%(wrong_power_points)s points au lieu d'une carte, inscrits "
                    "dans la manche comme une mauvaise défausse de plus."),
        "none": _("Au cactus, le 8 permet seulement de regarder une de ses propres cartes. Un mauvais usage"
                  " (viser la carte d'un autre, ou le pouvoir d'un 8 qui ne vient pas de la pioche) est "
                  "refusé et annule le tour ; le texte du cactus ne punit que les défausses rapides ratées "
                  ": pas de carte de pénalité."),
    },
}


# Whom a call puts out of the powers' reach, by what the call does after (table-rules.md).
WRONG_POWER_BY_CALL = {"counter_call_next_turn": "protected", "caller_frozen_until_their_turn": "frozen"}


def table_readings(variant: Variant) -> list[tuple[Reading, Promise | str]]:
    """The live table's readings for this variant, read from its snap rule (none without snaps)."""
    snap = variant.snap
    if snap is None:
        return []
    # Dutch snaps on the player's own turn only: table-rules' "one card per snap" does not list
    # it, so its page says the dutch rule there (the rulings on a second card link to it).
    kinds = {"table-one-card": "own_turn" if snap.who == "own_turn" else (
                 "several" if snap.several else ("no_retry" if not snap.retry_after_wrong else None)),
             "table-wrong-power": variant.wrong_power if variant.wrong_power in ("points", "none")
             else WRONG_POWER_BY_CALL.get(variant.call.after if variant.call else None)}
    effects = {p.effect for p in variant.powers}
    after_call = variant.call.after if variant.call else None
    shown = {"table-cactus-wrong-card": snap.wrong == "penalty_card_card_stays",
             "table-last-card": "went_out" in variant.round_extras,
             "table-cancelled-turn": bool(variant.powers),
             "dutch-own-turn-snap": snap.who == "own_turn",
             "table-cactus-caller": after_call == "one_more_turn_each",
             "table-caboteur": after_call == "one_last_turn_caller_cards_sideways",
             "dutch-toulousain-red-king": "give_stock_card" in effects,
             "dutch-toulousain-compulsory": any(p.compulsory for p in variant.powers)}
    out = []
    for reading in TABLE_READINGS:
        if not shown.get(reading.key, True):
            continue
        kind = kinds.get(reading.key)
        out.append((reading, TABLE_READING_VARIANTS[reading.key][kind] if kind else reading.text))
    return out
