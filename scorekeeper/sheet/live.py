"""Every phone on a game in step: after a round is saved, edited or undone, the sheet
is rendered once per language and sent to the game's group; each phone's WebSocket
(scorekeeper/sheet/consumers.py, htmx's ws extension) swaps it in by its id, "sheet".

Sent from the `game_scored` signal, which fires after the change's transaction has
committed: a phone never sees a round that a rollback then takes away. With
REDIS_URL the group spans every Daphne process.

The phone that saved a round gets the sheet as the answer to its request
(scorekeeper/views/game/rounds.py). Inside `answered_with_the_sheet()` that request's render
is handed over (`Handoff.publish`): the other phones in its language get those very
bytes at once, and the other languages are rendered after it, off the request. Each
message carries the game's version: a phone is never sent an older sheet after a
newer one.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils import translation

from scorekeeper.models import Game, Round
from scorekeeper.sheet import broadcast
from scorekeeper.sheet.page import SHEET_PARTIAL, sheet_context
from scorekeeper.signals import game_scored

logger = logging.getLogger(__name__)



def language_of(code: str | None) -> str:
    """A language the site speaks, from the code a page put in its socket's URL."""
    return code if code in languages() else settings.LANGUAGE_CODE


def rendered_sheets(game_id: int) -> tuple[int, dict[str, str]]:
    """The game's version and its sheet partial in every language of the site: rendered
    once for all the phones."""
    game = Game.objects.with_players().get(pk=game_id)
    return game.version, render_languages(game, list(game.rounds.all()), languages())


def languages() -> list[str]:
    return [language for language, _name in settings.LANGUAGES]


def render_languages(game: Game, rounds: list[Round], wanted: list[str]) -> dict[str, str]:
    """The sheet partial in each `wanted` language, from the game and all its rounds as
    loaded (no query). The sheet is built in each language: it writes numbers (6,5 in
    French, 6.5 in English) as it builds."""
    pages = {}
    for language in wanted:
        with translation.override(language):
            pages[language] = render_to_string(SHEET_PARTIAL, sheet_context(game, rounds=rounds))
    return pages


# -- a request that answers with the sheet itself ------------------------------------


@dataclass
class Handoff:
    """The games changed (and committed) while a request that answers its phone with the
    sheet runs: their broadcast waits for that answer's render (publish), or for the
    end of the request's `answered_with_the_sheet` block."""

    changed: dict[int, Game] = field(default_factory=dict)

    def publish(self, game: Game, rounds: list[Round], pages: dict[str, str]) -> None:
        """Send `pages` (the sheet as rendered for the request, in its language: nothing
        of its phone's in it) to the game's phones now, and the other languages after
        them, rendered off the request. Nothing when the request changed nothing (a
        repeated save), since the phones have that sheet already."""
        if self.changed.pop(game.pk, None) is None:
            return
        version, rest = game.version, [language for language in languages() if language not in pages]
        broadcast.send_now(game.pk, version, pages)
        if rest:
            broadcast.render_later(lambda: (version, render_languages(game, rounds, rest)), game.pk)


_HANDOFF: contextvars.ContextVar[Handoff | None] = contextvars.ContextVar("sheet_handoff", default=None)


@contextmanager
def answered_with_the_sheet() -> Iterator[Handoff]:
    """Within it, a committed change's sheet is not rendered for the phones at once: the
    request renders it for its own phone and hands that render over (Handoff.publish).
    A change it did not hand over (it answered otherwise, or failed) is broadcast as
    usual when the block ends: no change goes unsent."""
    handoff = Handoff()
    token = _HANDOFF.set(handoff)
    try:
        yield handoff
    finally:
        _HANDOFF.reset(token)
        for game in handoff.changed.values():
            _broadcast(game)


# -- sending ---------------------------------------------------------------------------


@receiver(game_scored, sender=Game, dispatch_uid="scorekeeper.sheet.live")
def broadcast_sheet(sender: type[Game], game: Game, ended: bool, **kwargs: Any) -> None:
    send_sheet(game)


def send_sheet(game: Game) -> None:
    """Send the new sheet to the game's phones, or leave it to the request that is about
    to render it (answered_with_the_sheet). Call it after the commit: from `game_scored`
    for a change of the rounds, directly for what changes the sheet only (the note)."""
    handoff = _HANDOFF.get()
    if handoff is not None:
        handoff.changed[game.pk] = game
        return
    _broadcast(game)


def _broadcast(game: Game) -> None:
    """Served by Daphne, the change's request does not wait for it: rendering and sending
    go to the server's event loop (scorekeeper/sheet/broadcast.py), so the phone that saved gets its answer first. Elsewhere (a
    command, WSGI) it is done here and now. A failure (Redis down) costs the phones
    one update, never the round just saved: it is logged, not raised.
    """
    broadcast.render_later(lambda: rendered_sheets(game.pk), game.pk)
