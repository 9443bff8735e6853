"""The score sheet's rows, {% sheet_rows sheet %}: one <tr> per round shown.

Written here rather than as a {% for %} over every cell: the template engine's
lookups, tests and escapes per cell were most of the sheet partial's render time
(a 40-round sheet of four players: 7 ms of the template's 8), and the partial is
rendered at every save, for the saving phone and once per other language for the
phones on the game (scorekeeper/sheet/live.py, docs/benchmarks.md "Live sheet").
Every value is escaped.
"""

from __future__ import annotations

from html import escape  # Django's, wrapped for lazy strings, took half the time; same output

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scorekeeper.sheet.build import Cell, Sheet

register = template.Library()


@register.simple_tag
def sheet_rows(sheet: Sheet) -> SafeString:
    edit, out = escape(gettext("Modifier")), escape(gettext("éliminé·e"))
    rows = []
    for row in sheet.rows:
        cells = "".join(_cell(cell, out) for cell in row.cells)
        rows.append(f'<tr>\n        <th scope="row"><a href="{escape(row.edit_url)}" title="{edit} {row.number}">'
                    f'{row.number}</a></th>\n        {cells}\n      </tr>')
    return mark_safe("\n      ".join(rows))  # noqa: S308 - every value above is escaped


def _cell(cell: Cell, out: str) -> str:
    if cell.out:
        return f'<td class="out"><span title="{out}">–</span></td>'
    url = escape(cell.why_url)
    if cell.reset_from:
        before = escape(gettext("%(before)s ramené à") % {"before": cell.reset_from})
        total = f'<small class="reset"><span class="visually-hidden">{before} </span>{escape(cell.shown_total)}</small>'
    else:
        total = f"<small>{escape(cell.shown_total)}</small>"
    acting = ' class="acting"' if cell.acting else ""
    # No hx-get: static/js/drawer.js opens the tbody's "why" links in the drawer for
    # all of them (htmx processing 400 hx-get links took 8-17 ms of each sheet's swap).
    return f'<td{acting}><a href="{url}">{escape(cell.shown)}{total}</a></td>'
