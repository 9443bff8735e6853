"""ASGI entry point: Django for HTTP, Channels for the referee's WebSockets.

Served by Daphne: ``daphne config.asgi:application``.
"""

import gc
import importlib
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Set up Django (apps, models) before importing anything that may import models.
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from channels.sessions import CookieMiddleware  # noqa: E402

import config.routing  # noqa: E402
from config.proxy import TrustedProxyMiddleware  # noqa: E402
from scorekeeper.sheet.broadcast import RemembersServerLoop  # noqa: E402

# RemembersServerLoop: a view's broadcast goes to the loop that serves it, off the request.
# TrustedProxyMiddleware: the client's address from the proxy only (config/proxy.py).
application = TrustedProxyMiddleware(RemembersServerLoop(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            # The sockets read two cookies (the device's, the language) and nothing of a session
            # or a user: no session middleware, which wrapped every message sent to a phone.
            CookieMiddleware(URLRouter(config.routing.websocket_urlpatterns))
        ),
    }
)))



def load_what_the_first_requests_would() -> None:
    """Import now what a process otherwise imports on a live table's first message: the
    channel layer (channels_redis, redis' 60 modules, msgpack, cryptography) and each
    language's catalogue and number formats. Loaded after the freeze below, those stayed in
    the cyclic GC's care: some 40,000 more objects walked by every full collection while a
    live table waits (issue 28, docs/benchmarks.md). The views are left to the first page: importing
    them all here made a process 0.6-1.3 s slower to start (a restarted one too)."""
    from channels.layers import get_channel_layer
    from django.conf import settings
    from django.utils import translation

    layer = get_channel_layer()
    for name in ("redis.asyncio", "redis.asyncio.connection", "redis.commands", "channels_redis.serializers",
                 "cryptography.fernet", "django.db.models.sql.compiler", "django.contrib.sessions.serializers"):
        if layer is not None:
            try:
                importlib.import_module(name)
            except ImportError:  # no Redis layer here (tests, `make run`): nothing of it to load
                continue
    from django.utils import formats

    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            translation.gettext("Table")
            formats.get_format("DECIMAL_SEPARATOR")  # its locale's formats (« 3,4 »), as a page's numbers


def keep_out_of_the_collector() -> None:
    """Everything loaded so far lives as long as the process: keep the cyclic GC from
    walking it on every full collection. A live table's claim otherwise waited behind
    those pauses (bench/referee_load.py: p99 166 ms -> 62 ms on a quiet machine,
    docs/benchmarks.md). Garbage first, then freeze."""
    gc.collect()
    gc.freeze()


def build_the_rules_index_meanwhile() -> None:
    """The rules search's index (both languages, every game: about 2 s of CPU) built beside
    the first requests rather than inside the first question asked: a live table's « ask »
    waited those seconds, more on a busy machine. In a thread, so that a process restarted
    by its supervisor is back as soon as before (tests/deploy/test_mends_itself.py). Its
    11,000 objects live as long as the process too: frozen once built, they are not walked
    by every full collection while tables wait (docs/benchmarks.md, issue 28)."""
    from scorekeeper.rules_search import warm_meanwhile

    warm_meanwhile(then=keep_out_of_the_collector)


load_what_the_first_requests_would()
keep_out_of_the_collector()  # Django, the apps, the consumers, the channel layer
build_the_rules_index_meanwhile()
