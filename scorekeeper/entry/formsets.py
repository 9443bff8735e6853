"""The round entry's POST, read by Django forms: one form per hand (memory games), per
side (canasta) and per play (cactus-game), plus one for the round's own fields.

Each form's prefix is its block's slot ("hand-2", "side-0", "play-1"), so Django's own
naming gives the names the page has always posted (`hand-2-cards`, `side-0-meld-1`,
`play-1-stop-0`); a memory hand's extras keep their short names (`draw-2`, `counter-2`,
`snaps-2`). A hand's block is named by its seat, not by its place among the hands (dutch
leaves out the players who are out), so the forms of a family are built per seat rather
than by a numbered formset.

Nothing here judges the round: a field is cleaned to the text the page shows again (cards
written canonically, numbers as typed) and the engine says what is wrong with it, beside
the field (problem_fields.py). forms_to_round.py turns the cleaned forms into the form's
state, and that state into the spec's round object.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms

from engine.cards import read_cards


def canonical_cards(text: str) -> str:
    """Typed or picked cards, written as the page writes them back ("th" -> "10H");
    text that is no card stays, so the engine can name it."""
    cards = read_cards(text)
    return " ".join(str(c) for c in cards)


class CardsField(forms.CharField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def clean(self, value: Any) -> str:
        return canonical_cards(super().clean(value) or "")


class TextField(forms.CharField):
    """Free text as typed (a count, a seat index): the form's reader decides what it means."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)


class SeatField(forms.CharField):
    """A seat index as text ("2"), "" for nobody, or what was posted when it names no seat
    among `seats` players (only a tampered POST sends one): it reaches the engine as a
    name, and the engine says beside the field that nobody plays by that name."""

    def __init__(self, seats: int, **kwargs: Any) -> None:
        super().__init__(required=False, max_length=40, **kwargs)
        self.seats = seats

    def clean(self, value: Any) -> str:
        text = super().clean(value) or ""
        return str(int(text)) if text.isdigit() and int(text) < self.seats else text


class CountField(forms.IntegerField):
    """How many of a repeated group the page holds (melds, plays, stops), clamped so a
    forged POST cannot make the page draw thousands of rows."""

    def __init__(self, most: int, least: int = 0, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)
        self.most, self.least = most, least

    def clean(self, value: Any) -> int:
        try:
            n = int(str(value if value not in (None, "") else self.least))
        except ValueError:
            n = self.least
        return max(self.least, min(n, self.most))


def clamped_count(data: Mapping[str, Any], name: str, most: int, least: int = 0) -> int:
    return CountField(most, least).clean(data.get(name))


class EntryForm(forms.Form):
    """A block's form: always valid (see the module's docstring), read by `values()`."""

    def values(self) -> dict[str, Any]:
        """Every field's cleaned value. A field that does not clean (a NUL byte or an
        overlong value, which only a tampered POST sends) is read again with its NULs shown
        as U+FFFD and cut to length, so the engine names it beside its field; failing that
        again, it reads as empty."""
        self.is_valid()
        values = dict(self.cleaned_data)
        for name in self.errors:
            field = self.fields.get(name)
            if field is None:
                continue
            raw = field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name))
            shown = str(raw or "").replace("\x00", "\ufffd")[: getattr(field, "max_length", None) or 200]
            try:
                values[name] = field.clean(shown)
            except forms.ValidationError:
                values[name] = field.clean("")
        return values


# -- memory games -----------------------------------------------------------------------


class HandForm(EntryForm):
    """One player's hand (prefix "hand-<seat>"): cards or counted, and the player's extras."""

    OWN_NAMES = ("draw", "counter", "snaps")  # posted as "draw-<seat>", not "hand-<seat>-draw"

    mode = TextField()
    cards = CardsField()
    count = TextField()
    draw = CardsField()
    counter = forms.BooleanField(required=False)
    snaps = TextField()

    def __init__(self, data: Mapping[str, Any], seat: int) -> None:
        self.seat = seat
        super().__init__(data, prefix=f"hand-{seat}")

    def add_prefix(self, field_name: str) -> str:
        if field_name in self.OWN_NAMES:
            return f"{field_name}-{self.seat}"
        return super().add_prefix(field_name)


class MemoryRoundForm(EntryForm):
    """A memory round's own fields: who called, who went out, the dutcher's penalty cards."""

    def __init__(self, data: Mapping[str, Any], seats: int) -> None:
        super().__init__(data)
        self.fields["announcer"] = SeatField(seats)
        self.fields["went_out"] = SeatField(seats)
        self.fields["penalty_cards"] = CardsField()


def hand_forms(data: Mapping[str, Any], seats: Sequence[int]) -> list[HandForm]:
    return [HandForm(data, seat) for seat in seats]


# -- canasta -----------------------------------------------------------------------------


