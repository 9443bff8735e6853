"""Live tables, who sits at them, and the append-only log their state is rebuilt from.

A table's state is never stored: it is the replay of its events through
`engine.table.machine` (see `LiveTable.state`). A restart in the middle of a snap
window loses nothing, a reconnecting phone gets the state, and a dispute is
replayed to the moment in question.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from django.core import signing
from django.db import models, transaction
from django.db.models import F, Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.table import machine as tbl
from engine.table.clock import DEFAULT_CREDIT_CAP
from engine.table.snapshots import state_from_json
from scorekeeper.models import Game

from . import eventlog
from .live import relayed
from .live.state_cache import StateCache

# No 0/O, 1/I/L: a code read aloud across a table must not be misheard.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
# Ten characters, shown and read as two groups of five ("KF7RM-4XP2Q"): 31**10 codes,
# so that 1,000 addresses guessing at GUESSES_PER_ADDRESS find none of 10,000 open
# tables in a year on average (docs/deploy.md, "What is trusted"). Tables opened with
# the earlier six-character codes keep them until they close (typed or in a URL, the
# code is read whatever its length up to this).
CODE_LENGTH = 10
CODE_GROUP = 5  # characters between two dashes, as shown
TOKEN_AGE = 60 * 60 * 24 * 2  # seconds: a long evening of cards, and the morning after
SNAPSHOT_EVERY = 100  # events between two snapshots of a table's state
IDLE_HOURS = 6  # a table nobody touched for this long is closed, and its tokens with it
# Events that say nothing worth keeping: a phone's countdown ended before ours.
NOT_LOGGED = frozenset({"window.not_due", "event.unknown"})


# How a ruling changes a player's count of snaps won (LiveTable.snaps_won).
SNAP_COUNT = {"snap.accepted": 1, "snap.accepted_for_other": 1, "snap.overturned": -1, "snap.handed_back": -1}


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_secret() -> str:
    return secrets.token_hex(16)  # 32 hex digits


def normalise_code(text: str) -> str:
    """The code as stored: capitals, without the dashes and spaces people type or read."""
    return "".join(ch for ch in text.upper() if ch.isalnum())[:CODE_LENGTH]


def token_salt(code: str) -> str:
    """A member token is signed for its table's code (and the project's SECRET_KEY): a socket
    can read who it claims to be before any query (referee/live/consumers.py). It is only a
    claim until the member is found active at the open table of that code (`member_for_token`):
    a closed table's, a left member's or another table's token opens nothing."""
    return f"referee.member.{code}"


def identity_in(code: str, token: Any) -> tuple[int, str] | None:
    """(member id, role) a token of the table of this code was signed with, from the token
    alone (no query), or None: not one, expired, or signed before the role was put in it."""
    if not isinstance(token, str) or len(token) > 300:
        return None
    try:
        data = signing.loads(token, salt=token_salt(code), max_age=TOKEN_AGE)
    except signing.BadSignature:  # SignatureExpired included
        return None
    if not isinstance(data, dict) or not isinstance(data.get("m"), int) or not isinstance(data.get("r"), str):
        return None
    return data["m"], data["r"]


def member_cookie_of(code: str) -> str:
    """The name of the cookie holding a phone's member token of the table of this code: known
    from the code alone, so a refusal may look for it before the table is loaded."""
    return f"referee_{code}"


def request_cookie_of(code: str) -> str:
    """The name of the cookie holding a phone's pending join request at this table."""
    return f"referee_{code}_ask"


