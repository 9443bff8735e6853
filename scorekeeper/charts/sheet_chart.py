"""The score sheet as a picture: each side's running total, round by round.

Drawn from what the sheet already holds (the engine's cached totals), with the lines
the game's declaration gives: its end limits (dutch's out_at, tamoul's 100, canasta's
target...) and its reset (`numbers["reset_from"]` → `numbers["reset_to"]`), and a ↺ on
each total the engine reset. Cactus counts rounds won, so its chart is wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils import formats
from django.utils.formats import date_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .geometry import DASHES, MARKERS, PALETTE, Box, Guide, Mark, Plot, Series, plot
from .svg import axis_number, svg

# The sheet (scorekeeper.sheet.build.Sheet) is not imported: the sheet imports this module.
Sheet = Any

LIMIT_WORDS = {
    "out_at": gettext_lazy("éliminé·e"),
    "ends_over": gettext_lazy("fin au-delà"),
    "loses_at": gettext_lazy("perdu"),
    "wins_at": gettext_lazy("grand gagnant"),
    "target": gettext_lazy("objectif"),
}


@dataclass
class SheetChart:
    plot: Plot | None
    title: str
    legend: list[dict[str, str]] = field(default_factory=list)  # name, colour, dash
    rows: list[dict[str, Any]] = field(default_factory=list)  # the table alternative

    @property
    def svg(self) -> SafeString:
        return svg(self.plot, self.title)


def sheet_chart(sheet: Sheet, box: Box | None = None) -> SheetChart:
    names = [side.name for side in sheet.sides]
    totals: dict[str, list[float | None]] = {name: [] for name in names}
    marks = []
    for i, row in enumerate(sheet.rows):
        for s, cell in enumerate(row.cells):
            totals[cell.side].append(cell.total)
            if cell.reset_from is not None:
                marks.append(Mark(i, s))
    series = [Series(name, totals[name], "sheet-line", PALETTE[i % len(PALETTE)], DASHES[i % len(DASHES)],
                     MARKERS[i % len(MARKERS)])
              for i, name in enumerate(names)]
    title = _("Les totaux, tour par tour") if sheet.turns else _("Les totaux, manche par manche")
    chart = plot(series, box=box, x_names=[str(row.number) for row in sheet.rows],
                 guides=_guides(sheet), marks=marks) if sheet.rows else None
    legend = [{"name": s.label, "colour": s.colour or "", "dash": s.dash, "marker": s.marker} for s in series]
    rows = [{"number": row.number, "totals": [cell.shown_total for cell in row.cells]} for row in sheet.rows]
    return SheetChart(chart, title, legend, rows)


def _guides(sheet: Sheet) -> list[Guide]:
    rules, game = sheet.game.rules, sheet.game
    options = {**rules.option_defaults(), **(game.options or {})}
    guides: dict[float, list[str]] = {}
    for limit in rules.end_limits(options):
        guides.setdefault(limit.points, []).append(f"{LIMIT_WORDS.get(limit.kind, limit.kind)} {axis_number(limit.points)}")
    reset_from, reset_to = rules.numbers.get("reset_from"), rules.numbers.get("reset_to")
    drawn = [Guide(value, " · ".join(words)) for value, words in guides.items()]
    if reset_from is not None and reset_to is not None:
        drawn.append(Guide(reset_to, f"↺ {axis_number(reset_from)} → {axis_number(reset_to)}", "reset"))
        if reset_from not in guides:
            drawn.append(Guide(reset_from, f"↺ {axis_number(reset_from)}", "reset"))
    return drawn


def share_png(sheet: Sheet) -> bytes:
    """The sheet as an image to send to the group: the game, its winners (or who leads),
    each side's total, best first, and the chart."""
    from .png import CHART, result_png  # Pillow is loaded by the one view that draws

    game = sheet.game
    chart = sheet_chart(sheet, box=CHART)
    colours = {line["name"]: line["colour"] for line in chart.legend}
    # Best first, in the variant's direction as the sheet has it from the engine (Variant.best).
    ranked = sorted(sheet.sides, key=lambda side: side.total, reverse=sheet.higher_leads)
    if sheet.finished:
        names = ", ".join(side.name for side in sheet.winners) or "—"
        headline = _("Gagnant·e·s : %(names)s") % {"names": names}
    else:  # the sheet's own leaders (scorekeeper/sheet/build.py)
        leaders = [side.name for side in sheet.sides if side.leader]
        headline = _("En tête : %(names)s") % {"names": ", ".join(leaders) or "—"}
    count = sheet.count or len(sheet.rows)
    subtitle = (ngettext("%(count)s tour", "%(count)s tours", count) if sheet.turns
                else ngettext("%(count)s manche", "%(count)s manches", count)) % {"count": count}
    subtitle = f"n° {game.pk} · {subtitle} · {date_format(game.created_at, 'j F Y')}"
    axis = [axis_number(value) for _y, value in chart.plot.grid] if chart.plot else []
    return result_png(str(game.rules.name), subtitle, headline,
                      [(side.name, formats.number_format(side.total) if not isinstance(side.total, int)
                        else str(side.total), colours.get(side.name, "#0b6e4f")) for side in ranked],
                      chart.plot, axis, "Marque-carte")
