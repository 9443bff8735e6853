"""Helpers shared by the rules-engine tests (not a test module).

Records are built as plain decoded JSON, exactly as the spec's section 2
shows them, so every test reads like a small game record.
"""
from __future__ import annotations

import pytest

from engine.rules import RecordError, score_record

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
DECK52 = [r + s for r in RANKS for s in SUITS]
DECK54 = DECK52 + ["JK", "JK"]
KOUBO_DECK = [r + s for r in ["A", "7", "8", "9", "10", "J", "Q", "K"] for s in SUITS] + ["JK", "JK"]
CANASTA_DECK = (DECK52 + ["JK", "JK"]) * 2

VARIANT_KEYS = [
    "cactus", "cactus-tas", "tamalou", "koubo", "dutch", "tamoul", "fontenaysien",
    "cabo-bruxellois", "dutch-toulousain", "canasta", "cactus-game",
]
MEMORY_VARIANTS = VARIANT_KEYS[:9]


def record(variant, players, rounds=(), options=None, **extra):
    """A record of format 1; ``options`` is left out when None."""
    rec = {"format": 1, "variant": variant, "players": list(players), "rounds": list(rounds)}
    if options is not None:
        rec["options"] = options
    rec.update(extra)
    return rec


def rnd(hands, announcer=None, **extra):
    """A memory-game round."""
    r = {"announcer": announcer, "hands": hands}
    r.update(extra)
    return r


def score(rec):
    """The result JSON of the spec's section 3."""
    return score_record(rec).to_json()


def round_of(res, n):
    """Round n (counted from 1, as in the spec's messages) of a result."""
    return res["rounds"][n - 1]


def problems(rec):
    """The problems of an invalid record (fails when the record is accepted)."""
    with pytest.raises(RecordError) as info:
        score_record(rec)
    probs = list(info.value.problems)
    assert probs, "RecordError raised without any problem"
    return probs


def _has_word(message, word):
    # Names and card codes (anything with an upper-case letter) must appear
    # exactly; plain rule words ("twice", "draws", field names) in any case.
    if any(c.isupper() for c in word):
        return word in message
    return word.lower() in message.lower()


def _matching(probs, round_no, words):
    return [
        p for p in probs
        if p.round == round_no and all(_has_word(p.message, w) for w in words)
    ]


def problem_in_round(rec, round_no, *words):
    """Asserts the record is refused with a problem in round ``round_no``
    (None for the record itself) whose message contains every word."""
    probs = problems(rec)
    found = _matching(probs, round_no, words)
    assert found, (
        f"expected a problem in round {round_no} mentioning {words!r}, got: "
        + repr([(p.round, p.message) for p in probs])
    )
    return found[0]


def record_problem(rec, *words):
    """A problem with the record as a whole (no round), mentioning every word."""
    return problem_in_round(rec, None, *words)


def some_problem(rec, *words):
    """A problem anywhere (any round or none) mentioning every word."""
    probs = problems(rec)
    found = [p for p in probs if all(_has_word(p.message, w) for w in words)]
    assert found, f"expected a problem mentioning {words!r}, got: " + repr(
        [(p.round, p.message) for p in probs]
    )
    return found[0]
