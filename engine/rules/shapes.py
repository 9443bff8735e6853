"""How JSON values are named in messages."""

from __future__ import annotations

import json
from typing import Any


def type_name(value: Any) -> str:
    """How a JSON value's type is called in messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def quoted(value: Any) -> str:
    """A short, safe rendering of a bad value for a message."""
    if isinstance(value, (list, dict)) and value:
        return type_name(value)  # a structure may be huge or nested without end: name it only
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type_name(value)
    return text if len(text) <= 40 else text[:37] + "..."


def unknown_fields(obj: dict[str, Any], allowed: tuple[str, ...] | frozenset[str]) -> list[str]:
    return [key for key in obj if key not in allowed]


def short_text(value: Any, limit: int = 40) -> str:
    """A bad value as plain text for a problem's params (the web layer quotes it itself)."""
    return value[:limit] if isinstance(value, str) else quoted(value)


def type_code(value: Any) -> str:
    """A JSON value's type as a problem's params say it (the web layer words it)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return "other"
