"""Players, games, rounds and the history of every change to a round.

A game stores what the spec's record holds (variant, options, seat order,
teams, rounds) and, for fast display, what the rules engine computed from it.
Every write goes through a Game method that re-scores the whole record with
the engine inside one transaction: an invalid round is refused before anything
is saved, and the stored results can never disagree with the rounds.
"""

from __future__ import annotations

import hashlib
import secrets
import string
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import connections, models, router, transaction
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext

from engine.rules import VARIANTS, GameResult, Problem, Ranking, RecordError, rank, score_record
from engine.rules.variants.base import Variant
from engine.seating import dealer
from scorekeeper import bulk
from scorekeeper.players.names import composed, name_as_kept, refuse_names_we_cannot_keep
from scorekeeper.signals import game_scored


def variant_choices() -> list[tuple[str, str]]:
    """The games the engine knows, read when asked: a variant registered later (a test's
    toy variant) is a valid choice too, and adding one needs no migration."""
    return [(key, v.name) for key, v in VARIANTS.items()]


# Bounds chosen from real play (README, "Limits"): the longest evenings we have seen
# run to about 60 rounds (cactus-game to about 250 turns); a name is a first name or a
# nickname. Players per game are the engine's (at most 8, per variant).
MAX_NAME_LENGTH = 40
NOTE_MAX_LENGTH = 200
MAX_ROUNDS = 1000


def new_game_token() -> str:
    """A game's private link: 144 random bits, so nobody reaches a game by guessing."""
    return secrets.token_urlsafe(18)


class RoundTaken(Exception):
    """The round a phone meant was saved (or changed) by another phone first.

    `change` is the RoundChange that got there first: the page says who made it and
    offers to keep it or to save this phone's round as an edit of it.
    """

    def __init__(self, number: int, change: RoundChange | None) -> None:
        super().__init__(f"round {number} was just saved by another phone")
        self.number = number
        self.change = change


def new_person_id() -> str:
    """A person's id, as game-record v1.2 writes it in `people`: "p-" and 96 random bits
    (URL-safe letters, digits, _ and -). An identifier, not a secret: it grants nothing."""
    return "p-" + secrets.token_urlsafe(12)