def spoken_code(code: str) -> str:
    """The code as shown, in groups of five: "KF7RM-4XP2Q" (an old six-letter code as it was)."""
    if len(code) < CODE_LENGTH:
        return code
    return "-".join(code[i:i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


def players_in(game: Game) -> list[str]:
    """The game's players still in play (those the engine has not put out), in seat order."""
    return game.players_in_round()


def seat_of_phone(request: HttpRequest, game: Game) -> str:
    """The seat this phone holds (its member cookie) at one of the game's open live tables,
    or "" (scorekeeper.http.SEAT_OF_PHONE: « par le siège de Ben », « C'est moi »)."""
    for table in LiveTable.objects.open().filter(game=game):
        member = table.member_for_token(request.COOKIES.get(table.member_cookie))
        if member is not None and member.role == tbl.SEAT and member.seat:
            return member.seat
    return ""


def open_table_refusal(game: Game) -> str | None:
    """Why a player of `game` may not be renamed now (scorekeeper.http.RENAME_GUARDS), or None."""
    table = LiveTable.objects.open().filter(game=game).first()
    if table is None:
        return None
    return _("La table en direct %(code)s est ouverte pour cette partie : fermez-la avant de corriger "
             "un nom (elle place les joueurs par leur nom).") % {"code": table.code}


class LiveTableQuerySet(models.QuerySet["LiveTable"]):
    def open(self) -> LiveTableQuerySet:
        return self.filter(closed_at__isnull=True)


class LiveTable(models.Model):
    """One live table for one game: joined with a short code, refereed over WebSockets."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="live_tables")
    code = models.CharField(max_length=CODE_LENGTH)
    seated = models.JSONField(default=list)  # the game's players still in, in seat order
    snap_limit = models.FloatField(default=tbl.DEFAULT_SNAP_LIMIT)  # seconds
    # The most a tap is credited before its message arrived, seconds (engine.table.clock).
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

    @property
    def spoken_code(self) -> str:
        return spoken_code(self.code)

    @property
    def join_key(self) -> str:
        """The key the QR's link carries beside the code: 128 bits nobody guesses, so a
        phone that scanned it is never counted nor refused as a guesser (a room's address
        out of guesses locks out nobody who scans). It opens what the code opens, no more."""
        return salted_hmac("referee.join_key", f"{self.pk}.{self.secret}").hexdigest()[:32]

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
        """Closed for good: its code is free again and every token of it is dead (lookups want it open)."""
        self.closed_at = timezone.now()
        self.save(update_fields=["closed_at"])

    def closed_if_idle(self) -> bool:
        """Close the table when nothing happened at it for IDLE_HOURS; whether it is closed now."""
        last = self.events.order_by("-seq").values_list("at", flat=True).first() or self.created_at
        if timezone.now() - last < timedelta(hours=IDLE_HOURS):
            return False
        self.close()
        return True

    # -- members and their tokens ------------------------------------------------

    def _salt(self) -> str:
        return f"engine.table.machine.{self.pk}.{self.secret}"

    def token_for(self, member: TableMember) -> str:
        return signing.dumps({"m": member.pk, "r": member.role}, salt=token_salt(self.code), compress=True)

    @property
    def member_cookie(self) -> str:
        """The cookie that holds a phone's membership of this table (its signed token)."""
        return member_cookie_of(self.code)

    def member_for_token(self, token: Any) -> TableMember | None:
        if not isinstance(token, str) or len(token) > 300:
            return None
        found = identity_in(self.code, token)
        if found is None:  # a token signed before issue 28 (salted with the table's secret)
            try:
                data = signing.loads(token, salt=self._salt(), max_age=TOKEN_AGE)
            except signing.BadSignature:  # SignatureExpired included
                return None
            member_id = data.get("m") if isinstance(data, dict) else None
            if not isinstance(member_id, int):
                return None
            found = (member_id, "")
        member_id = found[0]
        return self.members.filter(pk=member_id, active=True).first()

    # -- who may join as what ------------------------------------------------------------

    def holders(self, role: str, seat: str | None = None) -> models.QuerySet[TableMember]:
        """The active members holding a seat (or the referee's role)."""
        members = self.members.filter(active=True, role=role)
        return members.filter(seat=seat) if role == tbl.SEAT else members

    def needs_approval(self, role: str, seat: str | None = None) -> bool:
        """A held seat, or the referee's role once there is a referee, is given by the referee."""
        return role in (tbl.SEAT, tbl.REFEREE) and self.holders(role, seat).exists() and \
            self.holders(tbl.REFEREE).exists()

    def ask_to_join(self, role: str, seat: str | None = None) -> JoinRequest:
        if role not in tbl.ROLES or (role == tbl.SEAT and seat not in self.players()):
            raise ValueError(f"cannot join as {role} {seat or ''}".strip())
        return JoinRequest.objects.create(table=self, role=role, seat=seat if role == tbl.SEAT else None)

    @transaction.atomic
    def answer(self, request: JoinRequest, approve: bool) -> TableMember | None:
        """The referee's answer: the phone joins (taking a seat from whoever held it), or not."""
        if request.status != JoinRequest.PENDING:
            return request.member
        request.status = JoinRequest.APPROVED if approve else JoinRequest.DENIED
        if approve:
            if request.role == tbl.SEAT:
                for holder in self.holders(tbl.SEAT, request.seat):
                    self.leave(holder)
            request.member, _ = self.join(request.role, request.seat)
        request.save(update_fields=["status", "member"])
        return request.member

    def leave(self, member: TableMember) -> None:
        """The member's tokens stop working; the table says so."""
        TableMember.objects.filter(pk=member.pk).update(active=False)
        self.record("member.left", {"member": member.pk}, member=None)

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

    def snapshot_before(self, seq: int | None = None, until: datetime | None = None) -> tbl.TableState:
        """The state at the latest snapshot at or before event `seq` (or moment `until`), else the start.

        What follows it is at most SNAPSHOT_EVERY events: replaying from here
        costs the same at 10 events and at 10,000.
        """
        snapshots = self.snapshots.order_by("-seq")
        if seq is not None:
            snapshots = snapshots.filter(seq__lte=seq)
        if until is not None:
            snapshots = snapshots.filter(at__lte=until)
        data = snapshots.values_list("state", flat=True).first()
        return state_from_json(data) if data is not None else self.initial_state()

    def state(self, until: datetime | None = None) -> tbl.TableState:
        """The table now (or at `until`): the latest snapshot before, then the events after it."""
        start = self.snapshot_before(until=until)
        events = self.events.filter(seq__gt=start.last_seq)
        if until is not None:
            events = events.filter(at__lte=until)
        return _replay(self, list(events), start)[0]

    def history(self, until: datetime | None = None, first: int = 1, last: int | None = None
                ) -> list[tuple[TableEvent, list[tbl.Ruling]]]:
        """Events `first` to `last` (and up to `until`), each with the rulings it produced."""
        state = self.snapshot_before(first - 1, until)
        events = self.events.select_related("member").filter(seq__gt=state.last_seq)
        if until is not None:
            events = events.filter(at__lte=until)
        if last is not None:
            events = events.filter(seq__lte=last)
        out = []
        for event in events:
            state, rulings = tbl.apply(state, event.as_table_event(), event.at.timestamp())
            if event.seq >= first:
                out.append((event, rulings))
        return out

    def last_seq(self) -> int:
        return self.events.order_by("-seq").values_list("seq", flat=True).first() or 0

    def recent_rulings(self, count: int = 30, since: int | None = None) -> list[tbl.Ruling]:
        """The last `count` rulings (of events after `since`), oldest first: at most `count` events replayed."""
        first = max(self.last_seq() - count + 1, (since or 0) + 1, 1)
        return [r for _, rs in self.history(first=first) for r in rs][-count:]

    def now_for_a_phone(self, count: int = 30, since: int | None = None
                        ) -> tuple[dict[str, Any], int, list[tbl.Ruling]]:
        """(the state as JSON, its seq, the last `count` rulings after `since`): what a phone
        that (re)connects or asks `sync` is sent.

        From this process's cached state, brought up to date in one query, with the rulings
        of its last RULINGS_KEPT events kept beside it: a burst of syncs (a flood of
        spectators, a room reconnecting) costs no replay each (issue 21). The same answer
        as `state()` and `recent_rulings()` (tests/referee/test_what_a_phone_is_sent.py).
        """
        _closed, known = _current_state(self)
        first = max(known.state.last_seq - count + 1, (since or 0) + 1, 1)
        if known.rulings_from(first) is None:  # a process that started from a snapshot
            known = self._known_from(first)
            first = max(known.state.last_seq - count + 1, (since or 0) + 1, 1)
        _keep_newest(self, known)
        rulings = known.rulings_from(first)
        if rulings is None:  # more asked for than a cached state keeps
            rulings = self.recent_rulings(count, since)
        return known.json(), known.state.last_seq, rulings[-count:]

    def _known_from(self, first: int) -> _Known:
        """The state now, with the rulings of the events from `first` on (up to RULINGS_KEPT)."""
        known = _Known(self.snapshot_before(first - 1), None)
        return _applied(known, [(e.as_table_event(), e.at) for e in self.events.filter(seq__gt=known.state.last_seq)])

    def snaps_won(self) -> dict[str, int]:
        """Snaps each player won at this table: accepted, less those the referee took back
        (an overturned snap, one handed back in a tie), replaying its whole log."""
        won: dict[str, int] = {}
        for _event, rulings in self.history():
            for ruling in rulings:
                step = SNAP_COUNT.get(ruling.get("rule", ""), 0)
                if step and ruling.get("player"):
                    won[ruling["player"]] = won.get(ruling["player"], 0) + step
        return {player: count for player, count in won.items() if count > 0}

    def replays_after(self, seq: int) -> list[tuple[int, tbl.TableState, list[tbl.Ruling]]]:
        """(seq, state after it, its rulings) for each event after `seq`."""
        state = self.snapshot_before(seq)
        out = []
        for event in self.events.filter(seq__gt=state.last_seq):
            state, rulings = tbl.apply(state, event.as_table_event(), event.at.timestamp())
            if event.seq > seq:
                out.append((event.seq, state, rulings))
        return out

    # -- recording an event -----------------------------------------------------------

    def record(self, kind: str, payload: dict[str, Any], member: TableMember | int | None,
               now: float | None = None) -> Outcome:
        """Apply an event to the table and append it to the log (referee/eventlog.py): one
        statement when this process holds the table's state, two when it must read the log.

        No lock: if an event from another server process took the number first,
        this one is ruled again on the newer state. `member` may be given by its id.
        """
        member_id = member.pk if isinstance(member, TableMember) else member
        # The first try rules on the state this process holds, without reading the log: if
        # another process appended meanwhile, the INSERT finds the number taken. What is not
        # appended (a refusal) is said only once the log has been read.
        read = False
        for _attempt in range(eventlog.TRIES):
            closed, known = _current_state(self, read)
            state, last = known.state, known.at
            if closed:
                return _closed_outcome(self)
            at = max(now if now is not None else timezone.now().timestamp(), last.timestamp() if last else 0)
            # Ruled at the time the log keeps (to the microsecond), so that the state this
            # process caches and broadcasts is the one a replay of the log gives, to the bit.
            moment = datetime.fromtimestamp(at, tz=UTC)
            at = moment.timestamp()
            seq = state.last_seq + 1
            new, rulings = tbl.apply(state, tbl.Event(kind, payload, member_id, seq), at)
            refusal = rulings[-1] if rulings and isinstance(rulings[-1], tbl.Refusal) else None
            unlogged = {r["rule"] for r in rulings} <= NOT_LOGGED
            if (unlogged or refusal is not None) and closed is None:
                read = True  # ruled on the held state alone: rule again on the log's newest
                continue
            if unlogged:
                return Outcome(state, rulings, None)
            if refusal is not None:
                # Counted, not stored: a flood of refused events must not grow the log.
                if member_id is not None:
                    TableMember.objects.filter(pk=member_id).update(refused=F("refused") + 1)
                if len(rulings) == 1:
                    return Outcome(state, rulings, None, refusal)
            # A refused event whose lazy expiry closed the window: that close is news, logged as a timeout.
            logged = (kind, payload, member_id) if refusal is None else ("window.timeout", {}, None)
            if refusal is not None:
                new, rulings = tbl.apply(state, tbl.Event(*logged, seq), at)
            try:
                pk = LOG.append(self.pk, seq, *logged, moment)
            except eventlog.SeqTaken:
                read = True
                continue
            if pk is None:  # closed since this process last read the log
                return _closed_outcome(self)
            stored = eventlog.Row(pk, seq, *logged, moment)
            after = known.then(new, moment, seq, rulings)
            _remember(self, after)
            if seq % SNAPSHOT_EVERY == 0:  # one more INSERT every SNAPSHOT_EVERY events
                TableSnapshot.objects.create(table=self, seq=seq, at=moment, state=after.json())
            return Outcome(new, rulings, stored, refusal, known=after, before=known)
        raise RuntimeError(f"table {self.code}: lost the append {eventlog.TRIES} times in a row")


class Outcome:
    """What recording an event gave: the new state, the rulings, the stored event, and the
    refusal its sender alone is told (the event itself then is not stored).

    `state_json()` and `before_json()` are the state after and before the event as JSON,
    each computed at most once per process (the one after is the next event's before):
    what the table's update is diffed from (engine/table/delta.py).
    """

    __slots__ = ("state", "rulings", "event", "refusal", "_known", "_before")

    def __init__(self, state: tbl.TableState, rulings: list[tbl.Ruling], event: eventlog.Row | None,
                 refusal: tbl.Ruling | None = None, known: _Known | None = None, before: _Known | None = None):
        self.state, self.rulings, self.event, self.refusal = state, rulings, event, refusal
        self._known = known if known is not None else _Known(state, None)
        self._before = before

    def state_json(self) -> dict[str, Any]:
        return self._known.json()

    def before_json(self) -> dict[str, Any] | None:
        """The state the event was ruled on (seq - 1), as JSON; None when nothing was recorded."""
        return self._before.json() if self._before is not None and self.event is not None else None


RULINGS_KEPT = 30  # events whose rulings a cached state keeps (what a resyncing phone is sent)


class _Known:
    """A replayed state, the time of its last event, the rulings of its last events, and its
    JSON once asked for (then kept).

    The state is never changed once `engine.table.machine.apply` returned it, so its JSON
    stays true; nobody may change the JSON either (it is shared by the cache, the
    next event's diff and a snapshot).
    """

    __slots__ = ("state", "at", "_json", "recent")

    def __init__(self, state: tbl.TableState, at: datetime | None,
                 recent: tuple[tuple[int, list[tbl.Ruling]], ...] = ()):
        self.state, self.at = state, at
        self.recent = recent  # (seq, its rulings) of the last events up to state.last_seq, oldest first
        self._json: dict[str, Any] | None = None

    def json(self) -> dict[str, Any]:
        if self._json is None:
            self._json = self.state.to_json()
        return self._json

    def then(self, state: tbl.TableState, at: datetime | None, seq: int, rulings: list[tbl.Ruling],
             json: dict[str, Any] | None = None) -> _Known:
        """The state after one more event, whose rulings join the kept ones (and its JSON, when
        it is known already: it must be the state's)."""
        after = _Known(state, at, (*self.recent, (seq, rulings))[-RULINGS_KEPT:])
        after._json = json
        return after

    def rulings_from(self, first: int) -> list[tbl.Ruling] | None:
        """The rulings of events `first` to the last, oldest first; None if some are not kept."""
        held_from = self.recent[0][0] if self.recent else self.state.last_seq + 1
        if first < held_from:
            return None
        return [r for seq, rulings in self.recent if seq >= first for r in rulings]


# Per-process cache of each table's replayed state: only events newer than the
# cached one are read and applied. The log stays the source of truth (another
# process may have appended), so a stale entry only costs a longer replay, and an
# evicted one (the cache keeps the LIVE_TABLE_STATES_KEPT tables used last) one replay
# from the newest snapshot. Keyed by (pk, secret): SQLite may give a deleted table's pk
# to a new one.
_STATES: StateCache[tuple[int, str], _Known] = StateCache()


def _replay(table: LiveTable, events: list[TableEvent], state: tbl.TableState | None = None
            ) -> tuple[tbl.TableState, datetime | None]:
    state = state if state is not None else table.initial_state()
    last = None
    for event in events:
        state, _ = tbl.apply(state, event.as_table_event(), event.at.timestamp())
        last = event.at
    return state, last


def _closed_outcome(table: LiveTable) -> Outcome:
    return Outcome(table.initial_state(), [{"rule": "table.closed"}], None)


def _current_state(table: LiveTable, read: bool = True) -> tuple[bool | None, _Known]:
    """(closed, the state and its last event's time): the cached state brought up to date, one query.
    With `read` False, the cached state as it is (and None for closed: not read), if there is one
    and this process has relayed no newer update of the table (another process appended since).

    A cache far behind (other processes appended more than SNAPSHOT_EVERY events
    since) starts from the newest snapshot instead: replaying the 10,000 events a warm
    process missed cost 385 ms, the snapshot and at most SNAPSHOT_EVERY events cost
    one more query (issue 21)."""
    cached = _STATES.get((table.pk, table.secret))
    if cached is not None and not read and not relayed.newer_than((table.pk, table.secret), cached.state.last_seq):
        return None, cached
    known = cached or _Known(table.snapshot_before(), None)
    closed, rows = LOG.read_newer(table.pk, known.state.last_seq)
    if len(rows) > SNAPSHOT_EVERY:
        newest = table.snapshot_before()
        if newest.last_seq > known.state.last_seq:
            known = _Known(newest, next((row.at for row in rows if row.seq == newest.last_seq), None))
            rows = [row for row in rows if row.seq > newest.last_seq]
    logged = [(tbl.Event(row.kind, row.payload, row.member_id, row.seq, logged=True), row.at) for row in rows]
    return closed, _applied(known, logged, (table.pk, table.secret))


def _applied(known: _Known, events: list[tuple[tbl.Event, datetime]], table: relayed.Table | None = None
             ) -> _Known:
    """`known` after these logged events, their rulings kept with it. Given the table (its key),
    the JSON of a state another process made is read back from its update, when this process
    relayed it to a phone (referee/live/relayed.py), rather than made again."""
    for event, at in events:
        state, rulings = tbl.apply(known.state, event, at.timestamp())
        made = relayed.state_json(table, event.seq, known._json) if table is not None else None
        known = known.then(state, at, event.seq, rulings, made)
    return known


def _remember(table: LiveTable, known: _Known) -> None:
    # Only after the commit: a rolled-back event must not stay in the cache.
    transaction.on_commit(lambda: _STATES.__setitem__((table.pk, table.secret), known))


def _keep_newest(table: LiveTable, known: _Known) -> None:
    """Cache a state read (not recorded) here, unless the cache already holds a newer one."""
    cached = _STATES.get((table.pk, table.secret))
    if cached is None or cached.state.last_seq <= known.state.last_seq:
        _STATES[(table.pk, table.secret)] = known


def forget_cached_states() -> None:
    """Drop every cached state (tests: a restart of the server)."""
    _STATES.clear()


class TableMember(models.Model):
    """A phone at a table: a seat (a player of the game), the referee, or a spectator."""

    ROLE_CHOICES = [(tbl.SEAT, "seat"), (tbl.REFEREE, "referee"), (tbl.SPECTATOR, "spectator")]
    # A phone without a seat, named in the page's language (the choices' labels stay as stored).
    ROLE_LABELS = {tbl.REFEREE: gettext_lazy("arbitre"), tbl.SPECTATOR: gettext_lazy("spectateur")}

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="members")
    role = models.CharField(max_length=10, choices=ROLE_CHOICES)
    seat = models.CharField(max_length=40, null=True, blank=True)  # the player's name for a seat
    refused = models.PositiveIntegerField(default=0)  # events of this phone the table refused
    active = models.BooleanField(default=True)  # False once its seat was given to another phone
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.seat or str(self.ROLE_LABELS.get(self.role, self.role))

    def token(self) -> str:
        return self.table.token_for(self)


class TableEvent(models.Model):
    """Append-only: one thing that happened at a table, in order (`seq` counts from 1)."""

    # No index of its own: the unique (table, seq) below starts with the table and serves
    # every lookup by table; one index fewer to write at each event.
    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="events", db_index=False)
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
        return tbl.Event(self.kind, self.payload, self.member_id, self.seq, logged=True)


