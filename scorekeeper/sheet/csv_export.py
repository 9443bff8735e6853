"""A game's score sheet as CSV, for a spreadsheet.

Made for Excel as set up in France: UTF-8 with a byte order mark (without it
Excel reads the accents as Windows-1252), ";" between fields (French Excel
uses the comma as its decimal separator, so it expects semicolons) and
decimal commas (tamoul's 6,5).
"""

from __future__ import annotations

import csv
import io
import re

from engine.rules import Problem
from scorekeeper.models import Game

DELIMITER = ";"  # French Excel's list separator (the comma is its decimal mark)
BOM = "\ufeff"
# A cell starting with one of these is run as a formula by spreadsheets: a player
# named "=HYPERLINK(…)" must stay a name (OWASP's CSV injection advice).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# ...and so is any piece of a cell that a separator (",", ";", a tab, a line break)
# starts, with a quote or blanks before it: the file opened with another separator
# than its own (French Excel's ";" for a "," file, a "," import of a ";" file) splits
# the cell there. Such a piece gets the same quote.
_FORMULA_PIECE = re.compile(r"([,;\t\r\n])([\s\"']*)(?=[=+\-@\t\r])")
_FORMULA_CELL = re.compile(r"[\s\"']*[=+\-@\t\r]")


def game_csv(game: Game) -> str:
    """One row per round (a turn in cactus-game): its number, then each side's points and total."""
    sides = game.sides()
    turns = game.rules.turn_based
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, delimiter=DELIMITER, lineterminator="\r\n")
    header = ["Tour" if turns else "Manche"] + (["Joueur"] if turns else [])
    for side in sides:
        header += [f"{_text(side)} points", f"{_text(side)} total"]
    writer.writerow(header)
    for stored in game.rounds.all():
        points = stored.result.get("points", {})
        totals = stored.result.get("totals", {})
        row = [str(stored.number)]
        if turns:
            row.append(_text(str(stored.data.get("player", ""))))
        for side in sides:
            row += [_number(points.get(side)), _number(totals.get(side))]
        writer.writerow(row)
    return out.getvalue()


def _number(value: int | float | None) -> str:
    """French decimal comma; an empty cell for a player who was out (dutch)."""
    if value is None:
        return ""
    return str(value).replace(".", ",")


def safe_cell(value: str) -> str:
    """A text cell no spreadsheet runs as a formula, whichever separator it splits the file on:
    a "'" before its start, and before any piece after a separator, that looks like a formula."""
    value = _FORMULA_PIECE.sub(lambda m: f"{m.group(1)}{m.group(2)}'", value)
    return "'" + value if _FORMULA_CELL.match(value) else value


_text = safe_cell


def csv_instead_of_record(content: bytes | str) -> Problem | None:
    """A table (one of our CSV exports: a sheet, a season's standings or games; or any
    spreadsheet's) given where a game's JSON record is expected: the problem that says
    which files can be imported instead. A CSV keeps the points, never the hands, so no
    game can be rebuilt from it. None when the text may be a record (the engine judges)."""
    head = content[:4096]
    if isinstance(head, bytes):
        head = head.decode("utf-8", errors="ignore")
    head = head.lstrip(BOM + " \t\r\n")
    first_line = head.split("\n", 1)[0]
    if not first_line or first_line[0] in "{[\"" or not any(sep in first_line for sep in (DELIMITER, ",")):
        return None
    return Problem("this is a CSV table, not a game's JSON record: import the game's JSON export",
                   code="import.csv_table")
