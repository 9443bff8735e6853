"""`python manage.py score_game FILE`: score a game record and print the result JSON.

Invalid records print nothing on standard output and one line per problem on
standard error (`round N:` first when a round is at fault), and exit 1.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from engine.rules import RecordError, load_record, score_record

EXIT_INVALID = 1
EXIT_UNREADABLE = 2


class Command(BaseCommand):
    help = "Score a game record (JSON, spec v1) and print the result JSON. FILE may be - for standard input."
    requires_system_checks: list[str] = []  # a pure computation: no need to check the project

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="the record's path, or - for standard input")
        parser.add_argument("--explain", action="store_true",
                            help="add each round's steps (rule identifiers and their parameters)")
        parser.add_argument("--indent", type=int, default=None, metavar="N",
                            help="indent the JSON by N spaces (slower on long games)")

    def handle(self, *args: Any, **options: Any) -> None:
        data = self.read(options["file"])
        try:
            result = score_record(load_record(data))
        except RecordError as exc:
            for problem in exc.problems:
                # One line per problem, even when a name holds a line break.
                line = str(problem).replace("\r", "\\r").replace("\n", "\\n")
                sys.stderr.write(f"{line}\n")
            raise SystemExit(EXIT_INVALID) from None
        output = result.to_json()
        if options["explain"]:
            for i, out in enumerate(output["rounds"]):
                out["steps"] = [{"rule": s.rule, "player": s.player, **s.params} for s in result.explain(i)]
        sys.stdout.write(json.dumps(output, ensure_ascii=False, indent=options["indent"]))
        sys.stdout.write("\n")

    @staticmethod
    def read(path: str) -> bytes:
        try:
            if path == "-":
                return sys.stdin.buffer.read()
            with open(path, "rb") as f:
                return f.read()
        except OSError as exc:
            sys.stderr.write(f"cannot read {path}: {exc.strerror}\n")
            raise SystemExit(EXIT_UNREADABLE) from None
