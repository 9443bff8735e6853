"""Reading a game record: JSON text in, a checked `Game` out, or every problem found.

Only the record's top level is read here; each variant reads its own rounds.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import TOP, Problem, Problems, RecordError
from .game import Game
from .registry import VARIANTS, get_variant
from .shapes import quoted, short_text, type_code, type_name, unknown_fields
from .variants.base import Variant

FORMAT = 1
MAX_NAME_LENGTH = 40
TOP_LEVEL_FIELDS = ("format", "variant", "options", "players", "rounds", "people")
# A person id (v1.2, `people`): opaque, 1–64 characters of A–Z a–z 0–9 _ -.
PERSON_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class _DuplicateKey(ValueError):
    def __init__(self, message: str, key: str):
        super().__init__(message)
        self.key = key


class _BadNumber(ValueError):
    """A number JSON decodes but a record cannot use (NaN, Infinity, 1e999)."""

    def __init__(self, message: str, text: str):
        super().__init__(message)
        self.text = text


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(f"the key {json.dumps(key, ensure_ascii=False)} appears twice in one object",
                                    key)
            seen.add(key)
    return obj


def _no_constant(name: str) -> Any:
    raise _BadNumber(f"{name} is not a number JSON allows", name)


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _BadNumber(f"the number {text[:20]} is too large", text[:20])
    return value


def load_record(text: str | bytes) -> Any:
    """Decode a record's JSON strictly: no duplicate keys, no NaN, no endless numbers."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError([Problem(f"the file is not UTF-8 text (byte {exc.start})", code="json.not_utf8",
                                       params={"byte": exc.start}, field=TOP)]) from None
    text = text.removeprefix("\ufeff")
    params: dict[str, Any]
    try:
        return json.loads(
            text,
            object_pairs_hook=_object_without_duplicates,
            parse_constant=_no_constant,
            parse_float=_finite_float,
        )
    except json.JSONDecodeError as exc:
        message = f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        code, params = "json.invalid", {"line": exc.lineno, "column": exc.colno}
    except _DuplicateKey as exc:
        message = str(exc)
        code, params = "json.duplicate_key", {"key": short_text(exc.key)}
    except RecursionError:
        message = "the JSON is nested too deeply"
        code, params = "json.too_deep", {}
    except _BadNumber as exc:
        message = f"not a usable record: {exc}"
        code, params = "json.bad_number", {"text": exc.text}
    except ValueError as exc:  # ints over Python's digit limit
        message = f"not a usable record: {exc}"
        code, params = "json.number_too_long", {}
    raise RecordError([Problem(message, code=code, params=params, field=TOP)])


def _read_options(raw: Any, variant: Variant, problems: Problems) -> dict[str, Any]:
    options = variant.option_defaults()
    if raw is None:
        return options
    if not isinstance(raw, dict):
        problems.add(f"options must be an object, not {type_name(raw)}", code="field.shape", field="options",
                     expected="object", got=type_code(raw))
        return options
    declared = {o.key: o for o in variant.options}
    for key, value in raw.items():
        option = declared.get(key)
        if option is None:
            known = ", ".join(declared) or "none"
            problems.add(f"option {quoted(key)} is unknown for {variant.key} (its options: {known})",
                         code="option.unknown", field="options", option=short_text(key))
        elif option.kind == "count":
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                problems.add(f"option {key} must be a whole number of at least 1, not {quoted(value)}",
                             code="option.count", field="options", option=key)
            else:
                options[key] = value
        elif option.kind == "flag":
            if not isinstance(value, bool):
                problems.add(f"option {key} must be true or false, not {quoted(value)}",
                             code="option.flag", field="options", option=key)
            else:
                options[key] = value
    return options


def _read_players(raw: Any, variant: Variant, problems: Problems) -> list[str] | None:
    if raw is None:
        problems.add("players is missing: a list of names in seat order", code="field.missing", field="players")
        return None
    if not isinstance(raw, list):
        problems.add(f"players must be a list of names, not {type_name(raw)}", code="field.shape",
                     field="players", expected="names", got=type_code(raw))
        return None
    players: list[str] = []
    ok = True
    for i, name in enumerate(raw, 1):
        if not isinstance(name, str):
            problems.add(f"player {i} must be a name (text), not {quoted(name)}", code="name.not_text",
                         field="players", seat=i, got=type_code(name))
            ok = False
            continue
        trimmed = name.strip()
        if not trimmed:
            problems.add(f"player {i} has an empty name", code="name.empty", field="players", seat=i)
            ok = False
        elif len(trimmed) > MAX_NAME_LENGTH:
            problems.add(f"player {i}'s name is longer than {MAX_NAME_LENGTH} characters",
                         code="name.too_long", field="players", seat=i, limit=MAX_NAME_LENGTH)
            ok = False
        elif trimmed in players:
            problems.add(f"the name {trimmed} is used by two players", code="name.twice", field="players",
                         name=trimmed)
            ok = False
        else:
            players.append(trimmed)
    if ok and not variant.min_players <= len(players) <= variant.max_players:
        if variant.player_counts:  # not every count between (canasta: 2 or 4)
            allowed, code = " or ".join(map(str, variant.player_counts)), "players.count_either"
        else:
            allowed, code = f"{variant.min_players} to {variant.max_players}", "players.count"
        problems.add(f"{variant.key} is played by {allowed} players, not {len(players)}",
                     code=code, field="players", allowed=allowed, count=len(players),
                     low=variant.min_players, high=variant.max_players)
        ok = False
    return players if ok else None


