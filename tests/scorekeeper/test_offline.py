"""The service worker's URL: at the root, so its scope is the whole site."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_it_serves_the_worker_from_the_root_with_the_whole_site_as_scope(client: Client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/javascript"
    assert response["Service-Worker-Allowed"] == "/"
    assert b"marque-carte-v2" in response.content
