"""Rulings of the live table as sentences for the players, in the phone's language.

`engine.table.machine` speaks in rule identifiers with parameters; this is the one place
that turns them into words (scorekeeper/wording/rulings.py re-exports it). Unknown rules fall
back to their identifier, so a new rule never breaks a phone.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.rules import get_variant
from scorekeeper.wording.cards import card_text, rank_name

from .problems import reason_text
from .text import elided, number

EFFECTS = {
    "look_own": gettext_lazy("regarder une de ses cartes"),
    "look_own_then_next_player": gettext_lazy(
        "regarder une de ses cartes ; sinon le joueur suivant peut l'utiliser"),
    "look_other": gettext_lazy("regarder une carte d'un adversaire"),
    "look_any": gettext_lazy("regarder n'importe quelle carte, les siennes comprises"),
    "blind_swap": gettext_lazy("échanger à l'aveugle une de ses cartes avec un adversaire"),
    "look_other_then_swap": gettext_lazy(
        "regarder une carte d'un adversaire puis l'échanger avec une des siennes s'il le veut"),
    "look_other_then_swap_shown": gettext_lazy(
        "regarder une carte d'un adversaire puis l'échanger (les deux cartes montrées)"),
    "swap_with_other": gettext_lazy("échanger une de ses cartes avec celle d'un autre joueur"),
    "swap_two_cards": gettext_lazy("échanger deux cartes, entre deux autres joueurs ou avec un autre joueur"),
    "give_stock_card": gettext_lazy("donner la carte du dessus de la pioche au joueur de son choix"),
}

AFTER_CALL = {
    "one_more_turn_each": gettext_lazy("chacun des autres joue encore un tour"),
    "round_stops": gettext_lazy("la manche s'arrête tout de suite"),
    "one_last_turn_each": gettext_lazy("un dernier tour de table"),
    "counter_call_next_turn": gettext_lazy(
        "pendant le tour suivant, les autres peuvent dire contre-tamoul ; aucun pouvoir ne vise l'annonceur"),
    "one_last_turn_until_caller": gettext_lazy("un dernier tour, jusqu'au tour de l'annonceur"),
    "one_last_turn_caller_cards_sideways": gettext_lazy(
        "un dernier tour ; les cartes de l'annonceur sont tournées : un pouvoir peut les regarder, "
        "personne ne peut les prendre ni les échanger"),
    "caller_frozen_until_their_turn": gettext_lazy(
        "les cartes de l'annonceur sont gelées jusqu'à la fin : ni défausse rapide, ni cible d'un pouvoir"),
}


def card_label(code: Any) -> str:
    """A card in a ruling, written as every page of the app writes it (R♥ in French)."""
    return card_text(code)


def describe(ruling: dict[str, Any]) -> str:
    """One sentence for one ruling."""
    rule = ruling.get("rule", "")
    p = {k: v for k, v in ruling.items() if isinstance(v, str | int | float)}
    for key in ("card", "top"):
        if key in ruling:
            p[key] = card_label(ruling[key])
    maker = SENTENCES.get(rule)
    if maker is None:
        return str(rule)
    try:
        return elided(maker(p, ruling))
    except (KeyError, TypeError, ValueError):
        return str(rule)


def _by_credit(p: dict[str, Any]) -> str:
    """Said of a ruling the credit decided: the later message won on its phone's measured delay."""
    if "credit_ms" not in p:
        return ""
    return " " + _("Décidé par le délai réseau crédité à %(faster)s (%(credit_ms)s ms avant son "
                   "message).") % p


def _effect(r: dict[str, Any]) -> str:
    return str(EFFECTS.get(r.get("effect", ""), r.get("effect", "")))


ROUND_OVER = {
    "call_stops": gettext_lazy("l'annonce arrête la manche"),
    "caller_turn_back": gettext_lazy("le tour de l'annonceur est revenu"),
    "last_card": gettext_lazy("un joueur n'a plus de carte"),
    "went_out": gettext_lazy("sortie d’un camp"),
}

CALL_WHEN = {
    "end_of_turn": gettext_lazy("à la fin de son propre tour"),
    "own_turn": gettext_lazy("pendant son propre tour"),
    "instead_of_drawing": gettext_lazy("au début de son tour, à la place de piocher"),
}

