"""The environment helpers behind settings.py: sensible defaults, loud failures."""

import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config import env

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("word", ["true", "1", "yes", "on", "TRUE", " On "])
def test_it_reads_true_words(word: str):
    assert env.env_bool("X", False, environ={"X": word}) is True


@pytest.mark.parametrize("word", ["false", "0", "no", "off", "False", "OFF"])
def test_it_reads_false_words(word: str):
    assert env.env_bool("X", True, environ={"X": word}) is False


@pytest.mark.parametrize("default", [True, False])
def test_it_uses_the_default_when_unset_or_blank(default: bool):
    assert env.env_bool("X", default, environ={}) is default
    assert env.env_bool("X", default, environ={"X": "  "}) is default


@pytest.mark.parametrize("word", ["2", "y", "vrai", "enabled", "truee"])
def test_it_refuses_a_boolean_it_does_not_know(word: str):
    with pytest.raises(ImproperlyConfigured, match=rf"DJANGO_DEBUG='{word}' is not a boolean"):
        env.env_bool("DJANGO_DEBUG", True, environ={"DJANGO_DEBUG": word})


def test_it_reads_whole_numbers():
    assert env.env_int("N", 7, environ={}) == 7
    assert env.env_int("N", 7, environ={"N": "3600"}) == 3600


@pytest.mark.parametrize("value", ["1.5", "ten", "0x10", "3600s"])
def test_it_refuses_what_is_not_a_whole_number(value: str):
    with pytest.raises(ImproperlyConfigured, match="N=.* is not a whole number"):
        env.env_int("N", 0, environ={"N": value})


def test_it_refuses_a_number_below_its_minimum():
    with pytest.raises(ImproperlyConfigured, match="N=-1 is too small: it must be at least 0"):
        env.env_int("N", 0, minimum=0, environ={"N": "-1"})


def test_it_reads_comma_lists():
    hosts = env.env_list("H", ["d"], environ={"H": "a.example, b.example ,c"})
    assert hosts == ["a.example", "b.example", "c"]
    assert env.env_list("H", ["d"], environ={}) == ["d"]


@pytest.mark.parametrize("value", ["a,,b", "a,", ",a", " , "])
def test_it_refuses_empty_list_items(value: str):
    with pytest.raises(ImproperlyConfigured, match="H=.* has an empty item"):
        env.env_list("H", [], environ={"H": value})


def test_it_reads_a_choice_in_any_case():
    assert env.env_choice("L", "INFO", ("DEBUG", "INFO"), environ={"L": "debug"}) == "DEBUG"
    with pytest.raises(ImproperlyConfigured, match="L='loud' is not one of: DEBUG, INFO"):
        env.env_choice("L", "INFO", ("DEBUG", "INFO"), environ={"L": "loud"})


def test_it_gives_a_development_secret_key_only_in_debug():
    assert env.secret_key(True, environ={}) == env.DEV_SECRET_KEY
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY is required"):
        env.secret_key(False, environ={})


def test_it_refuses_a_development_secret_key_without_debug():
    with pytest.raises(ImproperlyConfigured, match="development key"):
        env.secret_key(False, environ={"DJANGO_SECRET_KEY": env.DEV_SECRET_KEY})


def test_it_uses_the_given_secret_key():
    assert env.secret_key(False, environ={"DJANGO_SECRET_KEY": "k" * 50}) == "k" * 50


def test_it_allows_local_hosts_only_in_debug():
    assert env.allowed_hosts(True, environ={}) == [
        "localhost",
        "127.0.0.1",
        "[::1]",
        "testserver",
    ]
    with pytest.raises(ImproperlyConfigured, match="DJANGO_ALLOWED_HOSTS is required"):
        env.allowed_hosts(False, environ={})
    hosts = env.allowed_hosts(False, environ={"DJANGO_ALLOWED_HOSTS": "scores.example.org"})
    assert hosts == ["scores.example.org"]


def test_it_refuses_a_trusted_origin_without_scheme():
    with pytest.raises(ImproperlyConfigured, match="'scores.example.org' must start with https://"):
        env.csrf_trusted_origins(environ={"DJANGO_CSRF_TRUSTED_ORIGINS": "scores.example.org"})
    origins = env.csrf_trusted_origins(
        environ={"DJANGO_CSRF_TRUSTED_ORIGINS": "https://scores.example.org"}
    )
    assert origins == ["https://scores.example.org"]


def test_it_puts_sqlite_in_a_file_with_a_test_file_beside_it(tmp_path: Path):
    config = env.database_config("sqlite:///data/db.sqlite3", tmp_path)

    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(tmp_path / "data" / "db.sqlite3")
    assert config["TEST"]["NAME"] == str(tmp_path / "data" / "test_db.sqlite3")
    assert (tmp_path / "data").is_dir()
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert config["OPTIONS"]["timeout"] > 0


def test_it_keeps_sqlite_in_memory_when_asked(tmp_path: Path):
    config = env.database_config("sqlite://:memory:", tmp_path)

    assert config["NAME"] == ":memory:"
    assert "TEST" not in config


