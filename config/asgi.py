"""ASGI entry point: Django for HTTP, Channels for the referee's WebSockets.

Served by Daphne: ``daphne config.asgi:application``.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Set up Django (apps, models) before importing anything that may import models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

import config.routing  # noqa: E402
from config.proxy import TrustedProxyMiddleware  # noqa: E402
from scorekeeper.sheet.broadcast import RemembersServerLoop  # noqa: E402

# RemembersServerLoop: a view's broadcast goes to the loop that serves it, off the request.
# TrustedProxyMiddleware: the client's address from the proxy only (config/proxy.py).
application = TrustedProxyMiddleware(RemembersServerLoop(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(config.routing.websocket_urlpatterns))
        ),
    }
)))

# Everything loaded so far (Django, the apps, the URL conf) lives as long as the
# process: keep the cyclic GC from walking it on every full collection. A live
# table's claim otherwise waited behind those pauses (bench/referee_load.py: p99
# 166 ms -> 62 ms on a quiet machine, docs/benchmarks.md).
gc.freeze()
