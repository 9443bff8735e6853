"""Merge and split (issue 30 item 3): seats put on another Player, history kept.

Two Players who are one person are merged by moving one's seats onto the other; one
Player who is two people is split by moving some seats onto a new Player (a new person).
The games' records do not change (a seat keeps the name its record writes, « Julien »),
only whom the seat counts for; each moved seat leaves a line in its game's history with
who made the change. Who may do it, over which games (a league's organiser over its
games, the phone holding the others), is the caller's: the leagues refold their seasons
after (leagues/regroup.py).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from scorekeeper.models import Player, RoundChange, Seat


class PlayedTogether(Exception):
    """The two sat at one game: they are two people."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"both played game {game_id}")
        self.game_id = game_id


@transaction.atomic
def regroup(seats: QuerySet[Seat], into: Player, *, by: str = "", user: Any = None, device: str = "",
            action: str = RoundChange.REGROUPED) -> list[int]:
    """Put these seats on `into`; returns their games' pks. PlayedTogether (nothing moved)
    when `into` already sits at one of those games."""
    moved = [s for s in seats.select_related("player", "game") if s.player_id != into.pk]
    games = [s.game_id for s in moved]
    together = Seat.objects.filter(game__in=games, player=into).values_list("game_id", flat=True).first()
    if together is not None:
        raise PlayedTogether(together)
    for seat in moved:
        before = {"player": seat.name or seat.player.name, "counted_as": seat.player.nickname or seat.player.name}
        Seat.objects.filter(pk=seat.pk).update(player=into)
        # Through the model (append-only), one line per game, read by the history page.
        RoundChange.objects.create(game=seat.game, number=0, action=action, before=before,
                                   after={"player": before["player"], "counted_as": into.nickname or into.name},
                                   by=by[:80], user=user if getattr(user, "is_authenticated", False) else None,
                                   device=device[:200], version=seat.game.version, after_end=seat.game.finished)
    return games


def merge(absorbed: QuerySet[Seat], into: Player, **who: Any) -> list[int]:
    """`absorbed` (one Player's seats, within the caller's games) are `into`'s person."""
    return regroup(absorbed, into, **who)


@transaction.atomic
def split(seats: QuerySet[Seat], name: str, nickname: str = "", **who: Any) -> tuple[Player, list[int]]:
    """These seats are someone else's: a new Player (a new person) named `name`, told apart
    by `nickname`."""
    other = Player(name=name, nickname=nickname)
    other.save()
    return other, regroup(seats, other, **who)


@transaction.atomic
def detach(seat: Seat, **who: Any) -> Player:
    """This seat of this game leaves the person behind it (someone else said « C'est moi »
    for it): it goes to a new Player of the same name, a fresh person nobody has claimed,
    whom the one who really sat there may claim. The person's other games and phones stay
    as they are. Who may (a league's organiser, the live table's referee) is the caller's."""
    seat = Seat.objects.select_related("player").get(pk=seat.pk)
    fresh = Player(name=seat.player.name)
    fresh.save()
    regroup(Seat.objects.filter(pk=seat.pk), fresh, action=RoundChange.DETACHED, **who)
    return fresh
