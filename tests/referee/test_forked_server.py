"""A test server (Daphne) is forked from a factory that never opened the database, so it
inherits no SQLite state of this process, whatever this process holds open in its threads
(tests/referee/servers.py)."""

from __future__ import annotations

import os
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.db import connection

from scorekeeper.models import Game
from tests.factories import make_game, tamalou_round
from tests.referee import servers


def _database_files_open_in(pid: int) -> list[str]:
    database = Path(connection.settings_dict["NAME"]).resolve()
    found = []
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:  # closed meanwhile
            continue
        if target.startswith(str(database)):  # the file, its -wal and -shm
            found.append(target)
    return found


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's per-process state only")
def test_the_process_servers_are_forked_from_holds_no_descriptor_of_the_database(transactional_db: None):
    with ThreadPoolExecutor(max_workers=1) as executor:  # as database_sync_to_async's thread does
        executor.submit(Game.objects.count).result()
        Game.objects.count()
        assert _database_files_open_in(os.getpid()), "this process has the database open"

        server = servers.start_daphne()
        try:
            assert servers.factory_pid is not None
            assert _database_files_open_in(servers.factory_pid) == []
        finally:
            servers.stop_daphne(server)


def test_a_server_started_while_two_threads_hold_the_database_serves_what_the_test_committed(
        transactional_db: None):
    with ThreadPoolExecutor(max_workers=1) as executor:
        executor.submit(Game.objects.count).result()  # a connection open in another thread
        game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=2, Ben=9)])
        server = servers.start_daphne(static=True)
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{server.port}{game.get_absolute_url()}",
                                        timeout=20) as page:
                assert page.status == 200 and "Ben" in page.read().decode()
        finally:
            servers.stop_daphne(server)
