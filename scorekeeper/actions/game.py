"""A game's life beyond its rounds: starting one from a record, abandoning it, restoring
it, correcting a player's name, its note. One route each; the history names who did it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from scorekeeper.models import Game, Player
from scorekeeper.sheet.live import send_sheet

from .actor import Actor


def do_import_game(record: dict[str, Any], *, actor: Actor, seated: Mapping[str, Player] | None = None) -> Game:
    """A new game from a spec record, checked by the engine first (RecordError: nothing saved).
    A season's bulk import writes its rows in batches instead (leagues/results/importing.py)
    from the same description of a game's rows, `GameRows`. `seated`: some names' Players,
    as their group knows them (scorekeeper/players/circle.py)."""
    return Game.create_from_record(record, device=actor.device, user=actor.user, seated=seated)


def do_set_abandoned(game: Game, abandoned: bool, *, actor: Actor) -> None:
    """Abandon the game (kept, marked, out of the lists and the standings) or restore it."""
    game.set_abandoned(abandoned, device=actor.device, user=actor.user, by=actor.by)


def do_rename_player(game: Game, old: str, new: str, *, actor: Actor) -> None:
    """Correct a player's name at this game (RecordError when the engine or the app refuses it)."""
    game.rename_player(old, new, device=actor.device, user=actor.user, by=actor.by)


def do_set_note(game: Game, note: str, *, actor: Actor) -> None:
    """The game's note (the view checked its length and characters), shown on the sheet:
    every phone on the game gets the sheet with it after the commit. Not a change of the
    record: the game's version stays (a round edited offline meanwhile is no conflict), and
    the standings are not counted again."""
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(note=note)
        transaction.on_commit(lambda: send_sheet(game))
