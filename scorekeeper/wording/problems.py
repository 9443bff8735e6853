"""The sentence of each problem, keyed by its code: the engine's (engine.rules;
every code is listed in rules/problem_codes.py) and the app's own (the models and
the league import add a few).

Only the problem's code, params and field are read, never its English message. A
code this module does not know is shown as a plain "something is wrong here" in the
page's language (and logged); tests/scorekeeper/test_wording_problems.py fails on it.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.wording.cards import rank_text

from .text import CHARACTER_NAMES, SHAPE_NAMES, TYPE_NAMES, Params, elided, format_params

logger = logging.getLogger(__name__)

PROBLEM_SENTENCES: dict[str, Promise] = {
    "option.unknown": _("L'option « %(option)s » n'existe pas pour ce jeu."),
    "option.count": _("L'option « %(option)s » doit être un nombre entier, au moins 1."),
    "option.flag": _("L'option « %(option)s » se règle par oui ou non."),
    "name.empty": _("Le joueur %(seat)s n'a pas de nom."),
    "name.too_long": _("Le nom du joueur %(seat)s dépasse %(limit)s caractères."),
    "name.twice": _("Deux joueurs s'appellent %(name)s."),
    "players.count": _("Ce jeu se joue de %(low)s à %(high)s joueurs, pas %(count)s."),
    "people.not_a_player": _("« people » nomme « %(name)s », qui ne joue pas dans cette partie."),
    "people.bad_id": _("L'identifiant de personne de %(player)s (« %(value)s ») doit avoir de 1 à 64 "
                       "caractères, chacun une lettre sans accent, un chiffre, _ ou -."),
    "people.shared_id": _("%(first)s et %(player)s ont le même identifiant de personne (%(id)s) : deux "
                          "joueurs d'une partie sont deux personnes."),
    "game.finished": _("La partie était déjà finie après la manche %(last)s."),
    "player.unknown": _("« %(name)s » n'est pas un joueur de cette partie."),
    "player.out": _("%(player)s est éliminé de la partie."),
    "hand.missing": _("Il manque la main de %(player)s."),
    "hand.twice": _("%(player)s a deux mains."),
    "hand.player_out": _("%(player)s est éliminé et n'a plus de main."),
    "hand.not_a_player": _("« %(name)s » n'est pas un joueur de cette partie."),
    "hand.shape": _("La main de %(player)s doit être une liste de cartes ou un nombre."),
    "hand.number_step": _("La main de %(player)s (%(value)s) doit être un nombre entier."),
    "hand.number_range": _("La main de %(player)s (%(value)s) doit être entre %(low)s et %(high)s."),
    "card.unknown": _("« %(text)s » n'est pas une carte."),
    "card.not_in_deck": _("%(card)s n'est pas dans le paquet de ce jeu."),
    "deck.overused": _("%(card)s apparaît %(count)s fois ; le paquet en compte %(allowed)s."),
    "cactus_tas.draw_with_cactus": _("%(player)s a cactus (%(value)s) et ne pioche pas."),
    "cactus_tas.draw_missing": _("Il manque la pioche de %(player)s, qui n'a pas cactus (%(value)s)."),
    "tamoul.counter_without_call": _("Pas de contre-tamoul sans annonce : personne n'a dit tamoul."),
    "tamoul.counter_is_announcer": _("%(player)s a dit tamoul et ne peut pas aussi dire contre-tamoul."),
    "tamoul.counter_twice": _("%(player)s ne peut dire contre-tamoul qu'une fois."),
    "fontenaysien.went_out_not_empty": _("%(player)s est sorti : sa main doit être vide."),
    "cabo.wrong_snaps_count": _("Les défausses ratées de %(player)s doivent être un nombre entier, "
                                "0 ou plus."),
    "dutch_toulousain.penalty_without_call": _(
        "Seul un dutcheur prend des cartes de pénalité, et personne n'a dit dutch."),
    "dutch_toulousain.penalty_count": _(
        "Le dutcheur %(player)s doit prendre %(due)s carte(s) de pénalité, pas %(given)s."),
    "teams.two_players": _("À deux joueurs, chacun joue pour soi : pas d'équipes."),
    "teams.missing": _("À quatre, on joue en deux équipes de deux."),
    "teams.name": _("Le nom d'équipe « %(name)s » doit avoir de 1 à 40 caractères."),
    "teams.cover": _("Il faut deux équipes de deux, chaque joueur dans une équipe."),
    "teams.opposite": _("Les partenaires sont assis face à face : %(first)s contre %(second)s."),
    "canasta.not_red_three": _("%(card)s n'est pas un 3 rouge (%(side)s)."),
    "canasta.red_three_in_hand": _("Un 3 rouge se pose tout de suite, il ne reste jamais en main "
                                   "(%(side)s, %(card)s)."),
    "canasta.concealed_without_going_out": _("« Main cachée » suppose qu'un joueur a terminé la manche."),
    "canasta.meld": _("La pose %(meld)s de %(side)s (%(cards)s) %(why)s."),
    "canasta.same_rank": _("%(side)s a deux poses de %(rank)s."),
    "canasta.opening": _("La première pose de %(side)s vaut %(worth)s, moins que le minimum de "
                         "%(minimum)s pour un total de %(total)s."),
    "canasta.went_out_canastas": _("%(player)s a terminé, mais %(side)s a %(count)s canasta(s) et il en "
                                   "faut %(needed)s."),
    "canasta.went_out_hand": _("%(player)s a terminé : sa main doit être vide."),
    "canasta.red_threes_count": _("%(count)s 3 rouges posés, mais il n'y en a que 4."),
    "canasta.counted_with_cards": _("%(side)s est donné à la fois en points et par ses cartes : l'un ou "
                                    "l'autre."),
    "canasta.counted_points": _("%(name)s pour %(side)s (%(value)s) : des points comptés par 5, "
                                "un nombre entier, 0 ou plus."),
    "canasta.counted_count": _("%(name)s pour %(side)s (%(value)s) : un nombre entier, 0 ou plus."),
    "canasta.counted_red_threes": _("%(side)s a %(count)s 3 rouges, mais il n'y en a que %(limit)s."),
    "canasta.counted_canastas_melded": _("%(side)s a %(count)s canasta(s) : ses cartes posées valent au "
                                         "moins %(minimum)s, pas %(melded)s."),
    "cactus_game.turn_order": _("Après %(last)s, c'est à %(expected)s de jouer, pas à %(player)s."),
    "cactus_game.play_after_end": _("Le coup %(play)s vient après la fin du tour de %(player)s "
                                    "(coup %(ended_by)s)."),
    "cactus_game.set_shape": _("Le coup %(play)s (série) doit donner trois personnages."),
    "cactus_game.set": _("Le coup %(play)s n'est pas une série valable : %(why)s."),
    "cactus_game.steal_target": _("Le coup %(play)s (vol de Point) doit viser un joueur."),
    "cactus_game.steal_self": _("Coup %(play)s : %(player)s ne peut pas se voler un Point."),
    "cactus_game.steal_nothing": _("Coup %(play)s : %(target)s n'a pas de Point à voler."),
    "cactus_game.point_cards": _("%(player)s aurait besoin de plus des %(limit)s cartes Point qui "
                                 "existent (%(taken)s déjà prises)."),
    "hand.number_step_halves": _("La main de %(player)s (%(value)s) doit être un multiple de 0,5."),
    "players.count_either": _("Ce jeu se joue à %(low)s ou %(high)s joueurs, pas %(count)s."),
    # the file and the record's top level
    "json.not_utf8": _("Le fichier n'est pas du texte UTF-8 (octet %(byte)s)."),
    "json.invalid": _("Ce n'est pas du JSON valable (ligne %(line)s, colonne %(column)s)."),
    "import.csv_table": _("C'est un tableau CSV (comme l'« Export CSV » d'une feuille ou d'une saison, fait "
                          "pour les tableurs) : il garde les points, pas les mains, et ne peut pas redevenir "
                          "une partie. Importez le fichier JSON de la partie : bouton « Export JSON » de sa "
                          "feuille."),
    "json.duplicate_key": _("La clé « %(key)s » apparaît deux fois dans un même objet."),
    "json.too_deep": _("Le JSON est imbriqué trop profondément."),
    "json.bad_number": _("« %(text)s » n'est pas un nombre utilisable dans une partie."),
    "json.number_too_long": _("Un nombre du fichier a trop de chiffres."),
    "record.shape": _("Une partie enregistrée est un objet JSON, pas %(got)s."),
    "format.missing": _("Il manque « format » (il vaut %(expected)s)."),
    "format.wrong": _("« format » doit valoir %(expected)s, pas %(value)s."),
    "variant.unknown": _("Le jeu « %(name)s » n'existe pas (jeux connus : %(known)s)."),
    "name.not_text": _("Le joueur %(seat)s doit avoir un nom (du texte), pas %(got)s."),
    # any field
    "field.missing": _("Il manque « %(field)s »."),
    "field.shape": _("« %(field)s » doit être %(expected)s, pas %(got)s."),
    "field.unknown": _("Le champ « %(name)s » n'existe pas ici (champs possibles : %(allowed)s)."),
    "round.shape": _("Une manche est un objet JSON, pas %(got)s."),
    "entry.twice": _("« %(field)s » a deux entrées pour %(who)s."),
    "cabo.wrong_snaps_too_many": _("Les défausses ratées de %(player)s (%(count)s) dépassent ce qu'une "
                                   "manche peut compter (%(limit)s)."),
    "teams.members": _("L'équipe %(team)s doit être une liste de deux joueurs."),
    "teams.not_a_player": _("L'équipe %(team)s nomme quelqu'un qui ne joue pas."),
    "side.unknown": _("« %(name)s » n'est pas un camp de cette partie (camps : %(sides)s)."),
    "side.missing": _("Il manque le camp %(side)s."),
    "cactus_game.unknown_card": _("Le coup %(play)s joue « %(name)s », qui n'est pas une carte du jeu."),
}

# Problems the app adds to the engine's: the models (scorekeeper/models.py) and the
# league import (leagues/results/importing.py).
APP_PROBLEM_SENTENCES: dict[str, Promise] = {
    "players.same_name_ignoring_case": _("« %(player)s » et « %(other)s » ne diffèrent que par "
                                         "les majuscules : pour Marque-carte, c'est la même personne."),
    "name.control_character": _("Le nom « %(player)s » contient un caractère invisible de contrôle."),
    "name.surrogate": _("Le nom « %(player)s » contient un caractère Unicode isolé (%(char)s), qui n'est "
                        "pas du texte : ce nom ne peut pas être gardé."),
    "text.surrogate": _("Le texte « %(text)s » (champ « %(field)s ») contient un caractère Unicode isolé "
                        "(%(char)s), qui n'est pas du texte."),
    "name.format_character": _("Le nom « %(player)s » contient un caractère invisible de mise en forme "
                               "(%(char)s), comme un espace sans largeur ou une inversion du sens "
                               "d'écriture : retirez-le, il ferait passer un nom pour un autre."),
    "teams.named_like_a_player": _("L'équipe « %(team)s » porte le nom d'un joueur : donnez-lui un autre "
                                   "nom, pour ne pas confondre l'équipe et le joueur."),
    "game.too_many_rounds": _("Une partie compte au plus %(max)s manches (%(count)s ici)."),
    "game.abandoned": _("La partie est abandonnée : reprenez-la d’abord pour y ajouter une manche."),
    "players.unknown": _("« %(player)s » ne joue pas à cette partie."),
    "league.not_a_date": _("%(text)s n'est pas une date."),
    "league.no_date": _("Pas de date de soirée : donnez-en une, ou commencez le nom du fichier par elle "
                        "(2026-03-12_table-2.json)."),
    "league.outside_season": _("La soirée du %(date)s est hors de la saison (%(start)s – %(end)s)."),
    "league.already_imported": _("Déjà importée : la partie n° %(game)s a les mêmes manches à cette table ce soir-là."),
    "league.imported_twice": _("La même partie qu’un fichier précédent de cet import."),
    "league.which_person": _("La ligue connaît plusieurs personnes appelées %(player)s : dites laquelle avec "
                             "« people » (leur identifiant), ou importez la partie depuis la table."),
    # the round entry's own checks (scorekeeper/entry/adapters.py, EntryAdapter.problems)
    "hand.outside_deck": _("La main de %(player)s (%(value)s) ne peut pas valoir ça avec ce paquet : "
                           "une main vaut de %(low)s à %(high)s."),
    "round.empty": _("La manche est vide : entrez ce que chaque camp a posé ou compté, ou qui a terminé."),
    "turn.no_player": _("Choisissez qui a joué ce tour."),
    "turn.empty": _("Ce tour n'a aucun coup : ajoutez au moins un coup."),
}

# Why a canasta meld or a Cactus Game set is refused (rules/problem_codes.py REASON_CODES).
REASON_SENTENCES: dict[str, Promise] = {
    "meld.too_few_cards": _("a moins de 3 cartes"),
    "meld.red_three": _("contient un 3 rouge, qui ne se pose jamais"),
    "meld.wild_only_short": _("n'a que des jokers et des 2, mais moins de 7 (une canasta de jokers)"),
    "meld.mixed_ranks": _("mélange des rangs (%(ranks)s)"),
    "meld.black_threes_with_wild": _("mélange des 3 noirs et des jokers ou des 2"),
    "meld.black_threes_count": _("contient des 3 noirs, qui ne se posent que par 3 ou 4"),
    "meld.black_threes_not_going_out": _("contient des 3 noirs, que seul le camp qui termine peut poser"),
    "meld.too_few_naturals": _("a moins de 2 cartes naturelles"),
    "meld.more_wild_than_natural": _("a plus de jokers et de 2 que de cartes naturelles"),
    "meld.too_many_wild": _("a plus de 3 jokers et 2"),
    "set.size": _("une série a trois cartes, pas %(count)s"),
    "set.not_a_character": _("« %(name)s » n'est pas un personnage"),
    "set.mixed": _("une série ne mélange pas %(kinds)s"),
}

UNKNOWN_PROBLEM = _("Quelque chose ne va pas ici (%(code)s).")
UNKNOWN_REASON = _("n'est pas permis (%(code)s)")


def sentence_for(code: str | None) -> Promise | None:
    if code is None:
        return None
    return PROBLEM_SENTENCES.get(code) or APP_PROBLEM_SENTENCES.get(code)


def reason_text(code: Any, params: Mapping[str, Any] | None = None) -> str:
    """Why a meld or a set is refused, in the page's language: "a moins de 3 cartes"."""
    template = REASON_SENTENCES.get(code) if isinstance(code, str) else None
    if template is None:
        logger.error("no wording for the reason code %r", code)
        return str(UNKNOWN_REASON) % {"code": code}
    params = dict(params or {})
    if isinstance(params.get("ranks"), list):  # "J, Q" -> "V, D" in French
        params["ranks"] = ", ".join(rank_text(r) for r in params["ranks"])
    if isinstance(params.get("characters"), list):
        params["kinds"] = " / ".join(str(CHARACTER_NAMES.get(c, c)) for c in params["characters"])
    return str(template) % format_params(params)


