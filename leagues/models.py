"""Leagues, their seasons, nights and tables, and the standings kept as games end.

A night has several tables; a table's games (`LeagueGame`) count for the
night's season. `Standing` holds each player's running figures per season and
scope (a variant key, or "overall") and `Result` each player's outcome in each
game: both are written when a game ends (leagues/results/recording.py), so
showing the standings reads a few rows instead of every game.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import date, datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from engine.rules import VARIANTS
from leagues.ranking.standings import Skill, Tally
from scorekeeper.models import Game, Player

MAX_LABEL = 80
# A night's tables score until this hour the next morning (local time); after, only
# the league's organisers correct its games.
NIGHT_CLOSES_AT = time(6)


def new_token() -> str:
    return secrets.token_urlsafe(18)


class League(models.Model):
    name = models.CharField(max_length=MAX_LABEL)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="leagues")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:league", args=[self.pk])

    def is_organiser(self, user: Any) -> bool:
        return bool(user.is_authenticated) and self.organisers.filter(pk=user.pk).exists()


def invite_hash(token: str) -> str:
    """What is stored of an invitation's secret: its SHA-256 (a copy of the database
    does not give the links away)."""
    return hashlib.sha256(token.encode()).hexdigest()


class InviteQuerySet(models.QuerySet["Invite"]):
    def usable(self) -> InviteQuerySet:
        return self.filter(used_at__isnull=True, created_at__gte=timezone.now() - Invite.VALID_FOR)


class Invite(models.Model):
    """A one-time link an organiser gives someone to become a co-organiser of a league,
    with an account made on the way when they have none (no shell, no admin needed)."""

    VALID_FOR = timedelta(days=7)

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invites")
    secret_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    used_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    used_at = models.DateTimeField(null=True, blank=True)

    objects = InviteQuerySet.as_manager()

    @classmethod
    def issue(cls, league: League, by: Any) -> str:
        """A new invitation to `league`; returns the secret for its link (never stored)."""
        secret = secrets.token_urlsafe(32)
        cls.objects.create(league=league, secret_hash=invite_hash(secret), created_by=by)
        return secret


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=MAX_LABEL)
    start = models.DateField()
    end = models.DateField(null=True, blank=True)
    # Set when a game was corrected after it ended and the recomputation has not run yet.
    ratings_stale = models.BooleanField(default=False)
    # Who the standings mark as not settled yet (leagues/ranking/settled.py): fewer games than
    # this, or a rating's σ above this; inactive: no game in the season's last nights.
    provisional_games = models.PositiveSmallIntegerField(default=5)
    provisional_sigma = models.FloatField(default=7.5)
    inactive_nights = models.PositiveSmallIntegerField(default=4)
    hide_unsettled = models.BooleanField(default=False)  # off the ranking, not their own page

    class Meta:
        ordering = ["-start", "pk"]

    def __str__(self) -> str:
        return f"{self.league} · {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("leagues:season", args=[self.pk])

    def covers(self, day: date) -> bool:
        return self.start <= day and (self.end is None or day <= self.end)


class Night(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="nights")
    date = models.DateField()
    label = models.CharField(max_length=MAX_LABEL, blank=True)
    # The last draw of its tables (leagues/drawing): the game whose sizes it used, how, the seed.
    draw_game = models.CharField(max_length=32, blank=True)
    draw_mode = models.CharField(max_length=16, blank=True)
    draw_seed = models.PositiveBigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "pk"]

    def __str__(self) -> str:
        return f"{self.date:%d/%m/%Y} {self.label}".strip()

    def get_absolute_url(self) -> str:
        return reverse("leagues:night", args=[self.pk])

    def closes_at(self) -> datetime:
        return timezone.make_aware(datetime.combine(self.date + timedelta(days=1), NIGHT_CLOSES_AT))

    def opens_at(self) -> datetime:
        return timezone.make_aware(datetime.combine(self.date, time.min))

    def is_open(self, now: datetime | None = None) -> bool:
        """From the night's day until the morning after. Its organiser may set its tables up
        ahead; their links score games only from that day (a game played before would count)."""
        return self.opens_at() <= (now or timezone.now()) < self.closes_at()

    def refusal(self, now: datetime | None = None) -> str | None:
        """Why the night's tables score no game now (for whoever is no organiser), or None."""
        now = now or timezone.now()
        if now < self.opens_at():
            return _("Cette soirée de ligue a lieu le %(date)s : ses tables comptent les parties à partir "
                     "de ce jour-là.") % {"date": date_format(self.date, "DATE_FORMAT")}
        if now >= self.closes_at():
            return _("La soirée de cette table est close : seuls les organisateurs de la ligue peuvent "
                     "y ajouter ou corriger une partie.")
        return None


