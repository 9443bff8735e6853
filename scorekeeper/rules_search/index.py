"""BM25 over each game's rules page, one index per language, kept for the process.

BM25 in plain Python (bm25.py) with snowballstemmer, chosen over bm25s + PyStemmer: a page
is ~40 short paragraphs, so sparse matrices and a C stemmer buy nothing here. Built once,
then only read: every request may use it at once (the stemmers are one per thread).

A question is scored against both languages' indexes and the scores added, paragraph
by paragraph (the two pages have the same paragraphs in the same order): a French
question on an English phone still finds its answer, shown in the phone's language.
A question word the page does not know is read as the closest page word (a typo).
"""

from __future__ import annotations

import difflib
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from django.utils import translation

from engine.rules import VARIANTS
from engine.rules.units import to_number
from engine.rules.variants.base import Variant
from scorekeeper.sheet.why import rule_anchor
from scorekeeper.wording.cards import rank_name
from scorekeeper.wording.facts import COLOURS

from .bm25 import BM25
from .facts import facts_for, names_caller, power_detail_first, power_readings
from .paragraphs import Paragraph, paragraphs
from .question import asked, games, scenario
from .question.synonyms import CALL, PENALTY, SNAP, expand, plain, same_words, shorthand
from .question.tokens import terms
from .questions import asked_about

LANGUAGES = ("fr", "en")
TYPO_CUTOFF = 0.8  # how alike a word must be to a page's word to be read as it
SHORTEST_TYPO = 4  # shorter words are too ambiguous to correct
SYNONYM_WEIGHT = 0.5  # the page's words a table phrase stands for count half the player's own
# Under this BM25 score (both languages' pages added) a paragraph answers too little of
# the question to be shown... Both calibrated on the tuned questions and a few questions
# the rules cannot answer (« la couleur du tapis », "can I go to the toilet"), preferring
# no answer to a wrong one (bench/rules_search.py; docs/benchmarks.md).
MIN_SCORE = 3.6
# ...nor one holding under this share of the question's words (stop words aside): a
# question of three words matched on one common word is not answered.
MIN_COVERAGE = 0.55
FACT_SCORE = 1000.0
LAST_ROUND_CALL_WHEN = 0.5  # the weight of "when to call" in a question about the last round
NO_CALL_ANCHOR = "-no-call"  # the scoring rule of a round nobody called
# The rules a caller's side rules out: a caller said to be the lowest is not answered by
# the rule of a beaten caller, nor the other way (they share their words).
BEATEN_RULES = ("-announcer-not-lowest", "-announcer-not-strictly-lowest", "-cactus-not-lowest", "-beaten")
LOWEST_RULES = ("-announcer-lowest", "-announcer-strictly-lowest")
OPPOSITE: dict[str | None, tuple[str, ...]] = {"lowest": BEATEN_RULES, "beaten": LOWEST_RULES,
                                               "tied": ("-announcer-strictly-lowest",)}  # a fact is shown before any paragraph
# A called round told with its hands and a score asked (question/scenario.py): the game's
# scoring rules of that case, by the end of their rule ids, in this order, first for
# the caller's score, then another player's; a game with none of them scores everyone's
# hand, or ignores the call (CASE_ANY).
CASE_CALLER = {
    "lowest": (".announcer_lowest", ".announcer_strictly_lowest", ".call", ".round_winner"),
    "tied": (".announcer_lowest", ".announcer_not_strictly_lowest", ".call", ".round_winner"),
    "beaten": (".announcer_not_lowest", ".announcer_not_strictly_lowest", ".beaten", ".cactus_not_lowest",
               ".penalty_cards"),
    "over": (".failed_call",),
    "counter_won": (".counter_call_won",),
    "counter_lost": (".counter_call_lost",),
    "none": (".no_call", ".hand_value"),
    "any": (),
    "negative": (".negative_call", ".announcer_lowest", ".announcer_strictly_lowest", ".round_winner"),
}
CASE_OTHER = {
    "lowest": (".above_announcer",),
    "tied": (".at_or_below_announcer",),
    "beaten": (".at_or_below_announcer",),
    "over": (".failed_call_others",),
    "counter_won": (".counter_call_won",),
    "counter_lost": (".counter_call_lost",),
    "none": (".no_call", ".hand_value"),
    "any": (),
    "negative": (".negative_call_bonus", ".above_announcer"),
}
CASE_ANY = (".hand_value", ".announcer_ignored")
CASE_SCORE = 500.0
# Another game sharing the named game's call word is chosen only when its own rule answers
# clearly better ("when Ali says dutch, one last turn?" scored 20.1 at toulousain, 19.6 at dutch).
FAMILY_MARGIN = 1.1
CALL_ANCHOR = "call"  # the call's rule on every page (the call's limit is linked there)
STOP_CHAIN = "-stop-stopped"  # the rule of a Stop played on a Stop (asked.STOP_ON_STOP)
# Every game searched and none named: among the first three answers, each other game saying
# the same sentence adds this share to its score for the first place (calibrated on the
# tuned and held-out sets: the first three stay the same, fewer other games' rules first).
SHARED_WEIGHT = 0.03
SHOWN_FIRST = 3  # under a fact, over any paragraph BM25 finds


