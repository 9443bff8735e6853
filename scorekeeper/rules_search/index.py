"""BM25 over each game's rules page, one index per language, kept for the process.

Library: rank-bm25 (Okapi BM25) with snowballstemmer, both pure Python (numpy aside),
chosen over bm25s + PyStemmer: a page is ~40 short paragraphs, so sparse matrices and a
C stemmer buy nothing here, and two small pure wheels install anywhere.

A question is scored against both languages' indexes and the scores added, paragraph
by paragraph (the two pages have the same paragraphs in the same order): a French
question on an English phone still finds its answer, shown in the phone's language.
A question word the page does not know is read as the closest page word (a typo).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from django.utils import translation
from rank_bm25 import BM25Okapi

from engine.rules import VARIANTS

from .paragraphs import Paragraph, paragraphs
from .synonyms import expand
from .tokens import terms

LANGUAGES = ("fr", "en")
TYPO_CUTOFF = 0.8  # how alike a word must be to a page's word to be read as it
SHORTEST_TYPO = 4  # shorter words are too ambiguous to correct
SYNONYM_WEIGHT = 0.5  # the page's words a table phrase stands for count half the player's own


@dataclass(frozen=True)
class Answer:
    variant: str
    anchor: str
    text: str
    score: float
    # Searched over every game: the other games whose page says the very same sentence
    # (variant, anchor), answered once rather than once per game.
    also: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class PageIndex:
    """One page in one language: its paragraphs and their BM25."""
    paragraphs: tuple[Paragraph, ...]
    bm25: BM25Okapi

    def scores(self, query: list[str]) -> list[float]:
        return list(self.bm25.get_scores(query)) if query else [0.0] * len(self.paragraphs)


@cache
def language_index(language: str) -> dict[str, PageIndex]:
    """Every game's page index in `language`, built once per process."""
    with translation.override(language):
        return {key: _page_index(paragraphs(variant), language) for key, variant in VARIANTS.items()}


def _page_index(found: list[Paragraph], language: str) -> PageIndex:
    return PageIndex(tuple(found), BM25Okapi([terms(f"{p.text} {p.heading}", language) for p in found]))


@cache
def vocabulary(language: str) -> frozenset[str]:
    """Every term of every page in `language`: what a typo is read against."""
    return frozenset(term for page in language_index(language).values() for term in page.bm25.idf)


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


def answers(question: str, variant_key: str | None = None, *, limit: int = 5) -> list[Answer]:
    """The paragraphs that answer `question`, best first, in the active language.

    With no variant (or an unknown one), every game's page is searched.
    """
    language = (translation.get_language() or "fr")[:2]  # "en-gb" reads as "en"
    language = language if language in LANGUAGES else "fr"
    keys = [variant_key] if variant_key in VARIANTS else list(VARIANTS)
    added = expand(question)
    queries = {other: ((_query(question, other), 1.0), (_query(added, other), SYNONYM_WEIGHT))
               for other in LANGUAGES}
    found: list[Answer] = []
    for key in keys:
        shown = language_index(language)[key].paragraphs
        totals = [0.0] * len(shown)
        for other in LANGUAGES:
            page = language_index(other)[key]
            for query, weight in queries[other]:
                for i, score in enumerate(page.scores(query)):
                    totals[i] += weight * score
        found += [Answer(key, p.anchor, p.text, float(total)) for p, total in zip(shown, totals, strict=True)
                  if total > 0]
    if _noise(question):
        return []
    found.sort(key=lambda a: -a.score)
    return _one_per_text(found)[:limit]


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
