"""Real threads released together, each with its own database connection: for the
tests of two phones doing the same thing at the same moment (they need
`django_db(transaction=True)` so each thread sees the others' commits)."""

import threading
from collections.abc import Callable

from django.db import connection


def at_once(*calls: Callable[[], object]) -> list[object]:
    """Run each call in its own thread, released together; their results or exceptions."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(i: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=10)
            results[i] = call()
        except Exception as exc:  # noqa: BLE001 - handed back to the test to show
            results[i] = exc
        finally:
            connection.close()  # this thread's own connection

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a writer is still waiting"
    return results
