"""Players, games, rounds and the history of every change to a round.

A game stores what the spec's record holds (variant, options, seat order,
teams, rounds) and, for fast display, what the rules engine computed from it.
Every write goes through a Game method that re-scores the whole record with
the engine inside one transaction: an invalid round is refused before anything
is saved, and the stored results can never disagree with the rounds.
"""

from __future__ import annotations

import unicodedata
import uuid
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone

from scorekeeper.rules import VARIANTS, GameResult, Problem, RecordError, score_record
from scorekeeper.rules.variants.base import Variant
from scorekeeper.signals import game_scored


def variant_choices() -> list[tuple[str, str]]:
    """The games the engine knows, read when asked: a variant registered later (a test's
    toy variant) is a valid choice too, and adding one needs no migration."""
    return [(key, v.name) for key, v in VARIANTS.items()]


MAX_NAME_LENGTH = 40


class PlayerQuerySet(models.QuerySet["Player"]):
    def named(self, name: str) -> Player | None:
        return self.filter(name__iexact=name.strip()).first()


class Player(models.Model):
    """Someone who plays, reused across games so standings can follow them."""

    name = models.CharField(max_length=MAX_NAME_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(Lower("name"), name="player_name_unique_ci")]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def get_or_create_named(cls, name: str) -> Player:
        name = name.strip()
        player = cls.objects.named(name)
        return player if player is not None else cls.objects.create(name=name)


class GameQuerySet(models.QuerySet["Game"]):
    def in_progress(self) -> GameQuerySet:
        return self.filter(finished=False)

    def with_players(self) -> GameQuerySet:
        return self.prefetch_related(models.Prefetch("seats", Seat.objects.select_related("player")))


class Game(models.Model):
    """One game of one variant, in seat order, with its rounds and cached results."""

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

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"{self.rules.name} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("game_sheet", args=[self.pk])

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
                  device: str = "", user: Any = None) -> Round:
        """Append a round. A repeated `request_id` (a double tap) returns the stored round."""
        game = Game.objects.select_for_update().get(pk=self.pk)  # one writer per game at a time
        stored = list(game.rounds.all())
        if request_id is not None:
            already = next((r for r in stored if r.request_id == request_id), None)
            if already is not None:
                return already
        if game.finished:
            raise RecordError([Problem("the game is finished: no more rounds", len(stored) + 1, "end",
                                       code="game.finished", params={"last": len(stored)})])
        result = game.score([r.data for r in stored] + [data])
        new = Round.objects.create(game=game, number=len(stored) + 1, data=data, request_id=request_id)
        game._store(result, stored + [new])
        RoundChange.objects.create(game=game, number=new.number, action=RoundChange.ADDED,
                                   after=data, device=device[:200], user=_user_or_none(user))
        self.refresh_from_db()
        return new

    @transaction.atomic
    def edit_round(self, number: int, data: dict[str, Any], *, device: str = "", user: Any = None) -> Round:
        game = Game.objects.select_for_update().get(pk=self.pk)
        stored = list(game.rounds.all())
        if not 1 <= number <= len(stored):
            raise Round.DoesNotExist(f"round {number} does not exist")
        before = stored[number - 1].data
        rounds = [r.data for r in stored]
        rounds[number - 1] = data
        result = game.score(rounds)
        stored[number - 1].data = data
        stored[number - 1].save(update_fields=["data"])
        game._store(result, stored)
        RoundChange.objects.create(game=game, number=number, action=RoundChange.EDITED, before=before,
                                   after=data, device=device[:200], user=_user_or_none(user))
        self.refresh_from_db()
        return stored[number - 1]

    @transaction.atomic
    def undo_last_round(self, *, device: str = "", user: Any = None,
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
        game._store(result, stored)
        RoundChange.objects.create(game=game, number=last.number, action=RoundChange.UNDONE,
                                   before=last.data, device=device[:200], user=_user_or_none(user))
        self.refresh_from_db()
        return last

    def _store(self, result: GameResult, rounds: list[Round]) -> None:
        """Cache the engine's result on the game and on each round that changed
        (an earlier round's correction changes every later total: one UPDATE for all)."""
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
        self.save()
        ended = self.finished and not was_finished
        transaction.on_commit(lambda: game_scored.send(sender=Game, game=self, ended=ended))

    @classmethod
    @transaction.atomic
    def create_from_record(cls, record: dict[str, Any], *, device: str = "", user: Any = None) -> Game:
        """A new game from a spec record (import). Raises RecordError, saving nothing."""
        result = score_record(record)
        game = result.game
        _refuse_names_we_cannot_keep(game.players, list(game.teams or {}))
        new = cls.objects.create(variant=game.variant.key, options=_explicit_options(record),
                                 teams=game.teams)
        for seat, name in enumerate(game.players):
            Seat.objects.create(game=new, player=Player.get_or_create_named(name), position=seat,
                                name=name)
        # In bulk, results included: a 2 MB record holds thousands of rounds.
        rounds = Round.objects.bulk_create(
            [Round(game=new, number=n, data=data, result=result.round_json(computed))
             for n, (data, computed) in enumerate(zip(game.rounds, result.rounds, strict=True), 1)],
            batch_size=500)
        by = _user_or_none(user)
        RoundChange.objects.bulk_create(
            [RoundChange(game=new, number=r.number, action=RoundChange.IMPORTED, after=r.data,
                         device=device[:200], user=by) for r in rounds],
            batch_size=500)
        new._store(result, rounds)
        return new

    @classmethod
    @transaction.atomic
    def start(cls, variant: str, players: list[str], options: dict[str, Any] | None = None,
              teams: dict[str, list[str]] | None = None) -> Game:
        """A new game with no rounds, checked by the engine first."""
        record: dict[str, Any] = {"format": 1, "variant": variant, "options": options or {},
                                  "players": players, "rounds": []}
        if teams:
            record["teams"] = teams
        return cls.create_from_record(record)


def _refuse_names_we_cannot_keep(names: list[str], teams: list[str]) -> None:
    """Names the engine accepts but the app cannot keep apart or store.

    The engine tells "Ana" from "ana"; players are one person per name whatever
    the case (Player's constraint), so two such seats would be the same player
    twice. A control character (a NUL from a crafted file) is no part of a name,
    and PostgreSQL cannot store a NUL at all.
    """
    problems = []
    for name in [*names, *teams]:
        if any(unicodedata.category(ch) == "Cc" for ch in name):
            problems.append(Problem(f"the name {name!r} contains a control character",
                                    code="name.control_character", params={"player": name}, field="players"))
    seen: dict[str, str] = {}
    for name in names:
        first = seen.setdefault(name.casefold(), name)
        if first != name:
            problems.append(Problem(f"players {first!r} and {name!r} differ only in upper/lower case",
                                    code="players.same_name_ignoring_case",
                                    params={"player": name, "other": first}, field="players"))
    if problems:
        raise RecordError(problems)


def _explicit_options(record: dict[str, Any]) -> dict[str, Any]:
    options = record.get("options")
    return dict(options) if isinstance(options, dict) else {}


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


class RoundChange(models.Model):
    """Append-only: every round added, edited, undone or imported, so no correction is silent."""

    ADDED, EDITED, UNDONE, IMPORTED = "added", "edited", "undone", "imported"
    ACTIONS = [(ADDED, "added"), (EDITED, "edited"), (UNDONE, "undone"), (IMPORTED, "imported")]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=ACTIONS)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    device = models.CharField(max_length=200, blank=True)  # e.g. the phone's browser
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["at", "pk"]

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("the round history is append-only")
        super().save(*args, **kwargs)
