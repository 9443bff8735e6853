"""Signals other parts of the app listen to (leagues, the live referee, the room screen)."""

from django.dispatch import Signal

# Sent after the transaction that changed a game's rounds has committed, with
# `game` (the saved Game) and `ended` (True when this change finished the game).
game_scored = Signal()
