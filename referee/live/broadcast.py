"""The one door every live update of a table leaves through.

A table's phones listen to one channel-layer group, named by `table_group`. Whatever
tells them something (a phone's socket, a page of the referee app) sends through here,
and only once what it tells is committed:

- `to_table`, from the consumers: the event it follows was appended by a statement that
  commits on its own (referee/eventlog.py), so it is in the log already;
- `to_table_on_commit`, from the views: sent when the view's transaction commits (at
  once outside a transaction), as Zulip's `send_event_on_commit` does.

When the channel layer is down (Redis unreachable), sending fails: what it told is
in the log already, so the failure is logged here and never reaches the phone or
the page that caused it (issue 21: an event logged is answered as logged, the join
page keeps answering). The table is remembered as missed; once the layer carries a
message again (the next send, or a retry every RESYNC_EVERY seconds from a socket's
loop), its phones are told `table.resync` first and each gets the whole state.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from referee.live import sent

log = logging.getLogger("referee.broadcast")
RESYNC_EVERY = 1.0  # seconds between two tries to reach a table's phones again
RESYNC_TRIES = 600  # ten minutes of outage, then the next event's send tries again
RESYNC = sent.group(sent.TableResync())
# Once the layer carries a resync, it is said again after these delays: with the pub/sub
# layer a publish succeeds as soon as this process is reconnected, while another
# process may not have subscribed its phones again yet (they missed the first one;
# tests/deploy/test_redis_outage.py failed about one run in four).
RESYNC_AGAIN = (2.0, 5.0)
_missed: set[str] = set()  # tables whose phones missed an update on this process
_retrying: set[str] = set()


def table_group(code: str) -> str:
    """The group of a table's phones: its code (letters only, normalised) names it."""
    return f"table.{code}"


def _built(message: sent.Message | dict[str, Any]) -> dict[str, Any]:
    """A group message as the layer carries it: a struct of referee/live/sent.py, or a dict built
    through one (messages.update_message)."""
    return sent.group(message) if isinstance(message, sent.Message) else message


async def to_table(code: str, message: sent.Message | dict[str, Any]) -> bool:
    """Send to the table's phones; False (logged, and retried as a resync) when the layer is down."""
    layer = get_channel_layer()
    message = _built(message)
    try:
        if code in _missed:
            await layer.group_send(table_group(code), RESYNC)
            _missed.discard(code)
        await layer.group_send(table_group(code), message)
    except Exception as exc:  # noqa: BLE001 - any failure of the layer: the log has the event
        _missed_by(code, exc)
        if code not in _retrying:
            _retrying.add(code)
            asyncio.ensure_future(_resync_when_back(code))
        return False
    return True


async def _resync_when_back(code: str) -> None:
    """Try to tell the table's phones to resync until the layer carries the message."""
    try:
        for _ in range(RESYNC_TRIES):
            await asyncio.sleep(RESYNC_EVERY)
            if code not in _missed:
                return
            try:
                await get_channel_layer().group_send(table_group(code), RESYNC)
            except Exception:  # noqa: BLE001 - still down
                continue
            _missed.discard(code)
            log.warning("table %s: the channel layer is back, phones told to resync", code)
            await _say_again(code)
            return
    finally:
        _retrying.discard(code)


async def _say_again(code: str) -> None:
    for delay in RESYNC_AGAIN:
        await asyncio.sleep(delay)
        try:
            await get_channel_layer().group_send(table_group(code), RESYNC)
        except Exception:  # noqa: BLE001 - down again: the next send starts over
            return


def _missed_by(code: str, exc: BaseException) -> None:
    if code not in _missed:
        log.warning("table %s: live update not sent, the channel layer failed (%s)", code, type(exc).__name__)
    _missed.add(code)


def to_table_on_commit(code: str, message: sent.Message | dict[str, Any] | Any) -> None:
    """Send `message` (or what a function given instead returns, then; None sends nothing)
    to the table's phones once the current transaction commits. A layer that is down
    costs the page nothing: the table is remembered as missed (see above)."""

    def send() -> None:
        body = message() if callable(message) else message
        if body is None:
            return
        body = _built(body)
        layer = get_channel_layer()
        try:
            if code in _missed:
                async_to_sync(layer.group_send)(table_group(code), RESYNC)
                _missed.discard(code)
            async_to_sync(layer.group_send)(table_group(code), body)
        except Exception as exc:  # noqa: BLE001 - the page's work is committed already
            _missed_by(code, exc)

    transaction.on_commit(send)


def forget() -> None:
    """No table missed (tests: a fresh server)."""
    _missed.clear()