@dataclass(frozen=True)
class Answer:
    variant: str
    anchor: str
    text: str
    score: float
    fact: bool = False  # one sentence from the declaration (facts.py), not a page paragraph
    # Searched over every game: the other games whose page says the very same sentence
    # (variant, anchor), answered once rather than once per game.
    also: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class PageIndex:
    """One page in one language: its paragraphs and their BM25."""
    paragraphs: tuple[Paragraph, ...]
    bm25: BM25

    def scores(self, query: list[str]) -> list[float]:
        return self.bm25.scores(query) if query else [0.0] * len(self.paragraphs)


@cache
def language_index(language: str) -> dict[str, PageIndex]:
    """Every game's page index in `language`, built once per process. Each paragraph is
    searched with its heading and the players' questions about it (questions.py), found
    from its French text (the pages have the same paragraphs in the same order)."""
    with translation.override("fr"):
        french = {key: paragraphs(variant) for key, variant in VARIANTS.items()}
    with translation.override(language):
        return {key: _page_index(paragraphs(variant), french[key], language) for key, variant in VARIANTS.items()}


def _page_index(found: list[Paragraph], french: list[Paragraph], language: str) -> PageIndex:
    asked = [f"{asked_about(p.anchor, f.text)} {_card_named(p)}" for p, f in zip(found, french, strict=True)]
    return PageIndex(tuple(found), BM25([terms(f"{p.text} {p.heading} {q}", language)
                                         for p, q in zip(found, asked, strict=True)]))


def _card_named(paragraph: Paragraph) -> str:
    """A reading about a card's power is searched by the card's name too (« Le R rouge : … »
    is about the red king), as its row is."""
    return " ".join(f"{rank_name(card.rank)} {COLOURS[card.colour] if card.colour else ''}"
                    for card in power_readings(paragraph.variant).get(paragraph.anchor, ()))


@cache
def vocabulary(language: str) -> frozenset[str]:
    """Every term of every page in `language`: what a typo is read against."""
    return frozenset(term for page in language_index(language).values() for term in page.bm25.idf)


def warm() -> None:
    """Build every page's index in both languages now (about 2 s), rather than on the first
    question a process is asked: a live table's first « ask » waited for it."""
    for language in LANGUAGES:
        vocabulary(language)


_warming: threading.Thread | None = None


def warm_meanwhile(then: Callable[[], None] | None = None) -> None:
    """`warm()` in a thread of its own, beside whatever the process does next; `then`, in
    that thread, once the index is built (the server freezes what lives on: config/asgi.py)."""
    global _warming

    def build() -> None:
        warm()
        if then is not None:
            then()

    _warming = threading.Thread(target=build, name="rules-index", daemon=True)
    _warming.start()


def warmed() -> None:
    """Wait for `warm_meanwhile()`'s thread to end. A process forked while it runs inherits
    the locks it holds (translation's, asgiref's) held by a thread the child does not have:
    the child's first translated word then waits forever (a test's Daphne factory did)."""
    if _warming is not None:
        _warming.join()


@lru_cache(maxsize=4096)
def known(term: str, language: str) -> str | None:
    """The term, or the closest term the pages use (a typo), or None."""
    words = vocabulary(language)
    if term in words:
        return term
    if len(term) < SHORTEST_TYPO:
        return None
    close = difflib.get_close_matches(term, words, n=1, cutoff=TYPO_CUTOFF)
    return close[0] if close else None


def _query(text: str, language: str) -> list[str]:
    return [t for t in (known(term, language) for term in terms(text, language)) if t]