def new_request_secret() -> str:
    return secrets.token_urlsafe(24)


class JoinRequest(models.Model):
    """A phone asking for a held seat or the referee's role: the referee answers on their phone."""

    PENDING, APPROVED, DENIED = "pending", "approved", "denied"

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="requests")
    role = models.CharField(max_length=10, choices=TableMember.ROLE_CHOICES)
    seat = models.CharField(max_length=40, null=True, blank=True)
    # The asking phone's cookie: only it may collect the membership once approved.
    secret = models.CharField(max_length=40, default=new_request_secret, editable=False)
    status = models.CharField(max_length=10, default=PENDING)
    member = models.ForeignKey(TableMember, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.role} {self.seat or ''} ({self.status})"

    def as_message(self) -> dict[str, Any]:
        return {"id": self.pk, "role": self.role, "seat": self.seat}


class TableSnapshot(models.Model):
    """A table's state after event `seq`: where opening, connecting and the log start replaying.

    Derived from the log (which stays the truth): deleting every snapshot only
    makes opening slower.
    """

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="snapshots",
                              db_index=False)  # the unique (table, seq) serves lookups by table
    seq = models.PositiveIntegerField()
    at = models.DateTimeField()  # the time of event `seq`
    state = models.JSONField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="table_snapshot_seq_unique")]

    def __str__(self) -> str:
        return f"snapshot #{self.seq} of table {self.table_id}"


# The log's two statements (referee/eventlog.py), on these models' tables.
LOG = eventlog.Log(tables=LiveTable._meta.db_table, events=TableEvent._meta.db_table)
