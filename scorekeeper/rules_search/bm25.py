"""Okapi BM25 over one page's paragraphs, in plain Python.

A page is ~40 short paragraphs: a dict of term counts per paragraph is all it takes,
and no numpy (rank-bm25 pulled 73 MB of it for this). The same formula as rank-bm25's
BM25Okapi (k1 1.5, b 0.75; a term in more than half the paragraphs gets a quarter of
the mean idf instead of a negative one), so the scores did not move with the change.
Built once, never written after: safe to read from any number of threads.
"""

from __future__ import annotations

import math
from collections import Counter

K1, B, EPSILON = 1.5, 0.75, 0.25


class BM25:
    def __init__(self, documents: list[list[str]]):
        self.counts = [Counter(doc) for doc in documents]
        lengths = [len(doc) for doc in documents]
        average = (sum(lengths) / len(documents)) if documents and any(lengths) else 1.0
        found_in = Counter(term for counts in self.counts for term in counts)
        n = len(documents)
        idf = {term: math.log(n - df + 0.5) - math.log(df + 0.5) for term, df in found_in.items()}
        floor = EPSILON * (sum(idf.values()) / len(idf)) if idf else 0.0
        self.idf = {term: (value if value >= 0 else floor) for term, value in idf.items()}
        # Each term's paragraphs with its weight there: a question's few terms touch few
        # paragraphs, so scoring walks these rather than every paragraph.
        norms = [K1 * (1 - B + B * length / average) for length in lengths]
        self.postings: dict[str, list[tuple[int, float]]] = {}
        for i, counts in enumerate(self.counts):
            for term, tf in counts.items():
                self.postings.setdefault(term, []).append((i, tf * (K1 + 1) / (tf + norms[i])))

    def scores(self, query: list[str]) -> list[float]:
        """One score per paragraph, in page order."""
        out = [0.0] * len(self.counts)
        for term in query:
            idf = self.idf.get(term)
            for i, weight in self.postings.get(term, ()):
                out[i] += idf * weight
        return out
