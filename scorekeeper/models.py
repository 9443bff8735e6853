"""Players, games, rounds and leagues will live here."""
