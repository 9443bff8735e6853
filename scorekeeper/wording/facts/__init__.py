"""The one-sentence answers of "ask the rules" (issue 26): a fact of the game, its number
read from the variant's declaration, never typed here.

Each sentence is shown first in the answers, with a link to the rule that says it on the
game's rules page (scorekeeper/rules_search/facts.py picks the sentence and its anchor).
A package rather than a ninth loose module of wording/ (tests/test_layout.py).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

# A card's value: « Chaque roi vaut 0 en rouge (R♥ R♦), 15 en noir (R♠ R♣). »
VALUE_ONE = _("Chaque %(rank)s vaut %(value)s.")
VALUE_SPLIT = _("Chaque %(rank)s vaut %(values)s.")
VALUE_PART = _("%(value)s en %(colour)s (%(cards)s)")
COLOURS = {"red": _("rouge"), "black": _("noir")}
VALUE_ROW = _("%(cards)s : %(value)s.")  # a row of the page's value table (canasta's 3s)
NOT_IN_DECK = _("Pas de %(rank)s dans le paquet de ce jeu.")

# A card's power (the sentence of the page's powers table is the answer when it has one).
NO_POWER = _("Le %(cards)s n'a pas de pouvoir dans ce jeu.")
NO_POWER_QUEEN = _("La %(cards)s n'a pas de pouvoir dans ce jeu.")

# The call's limit, by what a call above it costs (Call.over).
CALL_LIMIT = {
    "scored": _("On dit « %(word)s » avec une main de %(threshold)s ou moins ; une annonce au-dessus "
                "n'est pas punie à part : la manche se compte par la règle ordinaire."),
    "ignored": _("On a « %(word)s » avec une main de %(threshold)s ou moins ; une annonce au-dessus "
                 "ne change rien au décompte."),
    "failed_call": _("On peut dire « %(word)s » quelle que soit sa main, mais au-dessus de %(threshold)s "
                     "c'est un %(word)s raté : %(failed)s points pour l'annonceur."),
}
CALL_NO_LIMIT = _("Pas de limite : on peut dire « %(word)s » quelle que soit la valeur de sa main.")

# Canasta's opening minimum at a score.
OPENING_AT = _("Avec un total de %(total)s, la première pose de la manche doit valoir au moins "
               "%(minimum)s points.")

OPENING_NEGATIVE = _("Avec un total négatif, la première pose de la manche doit valoir au moins "
                     "%(minimum)s points.")

# A hand's points at a game scoring hands by bands (fontenaysien).
SCALE_AT = _("Une main de %(value)s vaut %(points)s au barème.")

# The end of the game, by the kind of its limit (engine Limit.kind) or its rounds option.
END = {
    "out_at": _("Un joueur dont le total atteint %(points)s est éliminé ; la partie s'arrête quand il "
                "reste au plus un joueur, qui gagne."),
    "ends_over": _("La partie s'arrête dès qu'un total dépasse %(points)s ; le plus petit total gagne."),
    "target": _("La partie s'arrête quand un camp atteint %(points)s points ; le plus haut total gagne."),
    "loses_wins": _("La partie s'arrête quand un joueur atteint %(loses)s (il perd) ou descend à "
                    "%(wins)s (il gagne) ; en demi-partie : %(half_loses)s et %(half_wins)s."),
    "targets": _("Le premier à atteindre l'objectif gagne : %(targets)s."),
    "rounds": _("La partie dure le nombre de manches convenu au départ (%(rounds)s par défaut)."),
    "rounds_open": _("La partie dure le nombre de manches convenu au départ ; sans nombre convenu, elle "
                     "ne s'arrête pas d'elle-même."),
}

# How many may play (the declaration's player counts, as the page's lead writes them).
PLAYERS = _("Se joue à %(players)s joueurs.")

# The deck (the declaration's deck: its size and jokers).
DECK_WITH_JOKERS = _("On joue avec %(size)s cartes, dont %(jokers)s jokers.")
DECK_NO_JOKER = _("On joue avec %(size)s cartes, sans joker.")

# The ranks a short deck leaves out (koubo's 34 cards).
DECK_MISSING = _("Pas de %(ranks)s dans ce paquet.")

# Canasta's red threes, all four together.
RED_THREES_ALL = _("Chaque 3 rouge rapporte %(one)s ; les quatre ensemble rapportent %(all)s, au lieu de "
                   "4 × %(one)s.")

# Nothing answered well enough: said instead of a doubtful answer.
NOTHING = _("Les règles ne répondent pas clairement à cette question : voyez la page des règles.")
