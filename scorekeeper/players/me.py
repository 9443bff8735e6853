"""« C'est moi » (issue 30 items 2 and 4): which person a phone is, and what that shows.

The privacy rules (docs/architecture.md, "People"):
- A phone is a person's when it holds one of their live PHONE keys (a cookie); only then
  does it see their page: their games on every phone, their records, their standings.
- A person nobody has claimed may be claimed from a phone that holds one of their games
  (its session's list): the sheet's player page says « C'est moi ». Once claimed, only
  their own phones bring another phone in: their personal link (a LINK key, shown once,
  with its QR code) opened there. A stranger's phone gets nothing, not even whether the
  person exists.
- Any phone of theirs revokes another (a lost phone) or the link; a new link revokes the
  last one.
- A wrong « C'est moi » (Ana's phone tapped Ben) is undone by the phone that made it, and
  only by it (its key remembers the seat it was claimed from): that phone forgets the
  person, Ben's player is again someone nobody has claimed, and no other phone is touched.
  Nobody else at the table may release a claim (they could take anyone's phones away);
  Ben's other way out is the league's organiser, or the live table's referee, detaching
  his seat of that game from the person (players/regroup.py `detach`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from scorekeeper.models import Game, Person, PersonKey, RoundChange, Seat
from scorekeeper.players.records import player_records

ME_COOKIE = "person"
ME_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie


class AlreadyClaimed(Exception):
    """The person is someone's already: only their link brings another phone in."""


def key_of(request: HttpRequest) -> PersonKey | None:
    """This phone's key, when it is someone's."""
    return PersonKey.find(request.COOKIES.get(ME_COOKIE, ""), PersonKey.PHONE)


def keep_on_phone(response: HttpResponse, secret: str) -> None:
    response.set_cookie(ME_COOKIE, secret, max_age=ME_MAX_AGE, httponly=True, samesite="Lax",
                        secure=settings.SESSION_COOKIE_SECURE)


def is_claimed(person: Person) -> bool:
    return person.keys.filter(revoked_at__isnull=True).exists()


@transaction.atomic
def claim(seat: Seat, label: str) -> str:
    """Make a phone the person's behind `seat`; returns the phone key's secret. AlreadyClaimed
    when the person has a live key (their own phones decide)."""
    person = Person.objects.select_for_update().get(pk=seat.player.person_id)
    if is_claimed(person):
        raise AlreadyClaimed(person.pk)
    return PersonKey.issue(person, PersonKey.PHONE, label, claimed_seat=seat)


@transaction.atomic
def undo_claim(key: PersonKey, *, by: str = "", device: str = "") -> Seat | None:
    """The phone that said « C'est moi » takes it back: its key is revoked. When no other
    phone of the person is left, the person is again nobody's (the personal link this
    phone may have made stops too); when the claim brought other phones in (through the
    link), those keep the person and the claimed Player goes to a fresh person of its own,
    so that whoever it really is can claim it. One line in the game's history. None (and
    nothing done) when this key was not claimed from a seat (a phone brought by the link)."""
    live = PersonKey.objects.select_for_update().filter(pk=key.pk, revoked_at__isnull=True).first()
    seat = Seat.objects.select_related("player", "game").filter(pk=live.claimed_seat_id).first() if live else None
    if live is None or seat is None:
        return None
    person = Person.objects.select_for_update().get(pk=live.person_id)
    now = timezone.now()
    PersonKey.objects.filter(pk=live.pk).update(revoked_at=now)
    others = person.keys.filter(kind=PersonKey.PHONE, revoked_at__isnull=True)
    if not others.exists():
        person.keys.filter(kind=PersonKey.LINK, revoked_at__isnull=True).update(revoked_at=now)
    elif seat.player.person_id == person.pk:
        seat.player.person = Person.objects.create()
        seat.player.save(update_fields=["person"])
    game = seat.game
    # Not a correction (after_end stays False): no seat moved, no standing changed, so the
    # season page's corrections do not list it.
    RoundChange.objects.create(game=game, number=0, action=RoundChange.UNCLAIMED,
                               before={"player": seat.name or seat.player.name}, by=by[:80], device=device[:200],
                               version=game.version)
    return seat


