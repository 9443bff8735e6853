"""Import a season's past games from record JSON files: `import_season SEASON_ID FILES...`."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from leagues.models import Season
from leagues.results.importing import import_files


class Command(BaseCommand):
    help = ("Import game records into a season. The night's date and the table come from "
            "--date/--table, else from the file name (2026-03-12_table-2.json). A bad file is "
            "reported and saves nothing; the others are kept. Exits 1 if any file was refused.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season_id", type=int)
        parser.add_argument("files", nargs="+", type=Path)
        parser.add_argument("--date", type=date.fromisoformat, help="the night's date, YYYY-MM-DD")
        parser.add_argument("--table", help="the table's label")

    def handle(self, *args: Any, season_id: int, files: list[Path], **options: Any) -> None:
        season = Season.objects.filter(pk=season_id).first()
        if season is None:
            raise CommandError(f"no season with id {season_id}")
        contents: list[tuple[str, bytes]] = []
        for path in files:
            try:
                contents.append((path.name, path.read_bytes()))
            except OSError as error:
                raise CommandError(f"{path}: {error.strerror}") from None
        reports = import_files(season, contents, night_date=options["date"], table=options["table"])
        refused = [r for r in reports if not r.ok]
        for report in refused:
            for problem in report.problems:
                self.stderr.write(f"{report.name}: {problem}")
        self.stdout.write(f"{len(reports) - len(refused)} imported, {len(refused)} refused")
        if refused:
            raise SystemExit(1)