WRONG_POWER = {
    "outside_reach": gettext_lazy("la carte visée est hors de portée de ce pouvoir"),
    "untargetable": gettext_lazy("ce joueur ne peut pas être visé"),
    "not_from_stock": gettext_lazy("la carte ne venait pas de la pioche"),
}


def _wrong_power(p: dict[str, Any], r: dict[str, Any]) -> str:
    why = WRONG_POWER.get(r.get("reason", ""), r.get("reason", ""))
    base = _("%(player)s utilise mal le pouvoir du %(card)s (%(why)s) : le tour est annulé") % {**p, "why": why}
    if r.get("penalty") == "points":
        return base + " " + _("et +%(points)s points pour %(player)s.") % p
    if r.get("penalty") == "none":
        return base + " " + _("sans pénalité : ce jeu ne punit que les mauvaises défausses rapides.")
    return base + " " + _("et %(player)s prend une carte de pénalité.") % p


def _call_not_now(p: dict[str, Any], r: dict[str, Any]) -> str:
    return _("%(player)s ne peut pas dire « %(word)s » maintenant : on l'annonce %(when)s.") % {
        **p, "when": CALL_WHEN.get(r.get("when", ""), r.get("when", ""))}


def _call_over(p: dict[str, Any], r: dict[str, Any]) -> str:
    """What a call above the threshold costs, as the variant's declaration says (Call.over)."""
    base = _("%(player)s a annoncé « %(word)s » avec %(value)s, au-dessus de %(threshold)s.") % p
    rules = get_variant(r.get("variant"))
    over = rules.call.over if rules is not None and rules.call is not None else ""
    if over == "failed_call":
        return base + " " + _("« %(word)s » raté : %(points)s points pour %(player)s, 0 pour les autres.") % {
            "word": p.get("word", ""), "player": p.get("player", ""), "points": number(rules.numbers["failed"])}
    if over == "ignored":
        return base + " " + _("L'annonce ne compte pas dans le score.")
    return base + " " + _("La manche est comptée par la même règle.")


def _power_available(p: dict[str, Any], r: dict[str, Any]) -> str:
    said = _("%(card)s : %(player)s peut %(effect)s.") % {**p, "effect": _effect(r)}
    if r.get("untargetable"):
        said += " " + _("Personne ne peut viser %(names)s.") % {"names": ", ".join(r["untargetable"])}
    if r.get("look_only"):
        said += " " + _("Les cartes de %(names)s se regardent, sans se prendre ni s'échanger.") % {
            "names": ", ".join(r["look_only"])}
    if r.get("compulsory"):
        said += " " + _("Pouvoir obligatoire : pas de passe.")
    return said


def _stock_reshuffled(p: dict[str, Any], r: dict[str, Any]) -> str:
    if "top" in p:
        return _("Pioche vide : la défausse, sauf %(top)s dessus, est mélangée en une nouvelle pioche.") % p
    return _("Pioche vide : la défausse, sauf sa carte du dessus, est mélangée en une nouvelle pioche.")


def _stock_not_current_player(p: dict[str, Any], r: dict[str, Any]) -> str:
    if p.get("turn"):
        return _("Seuls l'arbitre et le joueur dont c'est le tour (%(turn)s) signalent la pioche vide.") % p
    return _("Seuls l'arbitre et le joueur dont c'est le tour signalent la pioche vide.")


