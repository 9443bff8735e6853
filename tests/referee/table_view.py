"""A table's state as a page keeps it, for tests that read a phone's socket."""

from __future__ import annotations

from typing import Any

from engine.table import delta


class TableView:
    """The table's state as a page keeps it: every `table.update` folded in gets its whole
    `state` (a delta applied on top of the state at seq - 1, as static/js/table-order.js does).

    A delta that arrives after a gap fails the test: a socket delivers in order and loses
    nothing in these tests (the page would ask `sync`).
    """

    def __init__(self) -> None:
        self.seq: int | None = None
        self.state: dict[str, Any] | None = None

    def fold(self, message: dict[str, Any]) -> dict[str, Any]:
        if message.get("type") == "table.state":
            self.seq, self.state = message["seq"], message["state"]
        elif message.get("type") == "table.update" and (self.seq is None or message["seq"] > self.seq):
            if "delta" in message:
                assert self.state is not None and message["seq"] == self.seq + 1, \
                    f"a delta for seq {message['seq']} on top of seq {self.seq}"
                message["state"] = delta.patch(self.state, message["delta"])
            self.seq, self.state = message["seq"], message["state"]
        return message
