"""Settings for bench/referee_load.py's servers: the project's own (production
values come from the environment the benchmark sets: debug off, a secret key),
plus the channel layer's class chosen by REFEREE_BENCH_LAYER to compare
channels-redis's two layers, and REFEREE_BENCH_UPDATES=whole to send the whole
state in every update (the default since issue 10 sends what changed).
"""

import os

from config.settings import *  # noqa: F403
from config.settings import CHANNEL_LAYERS

if "REDIS_URL" in os.environ and os.environ.get("REFEREE_BENCH_LAYER"):
    CHANNEL_LAYERS["default"]["BACKEND"] = os.environ["REFEREE_BENCH_LAYER"]

REFEREE_UPDATE_DELTAS = os.environ.get("REFEREE_BENCH_UPDATES", "delta") != "whole"