# The numbers of a counted canasta side (engine: canasta.COUNTED_FIELDS), as the entry labels them.
COUNTED_NAMES: dict[str, Promise] = {
    "melded": _("Cartes posées"),
    "hand": _("Cartes en main"),
    "natural_canastas": _("Canastas naturelles"),
    "mixed_canastas": _("Canastas mixtes"),
    "wild_canastas": _("Canastas de jokers"),
    "red_threes": _("3 rouges"),
}


def _words(params: dict[str, Any], field: str) -> Params:
    """A problem's params as the sentence writes them."""
    out = format_params(params)
    out["field"] = field
    if field == "counted" and params.get("name") in COUNTED_NAMES:
        out["name"] = str(COUNTED_NAMES[params["name"]])
    for key, names in (("got", TYPE_NAMES), ("expected", SHAPE_NAMES)):
        if params.get(key) in names:
            out[key] = str(names[params[key]])
    if "reason" in params:
        out["why"] = reason_text(params["reason"], params.get("reason_params"))
    if "rank" in params:
        out["rank"] = rank_text(str(params["rank"]))
    for key in ("first", "second"):  # teams.opposite: the two pairs of partners
        pair = params.get(key)
        if isinstance(pair, list) and len(pair) == 2:
            out[key] = gettext("%(one)s et %(other)s") % {"one": pair[0], "other": pair[1]}
    who = params.get("player") or params.get("side")
    if who:
        out["who"] = str(who)
    return out


def problem_text(problem: Any) -> str:
    """The problem as a sentence in the active language, from its code and params. No
    "round N:" prefix: the page shows where the problem is."""
    code = getattr(problem, "code", None)
    template = sentence_for(code)
    if template is None:
        logger.error("no wording for the problem code %r", code)
        return str(UNKNOWN_PROBLEM) % {"code": code or "?"}
    params = getattr(problem, "params", None) or {}
    return elided(str(template) % _words(dict(params), getattr(problem, "field", "top")))


def problem_line(problem: Any) -> str:
    """The problem as a line of a list, saying which round when it is in one."""
    text = problem_text(problem)
    if getattr(problem, "round", None) is None:
        return text
    return gettext("Manche %(number)s : %(problem)s") % {"number": problem.round, "problem": text}
