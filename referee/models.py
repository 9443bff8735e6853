"""Live tables, who sits at them, and the append-only log their state is rebuilt from.

A table's state is never stored: it is the replay of its events through
`referee.table` (see `LiveTable.state`). A restart in the middle of a snap
window loses nothing, a reconnecting phone gets the state, and a dispute is
replayed to the moment in question.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from django.core import signing
from django.db import models, transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from scorekeeper.models import Game

from . import eventlog
from . import table as tbl
from .clock import DEFAULT_CREDIT_CAP

# No 0/O, 1/I/L: a code read aloud across a table must not be misheard.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
# Events that say nothing worth keeping: a phone's countdown ended before ours.
NOT_LOGGED = frozenset({"window.not_due", "event.unknown"})


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_secret() -> str:
    return secrets.token_hex(16)  # 32 hex digits


def normalise_code(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())[:CODE_LENGTH]


def players_in(game: Game) -> list[str]:
    """The game's players still in play (dutch: not out at 100), in seat order."""
    names = game.player_names()
    if game.variant == "dutch":
        return [n for n in names if game.totals.get(n, 0) < 100]
    return names


class LiveTableQuerySet(models.QuerySet["LiveTable"]):
    def open(self) -> LiveTableQuerySet:
        return self.filter(closed_at__isnull=True)


class LiveTable(models.Model):
    """One live table for one game: joined with a short code, refereed over WebSockets."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="live_tables")
    code = models.CharField(max_length=CODE_LENGTH)
    seated = models.JSONField(default=list)  # the game's players still in, in seat order
    snap_limit = models.FloatField(default=tbl.DEFAULT_SNAP_LIMIT)  # seconds
    # The most a tap is credited before its message arrived, seconds (referee.clock).
    credit_cap = models.FloatField(default=DEFAULT_CREDIT_CAP)
    # Part of every member token's signing salt: tokens of one table are no use at another.
    secret = models.CharField(max_length=32, default=new_secret, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    objects = LiveTableQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["code"], condition=Q(closed_at__isnull=True),
                                    name="live_table_code_unique_open"),
        ]

    def __str__(self) -> str:
        return f"table {self.code} ({self.game})"

    def get_absolute_url(self) -> str:
        return reverse("table_page", args=[self.code])

    @classmethod
    @transaction.atomic
    def open_for(cls, game: Game, snap_limit: float = tbl.DEFAULT_SNAP_LIMIT) -> LiveTable:
        """The game's open table, or a new one with a code no open table uses."""
        existing = cls.objects.open().filter(game=game).first()
        if existing is not None:
            return existing
        taken = set(cls.objects.open().values_list("code", flat=True))
        code = new_code()
        while code in taken:
            code = new_code()
        return cls.objects.create(game=game, code=code, snap_limit=snap_limit, seated=players_in(game))

    def close(self) -> None:
        self.closed_at = timezone.now()
        self.save(update_fields=["closed_at"])

    # -- members and their tokens ------------------------------------------------

    def _salt(self) -> str:
        return f"referee.table.{self.pk}.{self.secret}"

    def token_for(self, member: TableMember) -> str:
        return signing.dumps({"m": member.pk}, salt=self._salt(), compress=True)

    def member_for_token(self, token: Any) -> TableMember | None:
        if not isinstance(token, str) or len(token) > 300:
            return None
        try:
            data = signing.loads(token, salt=self._salt())
        except signing.BadSignature:
            return None
        member_id = data.get("m") if isinstance(data, dict) else None
        return self.members.filter(pk=member_id).first() if isinstance(member_id, int) else None

    @transaction.atomic
    def join(self, role: str, seat: str | None = None) -> tuple[TableMember, list[tbl.Ruling]]:
        """A new member; refused (ValueError) for an unknown role or seat."""
        if role not in tbl.ROLES or (role == tbl.SEAT and seat not in self.players()):
            raise ValueError(f"cannot join as {role} {seat or ''}".strip())
        member = TableMember.objects.create(table=self, role=role, seat=seat if role == tbl.SEAT else None)
        outcome = self.record("member.joined", {"member": member.pk, "role": role, "seat": member.seat},
                              member=member)
        return member, outcome.rulings

    # -- the state: replayed from the log ---------------------------------------------

    def players(self) -> list[str]:
        """The players at the table when it opened, in seat order (the replay's start)."""
        return list(self.seated)

    def initial_state(self) -> tbl.TableState:
        return tbl.new_table(self.game.variant, self.players(), self.snap_limit)

    def state(self, until: datetime | None = None) -> tbl.TableState:
        """The table replayed from its first event (up to `until` when given)."""
        events = self.events.all()
        if until is not None:
            events = events.filter(at__lte=until)
        return _replay(self, list(events))[0]

    def history(self, until: datetime | None = None) -> list[tuple[TableEvent, list[tbl.Ruling]]]:
        """Each event with the rulings it produced, replayed in order."""
        events = list(self.events.select_related("member") if until is None
                      else self.events.select_related("member").filter(at__lte=until))
        state = self.initial_state()
        out = []
        for event in events:
            state, rulings = tbl.apply(state, event.as_table_event(), event.at.timestamp())
            out.append((event, rulings))
        return out

    # -- recording an event -----------------------------------------------------------

    def record(self, kind: str, payload: dict[str, Any], member: TableMember | int | None,
               now: float | None = None) -> Outcome:
        """Apply an event to the table and append it to the log: two statements (referee/eventlog.py).

        No lock: if an event from another server process took the number first,
        this one is ruled again on the newer state. `member` may be given by its id.
        """
        member_id = member.pk if isinstance(member, TableMember) else member
        for _attempt in range(eventlog.TRIES):
            closed, state, last = _current_state(self)
            if closed:
                return Outcome(self.initial_state(), [{"rule": "table.closed"}], None)
            at = max(now if now is not None else timezone.now().timestamp(), last.timestamp() if last else 0)
            seq = state.last_seq + 1
            new, rulings = tbl.apply(state, tbl.Event(kind, payload, member_id, seq), at)
            if {r["rule"] for r in rulings} <= NOT_LOGGED:
                return Outcome(state, rulings, None)
            refusal = rulings[-1] if rulings and isinstance(rulings[-1], tbl.Refusal) else None
            if refusal is not None:
                # Counted, not stored: a flood of refused events must not grow the log.
                if member_id is not None:
                    TableMember.objects.filter(pk=member_id).update(refused=F("refused") + 1)
                if len(rulings) == 1:
                    return Outcome(state, rulings, None, refusal)
                # The lazy expiry closed the window before refusing: that close is news.
                kind, payload, member_id = "window.timeout", {}, None
                new, rulings = tbl.apply(state, tbl.Event(kind, payload, None, seq), at)
            try:
                stored = eventlog.append(self, seq, kind, payload, member_id, datetime.fromtimestamp(at, tz=UTC))
            except eventlog.SeqTaken:
                continue
            _remember(self, new, stored.at)
            return Outcome(new, rulings, stored, refusal)
        raise RuntimeError(f"table {self.code}: lost the append {eventlog.TRIES} times in a row")


