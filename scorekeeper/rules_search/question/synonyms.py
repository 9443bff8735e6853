"""The table's words for what the rules pages name otherwise.

Players say « doublé », « coller » or "snap" for what the pages call « la défausse
rapide », and "knock" for the call (a game's own call word is read by games.py); Cactus
Game's cards go by their printed French names and the pages'. A phrase found in a question
adds the page's own words to it (in both languages: each index keeps what its stemmer
knows). Phrases are matched without accents, in lower case, on whole words.
"""

from __future__ import annotations

import re
import unicodedata

SNAP = "défausse rapide même rang snap same rank"
CALL = "annonce annoncer call"
POWERS = "pouvoir pouvoirs power powers"
PENALTY = "pénalité carte en plus penalty extra card wrong"
WIN = "gagne gagnant win wins winner"
END = "fin partie arrête end game ends stops"
STEAL_POINT = "vol de point piquez point steal"
STEAL_CARD = "vol de carte piquez carte steal card"
LOOK_STEAL = "regarde et vole regardez piquez look steal"
DRAW_THREE = "pioche 3 piochez draw three"
SWAP_HANDS = "échange de mains échangez swap hands"
ASK_CARD = "demande de carte demandez ask card"
FREE_POINT = "point gratuit free point"
STOPPED = "stop arrêter annule cancel"
STOP_CHAIN = "un stop peut arrêter un stop chaîne longueur paire impaire a stop can stop a stop chain odd even length"
FOR_OTHERS = "jeu pour autrui à sa place playing for others for them"

SYNONYMS: dict[str, str] = {
    # snapping
    "defausse rapide": SNAP, "defausser rapide": SNAP, "double": SNAP, "doubler": SNAP,
    "coller": SNAP, "colle": SNAP, "snap": SNAP, "snapper": SNAP, "snapping": SNAP, "snaps": SNAP,
    "snapped": SNAP, "meme carte": SNAP, "same card": SNAP, "quick discard": SNAP,
    "match": SNAP, "matching": SNAP, "pareille": SNAP, "pareil": SNAP,
    # the call (each game's own word is added from its declaration, below)
    "knock": CALL, "knocking": CALL,
    "annoncer": CALL, "annonce": CALL, "dire": CALL, "say": CALL, "call": CALL, "calls": CALL,
    "calling": CALL, "caller": "annonceur " + CALL, "annonceur": CALL,
    "contre": "contre counter", "counter": "contre counter",
    # powers
    "pouvoir": POWERS, "power": POWERS, "powers": POWERS, "special": POWERS, "speciale": POWERS,
    "echanger": "échange swap", "swap": "échanger échange swap", "regarder": "look",
    "look": "regarder look", "peek": "regarder look", "spy": "regarder look",
    # wrong moves
    "erreur": PENALTY, "wrong": PENALTY, "mistake": PENALTY, "faux": PENALTY,
    "penalite": PENALTY, "penalty": PENALTY, "punition": PENALTY,
    # counting and the end
    "compte": "valeur valent points décompte value worth", "vaut": "valeur valent value worth",
    "valent": "valeur value worth", "worth": "valeur value worth", "count": "valeur value worth",
    "gagne": WIN, "gagner": WIN, "win": WIN, "wins": WIN, "winner": WIN, "fini": END,
    "finit": END, "termine": END, "over": END, "ends": END, "end": END,
    "elimine": "éliminé eliminated out", "out": "éliminé eliminated", "knocked out": "éliminé eliminated",
    "remise a zero": "retombe tombe pile", "reset": "retombe tombe pile drops falls",
    "kilo": "poids weight", "kilos": "poids weight", "weight": "kilos poids",
    "toutes mes cartes": "débarrassé main vide", "plus de carte": "débarrassé main vide",
    "plus de cartes": "débarrassé main vide", "go out": "got rid empty hand went out",
    "going out": "got rid empty hand went out", "no cards left": "got rid empty hand went out",
    "combien de manches": "nombre de manches", "how many rounds": "number of rounds",
    "fait quoi": POWERS, "sert a quoi": POWERS, "does": POWERS,
    # Cactus Game's cards as printed on the French cards, as the pages name them, and in English
    "piquez 1 point": STEAL_POINT, "piquez un point": STEAL_POINT, "pique un point": STEAL_POINT,
    "vol de point": STEAL_POINT, "steal a point": STEAL_POINT, "steal point": STEAL_POINT,
    "piquez une carte": STEAL_CARD, "pique une carte": STEAL_CARD, "vol de carte": STEAL_CARD,
    "steal a card": STEAL_CARD, "regardez et piquez": LOOK_STEAL, "regarde et vole": LOOK_STEAL,
    "look and steal": LOOK_STEAL, "piochez 3x": DRAW_THREE, "piochez 3": DRAW_THREE, "pioche 3": DRAW_THREE,
    "piochez trois": DRAW_THREE, "draw 3": DRAW_THREE, "draw three": DRAW_THREE,
    "echangez": SWAP_HANDS, "echange de mains": SWAP_HANDS, "swap hands": SWAP_HANDS, "trade hands": SWAP_HANDS,
    "demandez": ASK_CARD, "demandez une carte": ASK_CARD, "demande de carte": ASK_CARD, "ask for a card": ASK_CARD,
    "point gratuit": FREE_POINT, "free point": FREE_POINT, "stoppe": STOPPED, "stoppee": STOPPED,
    "stopped": STOPPED, "stopper": STOPPED, "arrete": STOPPED, "contre un stop": STOPPED,
    # a Stop played on a Stop (Cactus Game): the chain's rules
    "stop sur un stop": STOP_CHAIN, "stop sur son stop": STOP_CHAIN, "stop sur mon stop": STOP_CHAIN,
    "autre stop": STOP_CHAIN, "contrer un stop": STOP_CHAIN, "stopper un stop": STOP_CHAIN,
    "stoppe mon stop": STOP_CHAIN, "stoppe son stop": STOP_CHAIN, "another stop": STOP_CHAIN,
    "stop a stop": STOP_CHAIN, "stop the stop": STOP_CHAIN, "stopped my stop": STOP_CHAIN,
    "stopped her stop": STOP_CHAIN, "stopped his stop": STOP_CHAIN, "stop my stop": STOP_CHAIN,
    "stop her stop": STOP_CHAIN, "stop his stop": STOP_CHAIN, "stop on a stop": STOP_CHAIN,
    # a card thrown for its owner, who does not know it (« je la jette pour lui »)
    "for him": FOR_OTHERS, "for her": FOR_OTHERS, "for them": FOR_OTHERS, "pour lui": FOR_OTHERS,
    "pour elle": FOR_OTHERS, "a sa place": FOR_OTHERS, "on his behalf": FOR_OTHERS, "on her behalf": FOR_OTHERS,
    "flush": "chasse d'eau", "chasse d'eau": "chasse d'eau flush",
    "ex aequo": "égalité ex aequo tie tied", "egalite": "égalité ex aequo tie tied",
    "tie": "égalité ex aequo tie tied", "draw": "pioche pioche draw",
    "rouge": "cœur carreau", "red": "hearts diamonds", "noir": "pique trèfle", "black": "spades clubs",
    "paquet": "paquet deck cartes", "deck": "paquet deck cards", "jeu de cartes": "paquet deck",
    "trop tard": "fenêtre tard late window", "too late": "fenêtre tard late window",
    "trop lent": "fenêtre tard late window", "too slow": "fenêtre tard late window",
}


