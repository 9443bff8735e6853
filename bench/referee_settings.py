"""Settings for bench/referee_load.py's server: the project's, with persistent
database connections optional (REFEREE_BENCH_CONN_MAX_AGE) to measure their effect.

The Redis read-timeout fix this file used to apply (redis-py 8's 5 s default,
django/channels_redis#422) now lives in scorekeeper/env.py's channel_layers().
"""

import os

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import DATABASES

# Measured both ways (docs/benchmarks.md): REFEREE_BENCH_CONN_MAX_AGE=60 keeps
# database connections between events, as scorekeeper/settings.py could.
DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("REFEREE_BENCH_CONN_MAX_AGE", "0"))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
