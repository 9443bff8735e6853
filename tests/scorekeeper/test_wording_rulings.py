"""Every ruling of the live table is said in French and in English by the wording
layer: none falls back to its rule id, none leaves a placeholder, and the English
comes from the catalogue."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from scorekeeper.wording import rulings
from scorekeeper.wording.rulings import AFTER_CALL, EFFECTS, SENTENCES, describe

SOURCE = Path(rulings.__file__).read_text(encoding="utf-8")
PLACEHOLDERS = set(re.findall(r"%\((\w+)\)s", SOURCE))
# One ruling carrying every parameter any sentence quotes, with plausible values.
PARAMS = {name: "Ana" for name in PLACEHOLDERS} | {
    "card": "KH", "top": "9S", "gap_ms": 40, "points": 5, "seconds": 3, "value": 7, "threshold": 5,
    "minimum": 50, "needed": 1, "have": 0, "stops": 2, "round": 3, "effect": "look_own",
    "after": "one_more_turn_each", "order": ["Ana", "Ben"], "untargetable": ["Ben"],
    "reason": "meld.too_few_cards", "reason_params": {}, "variant": "tamalou", "word": "Tamalou",
}


@pytest.mark.parametrize("rule", sorted(SENTENCES))
def test_it_says_each_ruling_in_both_languages_without_falling_back_to_its_id(rule):
    ruling = {"rule": rule, **PARAMS}
    with translation.override("fr"):
        fr = describe(ruling)
    with translation.override("en"):
        en = describe(ruling)
    assert fr != rule and en != rule, f"{rule} fell back to its id"
    assert "%(" not in fr + en
    assert fr != en, f"{rule} has no English in the catalogue"


def test_it_names_every_power_and_call_in_both_languages():
    for name in [*EFFECTS.values(), *AFTER_CALL.values()]:
        with translation.override("en"):
            en = str(name)
        with translation.override("fr"):
            fr = str(name)
        assert en != fr, fr


def test_it_writes_a_rulings_card_in_the_pages_notation():
    with translation.override("fr"):
        assert describe({"rule": "window.covered", "card": "KH"}) == "R♥ est couvert : défausse rapide fermée."
    with translation.override("en"):
        assert describe({"rule": "window.covered", "card": "KH"}).startswith("K♥")


def ruling_ids_in(*paths: Path) -> set[str]:
    """The rule ids the live table's rules raise: `{"rule": ...}` literals,
    `Refused(rule, ...)`, `Verdict(ok, rule, ...)`, and `rule = a if ... else b`."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            values: list[ast.AST] = []
            if isinstance(node, ast.Dict):
                values = [v for k, v in zip(node.keys, node.values, strict=True)
                          if isinstance(k, ast.Constant) and k.value == "rule"]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refused" and node.args:
                values = [node.args[0]]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Verdict" and len(node.args) > 1:
                values = [node.args[1]]
            elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "rule" for t in node.targets):
                values = [node.value]
            for value in values:
                if isinstance(value, ast.JoinedStr):  # f"window.{reason}": covered or timeout
                    continue
                found |= {c.value for c in ast.walk(value)
                          if isinstance(c, ast.Constant) and isinstance(c.value, str) and "." in c.value}
    return found


def test_it_has_a_sentence_for_every_ruling_the_table_raises():
    table = Path(__file__).resolve().parents[2] / "engine" / "table"
    raised = ruling_ids_in(*sorted((table / "machine").glob("*.py")), table / "canasta.py", table / "cactus_game.py")
    assert len(raised) > 40, "the scan finds the table's rulings"
    assert raised - set(SENTENCES) == set()
    assert {"window.covered", "window.timeout"} <= set(SENTENCES)  # the two ways a window closes
