"""Django's PostgreSQL backend, whose pool checks a connection without a round trip
(config/postgres/pool_check.py) when health checks are on.

psycopg_pool takes its `check` only when the pool is made, and Django makes it passing its
own check, so ours is put in its place once the pool exists (tests/config/test_pool_check.py
fails if a new psycopg_pool keeps it elsewhere).
"""

from __future__ import annotations

from typing import Any

from django.db.backends.postgresql import base

from config.postgres.pool_check import check_quietly


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self) -> Any:
        pool = super().pool
        if pool is not None and self.settings_dict["CONN_HEALTH_CHECKS"] and pool._check is not check_quietly:
            pool._check = check_quietly
        return pool
