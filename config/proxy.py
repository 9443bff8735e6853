"""The client's address, believed from the proxy and from nobody else.

Behind nginx every connection comes from nginx, so the client's address travels
in a header. A client can send that header too: nginx's recipe *sets* it
(`X-Real-IP $remote_addr`, never appended to what the client sent), and this
ASGI middleware takes it only from a peer listed in DJANGO_TRUSTED_PROXIES
(tools/serve_prod.sh: 127.0.0.1). From anyone else the header is ignored and the
peer's own address stays the client's. Everything downstream (django-axes'
login lock-out, the join-code guesses, the sockets' limits per address) reads
that one address: `REMOTE_ADDR` for a view, `scope["client"]` for a socket.

Daphne's own `--proxy-headers` is not used: it believes the first entry of
`X-Forwarded-For` from any peer.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings

HEADER = b"x-real-ip"


def _address(raw: bytes) -> str | None:
    try:
        return str(ipaddress.ip_address(raw.decode("latin-1").strip()))
    except ValueError:
        return None


class TrustedProxyMiddleware:
    """Sets scope["client"] from X-Real-IP when, and only when, the peer is a trusted proxy."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] in ("http", "websocket"):
            scope = self.with_client(scope)
        return await self.app(scope, receive, send)

    @staticmethod
    def with_client(scope: dict[str, Any]) -> dict[str, Any]:
        trusted = getattr(settings, "TRUSTED_PROXIES", ())
        peer = (scope.get("client") or (None, None))[0]
        if not trusted or peer not in trusted:
            return scope
        real = next((_address(value) for name, value in scope.get("headers", ()) if name == HEADER), None)
        if real is None:
            return scope
        return {**scope, "client": (real, 0)}


def client_address(request: Any) -> str | None:
    """The client's address for a view (django-axes' AXES_CLIENT_IP_CALLABLE): REMOTE_ADDR,
    which Daphne fills from scope["client"], which the middleware above settled."""
    return request.META.get("REMOTE_ADDR")
