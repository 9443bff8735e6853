"""The engine's reasons, said to players: a sentence for every rule identifier,
the rules-page anchor it links to, and the engine's problems in French or English.

The engine (scorekeeper.rules) never writes prose for players: it hands back
`Step(rule, player, params)` and `Problem(message, round, rule, code, params)`.
This module turns them into sentences in the active language. The msgids are
written in French (the app's first language); the English is in
locale/en/LC_MESSAGES/django.po.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils import formats
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.card_names import card_text as card_label
from scorekeeper.card_names import rank_text
from scorekeeper.rules import GameResult, Problem, Step
from scorekeeper.rules.cards import JOKER, rank_of
from scorekeeper.rules.units import to_number
from scorekeeper.rules.variants.canasta import BLACK_THREE_IN_HAND, card_value

MINUS = "\u2212"  # the typographic minus: "−5" reads better than "-5" on a score sheet
MISSING = "…"  # what a placeholder the engine did not provide shows as (never a KeyError)

# -- rule ids that are not a variant's own ---------------------------------------
# Problems name these shared rules; every rules page has an element for each.
SHARED_RULES = ("deck", "end")

# -- the sentence of each step: what the engine did for one player or side -----------
# Placeholders are the step's params, plus %(player)s (the step's player or side).
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
    "tamoul.over_hundred_ends": _("Dès qu'un total dépasse 100, la partie s'arrête."),
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
    "dutch_toulousain.over_hundred_ends": _("Dès qu'un total dépasse 100, la partie s'arrête."),
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
    "canasta.target": _("La partie s'arrête quand un camp atteint 5000 ; le plus haut total gagne."),
    # cactus-game (4.11)
    "cactus_game.set": _("%(player)s pose une série (%(characters)s) → +%(points)s"),
    "cactus_game.free_point": _("%(player)s joue Point gratuit → +%(points)s"),
    "cactus_game.steal_point": _("%(player)s vole un Point à %(target)s → +1 pour %(player)s, "
                                 "−1 pour %(target)s"),
    "cactus_game.stopped": _("%(card)s de %(player)s est arrêtée par un Stop (%(chain)s) : sans effet"),
    "cactus_game.stop_stopped": _("Le Stop sur %(card)s de %(player)s est lui-même arrêté (%(chain)s) : "
                                  "l'action a lieu"),
    "cactus_game.turn_ends": _("%(player)s joue %(card)s : le tour s'arrête"),
    "cactus_game.turn_order": _("Les tours suivent l'ordre des places, dans le sens des aiguilles d'une "
                                "montre."),
    "cactus_game.point_cards": _("Il n'existe que 30 cartes Point."),
    "cactus_game.target": _("Le premier à atteindre l'objectif de Points gagne."),
    # shared problem rules
    "deck": _("Une carte ne peut pas paraître plus souvent que le paquet ne la contient."),
    "end": _("Une fois la partie finie, aucune manche ne s'ajoute."),
}

# -- names of cards and plays -------------------------------------------------------
CACTUS_GAME_CARDS: dict[str, Promise] = {
    "set": _("une série"),
    "free_point": _("Point gratuit"),
    "steal_point": _("Vol de Point"),
    "draw_three": _("Pioche 3"),
    "draw": _("la pioche d'une carte"),
    "swap_hands": _("Échange de mains"),
    "look_and_steal": _("Regarde et vole"),
    "ask_card": _("Demande de carte"),
    "steal_card": _("Vol de carte"),
}
CHARACTER_NAMES = {"charlie": "Charlie", "spike": "Spike", "walter": "Walter", JOKER: _("Joker"),
                   "joker": _("Joker")}


def number(value: Any, signed: bool = False) -> str:
    """A number the way the active language writes it: 21,5 in French, 21.5 in English."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value) if isinstance(value, int) else formats.number_format(value, use_l10n=True)
    if text.startswith("-"):
        return MINUS + text[1:]
    return f"+{text}" if signed and value > 0 else text


