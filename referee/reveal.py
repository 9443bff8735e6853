"""The reveal: the round's hands entered with the score sheet's own entry layer.

The same adapter (scorekeeper.entry.adapters), the same partials of round_entry.html
and the same card picker as the score sheet, so a hand is picked, read, shown and
refused the same way in both places, in the page's language.

The table already knows some of the round and the form does not ask it again: the
announcer is the table's caller, cabo-bruxellois' wrong snaps and tamoul's
counter-calls were ruled live (`table.round_data` adds them). What the table cannot
know stays in the form when the variant declares it: who went out (fontenaysien),
cactus-tas' draws, dutch-toulousain's penalty cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from engine.rules import RecordError
from engine.table.machine import TableState
from scorekeeper.entry.adapters import adapter_of, entry_for
from scorekeeper.entry.forms_to_round import CanastaForm, EntryForm, MemoryForm
from scorekeeper.wording.text import number as number_text

TABLE_KNOWS = frozenset({"wrong_snaps", "counter_callers"})


def reveal_form(variant: Any, players: list[str], state: TableState,
                post: Mapping[str, Any] | None = None, *, teams: Mapping[str, list[str]] | None = None,
                previous: Mapping[str, Any] | None = None) -> EntryForm:
    """The reveal's form: blank, or read from a POST. `players` are the game's players in
    seat order (fields are named by seat); the table's players are those with a hand;
    `teams` the game's (canasta at four), `previous` the sheet's last round."""
    entry = entry_for(variant)
    if post is None:
        form = entry.blank(variant, players, in_round=state.players, teams=teams, previous=previous)
    else:
        form = entry.read(variant, players, post, in_round=state.players, teams=teams)
    if isinstance(form, MemoryForm):
        form.extras = tuple(e for e in form.extras if e not in TABLE_KNOWS)
        if post is None and "went_out" in form.extras and state.went_out in players:
            # fontenaysien: who said « plus de carte ! » is what the table heard, still open to correction
            form.went_out = str(players.index(state.went_out))
    if isinstance(form, CanastaForm) and post is None:
        _table_canasta(form, players, state, previous)
    return form


def _table_canasta(form: CanastaForm, players: list[str], state: TableState,
                   previous: Mapping[str, Any] | None) -> None:
    """At the table a canasta side is counted by points (players count theirs at the end),
    unless it was given by its cards in the last round (the mode is kept, as on the sheet);
    who went out is what the table heard, still open to correction."""
    last_sides = (previous or {}).get("sides") if isinstance(previous, Mapping) else None
    last_sides = last_sides if isinstance(last_sides, Mapping) else {}
    for side in form.sides:
        if not isinstance(last_sides.get(side.name), Mapping) or "counted" in last_sides[side.name]:
            side.mode = "count"
    if state.went_out in players:
        form.went_out = str(players.index(state.went_out))


def hands_and_extras(form: EntryForm, players: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The hands entered and the extras asked, as the spec's round object has them; the
    announcer is left to the table."""
    data = adapter_of(form).to_round(form, players)
    hands = data.pop("hands", {})
    data.pop("announcer", None)
    return hands, data


def round_outcome(game: Any, number: int, with_why: bool = True) -> list[dict[str, Any]] | None:
    """The sheet's round `number` as every phone shows it after the reveal: per side (seat
    order) its points in the round, its new total and the link to why; None when the sheet
    has no such round (yet) or its record no longer scores. `with_why=False`: no link to
    why (it is under the game's private link, which this phone does not hold)."""
    try:
        result = game.score()
    except RecordError:
        return None
    if not 1 <= number <= len(result.rounds):
        return None
    scored = result.round_json(result.rounds[number - 1])
    why = reverse("round_why", args=[game.token, number])
    return [{"side": side, "points": number_text(scored["points"][side]) if side in scored["points"] else None,
             "total": number_text(scored["totals"].get(side, 0)),
             "why": f"{why}?{urlencode({'player': side})}" if with_why else None}
            for side in game.sides() if side in scored["totals"] or side in scored["points"]]


def miscounted_hands(hands: Mapping[str, Any], expected: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    """{player: (cards the table saw, cards entered)} for each hand entered card by card
    whose size is not what the table counted (table-rules: the reveal checks each player's
    card count where the table knows it). A counted hand ("Compté") has no size to check."""
    return {player: (expected[player], len(cards)) for player, cards in hands.items()
            if isinstance(cards, list) and player in expected and len(cards) != expected[player]}
