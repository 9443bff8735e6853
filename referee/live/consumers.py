"""One WebSocket consumer per phone at a table; one channel-layer group per table.

A message ``{"type": "snap.claim", ...}`` is handled by ``snap_claim``. Each
action is recorded by `LiveTable.record` (the log, then `engine.table.machine`) inside
a statement that commits on its own (referee/eventlog.py); what it broadcasts leaves
through referee/live/broadcast.py only once the event is in the log, so no phone
ever sees a ruling that a rollback took back.

Window timeouts: the consumer that registered a discard sets a timer for its
deadline, and every phone sends ``window.tick`` when its own countdown ends;
whichever comes first closes the window (a second close is not logged). Any
event arriving after the deadline also closes it first (lazy expiry in
`engine.table.machine`). So a window closes on time even if the discarding phone
dropped, and without one process having to own every table's timers.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation

from engine.table import inbox
from engine.table.clock import (
    MAX_CREDIT_CAP,
    ClockEstimate,
    Sample,
    sample_problem,
    supported_by_answer,
)
from engine.table.inbox import BadMessage
from referee.limits import gates, guesses
from referee.limits.addresses import counted_as
from referee.live import broadcast, relayed, sent
from referee.live.messages import update_message, update_text
from referee.models import JoinRequest, LiveTable, identity_in, normalise_code
from scorekeeper.wording.rulings import describe

log = logging.getLogger("referee.guard")

FORBIDDEN = 4403  # close code: not a member of this table
TOO_MANY_SOCKETS = 4429  # close code: this member has enough sockets open already
TRY_LATER = 1013  # close code (the standard's "try again later"): too many sockets opened; the page retries
CLOSED = 4410  # close code: the table was closed
AUTH_WAIT = 5.0  # seconds a socket may stay open without saying who it is
TIMER_SLACK = 0.05  # seconds after the deadline before the server's own timer closes a window
RECENT = 30  # rulings sent to a (re)connecting phone
MAX_MESSAGE = inbox.MAX_MESSAGE
TAPS_KEPT = 4  # pressed "Snap !" on this many windows and not yet named the card
FLOOD_SAY_EVERY = 20  # refused messages in a row: "rate_limited" said for the 1st, 21st, 41st...
FLOOD_CLOSE = 200  # refused in a row: the socket is closed (an honest phone is never near it)
ACTIONS = inbox.TYPES  # each read into its struct by engine/table/inbox.py, handled by its method


def now() -> float:
    """Server time in seconds (a function, so tests can move the clock)."""
    return time.time()


class TableConsumer(AsyncJsonWebsocketConsumer):
    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels (4.2+) hops to the database thread to close old connections before
        # every message, a table's four updates included. This consumer reaches the
        # database only through database_sync_to_async, which does that itself: five
        # thread hops less per event (py-spy: 12 % of the server's CPU, docs/benchmarks.md).
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.member: dict[str, Any] | None = None
        self.reserved_for: int | None = None  # the member this socket is counted for before its lookup (gates.member_may_open)
        self.timers: set[asyncio.Task[None]] = set()
        # config/proxy.py settled the client address; an IPv6 client is counted by its /64.
        self.address = counted_as(str((self.scope.get("client") or ("",))[0]))
        self.device = guesses.device_in_cookie(self.scope.get("cookies", {}).get(guesses.DEVICE_COOKIE))
        self.code = normalise_code(self.scope["url_route"]["kwargs"]["code"])
        self.group = broadcast.table_group(self.code)
        self.gate: gates.Gate | None = None
        self.clock = ClockEstimate()
        self.pongs: dict[float, tuple[float, float]] = {}
        self.taps: dict[Any, tuple[float, bool]] = {}  # window -> (credited tap, at the credit's edge)
        self.cards_sent: dict[int, float] = {}  # window -> when this phone was sent its card
        self.bucket = gates.member_bucket(now())  # before authentication
        self.reported_delay: float | None = None
        self.refused_in_row = 0  # messages beyond the rate since the last one let through
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.lang = _language(query.get("lang", [""])[0] or self.scope.get("cookies", {}).get(
            settings.LANGUAGE_COOKIE_NAME, ""))
        await self.accept()
        token = query.get("token", [None])[0]
        if token is not None:
            await self.authenticate(token)
        else:
            self._later(AUTH_WAIT, self._close_if_anonymous)

    async def disconnect(self, code: int) -> None:
        for timer in self.timers:
            timer.cancel()
        self._uncount()
        if self.member is not None:
            gates.leave(self.member["id"], self.channel_name)
            gates.unwatch(self.code, self.channel_name)
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def _close_if_anonymous(self) -> None:
        if self.member is None:
            await self.close(code=FORBIDDEN)

    async def authenticate(self, token: Any) -> bool:
        refusal = self._may_open(token)
        if refusal is not None:  # before any database work
            if refusal == "too_many_sockets":
                await self.say(sent.Error("too_many_sockets"))
                await self.close(code=TOO_MANY_SOCKETS)
            else:
                await self.close(code=TRY_LATER)  # the page retries by itself a moment later
            return False
        member = await _member_for(self.code, token)
        if member is None or member["id"] != self.reserved_for:
            self._uncount()  # counted for the member its token claimed, which is not (or no longer) it
        if member is None:
            await self.close(code=FORBIDDEN)
            return False
        gate = gates.enter(member["id"], self.channel_name, now())
        if gate is None:
            log.warning("table %s: member %s refused a socket beyond %s", self.code, member["id"], gates.MAX_SOCKETS)
            await self.say(sent.Error("too_many_sockets"))
            await self.close(code=TOO_MANY_SOCKETS)
            return False
        if member["role"] == "spectator" and not gates.watch(self.code, self.channel_name):
            gates.leave(member["id"], self.channel_name)
            log.warning("table %s: spectator %s refused beyond %s", self.code, member["id"],
                        settings.SPECTATORS_PER_TABLE)
            await self.say(sent.Error("too_many_spectators"))
            await self.close(code=TOO_MANY_SOCKETS)
            return False
        self.member, self.gate = member, gate
        self.reserved_for = None  # counted as the member from now on: `disconnect` leaves its gate
        self.table = self.member.pop("_table")
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_state()
        return True

    def _may_open(self, token: Any) -> str | None:
        """Why this socket is refused before its token is looked up, or None. Who it is counted
        as is read from the token's signature alone: a seat or the referee against its member
        (a venue's phones share one address), a spectator or a token that says nothing against
        its device and its address (referee/limits/gates.py)."""
        claimed = identity_in(self.code, token)
        if claimed is not None and claimed[1] != "spectator":
            if gates.member_may_open(claimed[0], self.channel_name, now()):
                self.reserved_for = claimed[0]
                return None
            log.warning("table %s: member %s refused a socket beyond %s at once, or opened too fast",
                        self.code, claimed[0], gates.MAX_SOCKETS)
            return "too_many_sockets"
        if gates.stranger_may_open(self.address, self.device, now()):
            return None
        log.warning("address %s (device %s): socket refused beyond its openings", self.address,
                    "none" if self.device is None else "known")
        return "try_later"

    def _uncount(self) -> None:
        """This socket no longer counted for the member its token claimed (closed, or refused)."""
        if self.reserved_for is not None:
            gates.leave(self.reserved_for, self.channel_name)
            self.reserved_for = None

    async def send_state(self, since: int | None = None) -> None:
        assert self.member is not None
        snapshot = await _snapshot(self.member["table"], since)
        await self.say(sent.TableState(
            member=sent.Member(**self.member), server_time=now(), since=since, seq=snapshot["seq"],
            state=snapshot["state"], credit_cap=self.table.credit_cap,
            rulings=[self._worded(r) for r in snapshot["rulings"]]))
        if self.member["role"] == "referee":
            for ask in await _pending_requests(self.member["table"]):
                await self.say(sent.JoinRequested(sent.Request(**ask)))

    async def say(self, message: sent.Message) -> None:
        """Send this phone one message, built through its schema (referee/live/sent.py)."""
        await self.send(text_data=sent.text(message))

    # -- reading what a phone sends ------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        """Every message is answered, never fatal: a bad one gets an error naming its problem."""
        bucket = self.gate.bucket if self.gate is not None else self.bucket
        cost = gates.cost(_kind_of(text_data))
        # A seat or the referee is limited as a member, never by its address: a venue's phones
        # share one, and a flood of spectators from it must not starve the players' moves.
        by_address = self.member is None or self.member["role"] == "spectator"
        if by_address and not gates.address_allows(self.address, now(), cost) or not bucket.allow(now(), cost):
            await self._refuse_flood()
            return
        self.refused_in_row = 0
        try:
            content = inbox.parse(text_data)
            await self.dispatch_message(content)
        except BadMessage as bad:
            self._anomaly("bad message %s", bad)
            await self.say(sent.Error(bad.code, bad.field))
        except Exception:  # a bug of ours must not close the phone's socket: log it, say so
            log.exception("table %s: message failed", self.code)
            await self.say(sent.Error("server_error"))

    async def _refuse_flood(self) -> None:
        """Beyond the rate: said once in a while (answering every message of a flood costs as
        much as reading it), and a socket that goes on regardless is closed."""
        self.refused_in_row += 1
        if self.refused_in_row > FLOOD_CLOSE + 1:
            return  # closing already: what is still in flight is dropped unread, unlogged
        if self.refused_in_row > FLOOD_CLOSE:
            self._anomaly("socket closed after %s messages beyond its rate", FLOOD_CLOSE)
            await self.close(code=TOO_MANY_SOCKETS)
        elif self.refused_in_row % FLOOD_SAY_EVERY == 1:
            await self.say(sent.Error("rate_limited"))

    async def dispatch_message(self, content: dict[str, Any]) -> None:
        """A parsed message, read into its struct (the inbox checks every field) and handled."""
        kind = content["type"]
        if self.member is None:
            message = _read_or_none(content) if kind == "auth" else None
            if isinstance(message, inbox.Auth):
                await self.authenticate(message.token)
            else:
                await self.close(code=FORBIDDEN)
            return
        if kind == "auth":
            raise BadMessage("unknown_type", "type")
        message = inbox.read(content)
        await getattr(self, kind.replace(".", "_"))(message)

    def _anomaly(self, what: str, *args: Any) -> None:
        """Something a phone sent that an honest phone would not: counted and logged."""
        if self.gate is not None:
            self.gate.anomalies += 1
        member = self.member["id"] if self.member else None
        log.warning("table %s member %s: " + what, self.code, member, *args)

    # -- the clock -------------------------------------------------------------------

    async def clock_ping(self, message: inbox.ClockPing) -> None:
        received = now()
        t0 = message.t0
        if len(self.pongs) > 32:  # pongs the phone never reported: forget the oldest
            self.pongs.pop(next(iter(self.pongs)))
        answered = now()
        self.pongs[t0] = (received, answered)
        await self.say(sent.ClockPong(t0=t0, t1=received, t2=answered))

    async def clock_sample(self, message: inbox.ClockSample) -> None:
        """The phone reports when our pong arrived (t3); t1 and t2 are our own, kept here."""
        returned = now()
        t0, t3 = message.t0, message.t3
        server = self.pongs.pop(t0, None)
        if server is None:
            raise BadMessage("clock.no_such_ping", "t0")
        sample = Sample(t0, server[0], server[1], t3)
        problem = sample_problem(sample, returned)
        if problem is not None:
            self._anomaly("impossible clock sample (%s): %s, back at %s", problem, sample, returned)
            raise BadMessage(problem, "t3")
        self.clock.add(sample, returned)
        await self._report_delay()

    async def _report_delay(self) -> None:
        """Tell the referee's phones this phone's measured delay, when it changed noticeably."""
        one_way = self.clock.one_way
        if one_way is None or self.member is None or self.gate is None:
            return
        if self.reported_delay is not None and abs(one_way - self.reported_delay) < 0.005:
            return
        self.reported_delay = one_way
        await broadcast.to_table(self.code, self._delay_message())

    def _delay_message(self) -> sent.MemberDelay:
        assert self.member is not None and self.gate is not None
        return sent.MemberDelay(
            member=self.member["id"], seat=self.member["seat"], role=self.member["role"],
            one_way_ms=round((self.clock.one_way or 0) * 1000),
            credit_ms=round(self.clock.credit(self.table.credit_cap) * 1000),
            flagged=self.gate.flagged, anomalies=self.gate.anomalies,
            claims=self.gate.claims, at_limit=self.gate.at_limit)

    # -- table actions ---------------------------------------------------------------

    async def discard(self, message: inbox.Discard) -> None:
        payload = {"player": message.player, "card": message.card, "from_stock": message.from_stock,
                   "took_pile": message.took_pile}
        rulings = await self.record("discard", payload, message)
        for ruling in rulings:
            if ruling["rule"] == "window.opened" and ruling["deadline"] is not None:  # None: no time limit
                self._close_at(ruling["deadline"])

    async def snap_tap(self, message: inbox.SnapTap) -> None:
        """"Snap !" pressed: the tap is credited against this message's arrival, not the claim's
        (naming the card takes the player a moment the network did not)."""
        window = message.window
        credited = self.clock.credited_tap(message.tap, now(), self.table.credit_cap, self._supported(window))
        if len(self.taps) >= TAPS_KEPT:
            self.taps.pop(next(iter(self.taps)))
        self.taps[window] = credited
        await self._acknowledge(message, None, refused=False)

    async def snap_claim(self, message: inbox.SnapClaim) -> None:
        window = message.window
        payload: dict[str, Any] = {
            "player": message.player, "card": message.card, "window": window,
            "for_player": message.for_player, "penalty_card": message.penalty_card,
        }
        tap, at_limit = self.taps.pop(window, None) or self.clock.credited_tap(
            message.tap, now(), self.table.credit_cap, self._supported(window))
        if at_limit:
            self._anomaly("tap claimed earlier than its credit allows")
        payload["tap"] = tap
        assert self.gate is not None
        rulings = await self.record("snap.claim", payload, message)
        self.gate.claimed(at_limit and _won(rulings, payload["player"]))
        if at_limit:
            await broadcast.to_table(self.code, self._delay_message())

    def _supported(self, window: int | None) -> float | None:
        """The credit this claim's own timing supports: from when its card was sent to this phone."""
        if window is None and self.cards_sent:
            window = max(self.cards_sent)
        return supported_by_answer(now(), self.cards_sent.get(window) if window is not None else None)

    async def window_tick(self, message: inbox.WindowTick) -> None:
        await self.record("window.timeout", {}, message, as_member=False)

    async def power_declined(self, message: inbox.PowerDeclined) -> None:
        await self.record("power.declined", {}, message)

    async def power_used(self, message: inbox.PowerUsed) -> None:
        await self.record("power.used", {"player": message.player, "targets": message.aimed()}, message)

    async def round_last_card(self, message: inbox.RoundLastCard) -> None:
        await self.record("round.last_card", {"player": message.player}, message)

    async def stock_empty(self, message: inbox.StockEmpty) -> None:
        await self.record("stock.empty", {"reshuffled": message.reshuffled}, message)

    async def call_made(self, message: inbox.CallMade) -> None:
        await self.record("call.made", {"player": message.player}, message)

    async def call_counter(self, message: inbox.CallCounter) -> None:
        await self.record("call.counter", {"player": message.player}, message)

    async def ask(self, message: inbox.Ask) -> None:
        """Only what the question reads is logged (engine.table.inbox.QUESTIONS): never a phone's extra keys."""
        await self.record("ask", message.logged(), message)

    async def settings_change(self, message: inbox.SettingsChange) -> None:
        cap_ms = message.credit_cap_ms
        if cap_ms is not None:
            await self.change_credit_cap(cap_ms / 1000)
        if message.snap_limit is not None or cap_ms is None:
            if message.snap_limit is None:  # neither: the snap limit is what a bare change sets
                raise BadMessage("not_a_number", "snap_limit")
            await self.record("settings", {"snap_limit": message.snap_limit}, message)

    async def change_credit_cap(self, cap: float) -> None:
        assert self.member is not None
        if self.member["role"] != "referee":
            raise BadMessage("referee_only", "credit_cap_ms")
        if not 0 <= cap <= MAX_CREDIT_CAP:
            raise BadMessage("out_of_range", "credit_cap_ms")
        await _set_credit_cap(self.table.pk, cap)
        await broadcast.to_table(self.code, sent.TableOption(cap))

    async def join_answer(self, message: inbox.JoinAnswer) -> None:
        """The referee lets a phone take a held seat or become referee, or not."""
        assert self.member is not None
        if self.member["role"] != "referee":
            raise BadMessage("referee_only", "type")
        request_id = message.request
        answered = await _answer(self.table, request_id, message.approve)
        if answered is None:
            raise BadMessage("no_such_request", "request")
        updates, removed = answered
        for update in updates:
            await broadcast.to_table(self.code, update)
        for member_id in removed:  # the seat's former phone: its sockets close, its token is dead
            await broadcast.to_table(self.code, sent.MemberRemoved(member_id))
        await broadcast.to_table(self.code, sent.JoinAnswered(request_id))

    async def sync(self, message: inbox.Sync) -> None:
        """A phone saw a gap in `seq`: the state now, and the rulings since what it had."""
        await self.send_state(message.since)

    async def record(self, kind: str, payload: dict[str, Any], message: inbox.Action | inbox.Ask | None = None,
                     as_member: bool = True) -> list[dict[str, Any]]:
        """Log the event, then broadcast (after commit); a refusal answers the sender alone.

        A message carrying an `id` is acknowledged to its sender with the seq it
        got (or none), so a phone knows which of its claims the table recorded.
        """
        assert self.member is not None
        member_id = self.member["id"] if as_member else None
        updates, rulings, seq, refusal = await _record(self.table, member_id, kind, payload, now())
        for update in updates:
            await broadcast.to_table(self.code, update)
        if refusal is not None and member_id is not None:  # not logged: for the sender's eyes only
            await self.say(sent.TableRefused(self._worded(refusal)))
        if message is not None:
            await self._acknowledge(message, seq, refused=refusal is not None)
        return rulings

    async def _acknowledge(self, message: inbox.Action | inbox.Ask, seq: int | None, refused: bool) -> None:
        if message.id is not None:
            await self.say(sent.Received(id=message.id, seq=seq, refused=refused))

    def _close_at(self, deadline: float) -> None:
        async def close_window() -> None:
            await self.record("window.timeout", {}, as_member=False)

        self._later(max(0.0, deadline - now()) + TIMER_SLACK, close_window)

    def _later(self, delay: float, action: Any) -> None:
        async def run() -> None:
            await asyncio.sleep(delay)
            await action()

        task = asyncio.ensure_future(run())
        self.timers.add(task)
        task.add_done_callback(self.timers.discard)

    # -- group messages --------------------------------------------------------------

    async def table_update(self, message: dict[str, Any]) -> None:
        at = now()
        # Kept for this process's next event at the table: the state it was made from (relayed.py).
        relayed.heard((self.table.pk, self.table.secret), message)
        if "opens" in message:
            if len(self.cards_sent) >= TAPS_KEPT:
                self.cards_sent.pop(min(self.cards_sent))
            self.cards_sent[message["opens"]] = at
        await self.send(text_data=update_text(message, self.lang, at))

    async def member_delay(self, message: dict[str, Any]) -> None:
        """A phone's measured delay and credit: the referee's phones only."""
        if self.member is not None and self.member["role"] == "referee":
            await self.say(sent.forwarded(message))

    async def join_requested(self, message: dict[str, Any]) -> None:
        if self.member is not None and self.member["role"] == "referee":
            await self.say(sent.forwarded(message))

    async def member_removed(self, message: dict[str, Any]) -> None:
        if self.member is not None and self.member["id"] == message["member"]:
            await self.close(code=FORBIDDEN)

    async def join_answered(self, message: dict[str, Any]) -> None:
        await self.join_requested(message)

    async def table_option(self, message: dict[str, Any]) -> None:
        self.table.credit_cap = message["credit_cap"]
        await self.say(sent.forwarded(message))

    async def table_resync(self, message: dict[str, Any]) -> None:
        """The channel layer is back after updates to this table were lost: the whole state."""
        if self.member is not None:
            await self.send_state()

    async def table_closed(self, message: dict[str, Any]) -> None:
        await self.say(sent.TableClosed())
        await self.close(code=CLOSED)

    def _worded(self, ruling: dict[str, Any]) -> dict[str, Any]:
        with translation.override(self.lang):
            return {**ruling, "text": describe(ruling)}


def _kind_of(text: str | None) -> str | None:
    """The message's type, cheaply, before it is read in full (what it costs the rate limits)."""
    if text is not None and '"sync"' in text[:200]:
        return "sync"
    return None


def _won(rulings: list[dict[str, Any]], player: Any) -> bool:
    """Did this claim win its race (accepted first, or overturning an earlier one)?"""
    return any(r["rule"].startswith("snap.accepted") and r.get("player") == player
               or r["rule"] == "snap.overturned" and r.get("faster") == player for r in rulings)


def _read_or_none(content: dict[str, Any]) -> inbox.Message | None:
    try:
        return inbox.read(content)
    except BadMessage:
        return None


def _language(code: str) -> str:
    known = {lang for lang, _ in settings.LANGUAGES}
    return code if code in known else settings.LANGUAGE_CODE


@database_sync_to_async
def _member_for(code: str, token: Any) -> dict[str, Any] | None:
    table = LiveTable.objects.open().select_related("game").filter(code=code).first()
    if table is None or table.closed_if_idle():
        return None
    member = table.member_for_token(token)
    if member is None:
        return None
    # The consumer keeps the table (and its game) for the connection: what a replay
    # starts from never changes, so each event costs no extra query for it.
    return {"id": member.pk, "table": table.pk, "role": member.role, "seat": member.seat, "_table": table}


@database_sync_to_async
def _snapshot(table_id: int, since: int | None = None) -> dict[str, Any]:
    table = LiveTable.objects.select_related("game").get(pk=table_id)
    state, seq, rulings = table.now_for_a_phone(RECENT, since)
    return {"state": state, "seq": seq, "rulings": rulings}


@database_sync_to_async
def _pending_requests(table_id: int) -> list[dict[str, Any]]:
    return [r.as_message() for r in JoinRequest.objects.filter(table_id=table_id, status=JoinRequest.PENDING)]


@database_sync_to_async
def _answer(table: LiveTable, request_id: int, approve: bool
            ) -> tuple[list[dict[str, Any]], list[int]] | None:
    """(the group messages of the events the answer logged, the members it removed), or None."""
    ask = JoinRequest.objects.filter(table=table, pk=request_id, status=JoinRequest.PENDING).first()
    if ask is None:
        return None
    removed = list(table.holders(ask.role, ask.seat).values_list("pk", flat=True)) \
        if approve and ask.role == "seat" else []
    before = table.last_seq()
    table.answer(ask, approve)
    return [update_message(seq, state.to_json(), rulings) for seq, state, rulings in table.replays_after(before)], removed


@database_sync_to_async
def _set_credit_cap(table_id: int, cap: float) -> None:
    LiveTable.objects.filter(pk=table_id).update(credit_cap=cap)


@database_sync_to_async
def _record(table: LiveTable, member_id: int | None, kind: str, payload: dict[str, Any], at: float
            ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int | None, dict[str, Any] | None]:
    """(messages for the group, filled once committed; the event's rulings; its seq; its refusal)."""
    updates: list[dict[str, Any]] = []
    # No transaction around it: the event's INSERT commits on its own (referee/eventlog.py),
    # so what is broadcast is already in the log.
    outcome = table.record(kind, payload, member_id, at)
    if outcome.event is not None:
        # REFEREE_UPDATE_DELTAS = False sends the whole state every time (bench/referee_load.py
        # compares the two in one run; a page handles both).
        deltas = getattr(settings, "REFEREE_UPDATE_DELTAS", True)
        updates.append(update_message(outcome.event.seq, outcome.state_json(), outcome.rulings,
                                        before=outcome.before_json() if deltas else None))
    return updates, outcome.rulings, outcome.event.seq if outcome.event else None, outcome.refusal