def answers(question: str, variant_key: str | None = None, *, limit: int = 5, by_case: bool = True) -> list[Answer]:
    """What answers `question`, best first, in the active language: the game's fact
    first when the question asks one, then the paragraphs that score well enough.

    The game is `variant_key`, else the one the question names (« au tamalou »), else
    every game (each answer then names its game). Nothing rather than a doubtful answer:
    paragraphs scoring under MIN_SCORE are left out. `by_case`: a called round told with
    its hands puts its scoring rule first (off when games are compared by their words).
    """
    language = (translation.get_language() or "fr")[:2]  # "en-gb" reads as "en"
    language = language if language in LANGUAGES else "fr"
    question = shorthand(question)
    reading = games.read(question, variant_key if variant_key in VARIANTS else None)
    if reading.family:
        return answers(question, _of_family(question, reading.family, language, limit), limit=limit)
    text = reading.question
    noun = _with_page_noun(reading, language)
    keys = [reading.game] if reading.game else list(VARIANTS)
    found: list[Answer] = []
    for key in [reading.game] if reading.game else list(VARIANTS):
        found += [Answer(key, anchor, sentence, FACT_SCORE, fact=True)
                  for anchor, sentence in facts_for(VARIANTS[key], asked.without_subject_names(text), reading.calling,
                                                     reading.call_named, said=question)]
    if not reading.game and len({a.variant for a in found}) > 1:
        found = []  # « combien vaut le roi rouge ? » differs by game: no fact rather than one game's

    if _noise(text):
        return found
    thrown = asked.thrown_on(text)  # « deux valets sur un valet », "a 6 on a 7": a snap, right or wrong
    told = same_words(text)  # the round as told, players' names kept: « what does Noah get? » asks a score
    as_typed = _without_players_names(told)
    text = _without_players_names(same_words(asked.same_rank_said(text)))
    text = _with_hand_state(VARIANTS[reading.game], text) if reading.game else text
    added = " ".join(filter(None, (expand(text, reading.question), CALL if reading.calling else "", SNAP if thrown else "",
                                   PENALTY if thrown == "other" else "")))
    queries = {other: ((_query(f"{text} {noun}", other), 1.0), (_query(added, other), SYNONYM_WEIGHT))
               for other in LANGUAGES}
    said = {a.text.rstrip(".") for a in found}
    # « Julie a annoncé… »: a round with a call is not answered by the rule of a round without.
    # (or its caller named by the game's word: "Ray dutched", « le caboteur »)
    called = (reading.calling or asked.has(asked.CALL_VERB, text)
              or (reading.game is not None and names_caller(VARIANTS[reading.game], question))) \
        and not asked.has(asked.NOBODY_CALLED, text)
    side = asked.caller_side(told)  # "the caller had the lowest hand": not the rule for a beaten caller
    case = _case_rules(VARIANTS[reading.game], told, called) if reading.game and by_case else []
    case = _stop_chain(reading.game, question, language) + case if reading.game else case
    if case:  # a round told and its score asked: its scoring rule, not the call's limit
        found = [a for a in found if a.anchor != CALL_ANCHOR]
    scored: list[Answer] = []
    # The question's own words, to measure how much of it a paragraph holds (the table's
    # phrases it holds aside: counting them answered more questions the rules cannot
    # answer); the game's name put back counts where the paragraph has it (« canasta »).
    # A card thrown on one of its rank is measured both as typed and as the pages say it;
    # a comparison ("natural vs dirty") each side apart.
    def own(words: str) -> dict[str, tuple[set[str], set[str], set[str]]]:
        return {other: (set(_query(words, other)), set(terms(words, other)), set(terms(noun, other)))
                for other in LANGUAGES}
    sides = [own(side) for side in asked.compared_sides(text)]
    owns = [own(words) for words in dict.fromkeys((text, as_typed))] \
        + [side for side in sides if all(question for _w, question, _n in side.values())]  # "vs one without": none
    for key in keys:
        shown = language_index(language)[key].paragraphs
        totals = [0.0] * len(shown)
        for other in LANGUAGES:
            page = language_index(other)[key]
            for query, weight in queries[other]:
                for i, score in enumerate(page.scores(query)):
                    totals[i] += weight * score
        for i, (p, total) in enumerate(zip(shown, totals, strict=True)):
            if total >= MIN_SCORE and p.text.rstrip(".") not in said \
                    and max(_covered(key, i, own) for own in owns) >= MIN_COVERAGE \
                    and not (called and p.anchor.endswith(NO_CALL_ANCHOR)) \
                    and not p.anchor.endswith(OPPOSITE.get(side, ())) and p.anchor not in case:
                scored.append(Answer(key, p.anchor, p.text, float(total)))
            elif p.anchor in case and p.text.rstrip(".") not in said:
                scored.append(Answer(key, p.anchor, p.text, CASE_SCORE - case.index(p.anchor)))
    if asked.has(asked.LAST_ROUND, text) and not asked.has(asked.CAN_CALL, text):
        # « pendant le dernier tour, je peux encore coller ? »: the round after the call,
        # not when in a turn one may call (whose players' questions say « pendant mon tour »).
        scored = [replace(a, score=a.score * LAST_ROUND_CALL_WHEN) if a.anchor == "call-when" else a for a in scored]
    scored.sort(key=lambda a: -a.score)
    if reading.game:  # « le 7, on a le droit de regarder ? »: the reading about the 7 before its row
        scored = [scored[i] for i in power_detail_first(VARIANTS[reading.game], reading.question,
                                                        [(a.anchor, a.score) for a in scored])]
    kept = _one_per_text(scored)
    if not reading.game:
        # Every game searched, none named: a sentence several games' pages say settles the
        # question for each of them, one game's own rule only for that game; among the first
        # three (which stay the same three), the one weighing most so counted comes first.
        top = kept[:SHOWN_FIRST]
        best = max(top, key=lambda a: a.score * (1 + SHARED_WEIGHT * len(a.also)), default=None)
        kept = ([best] + [a for a in kept if a is not best]) if best else kept
    return (found + kept)[:limit]


