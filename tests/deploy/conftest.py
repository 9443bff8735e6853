"""The production recipe, started once for the package: nginx in front of two processes
serving the test database (tools/serve_prod.sh). Needs PostgreSQL, Redis and nginx."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
# Tight limits, so the attacks in tests/deploy reach them in a few requests.
LIMITS = {"GUESSES_PER_DEVICE": "10", "GUESSES_PER_ADDRESS": "20", "AXES_FAILURE_LIMIT": "5"}
SCRIPT = str(ROOT / "tools" / "serve_prod.sh")


NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)

# The marks of every test that starts the production recipe (nginx, Daphne processes,
# PostgreSQL, Redis): skipped where one of them is missing, in a database they can all see.
NEEDS_THE_RECIPE = [
    pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres")
                       or not os.environ.get("REDIS_URL") or NGINX is None,
                       reason="needs PostgreSQL (DATABASE_URL), Redis (REDIS_URL) and nginx"),
    pytest.mark.django_db(transaction=True),
]


def free_ports(n: int) -> int:
    """The first of n consecutive free loopback ports."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            first = s.getsockname()[1]
        if first + n > 65535:
            continue
        try:
            for port in range(first, first + n):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
    raise RuntimeError("no run of free ports")


SECRET_KEY = secrets.token_urlsafe(50)  # the servers': members' tokens are signed with it


def start_recipe(tmp_path: Path, **extra: str) -> tuple[int, dict[str, str]]:
    """Start nginx in front of two processes serving the test database: (nginx's port, the
    environment to stop them with). `extra`: settings of this start (e.g. another REDIS_URL)."""
    settings = connection.settings_dict
    database = f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"
    listen = free_ports(1)
    env = {**os.environ, "DATABASE_URL": database, "RUN_DIR": str(tmp_path / "run"),
           # collectstatic into a folder of this start: another worker may be scanning the repo's
           "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
           "LISTEN": f"127.0.0.1:{listen}", "DAPHNE_PORT": str(free_ports(2)),
           "PYTHON_BIN": str(Path(sys.executable).parent), "DJANGO_DEBUG": "false",
           "DJANGO_SECRET_KEY": SECRET_KEY, "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "DJANGO_SECURE_SSL_REDIRECT": "false", "DJANGO_SECURE_COOKIES": "false",
           "DJANGO_LOG_LEVEL": "WARNING", **LIMITS, **extra}
    flush_own_redis_database()
    if settings.get("PASSWORD"):
        env["PGPASSWORD"] = settings["PASSWORD"]
    started = subprocess.run([SCRIPT, "start", "2"], env=env, capture_output=True, text=True, timeout=300)
    if started.returncode != 0:
        stop_recipe(env)
        raise AssertionError(started.stdout + started.stderr)
    return listen, env


def stop_recipe(env: dict[str, str]) -> None:
    subprocess.run([SCRIPT, "stop"], env=env, capture_output=True, timeout=120)


@pytest.fixture(autouse=True)
def _passwords_the_recipe_can_check(production_password_hashes: None) -> None:
    """Users made here log in to the recipe's own processes (tests/conftest.py)."""


@pytest.fixture(scope="package")
def recipe(django_db_setup: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, dict[str, str]]]:
    """(nginx's port, the recipe's environment: RUN_DIR, DAPHNE_PORT...), in front of two
    processes serving the test database (once for the package)."""
    listen, env = start_recipe(tmp_path_factory.mktemp("serve_prod"))
    try:
        yield listen, env
    finally:
        stop_recipe(env)


@pytest.fixture(scope="package")
def served(recipe: tuple[int, dict[str, str]]) -> int:
    """nginx's port, in front of two processes serving the test database."""
    return recipe[0]


def flush_own_redis_database() -> None:
    """Counts left by an earlier run (join-code guesses) would start these tests half-spent."""
    import redis

    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