class _Params(dict):
    """The step's params as text; a placeholder the step lacks shows as "…"."""

    def __missing__(self, key: str) -> str:
        return MISSING


SIGNED = frozenset({"canasta"})  # canasta's side scores are sums of signed parts


def _text(key: str, value: Any, variant_key: str) -> str:
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, (int, float)):
        return number(value, signed=(variant_key in SIGNED and key == "points"))
    if key == "card" and variant_key == "cactus-game":
        return str(CACTUS_GAME_CARDS.get(value, value))
    if key == "card":
        return card_label(value)
    if key == "cards":
        return " ".join(card_label(c) for c in value)
    if key == "characters":
        return ", ".join(str(CHARACTER_NAMES.get(c, c)) for c in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def format_params(params: Mapping[str, Any], variant_key: str, player: str | None = None) -> dict[str, str]:
    out = _Params({k: _text(k, v, variant_key) for k, v in params.items()})
    if player is not None:
        out.setdefault("player", player)
    return out


def explain_step(step: Step, variant_key: str) -> str:
    """One step as a sentence in the active language, e.g.
    «Ben : 3, pas plus que l'annonceur Ana (3) → 0»."""
    template = STEP_SENTENCES.get(step.rule)
    if template is None:  # a rule added to the engine before its sentence: say its id
        return f"{step.player or ''} {step.rule}".strip()
    return str(template) % format_params(step.params, variant_key, step.player)


def rule_anchor(rule_id: str) -> str:
    """The HTML id of a rule on its rules page: "tamalou.announcer_lowest" -> "tamalou-announcer-lowest"."""
    return rule_id.replace(".", "-").replace("_", "-")


def rule_url(variant_key: str, rule_id: str | None) -> str:
    """The rules page of the variant, at the rule's anchor when there is one."""
    url = reverse("rules_page", args=[variant_key])
    return f"{url}#{rule_anchor(rule_id)}" if rule_id else url


# -- why a round scored what it did, per player or side ------------------------------

@dataclass(slots=True)
class Reason:
    sentence: str
    rule: str
    url: str


@dataclass(slots=True)
class SideWhy:
    """Why one player (or canasta side) scored what they did in one round or turn."""

    name: str
    cards: list[str] = field(default_factory=list)  # "R♥ 0 + 3♠ 3 = 3"
    reasons: list[Reason] = field(default_factory=list)
    points: str = ""
    total: str = ""
    out: bool = False  # no longer in the game (dutch): no hand, no points this round


def cards_sum(codes: list[str], value_of: Any, scale: int = 1) -> str:
    """ "R♥ 0 + 3♠ 3 = 3": each card with its value, and the sum."""
    if not codes:
        return gettext("aucune carte = 0")
    values = [to_number(value_of(c), scale) for c in codes]
    parts = " + ".join(f"{card_label(c)} {number(v)}" for c, v in zip(codes, values, strict=True))
    return f"{parts} = {number(to_number(sum(value_of(c) for c in codes), scale))}"


def _find(mapping: Any, name: str) -> Any:
    """The entry of `mapping` for `name`, as the engine matches names (trimmed)."""
    if not isinstance(mapping, dict):
        return None
    if name in mapping:
        return mapping[name]
    return next((v for k, v in mapping.items() if isinstance(k, str) and k.strip() == name), None)


def _memory_cards(variant: Any, data: dict[str, Any], name: str) -> list[str]:
    from scorekeeper.rules import parse_card

    hand = _find(data.get("hands"), name)
    if hand is None:
        return []
    if isinstance(hand, list):
        codes = [parse_card(c) for c in hand]
        if None in codes:
            return []
        return [cards_sum(codes, variant.values.__getitem__, variant.scale)]
    return [gettext("main comptée par le joueur : %(value)s") % {"value": number(hand)}]


def _canasta_cards(data: dict[str, Any], side: str) -> list[str]:
    from scorekeeper.rules import parse_card

    raw = _find(data.get("sides"), side) or {}
    lines = []
    for i, meld in enumerate(raw.get("melds") or [], 1):
        codes = [parse_card(c) for c in meld]
        lines.append(gettext("pose %(n)s : %(cards)s") % {"n": i, "cards": cards_sum(codes, card_value)})
    hand = [parse_card(c) for c in raw.get("hand") or []]
    if hand:
        def hand_value(c: str) -> int:  # a black 3 left in hand costs 100, not 5
            return BLACK_THREE_IN_HAND if rank_of(c) == "3" and c[-1] in "SC" else card_value(c)
        lines.append(gettext("en main : %(cards)s") % {"cards": cards_sum(hand, hand_value)})
    return lines


def _concerns(step: Step, name: str) -> bool:
    """Whether a step explains `name`'s score: their own steps, and a steal from them."""
    return step.player == name or step.params.get("target") == name


def explain_round(result: GameResult, index: int, data: dict[str, Any], who: str | None = None
                  ) -> list[SideWhy]:
    """Why round `index` (from 0) scored what it did, for `who` or for every side of the round."""
    variant = result.variant
    key = variant.key
    scored = result.round_json(result.rounds[index])
    names = [who] if who is not None else list(scored["points"])
    steps = result.explain(index)
    out = []
    for name in names:
        why = SideWhy(name=name)
        if variant.family == "memory":
            why.cards = _memory_cards(variant, data, name)
        elif variant.family == "canasta":
            why.cards = _canasta_cards(data, name)
        for step in steps:
            if _concerns(step, name):
                why.reasons.append(Reason(explain_step(step, key), step.rule, rule_url(key, step.rule)))
        if name in scored["points"]:
            why.points = number(scored["points"][name], signed=True)
        else:
            why.out = True
        why.total = number(scored["totals"].get(name, 0))
        if who is None and variant.family == "cactus_game" and not why.reasons and why.points == "0":
            continue  # a turn concerns its player (and a player stolen from): leave the others out
        out.append(why)
    return out


def side_named(result: GameResult, index: int, text: str) -> str | None:
    """The player or side of round `index` that `text` names (trimmed, any case), or None."""
    scored = result.round_json(result.rounds[index])
    sides = list(scored["totals"])
    wanted = text.strip()
    if wanted in sides:
        return wanted
    folded = wanted.casefold()
    return next((s for s in sides if s.casefold() == folded), None)


# -- the engine's problems, in the active language -----------------------------------

PROBLEM_SENTENCES: dict[str, Promise] = {
    "option.unknown": _("L'option « %(option)s » n'existe pas pour ce jeu."),
    "option.count": _("L'option « %(option)s » doit être un nombre entier, au moins 1."),
    "option.flag": _("L'option « %(option)s » se règle par oui ou non."),
    "name.empty": _("Le joueur %(seat)s n'a pas de nom."),
    "name.too_long": _("Le nom du joueur %(seat)s dépasse %(limit)s caractères."),
    "name.twice": _("Deux joueurs s'appellent %(name)s."),
    "players.count": _("Ce jeu se joue de %(low)s à %(high)s joueurs, pas %(count)s."),
    "players.count_either": _("Ce jeu se joue à %(low)s ou %(high)s joueurs, pas %(count)s."),
    "game.finished": _("La partie était déjà finie après la manche %(last)s."),
    "field.shape": _("Ce champ n'a pas la bonne forme (%(field)s)."),
    "player.unknown": _("« %(name)s » n'est pas un joueur de cette partie."),
    "player.out": _("%(player)s est éliminé de la partie."),
    "hand.missing": _("Il manque la main de %(player)s."),
    "hand.twice": _("%(player)s a deux mains."),
    "hand.player_out": _("%(player)s est éliminé et n'a plus de main."),
    "hand.not_a_player": _("« %(name)s » n'est pas un joueur de cette partie."),
    "hand.shape": _("La main de %(player)s doit être une liste de cartes ou un nombre."),
    "hand.number_step": _("La main de %(player)s (%(value)s) doit être un nombre entier."),
    "hand.number_step_halves": _("La main de %(player)s (%(value)s) doit être un multiple de 0,5."),
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
}


# The engine says why a meld or a set is refused in a short English phrase (`why`);
# these patterns say it in the active language. An unknown phrase is shown as is.
REASONS: tuple[tuple[re.Pattern[str], Promise], ...] = tuple((re.compile(pattern), text) for pattern, text in (
    (r"^has fewer than 3 cards$", _("a moins de 3 cartes")),
    (r"^holds a red 3, which is never melded$", _("contient un 3 rouge, qui ne se pose jamais")),
    (r"^has only wild cards but fewer than 7 \(a wild canasta\)$",
     _("n'a que des jokers et des 2, mais moins de 7 (une canasta de jokers)")),
    (r"^mixes ranks \((?P<ranks>[^)]*)\)$", _("mélange des rangs (%(ranks)s)")),
    (r"^mixes black 3s with wild cards$", _("mélange des 3 noirs et des jokers ou des 2")),
    (r"^holds black 3s, which are melded only 3 or 4 together$",
     _("contient des 3 noirs, qui ne se posent que par 3 ou 4")),
    (r"^holds black 3s, which only the side going out may meld$",
     _("contient des 3 noirs, que seul le camp qui termine peut poser")),
    (r"^has fewer than 2 natural cards$", _("a moins de 2 cartes naturelles")),
    (r"^has more wild cards than natural cards$", _("a plus de jokers et de 2 que de cartes naturelles")),
    (r"^has more than 3 wild cards$", _("a plus de 3 jokers et 2")),
    (r"^a set is three cards, not (?P<count>\d+)$", _("une série a trois cartes, pas %(count)s")),
    (r'^"?(?P<name>.*?)"? is not a character .*$', _("« %(name)s » n'est pas un personnage")),
    (r"^a set cannot mix (?P<kinds>.*)$", _("une série ne mélange pas %(kinds)s")),
))


def reason_text(why: str) -> str:
    """The engine's English reason in the active language (as is when unknown)."""
    for pattern, text in REASONS:
        found = pattern.match(why)
        if found:
            groups = {k: v.replace(" and ", " / ") for k, v in found.groupdict().items()}
            if "ranks" in groups:  # "J, Q" -> "V, D" in French
                groups["ranks"] = ", ".join(rank_text(r) for r in groups["ranks"].split(", "))
            return str(text) % groups if groups else str(text)
    return why


def _problem_code(problem: Problem) -> str | None:
    code = getattr(problem, "code", None)  # older engines had no code
    params = getattr(problem, "params", None) or {}
    if code == "hand.number_step" and params.get("halves"):
        return "hand.number_step_halves"
    if code == "players.count" and " or " in str(params.get("allowed", "")):  # canasta: 2 or 4
        return "players.count_either"
    return code


def problem_text(problem: Problem) -> str:
    """The problem as a sentence in the active language; the engine's own (English)
    message when its code is not one we translate. No "round N:" prefix: the page
    shows where the problem is."""
    code = _problem_code(problem)
    template = PROBLEM_SENTENCES.get(code) if code else None
    if template is None:
        return problem.message
    params = dict(getattr(problem, "params", None) or {})
    if isinstance(params.get("why"), str):
        params["why"] = reason_text(params["why"])
    return str(template) % format_params(params, "")


def problem_link(problem: Problem, variant_key: str) -> str | None:
    """The rules-page anchor of the rule the problem breaks, or None when it names none."""
    return rule_url(variant_key, problem.rule) if problem.rule else None
