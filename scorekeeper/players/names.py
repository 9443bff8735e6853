"""Names as the app keeps them: what it refuses in a player's or a team's name beyond the
engine's own checks (game-record.md section 2 says only "unique after trimming, at most 40
characters"), and the record's text composed (NFC) so one name is written one way.

Plain Python over the engine's Problem: models.py (imports, renames, new games) and the
new-game form (scorekeeper/entry/new_game.py) both read names through here.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import deque
from typing import Any

from engine.rules import Problem, RecordError

# Unicode's control characters (category Cc) are exactly these 65 code points.
CONTROL_CHARACTER = re.compile("[\x00-\x1f\x7f-\x9f]")
# Unicode's surrogates (category Cs): halves of a UTF-16 pair, no character on their own.
SURROGATE = re.compile("[\\ud800-\\udfff]")


def refuse_names_we_cannot_keep(names: list[str], teams: list[str]) -> None:
    """Names the engine accepts but the app cannot keep apart or store.

    The engine tells "Ana" from "ana"; a group reads a name whatever the case
    (scorekeeper/players/circle.py), so two such seats would be the same player
    twice. A control character (a NUL from a crafted file) is no part of a name,
    and PostgreSQL cannot store a NUL at all; no database stores a lone surrogate.
    A format character (a zero-width space, a bidi override) is invisible: "Ana" and
    "Ana" with one would be two players who look the same, and an override turns the
    text around the name. The spec (game-record.md, section 2) says none of this, so
    the engine accepts them and the app refuses them here. A canasta team named like a
    player would put one name on a side and on someone else in the results.
    """
    problems = [problem for name in names for problem in name_problems(name, "players")]
    problems += [problem for team in teams for problem in name_problems(team, "teams")]
    seen: dict[str, str] = {}
    for name in names:
        first = seen.setdefault(same_name_key(name), name)
        if first != name:
            problems.append(Problem(f"players {first!r} and {name!r} differ only in upper/lower case",
                                    code="players.same_name_ignoring_case",
                                    params={"player": name, "other": first}, field="players"))
    problems += [team_named_like_a_player(team) for team in teams if same_name_key(team) in seen]
    if problems:
        raise RecordError(problems)


def name_as_kept(text: str) -> str:
    """A name as the app keeps it: trimmed, and composed (Unicode's NFC), so that "é" typed
    as one character or as "e" and its accent is one name."""
    return unicodedata.normalize("NFC", text).strip()


def same_name_key(name: str) -> str:
    """What two names share when they are one person's: the same text, whatever the case
    and however its accents are written."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def name_problems(name: str, field: str = "players") -> list[Problem]:
    """Why the app cannot keep `name` (a player's, or a team's with `field` "teams"), if it
    cannot. The problem shows the name without the character at fault, and that
    character's code point: neither a lone surrogate nor a bidi override can be shown."""
    if (surrogate := SURROGATE.search(name)) is not None:
        char = _code_point(surrogate.group())
        return [Problem(f"the name {_shown(name)!r} contains a lone surrogate ({char}), which is not text",
                        code="name.surrogate", params={"player": _shown(name), "char": char}, field=field)]
    problems = []
    if CONTROL_CHARACTER.search(name):
        problems.append(Problem(f"the name {name!r} contains a control character",
                                code="name.control_character", params={"player": name}, field=field))
    invisible = [c for c in name if unicodedata.category(c) == "Cf"]
    if invisible:
        shown, char = "".join(c for c in name if c not in invisible), _code_point(invisible[0])
        problems.append(Problem(f"the name {shown!r} contains an invisible format character ({char})",
                                code="name.format_character", params={"player": shown, "char": char},
                                field=field))
    return problems


def team_named_like_a_player(team: str) -> Problem:
    """A canasta team named like one of the players: the results would hold two sides,
    or a side and a partner, of one name."""
    return Problem(f"the team {team!r} has a player's name", code="teams.named_like_a_player",
                   params={"team": team}, field="teams")


def composed(record: Any) -> Any:
    """`record` with every text in it composed (NFC): "Chloé" written with a combining accent
    is the same player as "Chloé", in every round. A lone surrogate (a JSON escape such as
    \\ud800, which is no character) is refused first, since no page can show it and no
    database can store it; so are two keys of one object that become the same."""
    try:  # the usual record, at C speed: all of its text composed, and none that is no text
        text = json.dumps(record, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = None
    if text is not None and not SURROGATE.search(text) and unicodedata.is_normalized("NFC", text):
        return record
    problems = _lone_surrogates(record)
    if problems:
        raise RecordError(problems)
    try:
        return _composed(record)
    except RecursionError:
        raise RecordError([Problem("the JSON is nested too deeply", code="json.too_deep")]) from None


def _lone_surrogates(record: Any) -> list[Problem]:
    """A problem for each text of the record holding a lone surrogate: the players' and the
    teams' names by name, any other text with its field (and its round)."""
    if not isinstance(record, dict):
        return []
    problems: list[Problem] = []
    said: set[str] = set()
    for field in ("players", "teams"):
        names = record.get(field)
        for name in names if isinstance(names, list | dict) else ():
            if isinstance(name, str) and name not in said and SURROGATE.search(name):
                problems += name_problems(name, field)
                said.add(name)
    waiting: deque[tuple[Any, str, int | None]] = deque()
    for key, value in record.items():
        rounds = value if key == "rounds" and isinstance(value, list) else None
        waiting.append((key, key, None))
        if rounds is None:
            waiting.append((value, key, None))
            continue
        for number, one in enumerate(rounds, 1):  # a round's text: its round and its own field
            items = one.items() if isinstance(one, dict) else [("rounds", one)]
            waiting.extend(entry for name, item in items for entry in ((name, name, number), (item, name, number)))
    while waiting:
        value, field, number = waiting.popleft()
        if isinstance(value, dict):
            waiting.extend(entry for key, item in value.items()
                           for entry in ((key, field, number), (item, field, number)))
        elif isinstance(value, list):
            waiting.extend((item, field, number) for item in value)
        elif isinstance(value, str) and value not in said and (surrogate := SURROGATE.search(value)):
            char = _code_point(surrogate.group())
            problems.append(Problem(f"the text {_shown(value)!r} contains a lone surrogate ({char}), "
                                    "which is not text", number, None, "text.surrogate",
                                    {"text": _shown(value), "char": char}, field))
            said.add(value)
    return problems


def _composed(value: Any) -> Any:
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, list):
        return [_composed(item) for item in value]
    if not isinstance(value, dict):
        return value
    out: dict[Any, Any] = {}
    for key, item in value.items():
        key = _composed(key)
        if key in out:
            raise RecordError([Problem(f"the key {key!r} appears twice in one object", code="json.duplicate_key",
                                       params={"key": key})])
        out[key] = _composed(item)
    return out


def _shown(text: str) -> str:
    """`text` as a page can show it: each lone surrogate as the replacement character."""
    return SURROGATE.sub("\ufffd", text)


def _code_point(char: str) -> str:
    return f"U+{ord(char):04X}"