def test_it_reads_a_postgres_url(tmp_path: Path):
    config = env.database_config("postgres://postgres@127.0.0.1:5432/scores", tmp_path,
                                 environ={"DATABASE_POOL": "false"})

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("127.0.0.1", 5432, "scores")
    assert "OPTIONS" not in config or "transaction_mode" not in config["OPTIONS"]


def test_it_pools_postgres_connections_instead_of_keeping_them(tmp_path: Path):
    config = env.database_config("postgres://postgres@127.0.0.1:5432/scores", tmp_path,
                                 environ={"DATABASE_POOL_SIZE": "4"})

    assert config["OPTIONS"]["pool"]["max_size"] == 4
    assert config["CONN_MAX_AGE"] == 0  # Django refuses a pool with persistent connections
    assert config["ENGINE"] == "config.postgres"  # Django's, with a pool that checks quietly
    assert config["CONN_HEALTH_CHECKS"] is True


def test_it_keeps_a_postgres_connection_when_the_pool_is_off(tmp_path: Path):
    config = env.database_config("postgres://postgres@127.0.0.1:5432/scores", tmp_path,
                                 environ={"DATABASE_POOL": "false", "DATABASE_CONN_MAX_AGE": "60"})

    assert "pool" not in config.get("OPTIONS", {})
    assert config["CONN_MAX_AGE"] == 60


def test_it_keeps_a_sqlite_connection_between_events(tmp_path: Path):
    config = env.database_config("sqlite:///data/db.sqlite3", tmp_path, environ={})

    assert config["CONN_MAX_AGE"] == 600
    assert config["CONN_HEALTH_CHECKS"] is True


@pytest.mark.parametrize("url", ["nonsense", "mongodb://db/scores", "http://db/scores"])
def test_it_refuses_a_database_url_it_cannot_use(url: str, tmp_path: Path):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL is not a database URL"):
        env.database_config(url, tmp_path)


def test_it_uses_the_in_memory_channel_layer_without_redis():
    layers = env.channel_layers(None)

    assert layers["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"


def test_it_uses_redis_when_given_its_url():
    layers = env.channel_layers("redis://127.0.0.1:6379/9", environ={})

    assert layers["default"]["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert layers["default"]["CONFIG"]["hosts"] == [
        {"address": "redis://127.0.0.1:6379/9", "socket_timeout": None}  # no read timeout: see env.py
    ]


def test_it_keeps_the_cache_in_each_process_without_redis():
    assert env.caches(None)["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"


def test_it_shares_the_cache_between_processes_through_redis_when_given_its_url():
    cache = env.caches("redis://127.0.0.1:6379/9")["default"]

    assert cache["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert cache["LOCATION"] == "redis://127.0.0.1:6379/9"


def test_it_prefixes_the_layers_channels_and_the_caches_keys_as_asked():
    """Redis's pub/sub channels are not per database: only a prefix keeps two deployments apart."""
    asked = {"REDIS_PREFIX": "club-b"}

    assert env.channel_layers("redis://127.0.0.1:6379/9", environ=asked)["default"]["CONFIG"]["prefix"] == "club-b"
    assert env.caches("redis://127.0.0.1:6379/9", environ=asked)["default"]["KEY_PREFIX"] == "club-b"
    assert env.channel_layers("redis://127.0.0.1:6379/9", environ={})["default"]["CONFIG"]["prefix"] == "asgi"


def test_it_uses_the_core_redis_layer_when_asked():
    layers = env.channel_layers("redis://127.0.0.1:6379/9", environ={"REDIS_CHANNEL_LAYER": "core"})

    assert layers["default"]["BACKEND"] == "channels_redis.core.RedisChannelLayer"


def test_it_refuses_a_redis_layer_it_does_not_know():
    with pytest.raises(ImproperlyConfigured, match="REDIS_CHANNEL_LAYER='sharded' is not one of: pubsub, core"):
        env.channel_layers("redis://127.0.0.1:6379/9", environ={"REDIS_CHANNEL_LAYER": "sharded"})


def test_it_refuses_a_redis_url_without_hiding_the_password_in_the_message():
    with pytest.raises(ImproperlyConfigured, match="not 'http'") as error:
        env.channel_layers("http://:hunter2@cache:6379/0")
    assert "hunter2" not in str(error.value)


def _manage(*args: str, **environ: str) -> subprocess.CompletedProcess[str]:
    clean = {"PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1", **environ}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_it_stops_the_start_up_on_a_bad_value():
    result = _manage("check", DJANGO_DEBUG="maybe")

    assert result.returncode != 0
    assert "DJANGO_DEBUG='maybe' is not a boolean" in result.stderr


def test_it_passes_the_deployment_checks_with_debug_off(tmp_path: Path):
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="x7Gq2-" + "aZ9kLm3Pq8Rt5Vw2Yb6Nc4Hd7Jf1Ks0Ue" * 2,
        DJANGO_ALLOWED_HOSTS="scores.example.org",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )

    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout
