"""Words to terms: lower case, no elision, no stop word, Snowball stem, no accent.

Accents are taken off after stemming (the French stemmer reads them), so a question
typed without accents finds « défausse ».
"""

from __future__ import annotations

import re
import threading

import snowballstemmer

from .synonyms import SAME_WORDS, plain

STEMMERS = {"fr": "french", "en": "english"}

STOP_WORDS = {
    "fr": set("""a au aux avec ce ces c ca cela d de des du elle en et est etre il ils je j l la le les
        leur lui ma mais me meme mes moi mon n ne nos notre nous on ou par pas pour qu que qui
        sa se ses si son sur ta te tes toi ton tu un une vos votre vous y ai as avez avons ont
        sont suis es etait peut peux puis puisque comment quoi quel quelle quels quelles
        alors donc est-ce ce-que faut il-faut tout toute tous toutes ok bah ben hein svp stp
        dans cette cet sinon oui non deja encore aussi tres faire fait fais font veut veux veulent voulez
        truc trucs bref genre avait avais avaient avons avez mdr ptdr lol euh""".split()),
    "en": set("""a an the and or of to in on at for with by is are was were be been do does did i
        you he she it we they my your his her its our their me him them this that these those
        can could should would will may might must what where which who whom why how if
        then than so not no yes there here have has had am as from into about any some
        just also too very still get got want wants s t re ve ll m d
        right okay ok really actually please anything something ever even guys much
        lol lmao bc cuz coz cause because btw tbh idk pls plz hey guy dude like""".split()),
}

_WORD = re.compile(r"[\w]+", re.UNICODE)


# A Snowball stemmer keeps its word being stemmed in its own fields: shared by two
# requests at once, one gets the other's stems (issue 26). One per thread and language.
_local = threading.local()


def _stemmer(language: str) -> snowballstemmer.stemmer:
    stemmers = getattr(_local, "stemmers", None)
    if stemmers is None:
        stemmers = _local.stemmers = {}
    if language not in stemmers:
        stemmers[language] = snowballstemmer.stemmer(STEMMERS.get(language, "french"))
    return stemmers[language]


# Said to carry on a sentence, not about the game: « du coup » ("so"), whose « coup » is
# also a play (« le premier coup qui fait gagner »); « on a le droit de » is « peut » (a
# stop word), a way to ask, which no rule answers by its word « droit ».
FILLERS = re.compile(r"(?<![\w])(du coup|(?:on a|j'ai|il a|elle a|a|ai|as|ont|avoir|avait) le droit(?: de| d')?|"
                     r"is (?:that|it|this) allowed|c'est permis)(?![\w])")


def terms(text: str, language: str) -> list[str]:
    """The searchable terms of a text in `language` ("fr" or "en")."""
    stop = STOP_WORDS.get(language, STOP_WORDS["fr"])
    text = FILLERS.sub(" ", text.lower().replace("’", "'"))
    words = [SAME_WORDS.get(plain(w), w) for w in _WORD.findall(text.replace("'", " "))
             if plain(w) not in stop]
    return [plain(stem) for stem in _stemmer(language).stemWords(words)]
