"""Variant key -> its declaration: the one list of the games the engine knows."""

from __future__ import annotations

from typing import Any

from .variants.base import Variant
from .variants.cactus import Cactus, CactusTas
from .variants.cactus_game import CactusGame
from .variants.canasta import Canasta
from .variants.dutch import Dutch, DutchToulousain
from .variants.tamalou import CaboBruxellois, Fontenaysien, Koubo, Tamalou, Tamoul

VARIANTS: dict[str, Variant] = {
    v.key: v
    for v in (
        Cactus(), CactusTas(), Tamalou(), Koubo(), Dutch(), Tamoul(), Fontenaysien(),
        CaboBruxellois(), DutchToulousain(), Canasta(), CactusGame(),
    )
}


def get_variant(key: Any) -> Variant | None:
    return VARIANTS.get(key) if isinstance(key, str) else None


def register(variant: Variant) -> None:
    """Add a variant the engine did not ship with (a plug-in, or a test's toy variant).

    Everything reads VARIANTS, so the variant is at once in the new-game list, the
    rules pages, the sheet and the live table; its wording is registered beside it
    (scorekeeper.wording.variants.register).
    """
    if not variant.key or variant.key in VARIANTS:
        raise ValueError(f"variant key {variant.key!r} is empty or taken")
    VARIANTS[variant.key] = variant


def unregister(key: str) -> None:
    VARIANTS.pop(key, None)