def join(link_secret: str, label: str) -> str | None:
    """A phone key for the person whose personal link this is, or None (revoked, unknown)."""
    link = PersonKey.find(link_secret, PersonKey.LINK)
    return PersonKey.issue(link.person, PersonKey.PHONE, label) if link is not None else None


@transaction.atomic
def new_link(person: Person) -> str:
    """A new personal link; the last one stops working."""
    person.keys.filter(kind=PersonKey.LINK, revoked_at__isnull=True).update(revoked_at=timezone.now())
    return PersonKey.issue(person, PersonKey.LINK)


def revoke(person: Person, key_id: int) -> bool:
    return bool(person.keys.filter(pk=key_id, revoked_at__isnull=True).update(revoked_at=timezone.now()))


@dataclass
class PersonGames:
    """A person's games on every phone, and the name each game writes them by."""

    games: list[Game]
    names: dict[int, str]  # game pk -> the record's name
    shown: str  # the name they are shown by: their most recent game's

    @classmethod
    def of(cls, person: Person) -> PersonGames:
        seats = list(Seat.objects.filter(player__person=person, game__abandoned_at__isnull=True)
                     .select_related("player").order_by("-game__created_at", "-game_id"))
        names = {seat.game_id: seat.name or seat.player.name for seat in seats}
        games = list(Game.objects.filter(pk__in=names).with_players().prefetch_related("rounds")
                     .order_by("-created_at", "-pk"))
        shown = names[games[0].pk] if games else ""
        return cls(games, names, shown)


def export(person: Person) -> dict[str, Any]:
    """What is theirs, as JSON (issue 30 item 6): their games as records (with `people`),
    their records, their league standings. Nothing of anyone else beyond those games."""
    played = PersonGames.of(person)
    records = player_records(played.shown, played.games, played.names)
    return {
        "person": person.pk,
        "names": sorted({p.name for p in person.players.all()}),
        "records": {"games": records.total_games, "wins": records.total_wins,
                    "longest_streak": records.longest_streak, "calls": records.calls,
                    "calls_won": records.calls_won},
        "standings": [{"season": str(s.season), "scope": s.scope, "games": s.games, "wins": s.wins,
                       "mu": s.mu, "sigma": s.sigma}
                      for player in person.players.all() for s in player.league_standings.select_related("season__league")],
        "games": [{"name": played.names[game.pk], "finished": game.finished,
                   "record": game.record() | {"people": game.people()}} for game in played.games],
    }


LEFT = "Anonyme"  # the name a person who left asked to be replaced by


@transaction.atomic
def forget(person: Person, *, replace_name: bool, by: str = "", device: str = "") -> None:
    """Delete a person (issue 30 item 6): their phones and link stop, their id is gone; their
    games stay for the others, each seat on a Player of a fresh person. With `replace_name`,
    every game writes « Anonyme » (« Anonyme 2 » where taken) instead of their name, re-scored
    and in the games' history; the league standings follow (game_scored)."""
    played = PersonGames.of(person)
    if replace_name:  # first, while each seat still reads their name
        for game in played.games:
            old = played.names[game.pk]
            taken = set(game.player_names()) | set(game.teams or {})
            new = next(name for n in range(1, 100) if (name := LEFT if n == 1 else f"{LEFT} {n}") not in taken)
            game.rename_player(old, new, by=by, device=device, keep_player=True)
    for player in list(person.players.all()):
        player.person = Person.objects.create()
        if replace_name:
            player.name, player.nickname = LEFT, ""
        player.save()
    person.keys.all().delete()
    person.delete()
