"""What reading a phone's message costs: the inbox's guards and json, then its typed struct.

    .venv/bin/python bench/inbox_decode.py            # msgspec (what the inbox uses)
    PYTHONPATH=/some/dir/with/pydantic .venv/bin/python bench/inbox_decode.py

With pydantic importable (it is no dependency of the project), the same claim, discard and ask
are also validated by a pydantic discriminated union, for the choice made in engine/table/inbox.py.
Figures in docs/benchmarks.md ("Typed messages").
"""

from __future__ import annotations

import sys
import timeit
from pathlib import Path
from typing import Annotated, Any, Literal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.table import inbox  # noqa: E402

MESSAGES = {
    "claim": '{"type": "snap.claim", "player": "Ben", "card": "7S", "window": 12, "tap": 1795420000.125, "id": "c7"}',
    "discard": '{"type": "discard", "player": "Ana", "card": "4H", "from_stock": true, "id": "d3"}',
    "ask": ('{"type": "ask", "question": "take_pile", "pile": ["KH"], "hand": ["KS", "KD", "2C"], '
            '"side_has_melded": false, "side_total": 1500, "id": "q1"}'),
}
ROUNDS = 20_000


def per_message(action: Any) -> float:
    """Microseconds per call, best of 5 runs of ROUNDS."""
    return min(timeit.repeat(action, number=ROUNDS, repeat=5)) / ROUNDS * 1e6


def pydantic_reader() -> Any:
    try:
        import pydantic
    except ImportError:
        return None
    text = Annotated[str, pydantic.StringConstraints(max_length=64)]

    class Strict(pydantic.BaseModel):
        model_config = pydantic.ConfigDict(strict=True)

    class Claim(Strict):
        type: Literal["snap.claim"]
        player: text
        card: text
        window: int | None = None
        for_player: text | None = None
        penalty_card: bool = False
        tap: float | None = None
        id: text | None = None

    class Discard(Strict):
        type: Literal["discard"]
        player: text
        card: text
        from_stock: bool = True
        took_pile: bool = False
        id: text | None = None

    class Ask(Strict):
        type: Literal["ask"]
        question: text
        pile: list[text] | None = None
        hand: list[text] | None = None
        side_has_melded: bool | None = None
        side_total: Annotated[int, pydantic.Field(ge=-100_000, le=4999)] | None = None
        id: text | None = None

    adapter = pydantic.TypeAdapter(Annotated[Claim | Discard | Ask, pydantic.Field(discriminator="type")])
    return adapter.validate_python, pydantic.VERSION


def main() -> None:
    pydantic = pydantic_reader()
    print(f"{'message':<8} {'parse (guards+json)':>20} {'+ msgspec struct':>17}" + (
        f" {'+ pydantic ' + pydantic[1]:>18}" if pydantic else ""))
    for name, raw in MESSAGES.items():
        content = inbox.parse(raw)
        parse = per_message(lambda raw=raw: inbox.parse(raw))
        typed = per_message(lambda content=content: inbox.read(content))
        line = f"{name:<8} {parse:>17.2f} us {typed:>14.2f} us"
        if pydantic:
            line += f" {per_message(lambda content=content: pydantic[0](content)):>15.2f} us"
        print(line)


if __name__ == "__main__":
    main()
