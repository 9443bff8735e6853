"""Card-value tables, built from a few rules so each variant states only what differs."""

from __future__ import annotations

from engine.cards import JOKER, RANKS, SUITS, Deck

FACE = {"A": 1, **{str(n): n for n in range(2, 11)}}


def card_values(deck: Deck, ranks: dict[str, int], *, red_k: float | None = None,
                black_k: float | None = None, red_q: float | None = None, black_q: float | None = None,
                joker: float | None = None, scale: int = 1) -> dict[str, int]:
    """Every code of `deck` -> its value in units. `ranks` gives the value by rank;
    the keyword arguments override by colour (e.g. tamalou's red and black kings), in
    points: a half point (tamoul's red king) becomes whole units through `scale`."""
    table: dict[str, int] = {}
    for suit in SUITS:
        red = suit in ("H", "D")
        for rank in RANKS:
            code = rank + suit
            if code not in deck:
                continue
            value: float | None = ranks.get(rank)
            if rank == "K" and (red_k if red else black_k) is not None:
                value = red_k if red else black_k
            if rank == "Q" and (red_q if red else black_q) is not None:
                value = red_q if red else black_q
            if value is None:
                raise ValueError(f"no value for {code}")
            table[code] = value * scale if isinstance(value, int) else int(value * scale)
    if JOKER in deck:
        if joker is None:
            raise ValueError("no value for the joker")
        table[JOKER] = int(joker * scale)
    return table
