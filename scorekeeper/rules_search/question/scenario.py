"""A round told as it happened, and a score asked of it: « Léa a dit tamalou avec 4, Hugo
avait 3, elle prend combien ? », "Sam called koubo with 4 and I also had 4, does he still
get his -3?". Read from the hands said with a number (the first after the call is the
caller's) or from the words (`asked.caller_side`), and from who is asked about (the
caller, or another player): the search then puts the game's scoring rule of that case
first (`index._case_rules`), which BM25 alone misses (the question shares few of its words).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import asked
from .synonyms import plain

# The one asking asks of their own score: « je marque », "do I get", « pour moi ? ».
ASKS_ME = re.compile(r"(?<![\w])(je marque|je prends|je fais|je gagne|do i|i get|i score|what do i|for me|pour moi|"
                     r"my score|j'ai quoi|moi je marque|moi je prends|"
                     # the others than the caller, the one asking among them
                     r"the rest of us|rest of us|the others|les autres|nous autres|on marque quoi)(?![\w])")
# Asks of someone else's: « elle prend », "does he still get", "what does Sam score".
ASKS_OTHER = re.compile(r"(?<![\w])((elle|il|she|he)\s+(prend|marque|score|scores|gets|takes|get|take)|"
                        r"(does|did) \w+ (still )?(score|get|take)|what does \w+ (score|get|take)|"
                        r"qu'est-ce qu'(il|elle)|how much does \w+)(?![\w])")
# The call said as made: « elle a dit tamalou », "she said", "who calls".
SAID = re.compile(r"(?<![\w])(a dit|ai dit|as dit|ont dit|said|says|say|dit|calls|called)(?![\w])")
# A hand said with a number, as asked.HAND_POINTS, and « finit à 1 », « j'en ai 4 ».
HAND = re.compile(asked.HAND_POINTS.pattern + r"|(?<![\w])(finit a|finis a|en ai|en a|ended on|ends on)\s+-?\d+(?![\w])")
_NUMBER = re.compile(r"-?\d+")


@dataclass(frozen=True)
class Case:
    # "lowest", "beaten", "tied" (the caller against the others), "over" (above the limit),
    # "counter_won" or "counter_lost" (a counter-call against the caller's hand), "none"
    # (nobody called), "any" (a call whose side the question does not tell), "negative" (a
    # caller below zero, nobody lower)
    side: str
    scorer: str  # "caller", "other" (the one asking, not the caller), or "both"


def hands(question: str) -> list[int]:
    """The hands said with a number, in the question's order."""
    return [int(_NUMBER.search(m.group()).group()) for m in HAND.finditer(plain(question).replace("’", "'"))]


def read_case(question: str, called: bool, word: str, threshold: float | None, failed_call: bool) -> Case | None:
    """The case of a called round the question tells, when it asks a score; None else.
    `word`: the game's call word; `threshold`: the call's limit; `failed_call`: a call
    above it is scored apart."""
    folded = plain(question).replace("’", "'")
    if not (asked.has(asked.OUTCOME, folded) or asked.has(asked.HAND_SCORE, folded) or asked.has(asked.TAKES, folded)):
        return None
    if not called:  # « personne n'a annoncé », "I didn't call": the round without a call
        return Case("none", "both") if asked.has(asked.NOBODY_CALLED, folded) else None
    if asked.has(asked.COUNTER, folded) and not NO_COUNTER.search(folded):
        return _counter_case(folded)
    said = hands(folded)
    if said and said[0] < 0 and OTHER_CALLED.search(folded):
        return None  # "I had -3 and someone else called": the asker's hand, not the caller's
    side = asked.caller_side(folded)
    if said and threshold is not None and failed_call and said[0] > threshold:
        side = "over"
    elif said and said[0] < 0 and side in (None, "lowest"):
        side = "negative"  # a caller below zero whom nobody beats (cabo's bonus to the others)
    elif side is None and len(said) > 1:
        caller, lowest_other = said[0], min(said[1:])
        side = "beaten" if lowest_other < caller else "tied" if lowest_other == caller else "lowest"
    if side is None and not (asked.has(asked.CALL_VERB, folded) or SAID.search(folded)):
        return None  # "I have cactus": a hand, not a call made
    # Where the call changes nothing in the scoring, no side is needed (CASE_ANY).
    return Case(side or "any", _scorer(folded, plain(word)))


