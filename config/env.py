"""Read settings from the environment, failing loudly on values that make no sense.

Plain functions, so that ``settings.py`` stays a list of decisions and the parsing
is tested on its own (``tests/config/test_settings.py``). Every helper takes an
optional ``environ`` mapping; it defaults to ``os.environ``.

An empty variable counts as unset: ``DJANGO_DEBUG=`` in a ``.env`` file means
"the default", not "false".
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})

# Only ever used with DJANGO_DEBUG on; refused with it off.
DEV_SECRET_KEY = "django-insecure-marque-carte-dev-only-never-use-this-key-in-production"

DEV_ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]

REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def _environ(environ: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if environ is None else environ


def env_str(
    name: str, default: str | None = None, environ: Mapping[str, str] | None = None
) -> str | None:
    """The variable's value, stripped; ``default`` when it is unset or blank."""
    value = _environ(environ).get(name, "").strip()
    return value if value else default


def env_bool(name: str, default: bool, environ: Mapping[str, str] | None = None) -> bool:
    """true/false, 1/0, yes/no, on/off (any case); anything else is an error."""
    value = env_str(name, environ=environ)
    if value is None:
        return default
    word = value.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is not a boolean: use true/false, 1/0, yes/no or on/off."
    )


def env_int(
    name: str,
    default: int,
    *,
    minimum: int | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    """A whole number written in decimal, at least ``minimum`` when given."""
    value = env_str(name, environ=environ)
    if value is None:
        return default
    try:
        number = int(value, 10)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name}={number} is too small: it must be at least {minimum}.")
    return number


def env_list(name: str, default: list[str], environ: Mapping[str, str] | None = None) -> list[str]:
    """A comma-separated list; blanks around items are dropped, empty items are errors."""
    value = env_str(name, environ=environ)
    if value is None:
        return list(default)
    items = [item.strip() for item in value.split(",")]
    if any(not item for item in items):
        raise ImproperlyConfigured(
            f"{name}={value!r} has an empty item: separate values with single commas."
        )
    return items


def env_choice(
    name: str, default: str, choices: tuple[str, ...], environ: Mapping[str, str] | None = None
) -> str:
    """One of ``choices``, compared without regard to case, returned as spelled there."""
    value = env_str(name, environ=environ)
    if value is None:
        return default
    for choice in choices:
        if value.lower() == choice.lower():
            return choice
    raise ImproperlyConfigured(f"{name}={value!r} is not one of: {', '.join(choices)}.")


def secret_key(debug: bool, environ: Mapping[str, str] | None = None) -> str:
    """DJANGO_SECRET_KEY; a development key is used only when debug is on."""
    key = env_str("DJANGO_SECRET_KEY", environ=environ)
    if key is None:
        if debug:
            return DEV_SECRET_KEY
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is required when DJANGO_DEBUG is off. Generate one with: "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
    if not debug and key.startswith("django-insecure"):
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is a development key: set a long random one when DJANGO_DEBUG is off."
        )
    return key


def allowed_hosts(debug: bool, environ: Mapping[str, str] | None = None) -> list[str]:
    """DJANGO_ALLOWED_HOSTS; local names by default only when debug is on."""
    hosts = env_list("DJANGO_ALLOWED_HOSTS", [], environ=environ)
    if hosts:
        return hosts
    if debug:
        return list(DEV_ALLOWED_HOSTS)
    raise ImproperlyConfigured(
        "DJANGO_ALLOWED_HOSTS is required when DJANGO_DEBUG is off, "
        "e.g. DJANGO_ALLOWED_HOSTS=scores.example.org"
    )


def csrf_trusted_origins(environ: Mapping[str, str] | None = None) -> list[str]:
    """DJANGO_CSRF_TRUSTED_ORIGINS: full origins with their scheme."""
    origins = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [], environ=environ)
    for origin in origins:
        if not origin.startswith(("http://", "https://")):
            raise ImproperlyConfigured(
                f"DJANGO_CSRF_TRUSTED_ORIGINS item {origin!r} must start with https:// or http://"
            )
    return origins


