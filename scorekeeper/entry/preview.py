"""The engine's verdict on a round being entered, shaped for the page: the points it
would score, or its problems placed beside their fields."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from engine.rules import GameResult, RecordError
from engine.rules.errors import TOP
from scorekeeper.wording.cards import picker_labels, placeholder
from scorekeeper.wording.problems import problem_text
from scorekeeper.wording.text import number as number_text

from .adapters import adapter_of
from .forms_to_round import EntryForm
from .picker import picker_deck


@dataclass
class Row:
    name: str
    value: Any = None  # a memory game's hand value
    points: Any = None
    total: Any = None
    before_points: Any = None  # an edit: what the round scored before
    before_total: Any = None
    text: dict[str, str] = field(default_factory=dict)  # the numbers as the page writes them

    @property
    def points_changed(self) -> bool:
        return self.before_points != self.points

    @property
    def total_changed(self) -> bool:
        return self.before_total != self.total


@dataclass
class Preview:
    rows: list[Row] = field(default_factory=list)
    errors: dict[str, list[str]] = field(default_factory=dict)  # field key -> messages
    finished: bool = False
    winners: list[str] = field(default_factory=list)
    checked: bool = False  # False until the engine has looked at the round

    @property
    def valid(self) -> bool:
        return self.checked and not self.errors

    def slots(self, keys: list[str]) -> list[tuple[str, list[str]]]:
        """(field key, messages) for every key, empty ones included: the preview's
        out-of-band swaps clear the messages of fields that are right now."""
        return [(key, self.errors.get(key, [])) for key in keys]


def too_many_saves() -> Preview:
    """A flood of saves (scorekeeper.http.save_allowed), said at the top of the form it keeps."""
    return Preview(errors={TOP: [gettext("Trop d’enregistrements de manches en une minute : "
                                         "attendez un instant, puis enregistrez à nouveau.")]}, checked=True)


def entry_context(form: EntryForm, variant: Any, preview: Preview, keys: list[str]) -> dict[str, Any]:
    """What the entry partials of round_entry.html read, on the sheet's round page and the
    live table's reveal alike: the form, its problems beside the fields `keys`, the picker."""
    return {
        "variant": variant, "form": form, "entry": adapter_of(form), "preview": preview,
        "errors": attach_errors(form, preview), "slots": preview.slots(keys),
        "deck": picker_deck(variant, picker_labels()), "cards_placeholder": placeholder(),
        # Cactus-tas: only a player above the call limit (without cactus) draws a card.
        "cactus_limit": (variant.call.threshold if variant.call and "draws" in variant.round_extras
                         else None),
    }


def field_keys(form: EntryForm) -> list[str]:
    """Every field a problem can be shown beside, for the out-of-band refresh."""
    return adapter_of(form).field_keys(form)


def attach_errors(form: EntryForm, preview: Preview) -> dict[str, list[str]]:
    """Give each block of the form its messages; returns the round fields' messages
    (announcer, draws…, top) by field key."""
    blocks = adapter_of(form).blocks(form)
    for block in blocks:
        block.errors = preview.errors.get(block.slot, [])
    return {key: messages for key, messages in preview.errors.items()
            if not key.startswith(("hand-", "side-", "play-"))}


def refuse_impossible(form: EntryForm, variant: Any, players: list[str]) -> None:
    """Raises RecordError with what the entry refuses before the engine looks (an empty
    round, a counted hand no deal can make): shown beside its field like the engine's."""
    problems = adapter_of(form).problems(form, variant, players)
    if problems:
        raise RecordError(problems)


def errors_of(error: RecordError, form: EntryForm, players: list[str],
              say: Callable[[Any], str] = problem_text, *, round_number: int | None = None
              ) -> dict[str, list[str]]:
    """The engine's problems as sentences in the page's language (the wording layer's,
    unless `say` is given), by field. With `round_number` (the round on the page), a problem
    of another round (an edit that puts a dutch player out before a round they played in)
    is said at the top with its round, and what to do: it is no field of this form."""
    entry = adapter_of(form)
    sides = entry.sides(form)
    grouped: dict[str, list[str]] = {}
    elsewhere: list[int] = []
    for problem in error.problems:
        other = getattr(problem, "round", None)
        if round_number is not None and other is not None and other != round_number:
            grouped.setdefault(TOP, []).append(gettext("Manche %(number)s : %(problem)s") % {
                "number": other, "problem": say(problem)})
            elsewhere.append(other)
            continue
        for key in entry.fields_for(problem, players, sides):
            grouped.setdefault(key, []).append(say(problem))
    if elsewhere:
        grouped[TOP].append(gettext("Ce changement rend la manche %(number)s invalide : corrigez-la ou "
                                    "annulez-la d’abord.") % {"number": min(elsewhere)})
    return grouped


def preview_round(game: Any, form: EntryForm, data: dict[str, Any], number: int, *,
                  editing: bool = False) -> Preview:
    """What `data` (read from `form`) would make of the game as its round `number`: a new
    last round, or with `editing` in place of the stored one. The entry's refusals and the
    engine's beside their fields, else the points; saves nothing. The sheet's round pages
    and the live table's reveal both show this."""
    players = game.player_names()
    try:
        refuse_impossible(form, game.rules, players)
        result = game.preview(data, number if editing else None)
    except RecordError as error:
        return Preview(errors=errors_of(error, form, players, problem_text,
                                        round_number=number if editing else None), checked=True)
    if editing:
        stored = next(r for r in game.rounds.all() if r.number == number)
        return build_preview(result, number, before=stored.result, totals_before=game.totals, fmt=number_text)
    return build_preview(result, number, fmt=number_text)


def build_preview(result: GameResult, number: int, before: dict[str, Any] | None = None,
                  totals_before: dict[str, Any] | None = None,
                  fmt: Callable[[Any], str] = str) -> Preview:
    """The round `number`'s line of `result`; `before` (an edit) is its stored result and
    `totals_before` the game's totals before the edit. `fmt` writes a number for the page
    (the web layer's: "6,5", "−10" in French)."""
    out = result.to_json()
    line = out["rounds"][number - 1]
    values = line.get("values") or {}
    rows = []
    for name, points in line["points"].items():
        row = Row(name=name, value=values.get(name), points=points, total=out["totals"].get(name))
        if before is not None:
            row.before_points = (before.get("points") or {}).get(name)
            row.before_total = (totals_before or {}).get(name)
        row.text = {key: "–" if value is None else fmt(value) for key, value in (
            ("value", row.value), ("points", row.points), ("total", row.total),
            ("before_points", row.before_points), ("before_total", row.before_total))}
        rows.append(row)
    last = number == len(out["rounds"])
    return Preview(rows=rows, finished=out["finished"] and last, winners=out["winners"] if last else [],
                   checked=True)
