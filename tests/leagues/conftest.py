"""A league with one season, one night and two tables; games finished at them in one call."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from leagues.models import League, LeagueGame, Night, NightTable, Season
from scorekeeper.models import Game
from tests.factories import tamalou_round


@pytest.fixture
def organiser(db: None) -> User:
    return User.objects.create_user("orga", password="un mot de passe long")


@pytest.fixture
def stranger(db: None) -> User:
    return User.objects.create_user("autre", password="un mot de passe long")


@pytest.fixture
def league(organiser: User) -> League:
    league = League.objects.create(name="Les jeudis")
    league.organisers.add(organiser)
    return league


@pytest.fixture
def season(league: League) -> Season:
    return Season.objects.create(league=league, name="Printemps", start=date(2026, 3, 1))


@pytest.fixture
def night(season: Season) -> Night:
    """Tonight's night: its tables' links score until the morning after (guard.py)."""
    return Night.objects.create(season=season, date=timezone.localdate())


@pytest.fixture
def table(night: Night) -> NightTable:
    return NightTable.objects.create(night=night, label="Table 1")


@pytest.fixture
def other_table(night: Night) -> NightTable:
    return NightTable.objects.create(night=night, label="Table 2")


@pytest.fixture
def play(django_capture_on_commit_callbacks: Any) -> Callable[..., Game]:
    """play(table, {"Ana": 3, "Ben": 10}, announcer="Ana"): a one-round tamalou game at the
    table, ended through Game.add_round with its after-commit signals run."""

    def _play(table: NightTable, hands: dict[str, int], announcer: str | None = None) -> Game:
        game = Game.start("tamalou", list(hands), {"rounds": 1})
        LeagueGame.objects.create(game=game, table=table)
        with django_capture_on_commit_callbacks(execute=True):
            game.add_round(tamalou_round(announcer, **hands))
        game.refresh_from_db()
        return game

    return _play
