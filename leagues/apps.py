from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Leagues, seasons, nights and tables; standings and ratings of their games."""

    name = "leagues"
    label = "leagues"
    verbose_name = "Ligues"

    def ready(self) -> None:
        # Ratings and standings follow games as they end (scorekeeper.signals.game_scored).
        # A league game's changes need its table's link or an organiser (guard.py).
        from leagues.guard import league_author, league_refusal
        from leagues.live import receivers  # noqa: F401
        from scorekeeper import http

        if league_refusal not in http.CHANGE_GUARDS:
            http.CHANGE_GUARDS.append(league_refusal)
            http.AUTHOR_LABELS.append(league_author)