def _counter_case(folded: str) -> Case | None:
    """« Nico a dit tamoul avec 5, j'ai dit contre-tamoul avec 4, je marque quoi ? »: the
    counter-caller's hand is the one said after the counter-call, the caller's another;
    strictly lower wins."""
    said = list(HAND.finditer(folded))
    # The counter said last before a hand (« contre tamoul : Yanis a annoncé avec 5, Zoé a
    # contré et avait 3 »: the game's name first, then the counter made).
    counters = [c for c in asked.COUNTER.finditer(folded) if any(m.start() > c.start() for m in said)]
    counter = counters[-1] if counters else asked.COUNTER.search(folded)
    after = [m for m in said if m.start() > counter.start()]
    if not after or len(said) < 2:
        return _counter_told(folded)
    theirs = int(_NUMBER.search(after[0].group()).group())
    caller = next(int(_NUMBER.search(m.group()).group()) for m in said if m is not after[0])
    return Case("counter_won" if theirs < caller else "counter_lost", "other")


# A counter-call said not made: « Sofiane finit à 4 sans avoir contré », "nobody countered".
NO_COUNTER = asked.any_of("sans avoir contre|sans contrer|pas contre|personne n'a contre|"
                          "nobody countered|no one countered|didn't counter|without countering|no counter")
# The asker is not the caller: "someone else called", « c'est pas moi qui ai annoncé ».
OTHER_CALLED = asked.any_of("someone else called|somebody else called|i wasn't the one who called|"
                            "i didn't call|not me who called|quelqu'un d'autre a annonce|c'est pas moi qui ai annonce|"
                            "ce n'est pas moi qui ai annonce|j'ai pas annonce|je n'ai pas annonce")
# A counter-call's outcome told in words, not hands: « contre raté », "I had less than the
# caller", « l'annonceur avait moins ». Without them the two rules share every word, and
# the wrong one came first.
COUNTER_LOST = re.compile(
    r"(?<![\w])(rate|ratee|perdu|perdue|loupe|loupee|foire|echoue|echec|failed|fails|fail|lost|losing|"
    r"l'annonceur (avait |a )?moins|l'annonceur (avait |a )?plus petit|the caller (had |has |was )?(less|lower)|"
    r"caller had less|caller was lower|pas moins que l'annonceur|not less than the caller|not lower than the caller|"
    r"autant que l'annonceur|same as the caller)(?![\w])")
# (Not « gagne » or "win" alone: « contre-tamoul, qui gagne ? » asks both rules.)
COUNTER_WON = re.compile(
    r"(?<![\w])(reussi|reussie|a marche|ai gagne|a gagne|won|successful|succeeded|worked)(?![\w])")


def _counter_told(folded: str) -> Case | None:
    if COUNTER_LOST.search(folded):
        return Case("counter_lost", "other")
    if COUNTER_WON.search(folded) or asked.caller_side(folded) == "beaten":
        return Case("counter_won", "other")
    return None


def _scorer(folded: str, word: str) -> str:
    """Whose score is asked: the last asking said wins (« Moi j'avais 2, elle marque
    quoi ? » asks hers); one's own is the caller's when one called (« j'ai dit dutch »,
    "I had cactus", « j'ai caboté »)."""
    me = [m.start() for m in ASKS_ME.finditer(folded)]
    other = [m.start() for m in ASKS_OTHER.finditer(folded)]
    if not me and not other:
        return "both"
    if other and (not me or other[-1] > me[-1]):
        return "caller"
    called = re.search(rf"(?<![\w])((j'ai|j ai|i|i've)\s+(dit|annonce|called|said)|(i|je|j'ai|j'avais)\s+(had|have|ai|avais)?\s*"
                       rf"{re.escape(word)}\w*|j'annonce)(?![\w])", folded)
    return "caller" if called else "other"
