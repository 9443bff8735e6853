from django.apps import AppConfig


class RefereeConfig(AppConfig):
    name = "referee"
    label = "referee"
    verbose_name = "Arbitre"
