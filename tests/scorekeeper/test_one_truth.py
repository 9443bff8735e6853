"""One truth per rule: outside the engine, no code names a variant by its key.

Views, templates, the live table, leagues and scripts ask the variant's declaration
(family, player counts, extras, numbers) instead of testing `variant == "canasta"`;
the wording of each variant is keyed by its declaration's `key`. Old migrations keep
what they were written with.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.rules.registry import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "config", ROOT / "engine" / "table", ROOT / "scorekeeper", ROOT / "referee", ROOT / "leagues", ROOT / "templates", ROOT / "static" / "js"]
ENGINE = ROOT / "engine" / "rules"


def outside_the_engine() -> list[Path]:
    files = []
    for top in SOURCES:
        for path in top.rglob("*"):
            if path.suffix not in {".py", ".html", ".js"} or "migrations" in path.parts:
                continue
            if ENGINE in path.parents or path.name.endswith(".min.js"):
                continue
            files.append(path)
    return files


def quoted_keys(text: str) -> set[str]:
    found = set()
    for key in VARIANTS:
        if re.search(rf"""["']{re.escape(key)}["']""", text):
            found.add(key)
    return found


def test_it_finds_a_quoted_key_so_the_scan_below_can_fail():
    assert quoted_keys('if game.variant == "canasta":') == {"canasta"}
    assert quoted_keys("{% if variant.key == 'cabo-bruxellois' %}") == {"cabo-bruxellois"}
    assert quoted_keys("the canasta family") == set()  # words in prose are not keys


def test_it_names_no_variant_key_outside_the_engine():
    files = outside_the_engine()
    offenders = {str(path.relative_to(ROOT)): sorted(keys) for path in files
                 if (keys := quoted_keys(path.read_text(encoding="utf-8")))}

    assert len(files) > 100  # the scan reads the app, not an empty folder
    assert offenders == {}, "these decide by a variant's key: ask its declaration instead"
