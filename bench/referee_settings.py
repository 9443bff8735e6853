"""Settings for bench/referee_load.py's server: the project's, with one fix for Redis.

redis-py 8 gives every socket a 5 s read timeout by default; channels_redis
waits for messages with a blocking BZPOPMIN of 5 s, so an idle or busy
consumer gets `TimeoutError: Timeout reading from 127.0.0.1:6379` and its
WebSocket is closed with 1011 (django/channels_redis#422, redis/redis-py#4091).
scorekeeper/env.py is not the referee's to change: the fix is applied here for
the benchmark and reported, to be moved into `channel_layers()`.
"""

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import CHANNEL_LAYERS

_layer = CHANNEL_LAYERS["default"]
if _layer["BACKEND"] == "channels_redis.core.RedisChannelLayer":
    _layer["CONFIG"]["hosts"] = [
        {"address": host, "socket_timeout": None} if isinstance(host, str) else host
        for host in _layer["CONFIG"]["hosts"]
    ]

# Measured both ways (docs/benchmarks.md): set REFEREE_BENCH_CONN_MAX_AGE=60 to keep
# database connections between events, as scorekeeper/settings.py could.
import os  # noqa: E402

from scorekeeper.settings import DATABASES  # noqa: E402

DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("REFEREE_BENCH_CONN_MAX_AGE", "0"))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