def _read_people(raw: Any, players: list[str], problems: Problems) -> dict[str, str]:
    """Who sits behind each name (v1.2, optional): {name: person id}, names trimmed as in
    `players`. Scoring never reads it; it is checked so that an export means one thing."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        problems.add(f"people must be an object of name: person id, not {type_name(raw)}", code="field.shape",
                     field="people", expected="people", got=type_code(raw))
        return {}
    people: dict[str, str] = {}
    named_by: dict[str, str] = {}  # person id -> the first name given it
    for key, person in raw.items():
        name = key.strip()
        if name not in players:
            problems.add(f"people names {quoted(key)}, who is not among the players", code="people.not_a_player",
                         field="people", name=short_text(name))
        elif name in people:
            problems.add(f"people has two entries for {name}", code="entry.twice", field="people", player=name)
        elif not isinstance(person, str) or not PERSON_ID.fullmatch(person):
            problems.add(f"{name}'s person id must be 1 to 64 characters of A-Z a-z 0-9 _ -, not {quoted(person)}",
                         code="people.bad_id", field="people", player=name, value=short_text(person))
        elif person in named_by:
            problems.add(f"{named_by[person]} and {name} have the same person id {person}",
                         code="people.shared_id", field="people", player=name, first=named_by[person], id=person)
        else:
            people[name] = person
            named_by[person] = name
    return people


def read_game(raw: Any) -> Game:
    """Check a decoded record's top level. Raises RecordError with every problem found."""
    problems = Problems()
    if not isinstance(raw, dict):
        raise RecordError([Problem(f"a record must be a JSON object, not {type_name(raw)}", code="record.shape",
                                   params={"got": type_code(raw)}, field=TOP)])
    fmt = raw.get("format")
    if "format" not in raw:
        problems.add(f"format is missing (it must be {FORMAT})", code="format.missing", field="format",
                     expected=FORMAT)
    elif isinstance(fmt, bool) or fmt != FORMAT:
        problems.add(f"format must be {FORMAT}, not {quoted(fmt)}", code="format.wrong", field="format",
                     expected=FORMAT, value=quoted(fmt))
    key = raw.get("variant")
    variant = get_variant(key) if isinstance(key, str) else None
    if variant is None:
        if "variant" not in raw:
            problems.add("variant is missing", code="field.missing", field="variant")
        else:
            problems.add(f"variant {quoted(key)} is unknown (known: {', '.join(VARIANTS)})", code="variant.unknown",
                         field="variant", name=short_text(key), known=list(VARIANTS))
        allowed: tuple[str, ...] = TOP_LEVEL_FIELDS + ("teams",)
    else:
        allowed = TOP_LEVEL_FIELDS + variant.record_extras
    for name in unknown_fields(raw, allowed):
        problems.add(f"unknown field {quoted(name)} in the record", code="field.unknown", field=TOP,
                     name=short_text(name), allowed=list(allowed))
    rounds = raw.get("rounds")
    if "rounds" not in raw:
        problems.add("rounds is missing (use [] for a game with no rounds yet)", code="field.missing",
                     field="rounds")
    elif not isinstance(rounds, list):
        problems.add(f"rounds must be a list, not {type_name(rounds)}", code="field.shape", field="rounds",
                     expected="list", got=type_code(rounds))
    if variant is None:  # options, players and rounds are read by the variant's rules
        raise RecordError(problems.items)
    options = _read_options(raw.get("options"), variant, problems)
    players = _read_players(raw.get("players"), variant, problems)
    people = _read_people(raw.get("people"), players, problems) if players is not None else {}
    if players is None or not isinstance(rounds, list) or problems:  # a None or a wrong shape always comes with its problem
        raise RecordError(problems.items)
    game = Game(variant, options, players, rounds, people=people)
    variant.read_record_extras(raw, game, problems)
    problems.raise_if_any()
    return game
