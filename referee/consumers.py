"""One WebSocket consumer per phone at a table; one channel-layer group per table.

A message ``{"type": "snap.claim", ...}`` is handled by ``snap_claim``. Each
action is recorded by `LiveTable.record` (the log, then `referee.table`) inside
a transaction; what to broadcast is collected by ``transaction.on_commit`` and
sent to the table's group only once the event is safely in the log, so no
phone ever sees a ruling that a rollback took back.

Window timeouts: the consumer that registered a discard sets a timer for its
deadline, and every phone sends ``window.tick`` when its own countdown ends;
whichever comes first closes the window (a second close is not logged). Any
event arriving after the deadline also closes it first (lazy expiry in
`referee.table`). So a window closes on time even if the discarding phone
dropped, and without one process having to own every table's timers.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import transaction
from django.utils import translation

from .clock import ClockEstimate, Sample
from .describe import describe
from .models import LiveTable, normalise_code
from .ratelimit import TokenBucket

FORBIDDEN = 4403  # close code: not a member of this table
RATE, BURST = 8.0, 20  # messages a second, and at once, per phone
TIMER_SLACK = 0.05  # seconds after the deadline before the server's own timer closes a window
RECENT = 30  # rulings sent to a (re)connecting phone
MAX_MESSAGE = 4096  # characters in one message from a phone
ACTIONS = frozenset({
    "clock.ping", "clock.sample", "discard", "snap.claim", "window.tick", "power.declined",
    "power.used", "call.made", "call.counter", "ask", "settings.change",
})


def now() -> float:
    """Server time in seconds (a function, so tests can move the clock)."""
    return time.time()


class TableConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        self.code = normalise_code(self.scope["url_route"]["kwargs"]["code"])
        self.group = f"table.{self.code}"
        self.member: dict[str, Any] | None = None
        self.clock = ClockEstimate()
        self.pongs: dict[float, tuple[float, float]] = {}
        self.bucket = TokenBucket(RATE, BURST, now())
        self.timers: set[asyncio.Task[None]] = set()
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.lang = _language(query.get("lang", [""])[0] or self.scope.get("cookies", {}).get(
            settings.LANGUAGE_COOKIE_NAME, ""))
        await self.accept()
        token = query.get("token", [None])[0]
        if token is not None:
            await self.authenticate(token)

    async def disconnect(self, code: int) -> None:
        for timer in self.timers:
            timer.cancel()
        if self.member is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def authenticate(self, token: Any) -> bool:
        self.member = await _member_for(self.code, token)
        if self.member is None:
            await self.close(code=FORBIDDEN)
            return False
        self.table = self.member.pop("_table")
        await self.channel_layer.group_add(self.group, self.channel_name)
        snapshot = await _snapshot(self.member["table"])
        await self.send_json({
            "type": "table.state", "member": self.member, "server_time": now(),
            "state": snapshot["state"],
            "rulings": [self._worded(r) for r in snapshot["rulings"]],
        })
        return True

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        if text_data is None or len(text_data) > MAX_MESSAGE:
            # A claim is a few dozen bytes: anything this big is a bug or abuse, and is not logged.
            await self.send_json({"type": "error", "code": "message_too_big"})
            return
        await super().receive(text_data=text_data, **kwargs)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not self.bucket.allow(now()):
            await self.send_json({"type": "error", "code": "rate_limited"})
            return
        kind = content.get("type") if isinstance(content, dict) else None
        if self.member is None:
            if kind == "auth":
                await self.authenticate(content.get("token"))
            else:
                await self.close(code=FORBIDDEN)
            return
        if kind not in ACTIONS:
            await self.send_json({"type": "error", "code": "unknown_type"})
            return
        await getattr(self, str(kind).replace(".", "_"))(content)

    # -- the clock -------------------------------------------------------------------

    async def clock_ping(self, content: dict[str, Any]) -> None:
        received = now()
        t0 = content.get("t0")
        if not isinstance(t0, int | float) or isinstance(t0, bool):
            return
        if len(self.pongs) > 32:  # pongs the phone never reported: forget the oldest
            self.pongs.pop(next(iter(self.pongs)))
        sent = now()
        self.pongs[float(t0)] = (received, sent)
        await self.send_json({"type": "clock.pong", "t0": t0, "t1": received, "t2": sent})

    async def clock_sample(self, content: dict[str, Any]) -> None:
        """The phone reports when our pong arrived (t3); t1 and t2 are our own, kept here."""
        t0, t3 = content.get("t0"), content.get("t3")
        if not isinstance(t0, int | float) or not isinstance(t3, int | float):
            return
        server = self.pongs.pop(float(t0), None)
        if server is not None:
            self.clock.add(Sample(float(t0), server[0], server[1], float(t3)))

    # -- table actions ---------------------------------------------------------------

    async def discard(self, content: dict[str, Any]) -> None:
        payload = {"player": content.get("player"), "card": content.get("card"),
                   "from_stock": content.get("from_stock", True) is not False}
        rulings = await self.record("discard", payload)
        for ruling in rulings:
            if ruling["rule"] == "window.opened":
                self._close_at(ruling["deadline"])

    async def snap_claim(self, content: dict[str, Any]) -> None:
        tap = content.get("tap")  # the phone's own clock, in seconds
        payload = {
            "player": content.get("player"), "card": content.get("card"),
            "tap": self.clock.to_server(float(tap)) if _is_number(tap) else None,
            "window": content.get("window"), "for_player": content.get("for_player"),
            "penalty_card": bool(content.get("penalty_card")),
        }
        await self.record("snap.claim", payload)

    async def window_tick(self, content: dict[str, Any]) -> None:
        await self.record("window.timeout", {}, as_member=False)

    async def power_declined(self, content: dict[str, Any]) -> None:
        await self.record("power.declined", {})

    async def power_used(self, content: dict[str, Any]) -> None:
        await self.record("power.used", {"player": content.get("player"), "targets": content.get("targets")})

    async def call_made(self, content: dict[str, Any]) -> None:
        await self.record("call.made", {"player": content.get("player")})

    async def call_counter(self, content: dict[str, Any]) -> None:
        await self.record("call.counter", {"player": content.get("player")})

    async def ask(self, content: dict[str, Any]) -> None:
        await self.record("ask", {k: v for k, v in content.items() if k != "type"})

    async def settings_change(self, content: dict[str, Any]) -> None:
        await self.record("settings", {"snap_limit": content.get("snap_limit")})

    async def record(self, kind: str, payload: dict[str, Any], as_member: bool = True) -> list[dict[str, Any]]:
        """Log the event, then broadcast (after commit) or answer the sender alone."""
        assert self.member is not None
        member_id = self.member["id"] if as_member else None
        broadcast, rulings = await _record(self.table, member_id, kind, payload, now())
        for message in broadcast:
            await self.channel_layer.group_send(self.group, message)
        if not broadcast and member_id is not None:  # not logged: for the sender's eyes only
            for ruling in rulings:
                await self.send_json({"type": "table.refused", "ruling": self._worded(ruling)})
        return rulings

    def _close_at(self, deadline: float) -> None:
        async def close_later() -> None:
            await asyncio.sleep(max(0.0, deadline - now()) + TIMER_SLACK)
            await self.record("window.timeout", {}, as_member=False)

        task = asyncio.ensure_future(close_later())
        self.timers.add(task)
        task.add_done_callback(self.timers.discard)

    # -- group messages --------------------------------------------------------------

    async def table_update(self, message: dict[str, Any]) -> None:
        # Encoded once for the whole table (see update_message): only the time is this phone's.
        rulings = message["rulings"].get(self.lang) or message["rulings"][settings.LANGUAGE_CODE]
        await self.send(text_data=(
            f'{{"type": "table.update", "seq": {message["seq"]}, "server_time": {now()!r}, '
            f'"state": {message["state"]}, "rulings": {rulings}}}'))

    def _worded(self, ruling: dict[str, Any]) -> dict[str, Any]:
        with translation.override(self.lang):
            return {**ruling, "text": describe(ruling)}


def update_message(seq: int, state: dict[str, Any], rulings: list[dict[str, Any]]) -> dict[str, Any]:
    """The group message for one event: the state and the worded rulings, JSON-encoded once.

    Strings keep the channel layer's copy of each message cheap, and spare every
    consumer of the table from encoding the same state and wording the same
    rulings again.
    """
    worded = {}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            worded[lang] = json.dumps([{**r, "text": describe(r)} for r in rulings], ensure_ascii=False)
    return {"type": "table.update", "seq": seq, "state": json.dumps(state, ensure_ascii=False),
            "rulings": worded}


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _language(code: str) -> str:
    known = {lang for lang, _ in settings.LANGUAGES}
    return code if code in known else settings.LANGUAGE_CODE


@database_sync_to_async
def _member_for(code: str, token: Any) -> dict[str, Any] | None:
    table = LiveTable.objects.open().select_related("game").filter(code=code).first()
    member = table.member_for_token(token) if table is not None else None
    if member is None:
        return None
    # The consumer keeps the table (and its game) for the connection: what a replay
    # starts from never changes, so each event costs no extra query for it.
    return {"id": member.pk, "table": table.pk, "role": member.role, "seat": member.seat, "_table": table}


@database_sync_to_async
def _snapshot(table_id: int) -> dict[str, Any]:
    table = LiveTable.objects.select_related("game").get(pk=table_id)
    history = table.history()
    rulings = [r for _, rs in history for r in rs][-RECENT:]
    return {"state": table.state().to_json(), "rulings": rulings}


@database_sync_to_async
def _record(table: LiveTable, member_id: int | None, kind: str, payload: dict[str, Any], at: float
            ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(messages for the group, filled once committed; the event's rulings)."""
    broadcast: list[dict[str, Any]] = []
    # No transaction around it: the event's INSERT commits on its own (referee/eventlog.py),
    # so what is broadcast is already in the log.
    outcome = table.record(kind, payload, member_id, at)
    if outcome.event is not None:
        broadcast.append(update_message(outcome.event.seq, outcome.state.to_json(), outcome.rulings))
    return broadcast, outcome.rulings
