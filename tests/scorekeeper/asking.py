"""Asking the rules search in a test, in a language: the first answer, or the top 3's anchors."""

from __future__ import annotations

from django.utils import translation

from scorekeeper.rules_search import Answer, answers


def first(question: str, variant: str | None, language: str = "fr") -> Answer:
    with translation.override(language):
        got = answers(question, variant)
    assert got, question
    return got[0]


def top3(question: str, variant: str | None, language: str = "fr") -> list[str]:
    with translation.override(language):
        return [a.anchor for a in answers(question, variant)[:3]]
