from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    label = "scorekeeper"
    verbose_name = "Marque-carte"

    def ready(self) -> None:
        # Every phone on a game hears of a changed round (scorekeeper.signals.game_scored).
        from scorekeeper.sheet import live  # noqa: F401