class NightTable(models.Model):
    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="tables")
    label = models.CharField(max_length=MAX_LABEL)
    # The table's link for players without an account: whoever has it scores at this table.
    token = models.CharField(max_length=40, unique=True, default=new_token)

    class Meta:
        ordering = ["label", "pk"]
        constraints = [models.UniqueConstraint(fields=["night", "label"], name="table_label_unique")]

    def __str__(self) -> str:
        return self.label

    def get_absolute_url(self) -> str:
        return reverse("leagues:table", args=[self.token])


class Seat(models.Model):
    """A player present at a night: their table and place in its seat order once drawn, or
    waiting (no table). A player who left keeps the row (`left`): the draw of later nights
    still counts whom they met."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="league_seats")
    table = models.ForeignKey(NightTable, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="seats")
    position = models.PositiveSmallIntegerField(default=0)  # 0 = the first seat
    left = models.BooleanField(default=False)

    class Meta:
        ordering = ["table__label", "position", "pk"]
        constraints = [models.UniqueConstraint(fields=["night", "player"], name="seat_unique")]

    def __str__(self) -> str:
        return f"{self.player} @ {self.table or '-'}"


class LeagueGameQuerySet(models.QuerySet["LeagueGame"]):
    def finished(self) -> LeagueGameQuerySet:
        return self.filter(game__finished=True)

    def in_season(self, season: Season) -> LeagueGameQuerySet:
        return self.filter(table__night__season=season)


class LeagueGame(models.Model):
    """A game played at a night's table: it counts for the night's season."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="league_game")
    table = models.ForeignKey(NightTable, on_delete=models.CASCADE, related_name="games")

    objects = LeagueGameQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.game} @ {self.table}"

    @property
    def season(self) -> Season:
        return self.table.night.season


class Standing(models.Model):
    """A player's running figures in a season, for one variant or overall."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="league_standings")
    scope = models.CharField(max_length=32)  # a variant key, or standings.OVERALL
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    place_sum = models.FloatField(default=0)  # of scaled places (0 first, 1 last)
    points_sum = models.FloatField(default=0)
    position_sum = models.FloatField(default=0)  # of places at the table (1 first)
    current_streak = models.PositiveIntegerField(default=0)
    best_streak = models.PositiveIntegerField(default=0)
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "player", "scope"], name="standing_unique"),
        ]
        indexes = [models.Index(fields=["season", "scope"])]

    def tally(self) -> Tally:
        return Tally(self.games, self.wins, self.place_sum, self.points_sum,
                     self.current_streak, self.best_streak, self.position_sum)

    def skill(self) -> Skill:
        return Skill(self.mu, self.sigma)

    def store(self, tally: Tally, skill: Skill) -> None:
        self.games, self.wins = tally.games, tally.wins
        self.place_sum, self.points_sum = tally.place_sum, tally.points_sum
        self.position_sum = tally.position_sum
        self.current_streak, self.best_streak = tally.current_streak, tally.best_streak
        self.mu, self.sigma = skill.mu, skill.sigma


class Result(models.Model):
    """A player's outcome in one ended game, with their ratings just after it (for charts)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="results")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="league_results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="league_results")
    variant = models.CharField(max_length=32)
    finished_at = models.DateTimeField(null=True)
    side = models.CharField(max_length=80)
    place = models.FloatField()
    sides = models.PositiveSmallIntegerField()
    won = models.BooleanField()
    points = models.FloatField()
    mu = models.FloatField()  # the variant's rating after the game
    sigma = models.FloatField()
    overall_mu = models.FloatField()
    overall_sigma = models.FloatField()

    class Meta:
        ordering = ["finished_at", "game_id"]
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="result_unique")]
        indexes = [models.Index(fields=["season", "player", "finished_at"])]

    @property
    def scaled_place(self) -> float:
        return 0.0 if self.sides < 2 else (self.place - 1) / (self.sides - 1)

    @property
    def variant_name(self) -> str:
        return VARIANTS[self.variant].name