class Person(models.Model):
    """Someone, whatever they are called: the identity behind one or more Players (the
    names groups call them by). Games, standings and ratings stay on the Player; a
    person's pages gather their Players'."""

    id = models.CharField(primary_key=True, max_length=64, default=new_person_id, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.id


def key_hash(secret: str) -> str:
    """What is stored of a person's key: its SHA-256 (a copy of the database gives no phone away)."""
    return hashlib.sha256(secret.encode()).hexdigest()


class PersonKey(models.Model):
    """What makes a phone a person's (issue 30 item 2): no password, no e-mail.

    A `PHONE` key is held by one phone (its secret in a cookie): that phone is theirs and
    shows their games. A `LINK` key is their personal link (and its QR code): opened on
    another phone, it gives that phone a key of its own. Either is revoked from any phone
    of theirs (a lost phone, a link shown to the wrong person); only hashes are stored."""

    PHONE, LINK = "phone", "link"

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="keys")
    kind = models.CharField(max_length=8, choices=[(PHONE, "phone"), (LINK, "link")])
    secret_hash = models.CharField(max_length=64, unique=True)
    label = models.CharField(max_length=120, blank=True)  # the phone's browser, for the list of phones
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    # The seat a PHONE key was claimed from (« C'est moi »), empty for a phone brought in by
    # the personal link: only the claiming phone may undo its own claim (players/me.py).
    claimed_seat = models.ForeignKey("Seat", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["created_at", "pk"]

    @classmethod
    def issue(cls, person: Person, kind: str, label: str = "", claimed_seat: Seat | None = None) -> str:
        """A new key; returns its secret (never stored)."""
        secret = secrets.token_urlsafe(24)
        cls.objects.create(person=person, kind=kind, secret_hash=key_hash(secret), label=label[:120],
                           claimed_seat=claimed_seat)
        return secret

    @classmethod
    def find(cls, secret: str, kind: str) -> PersonKey | None:
        if not secret or len(secret) > 64:
            return None
        return (cls.objects.select_related("person")
                .filter(secret_hash=key_hash(secret), kind=kind, revoked_at__isnull=True).first())


class PlayerQuerySet(models.QuerySet["Player"]):
    def named(self, name: str) -> Player | None:
        """The first Player of that name (the oldest): where no group says which, the
        name means who it meant before names stopped being unique."""
        return self.filter(name__iexact=name.strip()).order_by("pk").first()


class Player(models.Model):
    """A person as a group calls them, reused across games so standings can follow them."""

    # Not unique: two groups that never met each have their Marie, and one group may
    # have two (scorekeeper/players/circle.py tells them apart).
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    # What tells them apart where they meet someone of the same name (« Marie D. »).
    nickname = models.CharField(max_length=MAX_NAME_LENGTH, blank=True, default="")
    # Made with the Player when none is given: each new name is a new person until
    # someone says otherwise (a merge).
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="players")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]
        indexes = [models.Index(Lower("name"), name="player_name_ci")]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.person_id is None:
            self.person = Person.objects.create()
        super().save(*args, **kwargs)

    @classmethod
    def get_or_create_named(cls, name: str) -> Player:
        name = name.strip()
        player = cls.objects.named(name)
        return player if player is not None else cls.objects.create(name=name)

    @classmethod
    def get_or_create_many(cls, names: Iterable[str]) -> dict[str, Player]:
        """`get_or_create_named` for many names in a few statements: name -> its Player.

        Names already stored with the same spelling come in one query; each other name is
        looked up as `named` does (whatever the case), and those still missing are made
        in one insert, the first spelling met for names `named` would take for the same
        (`_same_name`)."""
        names = list(names)
        wanted = list(dict.fromkeys(name.strip() for name in names))
        found = cls._spelled(wanted)
        same = _same_name(connections[router.db_for_read(cls)].vendor)
        missing: dict[str, str] = {}  # the name's key -> the first spelling met
        for name in wanted:
            if name not in found:
                player = cls.objects.named(name)
                if player is not None:
                    found[name] = player
                else:
                    missing.setdefault(same(name), name)
        if missing:
            # Another request may make one of them meanwhile: its row is kept, read back below.
            persons = Person.objects.bulk_create([Person() for _ in missing])
            cls.objects.bulk_create([cls(name=name, person=person)
                                     for name, person in zip(missing.values(), persons, strict=True)],
                                    ignore_conflicts=True)
            # A person whose name another request took meanwhile stays unused: drop it.
            Person.objects.filter(pk__in=[p.pk for p in persons], players__isnull=True).delete()
            made = cls._spelled(list(missing.values()))
            for name in wanted:
                if name not in found:
                    first = missing[same(name)]
                    found[name] = made.get(first) or cls.objects.named(first)  # type: ignore[assignment]
        return {name: found[name.strip()] for name in names}

    @classmethod
    def same_name(cls) -> Callable[[str], str]:
        """What the database takes for one name whatever the case (`named`'s comparison):
        a group's names are told apart the same way (scorekeeper/players/circle.py)."""
        return _same_name(connections[router.db_for_read(cls)].vendor)

    @classmethod
    def _spelled(cls, names: list[str]) -> dict[str, Player]:
        """The players stored under exactly these names."""
        found: dict[str, Player] = {}
        for start in range(0, len(names), 500):  # the oldest of a name last: it is kept, as in `named`
            found.update((p.name, p) for p in cls.objects.filter(name__in=names[start:start + 500]).order_by("-pk"))
        return found


def _same_name(vendor: str) -> Callable[[str], str]:
    """What `name__iexact` compares: SQLite's LIKE folds ASCII letters only ("Élodie" and
    "élodie" are two players there, as its lower() in the unique constraint says), the
    other databases fold every letter."""
    if vendor == "sqlite":
        return lambda name: name.translate(_ASCII_LOWER)
    return str.casefold


_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


class GameQuerySet(models.QuerySet["Game"]):
    def in_progress(self) -> GameQuerySet:
        return self.filter(finished=False, abandoned_at__isnull=True)

    def with_players(self) -> GameQuerySet:
        return self.prefetch_related(models.Prefetch("seats", Seat.objects.select_related("player")))


