"""What a phone and a scanner see through the recipe's nginx (issue 28): links that keep
the port the phone used, nginx's version hidden, the headers a scanner asks for, the
manifest's type, and noindex on URLs that carry a secret."""

from __future__ import annotations

import http.client
import os
import re

from django.test import override_settings

from referee.models import LiveTable
from tests.deploy.conftest import NEEDS_THE_RECIPE, NGINX, SECRET_KEY
from tests.factories import make_game

pytestmark = NEEDS_THE_RECIPE


def get(port: int, path: str) -> tuple[int, dict[str, str], str]:
    """As a phone asks: its Host carries the port it connected to."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode("latin-1")
    finally:
        connection.close()


def _forget_the_addresses_guesses() -> None:
    """test_behind_proxy, in this package, spends 127.0.0.1's join-code guesses on purpose
    (every test here comes from that address, without a device cookie): its minute would
    refuse this test's page."""
    import redis

    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    for key in client.scan_iter(match="*referee.guesses.*"):
        client.delete(key)


def test_the_join_qr_and_its_link_keep_the_port_the_phone_came_through(served: int):
    _forget_the_addresses_guesses()
    table = LiveTable.open_for(make_game("tamalou"))
    status, headers, page = get(served, f"/tables/{table.code}/join/")
    assert status == 200
    link = re.search(r'class="help join-url"[^>]*>([^<]+)<', page).group(1)
    with override_settings(SECRET_KEY=SECRET_KEY):  # the servers' key signs the QR's
        assert link == f"http://127.0.0.1:{served}/tables/{table.code}/join/?key={table.join_key}"
    assert headers["x-robots-tag"] == "noindex, nofollow"  # the code and the key are in the URL


def test_nginx_hides_its_version_and_every_page_carries_the_scanners_headers(served: int):
    status, headers, page = get(served, "/")
    assert status == 200 and headers["server"] == "nginx"
    assert "camera=()" in headers["permissions-policy"]
    assert headers["cross-origin-resource-policy"] == "same-origin"
    assert "x-robots-tag" not in headers

    game = make_game("tamalou")
    assert get(served, game.get_absolute_url())[1]["x-robots-tag"] == "noindex, nofollow"


def test_static_files_are_nosniff_and_the_manifest_has_its_own_type(served: int):
    _status, _headers, page = get(served, "/")
    stylesheet = re.search(r'href="(/static/css/app\.[0-9a-f]{12}\.css)"', page).group(1)
    manifest = re.search(r'rel="manifest" href="([^"]+)"', page).group(1)
    status, headers, _ = get(served, stylesheet)
    assert status == 200 and "x-upstream" not in headers  # nginx's own answer
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["cross-origin-resource-policy"] == "same-origin"
    assert headers["server"] == "nginx"
    status, headers, _ = get(served, manifest)
    assert status == 200 and headers["content-type"] == "application/manifest+json"
    assert headers["x-content-type-options"] == "nosniff"


def test_the_tls_recipe_redirects_plain_http_to_https(django_db_setup, tmp_path):
    """HTTP_REDIRECT=<port>: nginx's configuration gets a plain-HTTP server that sends every
    request to the same URL over HTTPS (the recipe's TLS set-up, docs/deploy.md)."""
    import subprocess
    import sys
    from pathlib import Path

    from django.db import connection

    from tests.deploy.conftest import SCRIPT, free_ports

    db = connection.settings_dict
    listen, redirect = free_ports(1), free_ports(1)
    run = tmp_path / "run"
    env = {**os.environ, "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
           "RUN_DIR": str(run), "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
           "LISTEN": f"127.0.0.1:{listen}", "HTTP_REDIRECT": f"127.0.0.1:{redirect}",
           "DAPHNE_PORT": str(free_ports(1)), "PYTHON_BIN": str(Path(sys.executable).parent),
           "DJANGO_SECRET_KEY": SECRET_KEY, "DJANGO_ALLOWED_HOSTS": "127.0.0.1"}
    configured = subprocess.run([SCRIPT, "configure", "1"], env=env, capture_output=True, text=True, timeout=300)
    assert configured.returncode == 0, configured.stdout + configured.stderr
    conf = str(run / "nginx.conf")
    subprocess.run([NGINX, "-e", str(run / "nginx-error.log"), "-c", conf], check=True, timeout=30)
    try:
        connection_ = http.client.HTTPConnection("127.0.0.1", redirect, timeout=10)
        connection_.request("GET", "/tables/KF7RM4XP2Q/join/?key=abc", headers={"Host": "scores.example.org"})
        response = connection_.getresponse()
        assert response.status == 301
        assert response.getheader("Location") == "https://scores.example.org/tables/KF7RM4XP2Q/join/?key=abc"
        assert response.getheader("Server") == "nginx"
    finally:
        subprocess.run([NGINX, "-e", str(run / "nginx-error.log"), "-c", conf, "-s", "quit"], timeout=30)
