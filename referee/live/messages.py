"""What a table's group hears after an event: the update message, encoded once for the
whole table, and the text one phone receives of it."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.utils import translation

from engine.table import delta
from referee.live import sent
from referee.live.state_cache import StateCache
from scorekeeper.wording.rulings import describe

WORDED_KEPT = 1024  # worded rulings kept per process (a few hundred bytes each)


def update_message(seq: int, state: dict[str, Any], rulings: list[dict[str, Any]],
                   before: dict[str, Any] | None = None) -> dict[str, Any]:
    """The group message for one event: what changed (or the state) and the worded rulings,
    JSON-encoded once.

    Given the state `before` the event (the state at seq - 1), the message carries
    `delta`, the changes from it (engine/table/delta.py), when they are shorter than the
    whole state; otherwise `state`. A phone applies a delta only on top of the state
    at seq - 1 and asks for the whole state (`sync`) on any gap or doubt.

    Strings keep the channel layer's copy of each message cheap, and spare every
    consumer of the table from encoding the same state and wording the same
    rulings again.
    """
    said = json.dumps(rulings, ensure_ascii=False)
    message = sent.TableUpdateGroup(seq=seq, rulings={lang: _worded(lang, said, rulings) for lang, _name
                                                      in settings.LANGUAGES})
    opens = next((r["window"] for r in rulings if r["rule"] == "window.opened"), None)
    if opens is not None:  # each consumer notes when its phone was sent the card (a claim's timing)
        message.opens = opens
    changes = json.dumps(delta.diff(before, state), ensure_ascii=False) if before is not None else None
    if changes is not None and len(changes) < delta.SHORTEST_STATE:
        message.delta = changes  # shorter than any state: no need to encode this one to know
        return sent.group(message)
    whole = json.dumps(state, ensure_ascii=False)
    if changes is not None and len(changes) < len(whole):
        message.delta = changes
    else:
        message.state = whole
    return sent.group(message)


# Rulings worded in one language, kept: (language, the rulings as JSON) -> the worded JSON.
# The same rulings come back all evening (a claim accepted, a wrong card: the player, the
# card), and wording costs Django's translation machinery for every sentence, in each
# language, in the database thread every event waits on (issue 28, docs/benchmarks.md).
_WORDED: StateCache[tuple[str, str], str] = StateCache(kept=WORDED_KEPT)


def _worded(lang: str, said: str, rulings: list[dict[str, Any]]) -> str:
    """The rulings with their sentence in `lang`, as JSON; `said`: the rulings as JSON (the key)."""
    text = _WORDED.get((lang, said))
    if text is None:
        with translation.override(lang):
            text = json.dumps([{**r, "text": describe(r)} for r in rulings], ensure_ascii=False)
        _WORDED[(lang, said)] = text
    return text


def update_text(message: dict[str, Any], lang: str, server_time: float) -> str:
    """What one phone receives for a group's `table.update`: encoded once for the whole table
    (see update_message), only the time is this phone's."""
    rulings = message["rulings"].get(lang) or message["rulings"][settings.LANGUAGE_CODE]
    body = f'"delta": {message["delta"]}' if "delta" in message else f'"state": {message["state"]}'
    return (f'{{"type": "table.update", "seq": {message["seq"]}, "server_time": {server_time!r}, '
            f'{body}, "rulings": {rulings}}}')