def database_config(url: str, base_dir: Path, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Django's DATABASES["default"] for a DATABASE_URL.

    No connection is set up per request or per live-table event: on PostgreSQL,
    psycopg's pool (DATABASE_POOL_SIZE connections at most, DATABASE_POOL=false
    to do without); otherwise a kept connection (DATABASE_CONN_MAX_AGE seconds,
    600 by default). Channels' `database_sync_to_async` runs every event of a
    process in one thread, so a kept connection is one per process, and
    `close_old_connections` there only drops it when too old or broken.

    For SQLite: a relative path is taken from ``base_dir``, its folder is created,
    the test database is a file beside it (Daphne started by a test can open it; an
    in-memory one it cannot), and writers wait for each other instead of failing with
    "database is locked".
    """
    try:
        config: dict[str, Any] = dj_database_url.parse(url, conn_health_checks=True)
    except Exception as exc:  # dj-database-url raises several kinds on bad input
        raise ImproperlyConfigured(
            f"DATABASE_URL is not a database URL Django can use: {exc}"
        ) from exc
    if config.get("ENGINE") == "django.db.backends.postgresql" and env_bool("DATABASE_POOL", True, environ):
        # Django 5.1+: the pool replaces persistent connections (CONN_MAX_AGE must be 0).
        config["CONN_MAX_AGE"] = 0
        # The pool checks each connection it lends with no round trip unless its socket has
        # spoken (config/postgres/pool_check.py): Django's own check sent a query every time.
        config["ENGINE"] = "config.postgres"
        config["OPTIONS"] = {**config.get("OPTIONS", {}), "pool": {
            "min_size": 1, "max_size": env_int("DATABASE_POOL_SIZE", 10, minimum=1, environ=environ),
            "timeout": 10}}
        return config
    config["CONN_MAX_AGE"] = env_int("DATABASE_CONN_MAX_AGE", 600, minimum=0, environ=environ)
    if config.get("ENGINE") != "django.db.backends.sqlite3":
        return config
    name = str(config.get("NAME") or "")
    if not name or name == ":memory:" or name.startswith("file:"):
        return config
    path = Path(name)
    if not path.is_absolute():
        path = base_dir / path
    path.parent.mkdir(parents=True, exist_ok=True)
    config["NAME"] = str(path)
    config.setdefault("TEST", {})["NAME"] = str(path.with_name(f"test_{path.name}"))
    config["OPTIONS"] = {
        # BEGIN IMMEDIATE takes the write lock at the start of a transaction, so
        # a second writer waits up to `timeout` seconds instead of failing midway.
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        **config.get("OPTIONS", {}),
    }
    return config


# channels-redis's two layers. Pub/sub sends a table's update to Redis once and each
# process hands it to its own phones; the list-based core layer stores one copy per
# phone: pub/sub took ~40 % less server CPU per event (docs/benchmarks.md).
REDIS_LAYERS = {"pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
                "core": "channels_redis.core.RedisChannelLayer"}


def channel_layers(redis_url: str | None, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Redis when REDIS_URL is set (REDIS_CHANNEL_LAYER: pubsub or core), else the
    in-memory layer (a single process only)."""
    if redis_url is None:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    if not redis_url.startswith(REDIS_SCHEMES):
        scheme = redis_url.partition(":")[0]  # not the rest: it may hold a password
        raise ImproperlyConfigured(
            f"REDIS_URL must start with redis://, rediss:// or unix://, not {scheme!r}"
        )
    return {
        "default": {
            "BACKEND": REDIS_LAYERS[env_choice("REDIS_CHANNEL_LAYER", "pubsub", tuple(REDIS_LAYERS), environ)],
            # redis-py 8 reads with a 5 s timeout by default, shorter than channels_redis's
            # blocking 5 s wait for messages: idle WebSockets were closed with 1011
            # (django/channels_redis#422). No read timeout: the layer waits by design.
            "CONFIG": {"hosts": [{"address": redis_url, "socket_timeout": None}],
                       # Pub/sub channels are not per Redis database: two deployments (or
                       # two test workers) sharing one Redis need prefixes of their own.
                       "prefix": env_str("REDIS_PREFIX", "asgi", environ)},
        }
    }


def caches(redis_url: str | None, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Django's cache: Redis when REDIS_URL is set, so what it counts (join-code guesses,
    referee/limits/guesses.py) is shared by every Daphne process; else each process's memory.
    The URL was checked by channel_layers."""
    if redis_url is None:
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    return {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                        "LOCATION": redis_url, "KEY_PREFIX": env_str("REDIS_PREFIX", "marque-carte", environ)}}

