"""Who the standings mark as not settled: provisional (too few games, or a rating still
unsure) and inactive (no game in the season's last nights). The season's settings say the
thresholds, and whether these players leave the ranking (never their own page).

Like lichess's provisional ratings (a rating deviation above a threshold): our rating's σ
starts at 8.3 and falls to about 7.5 after five games at tables of four, 6.5 after twelve.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import timezone

from leagues.models import Night, Result, Season
from leagues.ranking.standings import StandingRow, rank_rows

PROVISIONAL = "provisional"
INACTIVE = "inactive"


@dataclass(frozen=True, slots=True)
class Thresholds:
    games: int  # fewer games than this: provisional
    sigma: float  # a σ above this: provisional
    nights: int  # no game in the season's last this many nights: inactive (0: never)

    @classmethod
    def of(cls, season: Season) -> Thresholds:
        return cls(season.provisional_games, season.provisional_sigma, season.inactive_nights)


def status(row: StandingRow, thresholds: Thresholds, active: set[int] | None) -> str | None:
    """PROVISIONAL, INACTIVE or None. `active`: the players who played in the last nights, or
    None when the season has had fewer nights than that (nobody is inactive yet)."""
    if row.games < thresholds.games or row.skill.sigma > thresholds.sigma:
        return PROVISIONAL
    if active is not None and row.key not in active:
        return INACTIVE
    return None


def recently_active(season: Season, nights: int) -> set[int] | None:
    """The players with a game in the season's last `nights` nights held so far (None: the
    season has not held that many)."""
    if nights <= 0:
        return None
    last = list(Night.objects.filter(season=season, date__lte=timezone.localdate())
                .order_by("-date", "-pk").values_list("pk", flat=True)[:nights])
    if len(last) < nights:
        return None
    return set(Result.objects.filter(season=season, game__league_game__table__night__in=last)
               .values_list("player_id", flat=True))


def marks(season: Season, rows: Iterable[StandingRow]) -> dict[int, str]:
    """Each unsettled player's key -> PROVISIONAL or INACTIVE."""
    thresholds = Thresholds.of(season)
    active = recently_active(season, thresholds.nights)
    found = {}
    for row in rows:
        mark = status(row, thresholds, active)
        if mark is not None and row.key is not None:
            found[row.key] = mark
    return found


def shown_rows(season: Season, rows: list[StandingRow]) -> tuple[list[StandingRow], dict[int, str], int]:
    """The ranking as the season asks it shown: (rows, marks, how many were hidden). Hidden
    players are taken out and the others ranked again."""
    found = marks(season, rows)
    if not season.hide_unsettled or not found:
        return rows, found, 0
    kept = [row for row in rows if row.key not in found]
    return rank_rows(kept), found, len(rows) - len(kept)
