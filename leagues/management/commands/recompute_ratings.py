"""Rebuild a season's standings and ratings from its ended games (after an import or a fix)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from leagues.models import Season
from leagues.results.recording import recompute_season


class Command(BaseCommand):
    help = "Recompute the standings and OpenSkill ratings of seasons from their ended games."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season_ids", nargs="*", type=int, help="seasons (all when none is given)")

    def handle(self, *args: Any, season_ids: list[int], **options: Any) -> None:
        seasons = Season.objects.filter(pk__in=season_ids) if season_ids else Season.objects.all()
        missing = set(season_ids) - set(seasons.values_list("pk", flat=True))
        if missing:
            raise CommandError(f"no season with id {', '.join(map(str, sorted(missing)))}")
        for season in seasons:
            count = recompute_season(season)
            self.stdout.write(f"season {season.pk} ({season}): {count} games")