class Outcome:
    """What recording an event gave: the new state, the rulings, the stored event, and the
    refusal its sender alone is told (the event itself then is not stored)."""

    __slots__ = ("state", "rulings", "event", "refusal")

    def __init__(self, state: tbl.TableState, rulings: list[tbl.Ruling], event: TableEvent | None,
                 refusal: tbl.Ruling | None = None):
        self.state, self.rulings, self.event, self.refusal = state, rulings, event, refusal


# Per-process cache of each table's replayed state: only events newer than the
# cached one are read and applied. The log stays the source of truth (another
# process may have appended), so a stale entry only costs a longer replay.
# Keyed by (pk, secret): SQLite may give a deleted table's pk to a new one.
_STATES: dict[tuple[int, str], tuple[tbl.TableState, datetime | None]] = {}


def _replay(table: LiveTable, events: list[TableEvent], state: tbl.TableState | None = None
            ) -> tuple[tbl.TableState, datetime | None]:
    state = state if state is not None else table.initial_state()
    last = None
    for event in events:
        state, _ = tbl.apply(state, event.as_table_event(), event.at.timestamp())
        last = event.at
    return state, last


def _current_state(table: LiveTable) -> tuple[bool, tbl.TableState, datetime | None]:
    """(closed, the state, its last event's time): the cached state brought up to date, one query."""
    cached = _STATES.get((table.pk, table.secret))
    state, last = cached if cached is not None else (table.initial_state(), None)
    closed, newer = eventlog.read_newer(table, state.last_seq)
    if newer:
        state, last = _replay(table, newer, state)
    return closed, state, last


def _remember(table: LiveTable, state: tbl.TableState, at: datetime) -> None:
    # Only after the commit: a rolled-back event must not stay in the cache.
    transaction.on_commit(lambda: _STATES.__setitem__((table.pk, table.secret), (state, at)))


def forget_cached_states() -> None:
    """Drop every cached state (tests: a restart of the server)."""
    _STATES.clear()


class TableMember(models.Model):
    """A phone at a table: a seat (a player of the game), the referee, or a spectator."""

    ROLE_CHOICES = [(tbl.SEAT, "seat"), (tbl.REFEREE, "referee"), (tbl.SPECTATOR, "spectator")]

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="members")
    role = models.CharField(max_length=10, choices=ROLE_CHOICES)
    seat = models.CharField(max_length=40, null=True, blank=True)  # the player's name for a seat
    refused = models.PositiveIntegerField(default=0)  # events of this phone the table refused
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.seat or self.role

    def token(self) -> str:
        return self.table.token_for(self)


class TableEvent(models.Model):
    """Append-only: one thing that happened at a table, in order (`seq` counts from 1)."""

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=32)
    payload = models.JSONField(default=dict)
    at = models.DateTimeField()  # server time, to the microsecond
    member = models.ForeignKey(TableMember, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="events")

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="table_event_seq_unique")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("the table log is append-only")
        super().save(*args, **kwargs)

    def as_table_event(self) -> tbl.Event:
        return tbl.Event(self.kind, self.payload, self.member_id, self.seq)
