"""Which game a question is about, from its own words: names, nicknames, typos.

« tamalu », « canatsa », « tas de merde », "blue orange", "cactus game": each names a
game, so it CHOOSES the game and is taken out of the words searched (« koubo le valet il
vaut combien ? » asks the jack's value at koubo, not about the koubo call). A game's
name that is also a call word (tamalou, cabo, dutch, cactus, koubo, tamoul) stays a
search word only as the call, and only when the question is about calling: said after
« dire », « annoncer », "say", "call", "who said"... (`calling`).

Names are keyed by each declaration's own key, as the wording layer keys its words.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from engine.rules import VARIANTS
from engine.rules.variants.cactus import Cactus, CactusTas
from engine.rules.variants.cactus_game import CactusGame
from engine.rules.variants.canasta import Canasta
from engine.rules.variants.dutch import Dutch, DutchToulousain
from engine.rules.variants.tamalou import CaboBruxellois, Fontenaysien, Koubo, Tamalou, Tamoul

from .synonyms import plain

# Matched longest name first, so that « cactus game » is not read as cactus, nor « dutch
# toulousain » as dutch. Written without accents, lower case (questions are read so).
NICKNAMES: dict[str, str] = {  # "|" between the names of one game
    CactusGame.key: "cactus game|cactus-game|cactusgame|blue orange|blueorange|jeu de blue orange|"
                    "cactus blue orange|cactus de blue orange|cactus card game|cactus cards game",
    CactusTas.key: "cactus tas de merde|tas de merde|tas de merdes|cactus tas|cactus-tas|cactus tdm|tdm|ctdm|"
                    # its name in English at the table
                    "shit-pile cactus|shit pile cactus|shitpile cactus|cactus shit pile|shit-pile|shit pile|"
                    "pile of shit|pile of crap|crap pile cactus|crap pile",
    DutchToulousain.key: "dutch toulousain|dutch-toulousain|toulousain|dutch de toulouse|toulouse-style dutch|"
                         "toulouse style dutch|dutch a la toulousaine|toulouse",
    CaboBruxellois.key: "cabo bruxellois|cabo-bruxellois|bruxellois|cabo|tamalou belge|tamalou bruxellois|cabo belge|"
                        "belgian tamalou|belgian cabo|tamalou de bruxelles",
    Koubo.key: "koubo charentais|koubo|charentais|kubo|coubo|kobo",
    Fontenaysien.key: "fontenaysien|fontenay|fontenaisien|fontenaysienne",
    Tamoul.key: "tamoul|tamoule",
    Canasta.key: "canasta|canastas",
    Tamalou.key: "tamalou|tamalo|tamalou's",
    Dutch.key: "dutch|dutsch|duch|dutsh|deutch",
    Cactus.key: "cactus|kactus",
}
SHORTEST_TYPO = 5  # shorter words are too close to others to read as a misspelt name
TYPO_CUTOFF = 0.78

# Words that, just before a call word, make it the call ("dire tamalou", "who said cabo",
# "avoir cactus": a hand of cactus is the call's own word at cactus).
CALLING = frozenset(plain(w) for w in """dire dis dit dite dites disent dise annoncer annonce annonces
    annonceur crier crie appeler faire fait fais say says said saying call calls called calling
    shout shouts shouted announce announces announced a ai as avoir ont have has had got pas sans
    avec no without with""".split())


# Words before a game's name that make it the game, not its call: « au tamalou », "at dutch".
GAME_NAMING = frozenset("au aux du at in playing play plays jouer joue jouez".split())
GAME_OF = frozenset("partie parties regles regle version jeu".split())  # « une partie de tamalou »


@dataclass(frozen=True)
class Read:
    """What the question's game words say: the game they choose (None: none named),
    the question with the naming words taken out, and whether a call word is asked as
    the call."""

    game: str | None
    question: str
    calling: bool
    call_named: bool = False  # the game's call word is in the question, in any sense
    names: tuple[str, ...] = ()  # the naming words taken out (« canasta » is also a meld's name)
    # The game named only by a call word several games share (« dutch » is also dutch
    # toulousain's call, « cactus » cactus tas de merde's): every game it may be, the
    # named one first, for the search to choose by the rest of the question's words.
    family: tuple[str, ...] = ()


_WORD = re.compile(r"[\w'-]+", re.UNICODE)


def _patterns() -> list[tuple[re.Pattern[str], str, str]]:
    found = []
    for key, names in NICKNAMES.items():
        if key not in VARIANTS:
            continue
        for name in names.split("|"):
            found.append((re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])"), key, name))
    found.sort(key=lambda p: -len(p[2]))
    return found


_PATTERNS = _patterns()
_SINGLE_NAMES = {name: key for key, names in NICKNAMES.items() if key in VARIANTS
                 for name in names.split("|") if " " not in name and len(name) >= SHORTEST_TYPO}


def call_words() -> dict[str, set[str]]:
    """Each call word and the games whose call it is."""
    words: dict[str, set[str]] = {}
    for key, variant in VARIANTS.items():
        if variant.call:
            words.setdefault(plain(variant.call.word), set()).add(key)
    return words


_CALL_WORDS = call_words()


def read(question: str, chosen: str | None = None) -> Read:
    """The game the question names (or `chosen`, the page's game, which always wins),
    and the question as it is to be searched."""
    folded = plain(question).replace("\u2019", "'")
    # Spans are found on the folded text and cut from the question itself (accents kept
    # for the French stemmer) when folding kept every character in place, as it does
    # for French and English.
    text = question.replace("\u2019", "'") if len(folded) == len(question) else folded
    named: list[tuple[int, str, str]] = []  # (where, the game, the name it was called by)
    cuts: list[tuple[int, int, bool]] = []  # (start, end, as the call)
    masked = folded
    for pattern, key, name in _PATTERNS:
        for match in list(pattern.finditer(masked)):
            before = masked[:match.start()].split()
            as_call = name in _CALL_WORDS and bool(before) and before[-1].strip("'") in CALLING
            named.append((match.start(), key, name))
            cuts.append((match.start(), match.end(), as_call and (chosen is None or chosen in _CALL_WORDS[name])))
            masked = masked[:match.start()] + " " * len(name) + masked[match.end():]
    for match in _WORD.finditer(masked):
        if derived := _derived_call(match.group()):
            # "the dutcher", « j'ai caboté »: the call word's games, chosen by the rest of the
            # question (`family`); kept in the words searched (« dutcheur » is a page's word).
            named.append((match.start(), *derived))
        elif key := _typo_of(match.group()):
            # « cactuss », « toulousin »: beside a name found too (« dutch toulousin »).
            named.append((match.start(), key, match.group()))
            cuts.append((match.start(), match.end(), False))
    game = chosen if chosen in VARIANTS else _named_game(named)
    word = next((w for w, keys in _CALL_WORDS.items() if game in keys), None)
    calling = any(as_call for _s, _e, as_call in cuts) and word is not None
    # « contre-tamoul » names the counter-call, not the call.
    # A longer name holding the call word (« dutch de toulouse ») names the game, not the call.
    unnamed = folded
    for start, end, _as_call in cuts:
        if folded[start:end] != word:
            unnamed = unnamed[:start] + " " * (end - start) + unnamed[end:]
    call_named = word is not None and re.search(rf"(?<!contre )(?<!contre-)(?<!counter )(?<![\w-]){re.escape(word)}(?![\w-])",
                                                unnamed) is not None
    for start, end, _as_call in sorted(cuts, reverse=True):
        text = text[:start] + " " + text[end:]  # the call is searched by its page words (CALL)
    names = tuple(dict.fromkeys(folded[start:end] for start, end, _as_call in cuts))
    family = _family(named, folded) if chosen not in VARIANTS else ()
    return Read(game, " ".join(text.split()), calling, call_named, names, family)


# After a shared call word, what makes it the game's name, as a title: a colon or a dash,
# or "scoring", "rules", « règles » (« dutch : on passe les 2 au-dessus de 100 »).
NAMED_AS_A_TITLE = re.compile(r"\s*([:\-–—]|(scoring|rules|regles|question|q)\b)")


def _family(named: list[tuple[int, str, str]], folded: str) -> tuple[str, ...]:
    """The games a question may be about when only a shared call word names one: « j'ai
    dit dutch avec 9, deux joueurs ont moins que moi » may be dutch or dutch toulousain;
    « au tamalou », "playing dutch" name the game itself."""
    if not named or any(name not in _CALL_WORDS for _at, _key, name in named):
        return ()
    first = sorted(named)[0]
    before = folded[:first[0]].split()
    if before and before[-1].strip("'") in GAME_NAMING:
        return ()
    if len(before) > 1 and before[-1] == "de" and before[-2] in GAME_OF:
        return ()  # « une partie de tamalou », « les règles du dutch »
    said_as_the_call = bool(before) and before[-1].strip("'") in CALLING
    if NAMED_AS_A_TITLE.match(folded[first[0] + len(first[2]):]) and not said_as_the_call:
        return ()  # "tamalou scoring: ...", « fin de partie dutch : ... », "dutch - ...": the game
    games = _CALL_WORDS[first[2]]
    return (first[1], *sorted(games - {first[1]})) if len(games) > 1 else ()


def _named_game(named: list[tuple[int, str, str]]) -> str | None:
    """The game the question names. A game named by its own name wins over a call word:
    « tamalou » is also fontenaysien's call, « cactus » cactus-tas' (« call tamalou in
    fontenaysien », « cactus tdm »), so beside another game's name it is that game's call;
    else the game named first ("tamoul: max to call, 5 like tamalou?")."""
    in_order = sorted(named)
    own = [key for _at, key, name in in_order if name not in _CALL_WORDS]
    return own[0] if own else (in_order[0][1] if in_order else None)


_NAME_KEYS = {name: key for _pattern, key, name in _PATTERNS}
# A call word made a noun or a verb: "dutcher", "dutched", « caboteur », « caboté ».
_DERIVED = re.compile(r"^(" + "|".join(sorted(map(re.escape, _CALL_WORDS), key=len, reverse=True))
                      + r")[-']?(er|ers|ed|d|eur|eurs|euse|ing|e|ee|es|te|tee|ter|teur|teurs)$")


def _derived_call(word: str) -> tuple[str, str] | None:
    """(the game, the call word) of a word made from a call word, or None."""
    match = _DERIVED.match(word)
    return (_NAME_KEYS[match.group(1)], match.group(1)) if match and match.group(1) in _NAME_KEYS else None


def _typo_of(word: str) -> str | None:
    """« tamalu », « canatsa »: the game whose one-word name is this word misspelt."""
    if len(word) < SHORTEST_TYPO:
        return None
    close = difflib.get_close_matches(word, list(_SINGLE_NAMES), n=1, cutoff=TYPO_CUTOFF)
    return _SINGLE_NAMES[close[0]] if close else None