class Game(models.Model):
    """One game of one variant, in seat order, with its rounds and cached results."""

    # The game's private link (/games/<token>/): its number (pk) is for display only.
    token = models.CharField(max_length=32, unique=True, default=new_game_token, editable=False)
    variant = models.CharField(max_length=32, choices=variant_choices)
    options = models.JSONField(default=dict, blank=True)
    teams = models.JSONField(null=True, blank=True)  # canasta with four: {"team": [name, name]}
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # What the engine said after the last change (the whole record re-scored).
    totals = models.JSONField(default=dict, blank=True)
    finished = models.BooleanField(default=False)
    winners = models.JSONField(default=list, blank=True)
    losers = models.JSONField(default=list, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Players who are out (dutch), with the round that put them out: {"Ana": 4}.
    eliminated = models.JSONField(default=dict, blank=True)
    # One more at every change: a phone's form carries the version it was drawn from,
    # so a save made from a stale page is recognised instead of stored twice.
    version = models.PositiveIntegerField(default=0)
    # Abandoned games are kept (and restorable) but leave the lists and the standings.
    abandoned_at = models.DateTimeField(null=True, blank=True)
    # A short free text the game's holders write ("chez Ana, revanche jeudi"), shown on the sheet.
    note = models.CharField(max_length=NOTE_MAX_LENGTH, blank=True, default="")

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"{self.rules.name} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("game_sheet", args=[self.token])

    # -- what the game is ----------------------------------------------------

    @property
    def rules(self) -> Variant:
        return VARIANTS[self.variant]

    def player_names(self) -> list[str]:
        """Names in seat order, as written in this game's record."""
        return [seat.name or seat.player.name for seat in self.seats.all()]

    def players_in_round(self, number: int | None = None) -> list[str]:
        """The players (seat order) who have a hand in round `number` (the next round when
        None): everyone but those the engine put out in an earlier round (`eliminated`)."""
        names = self.player_names()
        if not self.eliminated:
            return names
        if number is None:
            return [n for n in names if n not in self.eliminated]
        return [n for n in names if self.eliminated.get(n, number) >= number]

    def next_dealer(self, rounds: int | None = None) -> str | None:
        """Who deals the next round (engine/seating.py's `dealer`: the next seat each round):
        none once the game is over, nor in a game of turns (cactus-game: one deal).
        `rounds`: how many the game has, when the caller counted them already."""
        if self.finished or self.rules.turn_based:
            return None
        number = (self.rounds.count() if rounds is None else rounds) + 1
        return dealer(self.player_names(), number, self.players_in_round(number))

    def sides(self) -> list[str]:
        """Whom results are keyed by, in seat order: players, or canasta's teams.

        Worked out from the seats rather than from the keys of `totals`, whose
        order PostgreSQL's jsonb does not keep.
        """
        names = self.player_names()
        if not self.teams:
            return names
        team_of = {member: team for team, members in self.teams.items() for member in members}
        return list(dict.fromkeys(team_of.get(name, name) for name in names))

    def ranking(self) -> Ranking:
        """Who is ahead, from what the engine said last (never re-scored): the engine's
        ranking (`rank` in engine/rules/scoring.py) of the stored totals, winners and eliminations."""
        return rank(self.rules, self.sides(), self.totals or {}, finished=self.finished,
                    winners=self.winners, out=self.eliminated)

    def record(self, rounds: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The game as the spec's record (section 2); `rounds` replaces the stored ones."""
        record: dict[str, Any] = {
            "format": 1,
            "variant": self.variant,
            "options": dict(self.options),
            "players": self.player_names(),
            "rounds": rounds if rounds is not None else [r.data for r in self.rounds.all()],
        }
        if self.teams:
            record["teams"] = self.teams
        return record

    def people(self) -> dict[str, str]:
        """Each name of the record -> its person's id (game-record v1.2's `people`): what
        an export writes, so the game counts for the same people wherever it goes."""
        return {seat.name or seat.player.name: seat.player.person_id for seat in self.seats.all()}

    def score(self, rounds: list[dict[str, Any]] | None = None) -> GameResult:
        """Score the record with the rules engine. Raises RecordError when it is invalid."""
        return score_record(self.record(rounds))

    def preview(self, data: dict[str, Any], number: int | None = None) -> GameResult:
        """Score the game as if round `number` (a new last round when None) were `data`."""
        rounds = [r.data for r in self.rounds.all()]
        if number is None:
            rounds.append(data)
        else:
            rounds[number - 1] = data
        return self.score(rounds)

    # -- changes: each one re-scores the whole game inside one transaction -------

    @transaction.atomic
    def add_round(self, data: dict[str, Any], *, request_id: uuid.UUID | None = None,
                  device: str = "", user: Any = None, by: str = "", number: int | None = None) -> Round:
        """Append a round. A repeated `request_id` (a double tap) returns the stored round.

        `number` is the round the phone means: when another phone saved that round first,
        RoundTaken is raised and nothing is stored (never the same round twice)."""
        game = Game.objects.select_for_update().get(pk=self.pk)  # one writer per game at a time
        stored = list(game.rounds.all())
        if request_id is not None:
            already = next((r for r in stored if r.request_id == request_id), None)
            if already is not None:
                return already
        if game.abandoned_at is not None:
            raise RecordError([Problem("the game is abandoned: restore it first", len(stored) + 1,
                                       code="game.abandoned")])
        if number is not None and number != len(stored) + 1:
            raise RoundTaken(number, game.changes.filter(number=number).order_by("-pk").first())
        if game.finished:
            raise RecordError([Problem("the game is finished: no more rounds", len(stored) + 1, "end",
                                       code="game.finished", params={"last": len(stored)})])
        if len(stored) >= MAX_ROUNDS:
            raise RecordError([_too_many_rounds(len(stored) + 1)])
        result = game.score([r.data for r in stored] + [data])
        new = Round.objects.create(game=game, number=len(stored) + 1, data=data, request_id=request_id)
        was_finished = game._store(result, stored + [new])
        game._log(new.number, RoundChange.ADDED, None, data, device, user, by, was_finished)
        self._take_state(game, stored + [new])
        return new

    @transaction.atomic
    def edit_round(self, number: int, data: dict[str, Any], *, device: str = "", user: Any = None,
                   by: str = "", version: int | None = None) -> Round:
        """Replace round `number`. With `version` (the game's version the phone's form was
        drawn from), RoundTaken when another phone changed that round since."""
        game = Game.objects.select_for_update().get(pk=self.pk)
        stored = list(game.rounds.all())
        if not 1 <= number <= len(stored):
            raise Round.DoesNotExist(f"round {number} does not exist")
        if version is not None:
            newer = game.changes.filter(number=number, version__gt=version).order_by("-pk").first()
            if newer is not None:
                raise RoundTaken(number, newer)
        before = stored[number - 1].data
        rounds = [r.data for r in stored]
        rounds[number - 1] = data
        result = game.score(rounds)
        stored[number - 1].data = data
        stored[number - 1].save(update_fields=["data"])
        was_finished = game._store(result, stored)
        game._log(number, RoundChange.EDITED, before, data, device, user, by, was_finished)
        self._take_state(game, stored)
        return stored[number - 1]

    @transaction.atomic
    def undo_last_round(self, *, device: str = "", user: Any = None, by: str = "",
                        expected: int | None = None) -> Round | None:
        """Remove the last round. With `expected`, only when the last round is that one:
        a phone confirming "undo round 7" must not undo the round 8 another phone just saved."""
        game = Game.objects.select_for_update().get(pk=self.pk)
        stored = list(game.rounds.all())
        if not stored or (expected is not None and stored[-1].number != expected):
            return None
        last = stored.pop()
        result = game.score([r.data for r in stored])
        last.delete()
        was_finished = game._store(result, stored)
        game._log(last.number, RoundChange.UNDONE, last.data, None, device, user, by, was_finished)
        self._take_state(game, stored)
        return last

    @cached_property
    def rounds_in_order(self) -> list[Round]:
        """The game's rounds, read once; after a change through this instance, the rounds as
        the change left them (`_take_state` feeds them: the sheet shown next reads no query)."""
        return list(self.rounds.all())

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        self.__dict__.pop("rounds_in_order", None)  # read again from the database when asked
        super().refresh_from_db(*args, **kwargs)

    def _take_state(self, changed: Game, rounds: list[Round]) -> None:
        """After a change to a round, this instance is the game as `changed` (the locked
        copy) left it, without reading it back: its fields, and its rounds in
        `rounds_in_order`. Its seats are the same: a round's change changes no seat."""
        for field in self._meta.concrete_fields:
            setattr(self, field.attname, getattr(changed, field.attname))
        self.__dict__["rounds_in_order"] = list(rounds)  # where cached_property keeps its value

    def _log(self, number: int, action: str, before: Any, after: Any, device: str, user: Any,
             by: str, after_end: bool) -> RoundChange:
        """The history line of a change, with who made it and whether the game had ended
        (a change to an ended game is a correction: a league's standings follow it)."""
        return RoundChange.objects.create(game=self, number=number, action=action, before=before,
                                          after=after, device=device[:200], user=_user_or_none(user),
                                          by=by[:80], version=self.version, after_end=after_end)

    @transaction.atomic
    def set_abandoned(self, abandoned: bool, *, device: str = "", user: Any = None, by: str = "") -> None:
        """Abandon the game (kept, marked, out of the lists and standings) or restore it."""
        game = Game.objects.select_for_update().get(pk=self.pk)
        if (game.abandoned_at is not None) == abandoned:
            return
        was_finished = game.finished
        game.abandoned_at = timezone.now() if abandoned else None
        game.version += 1
        game.save(update_fields=["abandoned_at", "version", "updated_at"])
        game._log(0, RoundChange.ABANDONED if abandoned else RoundChange.RESTORED, None, None,
                  device, user, by, was_finished)
        # Restored, an ended game counts again as if it had just ended.
        ended = game.finished and not abandoned
        transaction.on_commit(lambda: game_scored.send(sender=Game, game=game, ended=ended))
        self.refresh_from_db()

    @transaction.atomic
    def rename_player(self, old: str, new: str, *, device: str = "", user: Any = None, by: str = "",
                      keep_player: bool = False) -> None:
        """Correct a player's name at this game: its seat, its rounds, totals and teams.

        The record is re-scored under the new name, so a name the engine or the app
        refuses (a duplicate, a control character) raises RecordError and changes nothing.
        `keep_player`: the seat stays on its Player (a person who left, renamed everywhere)
        instead of going to the Player of the new name."""
        game = Game.objects.select_for_update().get(pk=self.pk)
        new = name_as_kept(new)
        names = game.player_names()
        if old not in names:
            raise RecordError([Problem(f"no player {old!r} in this game", code="players.unknown",
                                       params={"player": old}, field="players")])
        renamed = [new if name == old else name for name in names]
        refuse_names_we_cannot_keep(renamed, list(game.teams or {}))
        rounds = list(game.rounds.all())
        for stored in rounds:
            stored.data = _renamed(stored.data, old, new)
        teams = _renamed(game.teams, old, new) if game.teams else game.teams
        record = game.record([r.data for r in rounds]) | {"players": renamed}
        if teams:
            record["teams"] = teams
        result = score_record(record)
        seat = next(s for s in game.seats.all() if (s.name or s.player.name) == old)
        if not keep_player:
            seat.player = Player.get_or_create_named(new)
        seat.name = new
        seat.save(update_fields=["player", "name"])
        Round.objects.bulk_update(rounds, ["data"], batch_size=500)
        game.teams = teams
        was_finished = game._store(result, rounds)
        game._log(0, RoundChange.RENAMED, {"player": old}, {"player": new}, device, user, by, was_finished)
        self.refresh_from_db()

    def _store(self, result: GameResult, rounds: list[Round]) -> bool:
        """Cache the engine's result on the game and on each round that changed
        (an earlier round's correction changes every later total: one UPDATE for all).
        Returns whether the game had ended before this change."""
        changed = []
        for stored, computed in zip(rounds, result.rounds, strict=True):
            as_json = result.round_json(computed)
            if stored.result != as_json:
                stored.result = as_json
                changed.append(stored)
        Round.objects.bulk_update(changed, ["result"], batch_size=500)
        out = result.to_json()
        self.eliminated = dict(result.out)  # who is out (dutch), as the engine says
        was_finished = self.finished
        self.totals, self.finished = out["totals"], out["finished"]
        self.winners, self.losers = out["winners"], out["losers"]
        if self.finished and not was_finished:
            self.finished_at = timezone.now()
        elif not self.finished:
            self.finished_at = None
        self.version += 1
        self.save()
        ended = self.finished and not was_finished
        transaction.on_commit(lambda: game_scored.send(sender=Game, game=self, ended=ended))
        return was_finished

    @classmethod
    @transaction.atomic
    def create_from_record(cls, record: dict[str, Any], *, device: str = "", user: Any = None,
                           seated: Mapping[str, Player] | None = None) -> Game:
        """A new game from a spec record (import). Raises RecordError, saving nothing.

        `seated`: the Player of some names, as their group knows them
        (scorekeeper/players/circle.py); any other name is the oldest Player so named."""
        result = checked_record(record)
        seated = seated or {}
        players = {name: seated.get(name) or Player.get_or_create_named(name) for name in result.game.players}
        rows = GameRows.of(result, record, players, device=device, user=user,
                           finished_at=timezone.now())
        new = rows.game
        new.save()
        rows.save_parts()
        transaction.on_commit(lambda: game_scored.send(sender=Game, game=new, ended=new.finished))
        return new

    @classmethod
    @transaction.atomic
    def start(cls, variant: str, players: list[str], options: dict[str, Any] | None = None,
              teams: dict[str, list[str]] | None = None, seated: Mapping[str, Player] | None = None) -> Game:
        """A new game with no rounds, checked by the engine first (`seated`: as in
        `create_from_record`)."""
        record: dict[str, Any] = {"format": 1, "variant": variant, "options": options or {},
                                  "players": players, "rounds": []}
        if teams:
            record["teams"] = teams
        return cls.create_from_record(record, seated=seated)


def checked_record(record: Any) -> GameResult:
    """The engine's result for a record the app can keep, else RecordError: what an
    import checks before saving anything (the round limit, text that is no text, the
    engine, the names). The engine reads the record composed (NFC): its result, and so
    the game saved from it, write each name one way."""
    rounds = record.get("rounds") if isinstance(record, dict) else None
    if isinstance(rounds, list) and len(rounds) > MAX_ROUNDS:  # refused before scoring them all
        raise RecordError([_too_many_rounds(len(rounds))])
    result = score_record(composed(record))
    refuse_names_we_cannot_keep(result.game.players, list(result.game.teams or {}))
    return result


@dataclass
class GameRows:
    """A new game's rows, unsaved: the game with the engine's results cached on it, its
    seats, its rounds (each with its result) and their history lines (« imported »).

    The one description of what an imported record becomes: `Game.create_from_record`
    saves one, a league import saves thousands in bulk (leagues/results/importing.py).
    Seats and rounds are plain values, written by `save_parts` without a model instance
    per row (scorekeeper/bulk.py).
    """

    game: Game
    seats: list[tuple[Player, str]]  # seat order: the player, and the name as the record writes it
    rounds: list[tuple[Any, dict[str, Any]]]  # from round 1: the record's round, the engine's result
    device: str = ""
    user_id: int | None = None  # who imported it, in the rounds' history

    @classmethod
    def of(cls, result: GameResult, record: dict[str, Any], players: Mapping[str, Player], *,
           device: str = "", user: Any = None, finished_at: datetime | None = None) -> GameRows:
        """`players`: each of the record's names -> its Player. `finished_at` is kept only
        when the engine says the game is over."""
        read = result.game
        finished = result.finished
        game = Game(variant=read.variant.key, options=_explicit_options(record), teams=read.teams,
                    totals={p: result.number(t) for p, t in result.totals.items()},
                    finished=finished, winners=list(result.winners), losers=list(result.losers),
                    finished_at=finished_at if finished else None, eliminated=dict(result.out),
                    version=1)
        round_json = result.round_json
        by = _user_or_none(user)
        return cls(game, [(players[name], name) for name in read.players],
                   [(data, round_json(computed)) for data, computed in zip(read.rounds, result.rounds, strict=True)],
                   device[:200], by.pk if by is not None else None)

    def save_parts(self) -> None:
        """Save the seats, rounds and history lines of a game saved already."""
        save_parts([self])


def save_parts(many: Sequence[GameRows]) -> None:
    """The seats, rounds and history lines of games saved already: three INSERTs for all."""
    now = timezone.now()
    bulk.insert(Seat, ("game", "player", "position", "name"),
                ((rows.game.pk, player.pk, position, name)
                 for rows in many for position, (player, name) in enumerate(rows.seats)))
    bulk.insert(Round, ("game", "number", "data", "result", "request_id", "created_at"),
                ((rows.game.pk, number, data, result, None, now)
                 for rows in many for number, (data, result) in enumerate(rows.rounds, 1)))
    bulk.insert(RoundChange, ("game", "number", "action", "before", "after", "at", "device", "user",
                              "by", "version", "after_end"),
                ((rows.game.pk, number, RoundChange.IMPORTED, None, data, now, rows.device,
                  rows.user_id, "", 0, False)
                 for rows in many for number, (data, _result) in enumerate(rows.rounds, 1)))


def _too_many_rounds(count: int) -> Problem:
    return Problem(f"a game holds at most {MAX_ROUNDS} rounds ({count} here)",
                   code="game.too_many_rounds", params={"max": MAX_ROUNDS, "count": count})


def _explicit_options(record: dict[str, Any]) -> dict[str, Any]:
    options = record.get("options")
    return dict(options) if isinstance(options, dict) else {}


def _renamed(value: Any, old: str, new: str) -> Any:
    """`value` with the player name `old` written `new`, wherever a record holds names:
    as keys (hands, points) and as values (announcer, teams' members, lists of names)."""
    if isinstance(value, dict):
        return {(new if key == old else key): _renamed(item, old, new) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, old, new) for item in value]
    return new if value == old else value


def _user_or_none(user: Any) -> Any:
    return user if user is not None and getattr(user, "is_authenticated", False) else None


class Seat(models.Model):
    """A player's place at a game's table: seat order is turn order."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    # The name as this game's record writes it: "ana" in a game, the Player "Ana" in
    # standings. Empty for seats made before the field existed (the player's name then).
    name = models.CharField(max_length=MAX_NAME_LENGTH, blank=True, default="")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_player_unique"),
        ]


class Round(models.Model):
    """One round (a turn in cactus-game): the record's round data and its computed result."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    data = models.JSONField()  # the round object of the spec's record
    result = models.JSONField(default=dict)  # the engine's round result (values, points, totals…)
    request_id = models.UUIDField(null=True, blank=True)  # the phone's id for this entry
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="round_number_unique"),
            models.UniqueConstraint(fields=["game", "request_id"], name="round_request_unique"),
        ]

    def __str__(self) -> str:
        return f"round {self.number} of game {self.game_id}"


