"""The client's address comes from the trusted proxy's X-Real-IP, and from nobody else."""

from __future__ import annotations

from django.test import override_settings

from config.proxy import TrustedProxyMiddleware

with_client = TrustedProxyMiddleware.with_client


def scope(peer: str, *headers: tuple[bytes, bytes]) -> dict:
    return {"type": "http", "client": (peer, 5555), "headers": list(headers)}


@override_settings(TRUSTED_PROXIES=["127.0.0.1"])
def test_it_takes_the_real_address_from_the_trusted_proxy():
    assert with_client(scope("127.0.0.1", (b"x-real-ip", b"192.0.2.9")))["client"] == ("192.0.2.9", 0)


@override_settings(TRUSTED_PROXIES=["127.0.0.1"])
def test_it_ignores_the_header_from_anyone_else():
    assert with_client(scope("198.51.100.4", (b"x-real-ip", b"192.0.2.9")))["client"] == ("198.51.100.4", 5555)


@override_settings(TRUSTED_PROXIES=["127.0.0.1"])
def test_it_ignores_a_forwarded_for_chain_and_a_header_that_is_no_address():
    forged = scope("127.0.0.1", (b"x-forwarded-for", b"203.0.113.1, 127.0.0.1"), (b"x-real-ip", b"nonsense"))
    assert with_client(forged)["client"] == ("127.0.0.1", 5555)


@override_settings(TRUSTED_PROXIES=[])
def test_it_trusts_no_proxy_by_default():
    assert with_client(scope("127.0.0.1", (b"x-real-ip", b"192.0.2.9")))["client"] == ("127.0.0.1", 5555)