def _stop_chain(key: str, question: str, language: str) -> list[str]:
    """The anchor of the game's rule for a Stop played on a Stop, when the question tells
    one (« il a mis un stop sur mon stop »); none otherwise or in a game without Stops."""
    if not asked.has(asked.STOP_ON_STOP, question):
        return []
    return [p.anchor for p in language_index(language)[key].paragraphs if p.anchor.endswith(STOP_CHAIN)][:1]


def _case_rules(variant: Variant, text: str, called: bool) -> list[str]:
    """The anchors of the game's scoring rules for the called round the question tells
    (« Léa a dit tamalou avec 4, Hugo avait 3, elle prend combien ? »), in order; none
    when it tells no such round or asks no score."""
    call = variant.call
    if call is None:
        return []
    threshold = to_number(call.threshold, variant.scale) if call.threshold is not None else None
    case = scenario.read_case(text, called, call.word, threshold, call.over == "failed_call")
    if case is None:
        return []
    if case.side == "any" and any(rule.endswith(ends) for ends in CASE_CALLER.values() for rule in variant.rules):
        return []  # the call's side matters in this game, and the question does not tell it
    # Another player's score where the game has no rule of its own for them (cactus: who
    # has cactus is scored as the caller is), then every hand scored alike (dutch).
    tries = {"caller": (CASE_CALLER[case.side],), "other": (CASE_OTHER[case.side], CASE_CALLER[case.side]),
             "both": (CASE_CALLER[case.side] + CASE_OTHER[case.side],)}[case.scorer]
    tries += (CASE_ANY,) if case.side != "none" else ()  # a round nobody called: its own rule only
    found = next(([rule for end in ends for rule in variant.rules if rule.endswith(end)] for ends in tries
                  if any(rule.endswith(ends) for rule in variant.rules)), [])
    return [rule_anchor(rule) for rule in dict.fromkeys(found)]


def _with_hand_state(variant: Variant, text: str) -> str:
    """« j'avais 4 en main », "I had 4 at the end": in a game where a hand at or under the
    limit is said to *have* the call word whoever called (cactus: "with cactus you draw
    nothing"), a hand said in points is said as the pages say it, the call word and the limit
    added as the player's own words (« avec cactus (5 ou moins) »: the rules of that state
    share no other word with the hand)."""
    call = variant.call
    if call is None or call.over != "ignored" or call.threshold is None or asked.has(asked.OUTCOME, text) \
            or asked.DRAWN.search(plain(text)):
        return text  # who wins or scores (_case_rules reads the hands), or a card drawn: no hand
    limit = to_number(call.threshold, variant.scale)
    said = scenario.hands(text)
    return f"{text} {call.word} {limit:g}" if said and min(said) <= limit else text


