"""Saving, correcting and undoing a round: the one route of each, whatever page asks.

Each runs in one transaction: the entry's own refusals (a round no table can produce,
`refuse_impossible`) and the engine's (the whole record re-scored by `Game`), then the
round and its history line with its author, then what the caller adds to the same
transaction (the live table's reveal records its event there: the round and the event
together, or neither). After the commit, `game_scored` tells the sheet's phones
(scorekeeper/sheet/broadcast.py) and the league's standings and room screens.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.db import transaction

from scorekeeper.entry.forms_to_round import EntryForm
from scorekeeper.entry.preview import refuse_impossible
from scorekeeper.models import Game, Round

from .actor import Actor


def do_add_round(game: Game, data: dict[str, Any], *, actor: Actor, form: EntryForm | None = None,
                 request_id: uuid.UUID | None = None, number: int | None = None,
                 also: Callable[[Round], None] | None = None) -> Round:
    """Append `data` as the game's next round; returns it (the stored one for a repeated
    `request_id`). `number` is the round the phone means: RoundTaken when another phone
    saved it first. RecordError (nothing saved) when the entry or the engine refuses it.
    `also(round)` runs in the same transaction."""
    with transaction.atomic():
        if form is not None:
            refuse_impossible(form, game.rules, game.player_names())
        saved = game.add_round(data, request_id=request_id, number=number, device=actor.device,
                               user=actor.user, by=actor.by)
        if also is not None:
            also(saved)
    return saved


def do_edit_round(game: Game, number: int, data: dict[str, Any], *, actor: Actor,
                  form: EntryForm | None = None, version: int | None = None) -> Round:
    """Replace round `number` with `data`. With `version` (the game's version the phone's
    form was drawn from), RoundTaken when another phone changed that round since."""
    with transaction.atomic():
        if form is not None:
            refuse_impossible(form, game.rules, game.player_names())
        return game.edit_round(number, data, version=version, device=actor.device, user=actor.user,
                               by=actor.by)


def do_undo_round(game: Game, *, actor: Actor, expected: int | None = None) -> Round | None:
    """Remove the last round, only when it is round `expected` (when given): a phone that
    confirmed "undo round 7" never undoes the round 8 another phone just saved."""
    return game.undo_last_round(expected=expected, device=actor.device, user=actor.user, by=actor.by)
