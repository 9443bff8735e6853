"""Each referee test starts as a fresh server: no guesses counted, no member's limits carried over."""

import pytest
from django.core.cache import cache

from referee.limits import early, gates
from referee.live import broadcast, relayed


@pytest.fixture(autouse=True)
def fresh_server_memory():
    cache.clear()
    gates.forget()
    early.forget()
    broadcast.forget()
    relayed.forget()