def _of_family(question: str, family: tuple[str, ...], language: str, limit: int) -> str:
    """The game of `family` (the named one first) the question is about: another game
    sharing the call word only when the question says a word of its page that the named
    game's page never uses, and one of its own rules (a paragraph the named game's page
    does not say) answers better than anything on the named game's page (« pas de
    cactus, je tire une dame, combien de kilos ? » is cactus tas de merde's)."""
    named, *others = family
    best = max((a.score for a in answers(question, named, limit=limit, by_case=False) if not a.fact), default=0.0)
    own_texts = {p.text for p in language_index(language)[named].paragraphs}
    choice = named
    for other in others:
        if not any(set(_query(question, lang)) & (set(language_index(lang)[other].bm25.idf)
                                                  - set(language_index(lang)[named].bm25.idf))
                   for lang in LANGUAGES):
            continue
        score = max((a.score for a in answers(question, other, limit=limit, by_case=False)
                     if not a.fact and a.text not in own_texts), default=0.0)
        if score > best * FAMILY_MARGIN:
            choice, best = other, score
    return choice


def _covered(key: str, i: int, own: dict[str, tuple[set[str], set[str], set[str]]]) -> float:
    """The share of the question's words paragraph `i` of `key`'s page holds, in the
    language where it holds most. A number counts only where the paragraph has it: « le
    caboteur a 4 mais Tom a 2 » says hands, which no rule writes (« le 9 » is found in
    its row)."""
    best = 0.0
    for other, (words, question, named) in own.items():
        counts = language_index(other)[key].bm25.counts[i]
        hits = len(words.intersection(counts))
        out_of = len(question) - sum(1 for term in question if term.isdigit() and term not in counts)
        if out_of == 0 and question:
            continue  # only numbers, none of them here
        if named and named.issubset(counts):
            hits, out_of = hits + len(named), out_of + len(named)
        best = max(best, hits / out_of if out_of else 1.0)
    return best


_CAPITALISED = re.compile(r"(?<![\w'’-])[A-ZÀ-Ý][a-zà-ÿ]{2,}(?![\w'’-])")


def _without_players_names(text: str) -> str:
    """The question without the players' first names (« mais Paul a moins que moi »,
    "Lea had 3"): a capitalised word that no page knows, nor is a typo of a page's word,
    is a name, and would count against every paragraph as a word none holds."""
    def name(match: re.Match[str]) -> str:
        word = match.group()
        unknown = all(known(term, language) is None for language in LANGUAGES
                      for term in terms(word, language))
        return " " if unknown else word
    return _CAPITALISED.sub(name, text)


def _with_page_noun(reading: games.Read, language: str) -> str:
    """The game's own one-word name put back when its page uses it as a word (« canasta
    naturelle » names the game and a meld); not a call word (« koubo le valet » would draw
    the call's paragraphs), nor a nickname."""
    if reading.game is None:
        return ""
    variant = VARIANTS[reading.game]
    name = plain(variant.name)
    if " " in name or name not in reading.names or (variant.call and plain(variant.call.word) == name):
        return ""
    page = language_index(language)[reading.game].bm25.idf
    return name if all(term in page for term in terms(name, language)) else ""


def _noise(question: str) -> bool:
    """A number among words no page has ("<script>alert(1)</script>"): no question about
    the rules, which the card worth 1 would otherwise answer (a typo correction may still
    find a page's word in "alert"). A number among words the pages know ("what does the
    8 do") is a question; so is a lone misspelt word ("jokr")."""
    def noise_in(language: str) -> bool:
        words = vocabulary(language)
        asked = terms(question, language)
        exact = [term for term in asked if term in words]
        return bool(exact) and all(term.isdigit() for term in exact) and len(exact) < len(asked)
    return all(noise_in(language) for language in LANGUAGES)


def _one_per_text(found: list[Answer]) -> list[Answer]:
    """A sentence said twice (shared rules, on one page or on several games' pages) is
    answered once, at its best place; the other games saying it are named beside it."""
    first: dict[str, int] = {}
    kept: list[Answer] = []
    for answer in found:
        if answer.text not in first:
            first[answer.text] = len(kept)
            kept.append(answer)
            continue
        best = kept[first[answer.text]]
        if answer.variant != best.variant and answer.variant not in {v for v, _a in best.also}:
            kept[first[answer.text]] = replace(best, also=best.also + ((answer.variant, answer.anchor),))
    return kept