# Words players use for a page's own word, meaning just that: the question is searched
# with the page's word in their place, so it counts as the player's own word (in the
# share of the question a paragraph holds), not as a table phrase's added words. The pages
# are indexed so too (tokens.py): "A drawn 7" is found by "drawing a 7".
SAME_WORDS: dict[str, str] = {
    **{w: "obligatoire" for w in ("oblige", "obligee", "obliges", "obligees", "obligation")},
    **{w: "compulsory" for w in ("mandatory", "forced", "obligatory", "required")},
    **{w: "pioche" for w in ("tire", "tirer", "tires", "tirent", "tirage")},
    **{w: "draw" for w in ("drew", "drawn", "pull", "pulls", "pulled", "pulling")},  # "pull a card"
    **{w: "throw" for w in ("threw", "thrown")},
    **{w: "take" for w in ("took", "taken", "grab", "grabbed", "pick", "picked")},
    **{w: "commence" for w in ("demarre", "demarrer", "demarrent", "demarrez")},
    **{w: "snap" for w in ("slap", "slaps", "slapped", "slapping", "slam", "slammed")},
    # looking and throwing, in the table's words: « mater la carte », « balancer deux valets »
    **{w: "regarder" for w in ("mater", "mate", "matte", "zieuter", "zieute", "reluquer", "reluque")},
    **{w: "oublie" for w in ("zappe", "zapper", "zappes", "zappee")},  # « il a zappé son 8 »
    **{w: "jeter" for w in ("balancer", "balance", "balances", "balancent", "lacher", "claquer")},
    **{w: "throw" for w in ("chuck", "chucked", "toss", "tossed", "dump", "dumped")},
    **{w: "reach" for w in ("hit", "hits")},
    **{w: "fewest" for w in ("least",)},
    **{w: "time" for w in ("anytime", "whenever")},  # "any" is a stop word: "at any time"
    # the round stopping at once, as players say it: « ça s'arrête direct », "stops right away"
    **{w: "tout de suite" for w in ("direct", "directement", "immediatement", "aussitot", "illico")},
    **{w: "at once" for w in ("immediately", "instantly", "straightaway")},
}


