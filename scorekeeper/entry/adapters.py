"""One entry adapter per game family, picked once from the variant's declaration.

A round is entered the same way wherever it is entered (the score sheet's round page,
the live table's reveal, an import preview): the family decides the form's shape, how a
POST is read, how the form becomes the spec's round object and back, which partial of
round_entry.html draws it, and which field an engine problem is shown beside. Nothing
outside this module asks "is this canasta?": it asks the adapter.

    entry = entry_for(variant)            # the variant's family's adapter
    form = entry.blank(variant, players, in_round=..., teams=..., next_player=...)
    form = entry.read(variant, players, request.POST, in_round=..., teams=...)
    data = entry.to_round(form, players)   # the round object the engine scores
    form = entry.from_round(variant, players, data, in_round=..., teams=...)
    entry.apply(form, "add-meld:1")        # grow or shrink repeated groups; saves nothing
    entry.partial                          # "scorekeeper/entry/round_entry.html#memory"
    entry.reveals_hands                    # a live table's round ends with the hands shown
    entry.reveal_counts                    # ... or with each side's points counted (canasta)
    entry.fields_for(problem, players, sides)   # ["hand-2"]: where a problem is shown
    entry.field_keys(form)                 # every such place, for out-of-band refreshes
    entry.problems(form, variant, players) # what the entry refuses before the engine looks:
                                           # a counted hand no deal can make, an empty round

The engine accepts what a record may hold (a counted hand from −50 to 500, a round where
nothing happened); the entry, where a player types, refuses what no table can produce and
says why beside the field (APP_PROBLEM_SENTENCES in scorekeeper/wording/problems.py).

`players` are the game's players in seat order; `in_round` those who have a hand in this
round (Game.players_in_round: dutch puts some out); `teams` the game's teams (canasta at
four), None otherwise. The adapters hold no state: one instance per family serves every
request. A form's `kind` is its family, so `adapter_of(form)` finds the adapter again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.rules import Problem
from engine.rules.variants.base import CACTUS_GAME, CANASTA, MEMORY, Variant

from . import forms_to_round as f
from .problem_fields import TOP, fields_for

TEMPLATE = "scorekeeper/entry/round_entry.html"


class EntryAdapter:
    """What every family's entry does; see the module's docstring for the calls."""

    family = ""
    partial = ""  # the partial of round_entry.html that draws the form
    shows_values = False  # the preview has a column for each hand's value
    # A live table ends this family's round by revealing the hands, entered with this
    # adapter (referee/reveal.py); the others enter their rounds on the score sheet.
    reveals_hands = False
    # ... and counts each side's points instead of showing hands (its own words and place).
    reveal_counts = False

    def blank(self, variant: Variant, players: Sequence[str], *, in_round: Sequence[str] | None = None,
              teams: Mapping[str, list[str]] | None = None, next_player: str | None = None,
              previous: Mapping[str, Any] | None = None) -> f.EntryForm:
        """An empty form for a new round; `previous` is the last round's data (a family may
        keep how each player entered it)."""
        raise NotImplementedError

    def read(self, variant: Variant, players: Sequence[str], post: Mapping[str, Any], *,
             in_round: Sequence[str] | None = None, teams: Mapping[str, list[str]] | None = None
             ) -> f.EntryForm:
        raise NotImplementedError

    def problems(self, form: f.EntryForm, variant: Variant, players: Sequence[str]) -> list[Problem]:
        """What the entry refuses before the engine is asked (see the module's docstring)."""
        return []

    def to_round(self, form: Any, players: Sequence[str]) -> dict[str, Any]:
        raise NotImplementedError

    def from_round(self, variant: Variant, players: Sequence[str], data: Mapping[str, Any], *,
                   in_round: Sequence[str] | None = None, teams: Mapping[str, list[str]] | None = None
                   ) -> f.EntryForm:
        raise NotImplementedError

    def apply(self, form: Any, action: str) -> None:
        """An action this family does not know changes nothing."""

    def blocks(self, form: Any) -> list[Any]:
        """The form's repeated blocks that show their own problems (each has `slot`, `errors`)."""
        return []

    def field_keys(self, form: Any) -> list[str]:
        return [TOP] + [block.slot for block in self.blocks(form)]

    def sides(self, form: Any) -> list[str]:
        return []

    def fields_for(self, problem: Any, players: Sequence[str], sides: Sequence[str] = ()) -> list[str]:
        return fields_for(problem, self.family, players, sides)


class MemoryEntry(EntryAdapter):
    """Face-down hands, an announcer and the variant's round extras (cactus, tamalou…)."""

    family = MEMORY
    partial = TEMPLATE + "#memory"
    shows_values = True
    reveals_hands = True

    def blank(self, variant, players, *, in_round=None, teams=None, next_player=None, previous=None):
        return f.blank_memory(variant, players, in_round, previous)

    def read(self, variant, players, post, *, in_round=None, teams=None):
        return f.read_memory(variant, players, post, in_round)

    def to_round(self, form, players):
        return f.memory_round(form, players)

    def from_round(self, variant, players, data, *, in_round=None, teams=None):
        return f.memory_from_round(variant, players, data, in_round)

    def blocks(self, form):
        return form.hands

    def field_keys(self, form):
        return super().field_keys(form) + ["announcer", *form.extras]

    def problems(self, form, variant, players):
        """A counted hand outside what the variant's deck can make (from its card values:
        tamalou has no card below 0, so no hand of −5)."""
        low, high = variant.hand_range()
        found = []
        for hand in form.hands:
            value = f.number_from_text(hand.count) if hand.mode == "count" and hand.count else None
            if isinstance(value, int | float) and not low <= value <= high:
                found.append(Problem(f"{hand.name}'s hand counted as {value} is outside {low} to {high}",
                                     code="hand.outside_deck", field="hands",
                                     params={"player": hand.name, "value": value, "low": low, "high": high}))
        return found


class CanastaEntry(EntryAdapter):
    """Melds, red threes and cards left in hand per side (a team, or a player alone)."""

    family = CANASTA
    partial = TEMPLATE + "#canasta"
    # The live table's reveal asks each side's count (by points, or by cards) once a player
    # went out: no hands are shown, but the round ends there as with the memory games.
    reveals_hands = True
    reveal_counts = True

    def blank(self, variant, players, *, in_round=None, teams=None, next_player=None, previous=None):
        return f.blank_canasta(variant, players, teams, previous)

    def read(self, variant, players, post, *, in_round=None, teams=None):
        return f.read_canasta(variant, players, post, teams)

    def to_round(self, form, players):
        return f.canasta_round(form, players)

    def from_round(self, variant, players, data, *, in_round=None, teams=None):
        return f.canasta_from_round(variant, players, data, teams)

    def apply(self, form, action):
        f.apply_canasta_action(form, action)

    def blocks(self, form):
        return form.sides

    def field_keys(self, form):
        return super().field_keys(form) + ["went_out", "concealed"]

    def sides(self, form):
        return [s.name for s in form.sides]

    def problems(self, form, variant, players):
        """An empty round: no side has anything and nobody went out (0–0 is no round)."""
        if form.went_out or any(not _empty_side(side) for side in form.sides):
            return []
        return [Problem("the round is empty: nothing melded, counted or left in hand", code="round.empty")]


def _empty_side(side: f.SideState) -> bool:
    if side.mode == "count":
        return all(f.number_from_text(text or "0") == 0 for text in side.counted.values())
    return not (any(side.melds) or side.red_threes or side.hand or any(side.opening))


class TurnEntry(EntryAdapter):
    """One player's turn of plays, each perhaps stopped (cactus-game)."""

    family = CACTUS_GAME
    partial = TEMPLATE + "#turn"

    def blank(self, variant, players, *, in_round=None, teams=None, next_player=None, previous=None):
        return f.blank_turn(variant, players, next_player)

    def read(self, variant, players, post, *, in_round=None, teams=None):
        return f.read_turn(variant, players, post)

    def to_round(self, form, players):
        return f.turn_round(form, players)

    def from_round(self, variant, players, data, *, in_round=None, teams=None):
        return f.turn_from_round(variant, players, data)

    def apply(self, form, action):
        f.apply_turn_action(form, action)

    def blocks(self, form):
        for k, play in enumerate(form.plays):
            play.index = k  # a play's place in the turn names its slot
        return form.plays

    def field_keys(self, form):
        return [TOP, "player"] + [block.slot for block in self.blocks(form)]

    def problems(self, form, variant, players):
        """A turn needs its player (never "null is not a player") and at least one play."""
        found = []
        if not form.player:
            found.append(Problem("whose turn it is is missing", code="turn.no_player", field="player"))
        if not form.plays:
            found.append(Problem("the turn has no play", code="turn.empty"))
        return found


ADAPTERS: dict[str, EntryAdapter] = {a.family: a for a in (MemoryEntry(), CanastaEntry(), TurnEntry())}


def entry_for(variant: Variant) -> EntryAdapter:
    """The adapter of the variant's family."""
    return ADAPTERS[variant.family]


def adapter_of(form: Any) -> EntryAdapter:
    """The adapter that made `form` (its `kind` is its family)."""
    return ADAPTERS[form.kind]


# Shorthands for callers holding a variant or a form, not an adapter.


def blank_form(variant: Variant, players: Sequence[str], **seating: Any) -> f.EntryForm:
    return entry_for(variant).blank(variant, players, **seating)


def read_form(variant: Variant, players: Sequence[str], post: Mapping[str, Any], **seating: Any
              ) -> f.EntryForm:
    return entry_for(variant).read(variant, players, post, **seating)


def from_round(variant: Variant, players: Sequence[str], data: Mapping[str, Any], **seating: Any
               ) -> f.EntryForm:
    return entry_for(variant).from_round(variant, players, data, **seating)


def to_round(form: Any, players: Sequence[str]) -> dict[str, Any]:
    return adapter_of(form).to_round(form, players)


def apply_action(form: Any, action: str) -> None:
    adapter_of(form).apply(form, action)
