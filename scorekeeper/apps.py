from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    label = "scorekeeper"
    verbose_name = "Marque-carte"