# Words players shorten in a message (« qd qqn dit tamalou », « jpeux », "when u say"),
# written out before anything reads the question: the readers below match whole words.
# Only shortenings no page word or card letter shares (« R » is a king, « y a » French).
SHORTHAND: dict[str, str] = {
    "qd": "quand", "qqn": "quelqu'un", "qqun": "quelqu'un", "qq1": "quelqu'un", "jpeux": "je peux",
    "jpx": "je peux", "jai": "j'ai", "jsuis": "je suis", "chui": "je suis", "jme": "je me", "mm": "même",
    "ds": "dans", "tt": "tout", "ts": "tous", "pr": "pour", "pk": "pourquoi", "pq": "pourquoi",
    "u": "you", "ur": "your", "b4": "before", "cuz": "because", "coz": "because", "dont": "don't",
    "cant": "can't", "im": "i'm", "ive": "i've", "didnt": "didn't", "doesnt": "doesn't",
    # « g annoncé avec 3 » (j'ai), « c fini ? » (c'est), « cb ça vaut », « jsais », « pdt »
    "g": "j'ai", "c": "c'est", "cb": "combien", "cmb": "combien", "cbien": "combien", "jsais": "je sais",
    "jvais": "je vais", "jdois": "je dois", "jfais": "je fais", "pdt": "pendant", "tjr": "toujours",
    "tjrs": "toujours", "bcp": "beaucoup", "koi": "quoi", "pcq": "parce que", "ppl": "people",
    "jviens": "je viens", "jveux": "je veux", "jpense": "je pense", "jcrois": "je crois",
}
_SHORT = re.compile(r"(?<![\w'’-])(" + "|".join(map(re.escape, SHORTHAND)) + r")(?![\w'’-])", re.IGNORECASE)


def shorthand(question: str) -> str:
    """The question with its shortened words written out (« qd qqn dit » -> « quand
    quelqu'un dit »); a capital « U » or « MM » is left as typed."""
    return _SHORT.sub(lambda m: SHORTHAND[m.group(1)] if m.group(1).islower() else m.group(1), question)


def plain(text: str) -> str:
    """Lower case, without accents: « Défaussé » -> "defausse"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_PATTERNS = [(re.compile(rf"\b{re.escape(plain(phrase))}\b"), words) for phrase, words in SYNONYMS.items()]


# Phrases said for the page's own words, counted as the player's (a Stop on a Stop: « un
# Stop peut arrêter un Stop », "a Stop can stop a Stop"); the table phrases above only add words.
SAME_PHRASES: dict[str, str] = {
    **{p: "stop arrêter stop" for p in ("autre stop", "contrer un stop", "stopper un stop", "stop sur un stop",
                                         "stop sur son stop", "stop sur mon stop", "stoppe mon stop",
                                         "stoppe son stop")},
    **{p: "stop can stop a stop" for p in ("another stop", "stopped my stop", "stopped her stop",
                                           "stopped his stop", "stop my stop", "stop her stop", "stop his stop",
                                           "stop on a stop", "stop the stop")},
}
_REPLACED = {**SAME_WORDS, **SAME_PHRASES}
_SAME = re.compile(r"(?<![\w'])(" + "|".join(sorted(map(re.escape, _REPLACED), key=len, reverse=True))
                   + r")(?![\w'])")


def same_words(question: str) -> str:
    """The question with the page's word for each word players say instead (« obligé »
    -> « obligatoire », "drew" -> "draw"), the rest as typed."""
    folded = plain(question)
    if len(folded) != len(question):
        return _SAME.sub(lambda m: _REPLACED[m.group(1)], folded)
    out, last = [], 0
    for match in _SAME.finditer(folded):  # spans of the folded text, cut from the typed one
        out += [question[last:match.start()], _REPLACED[match.group(1)]]
        last = match.end()
    return "".join(out) + question[last:]


def expand(*questions: str) -> str:
    """The page's words for each table phrase the question holds ("" when none), once per
    phrase found in any of its forms (as typed, or with the page's words put in)."""
    folded = [plain(question) for question in questions]
    return " ".join(words for pattern, words in _PATTERNS if any(pattern.search(f) for f in folded))