SENTENCES: dict[str, Any] = {
    "member.joined": lambda p, r: (_("%(seat)s a rejoint la table.") % p if r.get("seat")
                                   else _("Un arbitre a rejoint la table.") if r.get("role") == "referee"
                                   else _("Un spectateur a rejoint la table.")),
    "member.rejoined": lambda p, r: _("%(seat)s : de retour à la table.") % p,
    "member.left": lambda p, r: _("Un téléphone a quitté la table."),
    "member.unknown": lambda p, r: _("Ce téléphone n'est pas membre de la table."),
    "member.not_allowed": lambda p, r: _("Ce téléphone ne peut pas agir pour %(player)s.") % p,
    "member.bad_role": lambda p, r: _("Rôle inconnu."),
    "player.unknown": lambda p, r: _("« %(player)s » ne joue pas à cette table.") % p,
    "card.unknown": lambda p, r: _("« %(card)s » n'est pas une carte de ce jeu.") % p,
    "window.opened": lambda p, r: _("%(player)s défausse %(card)s : défausse rapide ouverte.") % p,
    "window.covered": lambda p, r: _("%(card)s est couvert : défausse rapide fermée.") % p,
    "window.timeout": lambda p, r: _("Temps écoulé sur %(card)s : défausse rapide fermée.") % p,
    "window.round_over": lambda p, r: _("Manche finie : plus de défausse rapide sur %(card)s.") % p,
    "window.not_due": lambda p, r: _("Le temps n'est pas encore écoulé."),
    "snap.accepted": lambda p, r: _("%(player)s pose %(card)s : accepté.") % p,
    "snap.accepted_for_other": lambda p, r: _(
        "%(player)s pose %(card)s pour %(owner)s (jeu pour autrui) : accepté ; "
        "%(player)s donne une de ses cartes à %(owner)s.") % p,
    "snap.handed_back": lambda p, r: _(
        "%(player)s reprend %(card)s : %(winner)s a été plus rapide (%(gap_ms)s ms).") % p,
    "snap.overturned": lambda p, r: _(
        "%(faster)s a tapé %(gap_ms)s ms avant %(player)s : %(player)s reprend %(card)s.") % p
    + _by_credit(p),
    "snap.wrong.penalty_card": lambda p, r: _(
        "%(player)s pose %(card)s, mauvaise carte : %(card)s revient dans sa main, avec une carte de pénalité "
        "prise sans la regarder.") % p,
    "snap.wrong.card_stays": lambda p, r: _(
        "%(player)s pose %(card)s, mauvaise carte : elle reste sur la pile ; %(player)s prend une carte de "
        "pénalité, à ne pas défausser avant son prochain tour.") % p,
    "snap.wrong.points": lambda p, r: _(
        "%(player)s pose %(card)s, mauvaise carte : +%(points)s points, plus d'essai sur cette défausse.") % p,
    "snap.no_window": lambda p, r: _("Pas de défausse rapide ouverte."),
    "snap.too_late": lambda p, r: _("Trop tard, %(player)s : la défausse est fermée.") % p,
    "snap.frozen_caller": lambda p, r: _("Les cartes de %(player)s sont gelées : plus de défausse rapide.") % p,
    "snap.for_frozen_caller": lambda p, r: _("Personne ne joue pour %(owner)s : ses cartes sont gelées.") % p,
    "snap.not_on_own_discard": lambda p, r: _("%(player)s ne peut pas défausser sur sa propre défausse.") % p,
    "snap.only_on_own_turn": lambda p, r: _("Dans ce jeu, on ne défausse rapidement que pendant son propre tour : c'est le tour de %(turn)s.") % p,
    "snap.no_second_try": lambda p, r: _("%(player)s a déjà fait une erreur sur cette défausse : pas de second essai.") % p,
    "snap.penalty_card_locked": lambda p, r: _(
        "%(player)s ne peut pas défausser sa carte de pénalité avant son prochain tour.") % p,
    "snap.not_for_others": lambda p, r: _("Ce jeu ne permet pas de jouer pour autrui."),
    "power.available": _power_available,
    "power.passed": lambda p, r: _("Pouvoir du %(card)s non utilisé : il passe à %(to)s.") % p,
    "power.lost": lambda p, r: _("Pouvoir du %(card)s perdu.") % p,
    "power.used": lambda p, r: _("%(player)s utilise le pouvoir du %(card)s.") % p,
    "power.none": lambda p, r: _("Aucun pouvoir en jeu."),
    "power.not_yours": lambda p, r: _("Ce pouvoir est celui de %(owner)s.") % p,
    "power.untargetable": lambda p, r: _("Personne ne peut viser %(target)s.") % p,
    "power.wrong": _wrong_power,
    "power.targets_count": lambda p, r: _(
        "Ce pouvoir vise %(needed)s carte(s) (%(most)s au plus) : choisissez le joueur et la carte.") % p,
    "power.bad_targets": lambda p, r: _("Choisissez le joueur et la carte visés."),
    "power.no_such_card": lambda p, r: _("%(target)s n'a pas de carte à cette place.") % p,
    "power.swap_order": lambda p, r: _("Ordre des échanges : %(order)s.") % {"order": " → ".join(r["order"])},
    "call.made": lambda p, r: _("%(player)s annonce « %(word)s » : %(after)s.") % {
        **p, "after": AFTER_CALL.get(r.get("after", ""), r.get("after", ""))},
    "call.already_made": lambda p, r: _("%(caller)s a déjà annoncé.") % p,
    "call.counter": lambda p, r: _("%(player)s dit contre-tamoul.") % p,
    "call.counter_not_allowed": lambda p, r: _(
        "%(player)s ne peut pas dire contre-tamoul : seulement pendant le dernier tour de table, "
        "une fois par joueur, et pas l'annonceur.") % p,
    "call.not_now": _call_not_now,
    "pile.taken_after_snap": lambda p, r: _(
        "%(player)s ne peut pas prendre la défausse : une défausse rapide a réussi sur %(card)s. "
        "Piochez plutôt.") % p,
    "turn.not_yours": lambda p, r: _(
        "Pas encore à %(player)s de jouer : c'est à %(turn)s de défausser.") % p,
    "round.over": lambda p, r: (
        _("La manche est finie (%(why)s) : comptez les points.") if r.get("reason") == "went_out"  # canasta
        else _("La manche est finie (%(why)s) : révélez les mains.")) % {
        "why": ROUND_OVER.get(r.get("reason", ""), r.get("reason", ""))},
    "round.no_more_turn": lambda p, r: _(
        "%(player)s ne rejoue pas : après l'annonce de %(caller)s, son tour est passé.") % p,
    "round.last_card": lambda p, r: _("%(player)s n'a plus de carte : la manche s'arrête (%(points)s pour %(player)s).") % {
        **p, "points": str(r.get("points", "")).replace("-", "−")},
    "round.no_last_card": lambda p, r: _("Dans ce jeu, se défaire de sa dernière carte ne finit pas la manche."),
    "snap.duplicate": lambda p, r: _("%(player)s a déjà posé %(card)s : la même demande ne compte qu'une fois.") % p,
    "snap.one_card_per_discard": lambda p, r: _(
        "%(player)s a déjà défaussé sur cette carte : une carte par défausse.") % p,
    "settings.no_snap_limit": lambda p, r: _(
        "Défausse rapide sans limite de temps : jusqu'à ce que la carte soit couverte."),
    "ask.unknown_card": lambda p, r: _("« %(card)s » n'est pas une carte du Cactus Game.") % p,
    "call.no_counter_call": lambda p, r: _("Pas de contre-annonce dans ce jeu."),
    "variant.no_call": lambda p, r: _("Pas d'annonce dans ce jeu."),
    "variant.no_snaps": lambda p, r: _("Pas de défausse rapide dans ce jeu."),
    "call.within_threshold": lambda p, r: _(
        "%(player)s a annoncé avec %(value)s : autorisé (%(threshold)s au plus).") % p,
    "call.over_threshold": _call_over,
    "call.no_threshold": lambda p, r: _("%(player)s a annoncé avec %(value)s.") % p,
    "round.ready": lambda p, r: _("Manche %(round)s envoyée à la feuille de score.") % p,
    "reveal.no_hands": lambda p, r: _("Il manque les mains."),
    "settings.snap_limit": lambda p, r: _("Défausse rapide : %(seconds)s s.") % p,
    "settings.bad_snap_limit": lambda p, r: _("Durée entre 0,5 et 30 secondes."),
    "ask.unknown": lambda p, r: _("Question inconnue pour ce jeu."),
    "ask.bad_question": lambda p, r: _("Question incomplète."),
    "canasta.pile.empty": lambda p, r: _("La pile est vide."),
    "canasta.pile.top_is_wild": lambda p, r: _("Une carte joker ou un 2 est dessus : la pile ne se prend pas."),
    "canasta.pile.top_is_black_three": lambda p, r: _("Un 3 noir est dessus : la pile est bloquée."),
    "canasta.pile.top_is_red_three": lambda p, r: _(
        "Un 3 rouge est dessus : il ne se pose jamais, la pile est bloquée."),
    "canasta.pile.frozen_two_naturals": lambda p, r: _(
        "Pile gelée : prise avec deux cartes naturelles du rang de %(top)s.") % p,
    "canasta.pile.frozen_needs_two_naturals": lambda p, r: _(
        "Pile gelée : il faut deux cartes naturelles du rang de %(top)s en main.") % p,
    "canasta.pile.adds_to_meld": lambda p, r: _("%(top)s va sur une combinaison posée : la pile est prise.") % p,
    "canasta.pile.pair_in_hand": lambda p, r: _("%(top)s avec une paire de la main : la pile est prise.") % p,
    "canasta.pile.top_unusable": lambda p, r: _("%(top)s ne peut pas être posé tout de suite : pile refusée.") % p,
    "canasta.meld.legal": lambda p, r: _("Combinaison valable."),
    "canasta.meld.illegal": lambda p, r: _("Combinaison refusée (%(problem)s).") % {
        "problem": reason_text(r.get("reason"), r.get("reason_params"))},
    "canasta.opening.reaches_minimum": lambda p, r: _("Ouverture de %(value)s : minimum %(minimum)s atteint.") % p,
    "canasta.opening.below_minimum": lambda p, r: _("Ouverture de %(value)s : il faut %(minimum)s.") % p,
    "canasta.go_out.allowed": lambda p, r: _("Sortie autorisée."),
    "canasta.went_out": lambda p, r: _("Sortie de %(player)s : la manche est finie, comptez les points.") % p,
    "canasta.go_out.needs_canastas": lambda p, r: _(
        "Sortie refusée : %(needed)s canasta(s) nécessaire(s), %(have)s posée(s).") % p,
    "canasta.go_out.cards_left": lambda p, r: _("Sortie refusée : trop de cartes en main.") % p,
    "cactus_game.stop.takes_effect": lambda p, r: _("Chaîne de %(stops)s Stop : l'action a lieu.") % p,
    "cactus_game.stop.cancelled": lambda p, r: _("Chaîne de %(stops)s Stop : l'action est annulée.") % p,
    "cactus_game.stop.cannot_stop": lambda p, r: _("Cette carte ne peut pas être stoppée.") % p,
    "cactus_game.stop.too_late": lambda p, r: _("Trop tard pour un Stop.") % p,
    "cactus_game.set.points": lambda p, r: _("Série valable : %(points)s point(s).") % p,
    "cactus_game.set.illegal": lambda p, r: _("Série refusée (%(problem)s).") % {
        "problem": reason_text(r.get("reason"), r.get("reason_params"))},
    "cactus_game.turn.ends": lambda p, r: _("Le tour s'arrête."),
    "cactus_game.turn.goes_on": lambda p, r: _("Le tour continue."),
    "event.unknown": lambda p, r: _("Message inconnu."),
    # table-rules.md v1.2, readings added
    "power.compulsory": lambda p, r: _(
        "Le pouvoir du %(card)s est obligatoire : %(player)s ne peut pas passer et doit l'utiliser.") % p,
    "power.still_due": lambda p, r: _("%(owner)s doit d'abord utiliser le pouvoir obligatoire du %(card)s.") % p,
    "stock.reshuffled": _stock_reshuffled,
    "stock.exhausted": lambda p, r: _(
        "Pioche vide, et rien à mélanger : une carte de pénalité due maintenant n'est pas donnée."),
    "stock.not_current_player": _stock_not_current_player,
    "penalty.not_given": lambda p, r: _("Plus de carte à prendre : %(player)s ne reçoit pas la carte de pénalité.") % p,
    "variant.no_reshuffle": lambda p, r: _("Dans ce jeu, la défausse ne se remélange pas en pioche."),
    "canasta.go_out.illegal_meld": lambda p, r: _("Sortie refusée : une combinaison n'est pas valable (%(problem)s).") % {
        "problem": reason_text(r.get("reason"), r.get("reason_params"))},
    "canasta.go_out.two_melds_of_a_rank": lambda p, r: _(
        "Sortie refusée : deux combinaisons du même rang (%(rank)s) ; un camp n'en a qu'une par rang.") % {
        "rank": rank_name(str(r.get("rank", "")))},
    "canasta.pile.opening_below_minimum": lambda p, r: _(
        "Pile refusée : les poses faites avec %(top)s valent %(value)s, il faut %(minimum)s pour ouvrir.") % p,
    "canasta.pile.opening_without_top": lambda p, r: _(
        "Pile refusée : la carte du dessus, %(top)s, doit entrer dans une des poses d'ouverture.") % p,
    "canasta.pile.opening_not_in_hand": lambda p, r: _(
        "Pile refusée : les poses d'ouverture se font avec %(top)s et la main seulement ; "
        "%(cards)s n'y sont pas.") % {**p, "cards": ", ".join(card_label(c) for c in r.get("cards", []))},
    "table.closed": lambda p, r: _("Cette table est fermée."),
}


