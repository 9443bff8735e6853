"""CSV cells safe whatever separator opens the file (issue 21, point 6): a name that holds a
separator followed by a formula becomes a formula cell when the file is split on another
separator than its own (a "," league CSV in French Excel, the ";" game CSV split on commas)."""

from __future__ import annotations

import re

from django.urls import reverse

from scorekeeper.sheet.csv_export import game_csv, safe_cell
from tests.factories import make_game

NAMES = ["x,=cmd|' /C calc'!A0,", "Yan;=1+2;", "Zoé, @SUM(A1)", "Al, +1", 'Bo;"=2']
NUMBER = re.compile(r"-?\d+([.,]\d+)?")


def formula_cells(text: str) -> list[str]:
    """Every cell that starts like a formula when the file is split on `,`, `;` or a tab."""
    found = []
    for line in text.removeprefix("\ufeff").splitlines():
        for separator in (",", ";", "\t"):
            for cell in line.split(separator):
                cell = cell.strip().strip('"').lstrip()
                if cell[:1] in ("=", "+", "-", "@") and not NUMBER.fullmatch(cell):
                    found.append(cell)
    return found


def test_no_split_of_a_game_csv_yields_a_formula_cell(db):
    game = make_game("tamalou", NAMES[:2] + ["Ana"])
    assert formula_cells(game_csv(game)) == []


def test_no_split_of_a_league_csv_yields_a_formula_cell(client, season, table, play):
    play(table, {NAMES[0]: 3, NAMES[1]: 10, NAMES[2]: 5, NAMES[3]: 7, NAMES[4]: 2}, announcer=NAMES[0])
    for view in ("leagues:standings_csv", "leagues:games_csv"):
        text = client.get(reverse(view, args=[season.pk])).content.decode("utf-8-sig")
        assert NAMES[1].split(";")[0] in text
        assert formula_cells(text) == []


def test_a_safe_cell_keeps_the_name_readable():
    assert safe_cell("Yan;=1+2;") == "Yan;'=1+2;"
    assert safe_cell("=HYPERLINK()") == "'=HYPERLINK()"
    assert safe_cell("Jean-Paul") == "Jean-Paul"
