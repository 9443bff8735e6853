"""The rules index built in a thread as a process starts, and waited for before a fork
(scorekeeper/rules_search/index.py: a child forked mid-build inherits its locks held)."""

from __future__ import annotations

import threading

from scorekeeper.rules_search import index


def test_it_waits_for_the_index_being_built_before_saying_it_is_warm(monkeypatch):
    building, done = threading.Event(), threading.Event()

    def slow_warm() -> None:
        building.set()
        done.wait(10)

    monkeypatch.setattr(index, "warm", slow_warm)
    monkeypatch.setattr(index, "_warming", None)
    index.warm_meanwhile()
    assert building.wait(10)
    waiter = threading.Thread(target=index.warmed)
    waiter.start()

    waiter.join(0.2)
    still_waiting = waiter.is_alive()
    done.set()
    waiter.join(10)

    assert still_waiting  # it did not return while the index was being built
    assert not waiter.is_alive() and not index._warming.is_alive()


def test_it_is_warm_at_once_when_nothing_was_started(monkeypatch):
    monkeypatch.setattr(index, "_warming", None)

    index.warmed()  # returns: no thread to wait for


def test_it_does_what_follows_in_the_thread_once_the_index_is_built(monkeypatch):
    order: list[str] = []
    monkeypatch.setattr(index, "warm", lambda: order.append("built"))
    monkeypatch.setattr(index, "_warming", None)

    index.warm_meanwhile(then=lambda: order.append(threading.current_thread().name))
    index.warmed()

    assert order == ["built", "rules-index"]