# -- where each ruling's rule is written: an anchor on the variant's rules page -------------
# Exact rule ids first, then the longest matching prefix. The anchors are the rules page's:
# its sections (#call, #snap, #powers), its readings (#reading-…) and its rules (rule_anchor).
RULE_ANCHORS: dict[str, str] = {
    "snap.handed_back": "reading-table-ties", "snap.overturned": "reading-table-ties",
    "snap.duplicate": "reading-table-one-card", "snap.one_card_per_discard": "reading-table-one-card",
    "snap.no_second_try": "reading-table-one-card",
    "snap.too_late": "reading-table-windows", "snap.no_window": "reading-table-windows",
    "window.opened": "reading-table-windows", "window.covered": "reading-table-windows",
    "window.timeout": "reading-table-windows", "window.not_due": "reading-table-windows",
    "settings.snap_limit": "reading-table-windows", "settings.no_snap_limit": "reading-table-windows",
    "snap.wrong.card_stays": "reading-table-cactus-wrong-card",
    "power.wrong": "reading-table-wrong-power", "power.untargetable": "reading-table-wrong-power",
    "round.over": "reading-table-after-call", "round.no_more_turn": "reading-table-after-call",
    "window.round_over": "reading-table-after-call", "turn.not_yours": "reading-table-turns",
    "pile.taken_after_snap": "snap",
    "call.not_now": "call-when",
    "round.last_card": "reading-table-last-card",
    "canasta.pile.top_is_red_three": "reading-canasta-red-three-top",
    "canasta.pile.frozen_two_naturals": "reading-canasta-frozen-pile",
    # table-rules.md v1.2, readings added
    "snap.only_on_own_turn": "reading-dutch-own-turn-snap",
    "power.compulsory": "reading-dutch-toulousain-compulsory", "power.still_due": "reading-dutch-toulousain-compulsory",
    "stock.reshuffled": "reading-table-empty-stock", "stock.exhausted": "reading-table-empty-stock",
    "stock.not_current_player": "reading-table-empty-stock", "penalty.not_given": "reading-table-empty-stock",
    "canasta.go_out.illegal_meld": "reading-canasta-going-out-check",
    "canasta.go_out.two_melds_of_a_rank": "reading-canasta-going-out-check",
    "canasta.pile.opening_below_minimum": "reading-canasta-not-yet-melded",
    "canasta.pile.opening_without_top": "reading-canasta-not-yet-melded",
    "canasta.pile.opening_not_in_hand": "reading-canasta-not-yet-melded",
    "canasta.pile.frozen_needs_two_naturals": "reading-canasta-frozen-pile",
    "canasta.went_out": "canasta-went-out-canastas",  # going out, and the bonus it scores
}
ANCHOR_PREFIXES: tuple[tuple[str, str], ...] = (
    ("call.", "call"), ("snap.", "snap"), ("power.", "powers"),
    ("canasta.meld.", "canasta-meld"), ("canasta.opening.", "canasta-opening"),
    ("canasta.go_out.", "canasta-went-out-canastas"), ("canasta.pile.", "play"),
    ("cactus_game.stop.", "cactus-game-stopped"), ("cactus_game.set.", "cactus-game-set"),
    ("cactus_game.turn.", "cactus-game-turn-ends"),
)


def rule_anchor_of(rule: str) -> str | None:
    """The anchor of the rule behind a ruling on the rules page, or None (joins, errors)."""
    if rule in RULE_ANCHORS:
        return RULE_ANCHORS[rule]
    return next((anchor for prefix, anchor in ANCHOR_PREFIXES if rule.startswith(prefix)), None)
