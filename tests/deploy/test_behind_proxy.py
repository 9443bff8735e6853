"""Behind the recipe's nginx, the client's address is the one nginx saw (issue 21, point 1).

The attack: every request carries a fresh forged X-Forwarded-For (and X-Real-IP).
With nginx appending to the client's header and Daphne's --proxy-headers taking
its first entry, each request looked like a new client: django-axes never locked
and join-code guesses were never throttled. Through nginx and two Daphne
processes (tests/deploy/conftest.py), the counts must follow the real address:
127.0.0.1, or 127.0.0.2 (another loopback source) for a second client.
"""

from __future__ import annotations

import http.client
import re
from http.cookies import SimpleCookie
from urllib.parse import urlencode

from django.contrib.auth import get_user_model

from tests.deploy.conftest import LIMITS, NEEDS_THE_RECIPE

pytestmark = NEEDS_THE_RECIPE

_forged = iter(f"203.0.113.{i}" for i in range(1, 255))


class Browser:
    """A client of nginx from one loopback address, keeping its cookies; every request
    forges a new X-Forwarded-For and X-Real-IP."""

    def __init__(self, port: int, source: str = "127.0.0.1", keep_cookies: bool = True):
        self.port, self.source, self.keep = port, source, keep_cookies
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict[str, str] | None = None
                ) -> tuple[int, dict[str, str], str]:
        forged = next(_forged)
        headers = {"Host": "127.0.0.1", "X-Forwarded-For": forged, "X-Real-IP": forged}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20,
                                                source_address=(self.source, 0))
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
            if self.keep:
                for value in response.headers.get_all("Set-Cookie") or []:
                    for name, morsel in SimpleCookie(value).items():
                        self.cookies[name] = morsel.value
            return response.status, dict(response.headers), text
        finally:
            connection.close()


def login(browser: Browser, password: str) -> tuple[int, dict[str, str]]:
    _status, _headers, page = browser.request("GET", "/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    status, headers, _ = browser.request("POST", "/accounts/login/", {
        "csrfmiddlewaretoken": token, "username": "organiser", "password": password})
    return status, headers


def test_it_locks_a_login_guessed_with_a_fresh_forwarded_address_each_time(served: int):
    get_user_model().objects.create_user("organiser", password="the-right-one-42")
    attacker = Browser(served)
    for i in range(int(LIMITS["AXES_FAILURE_LIMIT"])):
        assert login(attacker, f"wrong-{i}")[0] in (200, 403, 429)

    status, headers = login(attacker, "the-right-one-42")

    assert status == 429  # django-axes' lock-out: every try came from 127.0.0.1
    assert "Location" not in headers
    # The lock is the address's: the organiser on another address still signs in.
    assert login(Browser(served, "127.0.0.2"), "the-right-one-42")[0] == 302


def test_it_counts_join_code_guesses_per_real_address_whatever_the_headers_say(served: int):
    per_device, limit = int(LIMITS["GUESSES_PER_DEVICE"]), int(LIMITS["GUESSES_PER_ADDRESS"])
    # A script dropping its cookie: every guess is the real address's cookie-less device's.
    dropped = [Browser(served, keep_cookies=False).request("GET", f"/tables/join/?code=ZZZZ{i:02d}")[0]
               for i in range(per_device + 2)]
    assert dropped == [422] * per_device + [429] * 2

    def phone(source: str = "127.0.0.1") -> Browser:
        browser = Browser(served, source)
        browser.request("GET", "/tables/join/")  # the form: its device cookie
        return browser

    # A fresh cookie for each guess: the real address's count holds them all.
    answers = [phone().request("GET", f"/tables/join/?code=YYYY{i:02d}")[0] for i in range(limit - per_device + 3)]
    assert answers == [422] * (limit - per_device) + [429] * 3
    # Another real address is not counted with it, and claiming it in a header is no use.
    assert Browser(served, "127.0.0.2", keep_cookies=False).request("GET", "/tables/join/?code=ZZZZ99")[0] == 422


def test_it_cuts_a_client_that_sends_its_headers_a_byte_at_a_time(served: int):
    """Daphne has no header timeout: nginx's client_header_timeout (10 s) closes such a socket."""
    import socket
    import time

    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", served), timeout=30) as slow:
        slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        closed_after = None
        for _ in range(25):  # a header byte a second, never the blank line that ends them
            try:
                slow.sendall(b"X")
                slow.settimeout(1.0)
                if slow.recv(1024) == b"":
                    closed_after = time.monotonic() - started
                    break
            except TimeoutError:
                continue
            except OSError:  # reset by nginx
                closed_after = time.monotonic() - started
                break
    assert closed_after is not None and closed_after < 20


def test_it_cuts_a_burst_of_live_sockets_from_one_address_and_lets_a_room_reconnect(served: int):
    """150 sockets opened at once delayed an honest table by a second (bench/referee_flood.py):
    nginx lets one address open a room's worth at once (60) and refuses the rest with 429,
    before any process does the work; another address is not counted with it."""
    import asyncio

    import websockets

    async def open_at_once(source: str, count: int) -> list[int]:
        async def one() -> int:
            try:
                ws = await websockets.connect(f"ws://127.0.0.1:{served}/ws/tables/ZZZZZZ/",
                                              origin="http://127.0.0.1", local_addr=(source, 0), open_timeout=30)
            except websockets.InvalidStatus as refused:
                return refused.response.status_code
            await ws.close()
            return 101

        return await asyncio.gather(*(one() for _ in range(count)))

    flood = asyncio.run(open_at_once("127.0.0.3", 150))

    assert set(flood) <= {101, 429}, flood
    assert flood.count(101) >= 40  # a room's phones reconnecting at once
    assert flood.count(429) >= 60  # the rest of the burst (5 a second refill meanwhile)
    assert asyncio.run(open_at_once("127.0.0.4", 1)) == [101]