class SideForm(EntryForm):
    """One side (prefix "side-<i>"): its melds and opening (as many as the page holds),
    red 3s and hand, or the points it counted."""

    mode = TextField()
    red_threes = CardsField()
    hand = CardsField()

    def __init__(self, data: Mapping[str, Any], index: int, counted: Sequence[str], most: int) -> None:
        super().__init__(data, prefix=f"side-{index}")
        self.melds = clamped_count(data, self.add_prefix("melds"), most, least=1)
        self.openings = clamped_count(data, self.add_prefix("openings"), most)
        for m in range(self.melds):
            self.fields[f"meld-{m}"] = CardsField()
        for m in range(self.openings):
            self.fields[f"opening-{m}"] = CardsField()
        for key in counted:
            self.fields[f"counted-{key}"] = TextField()


class CanastaRoundForm(EntryForm):
    concealed = forms.BooleanField(required=False)

    def __init__(self, data: Mapping[str, Any], seats: int) -> None:
        super().__init__(data)
        self.fields["went_out"] = SeatField(seats)


# -- cactus-game ------------------------------------------------------------------------


class PlayForm(EntryForm):
    """One play of a turn (prefix "play-<k>"): its card, a set's three characters, a
    steal's target, the chain of Stops (as many as the page holds)."""

    card = TextField()

    def __init__(self, data: Mapping[str, Any], index: int, seats: int, most_stops: int) -> None:
        super().__init__(data, prefix=f"play-{index}")
        for j in range(3):
            self.fields[f"char-{j}"] = TextField()
        self.fields["target"] = SeatField(seats)
        self.stops = clamped_count(data, self.add_prefix("stops"), most_stops)
        for j in range(self.stops):
            self.fields[f"stop-{j}"] = SeatField(seats)


class TurnRoundForm(EntryForm):
    def __init__(self, data: Mapping[str, Any], seats: int) -> None:
        super().__init__(data)
        self.fields["player"] = SeatField(seats)


class RoundControls(forms.Form):
    """The fields that steer the round's page rather than describe the round: the button
    tapped (`action`), the game's version and the request id the page was first drawn
    with, the edit's confirmation, the round the page means (`round_number`, or `next`
    from a round kept offline and from "add mine as the next round") and the round an
    edit's preview is about (`edit`); at the live table's reveal, the live preview and
the confirmation of hands the table did not expect. A missing or malformed value falls back to its
    default: these fields come from the page itself, never from what the player typed."""

    SAVE = "save"
    NEXT = "next"
    MOST_ROUNDS = 10_000  # beyond any evening's game: a bigger number is no page's

    action = forms.CharField(required=False, max_length=40)
    version = forms.IntegerField(required=False, min_value=0)
    request_id = forms.UUIDField(required=False)
    confirm = forms.BooleanField(required=False)
    # The page's hidden number and, from its "add as the next round" button, `next`.
    round_number = forms.Field(required=False, widget=forms.MultipleHiddenInput)
    edit = forms.IntegerField(required=False, min_value=1)
    # The live table's reveal: the live preview, and the hands the table did not expect, confirmed.
    preview = forms.BooleanField(required=False)
    counts_confirmed = forms.BooleanField(required=False)

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data)
        self.full_clean()  # a field that does not clean is left out of cleaned_data

    def tapped(self) -> str:
        return self.cleaned_data.get("action") or self.SAVE

    def saving(self) -> bool:
        return self.tapped() == self.SAVE

    def drawn_at(self, current_version: int) -> int:
        """The game's version the form was first drawn from (kept across its re-renders)."""
        version = self.cleaned_data.get("version")
        return current_version if version is None else version

    def posted_request_id(self) -> uuid.UUID | None:
        """The id the form was rendered with: a second tap on "save" posts it again."""
        return self.cleaned_data.get("request_id")

    def request_id_or_new(self) -> uuid.UUID:
        return self.posted_request_id() or uuid.uuid4()

    def confirmed(self) -> bool:
        return bool(self.cleaned_data.get("confirm"))

    def means_next(self) -> bool:
        """The save means "the next round of this game", whatever number its page showed."""
        return self.NEXT in (self.cleaned_data.get("round_number") or [])

    def round_meant(self) -> int | None:
        """The round number the page showed, if it posted one (the last value, as before)."""
        values = self.cleaned_data.get("round_number") or []
        try:
            number = int(values[-1])
        except (IndexError, ValueError):
            return None
        return number if 1 <= number <= self.MOST_ROUNDS else None

    def edited_round(self) -> int | None:
        return self.cleaned_data.get("edit")

    def previewing(self) -> bool:
        return bool(self.cleaned_data.get("preview"))

    def hands_confirmed(self) -> bool:
        return bool(self.cleaned_data.get("counts_confirmed"))
