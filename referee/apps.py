from django.apps import AppConfig


class RefereeConfig(AppConfig):
    name = "referee"
    label = "referee"
    verbose_name = "Arbitre"

    def ready(self) -> None:
        # An open live table seats the game's players by name and its log names them:
        # renaming one would leave the table unable to send its rounds to the sheet.
        from referee.models import open_table_refusal, seat_of_phone
        from scorekeeper import http

        if open_table_refusal not in http.RENAME_GUARDS:
            http.RENAME_GUARDS.append(open_table_refusal)
        # Who a phone is at a live table: its seat names its saves and may say « C'est moi ».
        if seat_of_phone not in http.SEAT_OF_PHONE:
            http.SEAT_OF_PHONE.append(seat_of_phone)
