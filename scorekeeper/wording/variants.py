"""Each variant's own words, and each family's: the line that presents a game when
choosing one, how a round of its family is played, what the variant adds to that, and
the readings we apply where the rules' texts are thin.

Keyed by each declaration's own `key`, so no variant key is written outside the engine. A
variant that is not here (a new one, or one a test registers) still works, with no words of its own until
they are registered with `register`, beside engine.rules.registry.register.
Numbers are never typed into these sentences: they come from the declaration's
`numbers` (`%(limit)s`), so a rule's number changes in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from engine.rules.variants.base import CACTUS_GAME, CANASTA, MEMORY
from engine.rules.variants.cactus import Cactus, CactusTas
from engine.rules.variants.cactus_game import CactusGame
from engine.rules.variants.canasta import Canasta
from engine.rules.variants.dutch import Dutch, DutchToulousain
from engine.rules.variants.tamalou import CaboBruxellois, Fontenaysien, Koubo, Tamalou, Tamoul

from .problems import PROBLEM_SENTENCES
from .steps import STEP_SENTENCES
from .text import number


@dataclass(frozen=True, slots=True)
class Reading:
    """A reading we apply, marked as ours on the rules page."""

    key: str  # the element's id on the page is "reading-<key>"
    rule: str | None  # the rule it reads, linked from the reading
    text: Promise | str  # may quote the declaration's numbers: %(limit)s


@dataclass(frozen=True, slots=True)
class VariantWording:
    blurb: Promise | str = ""  # one line, to choose the game at a glance
    # How the first cards are looked at, when the variant says it otherwise than its
    # family (cabo: until one's first draw, not once): replaces MEMORY_FIRST_LOOK.
    first_look: Promise | str = ""
    play_extras: tuple[Promise | str, ...] = ()  # what it adds to its family's way of playing
    readings: tuple[Reading, ...] = ()
    # A variant added at run time brings the sentences of its own rule ids: what a step
    # did (why-this-score) and what the rule says (its rules page). The shipped variants'
    # are in steps.py and the rules pages' statements.
    steps: Mapping[str, Promise | str] = field(default_factory=dict)
    statements: Mapping[str, Promise | str] = field(default_factory=dict)
    # ...and of the problem codes its own checks raise (params as placeholders).
    problems: Mapping[str, Promise | str] = field(default_factory=dict)


# -- per family (own words) --------------------------------------------------------------
FAMILY_LEADS: dict[str, Promise] = {
    MEMORY: _("Un jeu de mémoire : quatre cartes cachées, et la plus petite main possible."),
    CANASTA: _("Un jeu de combinaisons en camps : poser des canastas et marquer le plus de points."),
    CACTUS_GAME: _("Le jeu de cartes de Blue Orange : collectionner des cartes Point."),
}

# What sets each memory game apart on the rules index, where their lead is the same: its call.
INDEX_CALL_THRESHOLD = _("On annonce « %(word)s » à %(threshold)s ou moins.")
INDEX_CALL_LOWEST = _("On annonce « %(word)s » sans limite de points.")

# The deal and the first look of the memory games (a variant may replace it: `first_look`).
MEMORY_FIRST_LOOK = _("Chacun reçoit quatre cartes face cachée, posées en carré, et regarde une seule fois "
                      "les deux plus proches de lui. Ensuite, tout se joue de mémoire.")

# How a round is played, per family.
FAMILY_PLAY: dict[str, tuple[Promise, ...]] = {
    MEMORY: (
        MEMORY_FIRST_LOOK,
        _("À son tour, on prend la carte du dessus de la défausse pour l'échanger contre une des siennes, "
          "ou bien on pioche : la carte piochée s'échange ou se jette. Une carte jetée aussitôt piochée "
          "déclenche son pouvoir, s'il en a un."),
        _("Le but est de finir la manche avec la main la plus faible possible. En fin de manche, chacun "
          "retourne ses cartes et on compte la valeur de sa main avec le tableau des valeurs, plus haut."),
        _("Une carte de pénalité se prend sur le dessus de la pioche, sans la regarder, et s'ajoute face "
          "cachée aux cartes du joueur."),
    ),
    CANASTA: (
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
    ),
    CACTUS_GAME: (
        _("Le jeu Cactus Game de Blue Orange a ses propres cartes : des personnages (Charlie, Spike, "
          "Walter, des jokers) et des actions, plus %(point_cards)s cartes Point. Chacun commence avec 5 cartes."),
        _("À son tour, on joue autant de cartes qu'on veut, jusqu'à gagner au moins un Point ou piocher "
          "au moins une carte : le tour s'arrête alors aussitôt. Piocher une carte est toujours permis."),
        _("Le Stop est la seule carte qui se joue hors de son tour : il annule une action avant qu'elle "
          "ait lieu. Ici, chaque tour se saisit comme une ligne du tableau des scores."),
    ),
}

# -- per variant ---------------------------------------------------------------------------
POWER_MISUSED = _("Un pouvoir mal utilisé (regarder pendant un échange à l'aveugle, par exemple) annule le "
                  "tour et coûte une carte de pénalité.")
# Dutch toulousain has no blind swap: its example is the power aimed at the frozen dutcher.
POWER_MISUSED_FROZEN = _("Un pouvoir mal utilisé (viser le dutcheur gelé, par exemple) annule le tour et coûte "
                         "une carte de pénalité.")
POWER_MISUSED_POINTS = _("Un pouvoir mal utilisé (regarder pendant un échange à l'aveugle, par exemple) "
                         "annule le tour et coûte +%(wrong_power_points)s points, comme une défausse "
                         "rapide ratée, sans carte de pénalité.")
CALL_OVER_LIMIT_NORMAL = _("Une annonce faite avec une main au-dessus de %(call_limit)s n'est pas punie à part : "
                           "la manche se compte par la règle ordinaire.")
# Cactus and cactus-tas (game-record 4.1, 4.2: "has cactus" at 5 or less).
CACTUS_AT_LIMIT = _("Le texte du cactus dit tantôt « %(limit)s ou moins », tantôt « moins de %(limit)s » pour "
                    "avoir cactus : nous lisons qu'une main qui vaut exactement %(limit)s a cactus.")
POWERS_AS_TAMALOU = _("Les textes ne donnent pas de pouvoirs propres à ce jeu : nous appliquons ceux du "
                      "tamalou.")

# Keyed by each declaration's own key: the key is written once, in the engine.
WORDING: dict[str, VariantWording] = {
    Cactus.key: VariantWording(
        blurb=_("Mémoire : la plus petite main, à %(limit)s ou moins, gagne la manche."),
        play_extras=(
            _("Une défausse rapide ratée : la mauvaise carte reste sur la défausse et devient la carte du "
              "dessus ; les autres peuvent la recouvrir d'une carte de même rang, mais la carte qu'elle a "
              "recouverte ne peut plus l'être."),
            _("Le 8 oublié : si son joueur oublie ou refuse de regarder, le 8 reste sur la défausse ; le "
              "joueur suivant peut s'en servir pour regarder une de ses propres cartes, puis joue son tour "
              "normalement."),
        ),
        readings=(Reading("cactus-at-limit", "cactus.round_winner", CACTUS_AT_LIMIT),),
    ),
    CactusTas.key: VariantWording(
        blurb=_("Cactus où chaque main sans cactus pioche des kilos ; le 7 remet à zéro."),
        readings=(
            Reading("cactus-at-limit", "cactus_tas.has_cactus", CACTUS_AT_LIMIT),
            Reading("cactus-tas-table", None,
                    _("À la table, le cactus tas de merde se joue exactement comme le cactus : seul son "
                      "décompte diffère.")),
        ),
    ),
    Tamalou.key: VariantWording(
        blurb=_("Mémoire : annoncez « Tamalou » avec la plus petite main ; le plus petit total "
                "gagne."),
        play_extras=(
            POWER_MISUSED, CALL_OVER_LIMIT_NORMAL,
        ),
        readings=(
            Reading("tamalou-announcer-value", "tamalou.announcer_not_lowest",
                    _("Le texte dit seulement que l'annonceur ne marque rien s'il a la plus "
                      "petite main. Quand quelqu'un a moins que lui, nous lui faisons marquer la "
                      "valeur de sa main.")),
        ),
    ),
    Koubo.key: VariantWording(
        blurb=_("Jeu de 32 cartes : %(call_won)s pour une annonce réussie, %(call_lost)s pour une "
                "ratée."),
        play_extras=(
            POWER_MISUSED,
        ),
        readings=(
            Reading("koubo-call", None,
                    _("On dit « koubo » à la fin de son tour ; ensuite on joue un dernier tour de table, "
                      "qui s'arrête quand revient le tour de l'annonceur, comme au fontenaysien et au "
                      "cabo.")),
            Reading("koubo-players", None,
                    _("Le texte du koubo ne dit pas à combien on joue : nous gardons %(min_players)s à "
                      "%(max_players)s joueurs, comme pour les autres jeux de mémoire. Son paquet n'a que "
                      "%(deck_size)s cartes : à %(max_players)s joueurs, il en reste %(stock_left)s à piocher "
                      "après la donne, et la pioche se refait souvent avec la défausse (voir la pioche "
                      "vide, plus bas).")),
            Reading("koubo-replace", "koubo.announcer_strictly_lowest",
                    _("Les %(call_won)s et %(call_lost)s de l'annonceur remplacent la valeur de sa "
                      "main ; ils ne s'y ajoutent pas.")),
        ),
    ),
    Dutch.key: VariantWording(
        blurb=_("Chacun marque sa main ; à %(out_at)s points on est éliminé, le dernier en jeu "
                "gagne."),
        play_extras=(
            POWER_MISUSED,
        ),
        readings=(
            Reading("dutch-no-zero", "dutch.hand_value",
                    _("Pas de zéro pour l'annonceur dans ce jeu : tout le monde marque sa main, "
                      "et la plus petite main gagne la manche.")),
            Reading("dutch-seven-blind", None,
                    _("Le texte ne dit pas si l'échange du 7 se fait à l'aveugle. Comme seuls le valet et "
                      "la dame font regarder une carte, nous lisons un échange à l'aveugle : personne ne "
                      "regarde les deux cartes échangées, et les regarder est un pouvoir mal utilisé.")),
        ),
    ),
    Tamoul.key: VariantWording(
        blurb=_("Tamalou avec contre-Tamoul ; un total de %(reset_from)s tout rond redescend à "
                "%(reset_to)s."),
        play_extras=(
            POWER_MISUSED, CALL_OVER_LIMIT_NORMAL,
        ),
        readings=(
            Reading("tamoul-last-round", None,
                    _("Le « tour suivant » du texte est un dernier tour de table : il s'arrête quand "
                      "revient le tour de l'annonceur ; le contre-tamoul n'est permis que pendant ce tour, "
                      "une fois par joueur.")),
            Reading("tamoul-counter", "tamoul.counter_call_won",
                    _("Le %(counter_won)s d'un contre-tamoul réussi remplace les points du joueur ; "
                      "le +%(counter_lost)s d'un contre-tamoul raté s'ajoute à ses points.")),
        ),
    ),
    Fontenaysien.key: VariantWording(
        blurb=_("Les mains comptent par paliers ; se défausser de tout vaut %(went_out)s."),
        play_extras=(
            POWER_MISUSED,
        ),
        readings=(
            Reading("fontenaysien-powers", None,
                    POWERS_AS_TAMALOU),
            Reading("fontenaysien-call-limit", None,
                    _("Le texte ne fixe aucune limite à la main de celui qui dit « tamalou » : nous "
                      "n'en appliquons pas.")),
            Reading("fontenaysien-below-zero", "fontenaysien.scale",
                    _("Une main comptée par le joueur sous 0 se lit comme une main de 0 : elle "
                      "vaut %(scale_zero)s au barème.")),
        ),
    ),
    CaboBruxellois.key: VariantWording(
        blurb=_("Cabo : une annonce ratée coûte %(failed)s, chaque mauvaise défausse "
                "%(wrong_snap)s points."),
        first_look=_("Chacun reçoit quatre cartes face cachée, en carré, et peut regarder les deux plus "
                     "proches de lui tant qu'il n'a pas pioché pour la première fois ; ensuite, tout se "
                     "joue de mémoire."),
        play_extras=(
            POWER_MISUSED_POINTS,
            _("On ne prend la carte de la défausse que si personne ne l'a recouverte d'une "
              "défausse rapide."),
        ),
        readings=(
            Reading("cabo-failed-call", "cabo.failed_call",
                    _("Ce jeu sanctionne un cabo annoncé au-dessus de %(limit)s, la limite d'annonce "
                      "du tamalou : c'est le cabo raté.")),
            Reading("cabo-powers", None,
                    POWERS_AS_TAMALOU),
            Reading("cabo-call-limit", None,
                    _("On peut dire « cabo » quelle que soit sa main ; au-dessus de %(limit)s, c'est un "
                      "cabo raté au décompte.")),
        ),
    ),
    DutchToulousain.key: VariantWording(
        blurb=_("Dutch où l'annonceur pioche une pénalité par main plus petite que la sienne."),
        play_extras=(
            POWER_MISUSED_FROZEN,
            _("Plusieurs valets défaussés vite sur la même défausse : chacun de ceux qui en ont "
              "jeté un fait son échange, un par valet, dans l'ordre du tour en partant du joueur "
              "suivant ; le joueur dont c'est le tour échange en dernier."),
            _("Jeu pour autrui : le joueur dont c'est le tour passe d'abord, autant de fois qu'il "
              "le peut, puis les autres dans l'ordre du tour ; celui qui n'a plus de carte n'en "
              "donne pas. Jamais contre un dutcheur gelé."),
        ),
        readings=(
            Reading("dutch-toulousain-take-discard", None,
                    _("Le texte ne parle que de piocher. Nous laissons aussi prendre la carte du dessus "
                      "de la défausse pour l'échanger contre une des siennes, comme dans les autres jeux "
                      "de mémoire.")),
            Reading("dutch-toulousain-power-when", None,
                    _("Le texte dit qu'on applique l'effet de la carte sans dire de quelle carte il "
                      "s'agit. Nous lisons, comme au tamalou, qu'un pouvoir ne joue que pour une carte "
                      "piochée et jetée aussitôt ; une carte prise sur la défausse ou sortie de sa main "
                      "n'en a pas. Seule exception, celle du texte : les valets défaussés vite sur ce valet "
                      "font aussi leur échange.")),
        ),
    ),
    Canasta.key: VariantWording(
        blurb=_("À deux, ou à quatre en équipes : le premier camp à %(target)s points gagne."),
        play_extras=(
            _("Une canasta de jokers se compose en un seul tour."),
        ),
        readings=(
            Reading("canasta-going-out", "canasta.going_out",
                    _("Le texte du canasta ne dit rien de la prime pour terminer : nous "
                      "appliquons la règle courante, +%(going_out)s (+%(going_out_concealed)s main "
                      "cachée).")),
            Reading("canasta-frozen-pile", None,
                    _("Règle courante, là où le texte est mince : la défausse est gelée quand "
                      "elle contient un joker, un 2 ou un 3 rouge, et pour un camp qui n'a encore "
                      "rien posé ; on ne la prend alors qu'avec deux cartes naturelles de la main "
                      "assorties à celle du dessus. On ne la prend jamais quand le dessus est un "
                      "joker, un 2 ou un 3 noir.")),
            Reading("canasta-red-three-top", None,
                    _("Un 3 rouge n'est jamais une carte du dessus qu'on peut prendre : comme il ne se "
                      "pose jamais, il bloque la défausse comme un 3 noir.")),
            Reading("canasta-not-yet-melded", None,
                    _("Un camp qui n'a encore rien posé ne prend la défausse qu'avec deux cartes naturelles "
                      "assorties à celle du dessus, et les poses qu'il fait avec elle et des cartes de sa main "
                      "(pas le reste de la défausse) doivent atteindre le minimum d'ouverture (%(minimums)s).")),
            Reading("canasta-going-out-check", None,
                    _("Pour terminer, l'arbitre relit toutes les poses du camp : chacune doit être une pose "
                      "valable (la canasta de jokers et les 3 noirs compris), le camp n'a qu'une pose de chaque"
                      " rang, et seules les poses valables de %(canasta_length)s cartes ou plus comptent comme "
                      "canastas.")),
            Reading("canasta-one-meld-per-rank", None,
                    _("Un camp a au plus une pose de chaque rang : les cartes de ce rang s'y ajoutent.")),
            Reading("canasta-empty-stock", None,
                    _("Quand la pioche est vide, celui qui a tiré la dernière carte finit son tour et "
                      "jette une carte ; la manche s'arrête, et personne ne reçoit la prime pour avoir "
                      "terminé.")),
            Reading("canasta-opening-values", "canasta.opening",
                    _("La première pose est vérifiée sur la valeur des cartes seulement : "
                      "l'application ne vérifie pas que ces poses sont elles-mêmes valables.")),
        ),
    ),
    CactusGame.key: VariantWording(
        blurb=_("Le jeu de Blue Orange : réunissez des personnages, volez des points, jouez Stop."),
        play_extras=(
            _("Les 90 cartes blanches : 36 personnages (16 Charlie, 12 Spike, 5 Walter, 3 jokers) "
              "et 54 actions (3 %(card_free_point)s, 3 %(card_swap_hands)s, 6 %(card_look_and_steal)s, "
              "6 %(card_draw_three)s, 6 %(card_steal_point)s, 10 %(card_ask_card)s, "
              "10 %(card_steal_card)s, 10 %(card_stop)s). Le joueur le plus habillé de vert commence, "
              "puis on tourne dans le sens des aiguilles d'une montre."),
            _("Un Stop arrive trop tard une fois les mains échangées, la main regardée ou la "
              "première carte piochée. Une carte %(card_free_point)s, %(card_steal_point)s ou "
              "%(card_draw_three)s arrêtée ne termine pas le tour."),
            _("Commencer son tour sans aucune carte oblige à piocher 3 cartes, ce qui termine le "
              "tour. Quand la pioche est vide, on mélange la défausse pour en refaire une."),
            _("Les actions : %(card_free_point)s, on prend un Point (le tour s'arrête) ; "
              "%(card_swap_hands)s, deux joueurs (on peut en être) échangent toute leur main, une main "
              "vide reçoit l'autre sans rien donner ; %(card_look_and_steal)s, on regarde une main et on "
              "y prend une carte ; %(card_draw_three)s, on pioche trois cartes (le tour s'arrête) ; "
              "%(card_steal_point)s, on prend un Point à un joueur (le tour s'arrête) ; "
              "%(card_ask_card)s, on nomme une action ou un personnage, le joueur la donne s'il l'a ; "
              "%(card_steal_card)s, on en prend une au hasard, la cible peut d'abord mélanger."),
            _("Un %(card_stop)s se joue sur une carte Action (ou un autre %(card_stop)s) qui vient "
              "d'être jouée, avant qu'elle ait son effet ; n'importe quel joueur peut le jouer, celui "
              "dont c'est le tour compris. C'est la seule carte qui se joue hors de son tour. Une série "
              "et la pioche d'une carte ne peuvent pas être arrêtées."),
            # A rule of the spec (game-record 4.11), not a reading of ours.
            _("Un tour saisi peut ne pas être terminé : le dernier tour de la feuille "
              "peut être en cours."),
        ),
    ),
}
NONE = VariantWording()


def play_texts(variant: Any) -> list[Promise | str]:
    """How a round of this variant is played: its family's paragraphs (its own first look
    in place of the family's, when it has one), then what the variant adds."""
    words = wording_for(variant)
    family = [words.first_look if text is MEMORY_FIRST_LOOK and words.first_look else text
              for text in FAMILY_PLAY[variant.family]]
    return [*family, *words.play_extras]


def register(key: str, wording: VariantWording) -> None:
    """Add (or replace) a variant's words, its steps' sentences with them: a new
    variant's module calls this beside engine.rules.registry.register."""
    WORDING[key] = wording
    STEP_SENTENCES.update(wording.steps)
    PROBLEM_SENTENCES.update(wording.problems)


def unregister(key: str) -> None:
    wording = WORDING.pop(key, None)
    for rule in wording.steps if wording is not None else ():
        STEP_SENTENCES.pop(rule, None)
    for code in wording.problems if wording is not None else ():
        PROBLEM_SENTENCES.pop(code, None)


def statement(variant: Any, rule: str, statements: Mapping[str, Any]) -> Any:
    """What `rule` says in general: from the shipped `statements`, else the variant's own."""
    found = statements.get(rule)
    return found if found is not None else wording_for(variant).statements.get(rule, rule)


def wording_for(variant: Any) -> VariantWording:
    return WORDING.get(variant.key, NONE)


def blurb(variant: Any) -> str:
    """The variant's line, its numbers written the way the active language writes them."""
    text = wording_for(variant).blurb
    if not text:
        return ""
    return str(text) % {key: number(value) for key, value in variant.numbers.items()}