# A change made from a league table's link is stored as this and the table's label, not in
# the words of the phone that made it: a French history would otherwise show English.
# No username holds a colon (Django's validator), so no organiser's name starts so.
TABLE_LINK = "table-link:"
# A change made by a phone that is someone's (« C'est moi »): this and the name the game
# writes for them. Shown as the name alone (« par Ana »).
PERSON = "person:"
# A change made from a seat of the game's live table: this and the seat's name.
SEAT = "seat:"
# A change made by the referee of the game's live table: this and the table's code.
REFEREE = "referee:"


class RoundChange(models.Model):
    """Append-only: every round added, edited, undone or imported, so no correction is silent."""

    ADDED, EDITED, UNDONE, IMPORTED = "added", "edited", "undone", "imported"
    # Changes to the game rather than to a round (number 0).
    ABANDONED, RESTORED, RENAMED = "abandoned", "restored", "renamed"
    # A seat put on another Player (a merge or a split, issue 30): the record is unchanged.
    REGROUPED = "regrouped"
    # A wrong « C'est moi » taken back by the phone that made it, and a seat detached from
    # the person behind it by a league's organiser or the live table's referee.
    UNCLAIMED, DETACHED = "unclaimed", "detached"
    ACTIONS = [(ADDED, "added"), (EDITED, "edited"), (UNDONE, "undone"), (IMPORTED, "imported"),
               (ABANDONED, "abandoned"), (RESTORED, "restored"), (RENAMED, "renamed"), (REGROUPED, "regrouped"),
               (UNCLAIMED, "unclaimed"), (DETACHED, "detached")]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=ACTIONS)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    device = models.CharField(max_length=200, blank=True)  # e.g. the phone's browser
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    # Who: an organiser's name, or a league table's link (TABLE_LINK and the table's label,
    # worded in the reader's language when shown: `author`); the device says the rest.
    by = models.CharField(max_length=80, blank=True)
    version = models.PositiveIntegerField(default=0)  # the game's version after this change
    after_end = models.BooleanField(default=False)  # the game had ended: a correction

    class Meta:
        ordering = ["at", "pk"]

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("the round history is append-only")
        super().save(*args, **kwargs)

    @property
    def author(self) -> str:
        """Who made the change, in the reader's language (« lien de la table 2 », "table 2's link")."""
        if self.by.startswith(TABLE_LINK):
            return gettext("lien de la table %(table)s") % {"table": self.by[len(TABLE_LINK):]}
        if self.by.startswith(PERSON):
            return self.by[len(PERSON):]
        if self.by.startswith(SEAT):
            return gettext("le siège de %(name)s") % {"name": self.by[len(SEAT):]}
        if self.by.startswith(REFEREE):
            return gettext("l'arbitre de la table %(table)s") % {"table": self.by[len(REFEREE):]}
        return self.by
