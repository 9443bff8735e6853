"""The one door every live update of a table leaves through.

A table's phones listen to one channel-layer group, named by `table_group`. Whatever
tells them something (a phone's socket, a page of the referee app) sends through here,
and only once what it tells is committed:

- `to_table`, from the consumers: the event it follows was appended by a statement that
  commits on its own (referee/eventlog.py), so it is in the log already;
- `to_table_on_commit`, from the views: sent when the view's transaction commits (at
  once outside a transaction), as Zulip's `send_event_on_commit` does.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def table_group(code: str) -> str:
    """The group of a table's phones: its code (letters only, normalised) names it."""
    return f"table.{code}"


async def to_table(code: str, message: dict[str, Any]) -> None:
    await get_channel_layer().group_send(table_group(code), message)


def to_table_on_commit(code: str, message: dict[str, Any] | Any) -> None:
    """Send `message` (or what a function given instead returns, then; None sends nothing)
    to the table's phones once the current transaction commits."""

    def send() -> None:
        body = message() if callable(message) else message
        if body is not None:
            async_to_sync(get_channel_layer().group_send)(table_group(code), body)

    transaction.on_commit(send)
