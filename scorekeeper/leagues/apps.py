from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Leagues, seasons, nights and tables; standings and ratings of their games."""

    name = "scorekeeper.leagues"
    label = "leagues"
    verbose_name = "Ligues"

    def ready(self) -> None:
        # Ratings and standings follow games as they end (scorekeeper.signals.game_scored).
        from scorekeeper.leagues import receivers  # noqa: F401
