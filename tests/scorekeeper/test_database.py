"""The configured database back end works: migrations applied, writes committed."""

import pytest
from django.contrib.sessions.backends.db import SessionStore


@pytest.mark.django_db
def test_it_stores_and_reloads_a_session():
    session = SessionStore()
    session["table"] = "cactus"
    session.save()

    assert SessionStore(session_key=session.session_key)["table"] == "cactus"
