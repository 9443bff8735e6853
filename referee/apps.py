from django.apps import AppConfig


class RefereeConfig(AppConfig):
    name = "referee"
    label = "referee"
    verbose_name = "Arbitre"

    def ready(self) -> None:
        # An open live table seats the game's players by name and its log names them:
        # renaming one would leave the table unable to send its rounds to the sheet.
        from referee.models import open_table_refusal
        from scorekeeper import http

        if open_table_refusal not in http.RENAME_GUARDS:
            http.RENAME_GUARDS.append(open_table_refusal)
