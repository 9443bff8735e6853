"""League pages: thin typed views, one module per audience; access checks in access.py."""

from leagues.views.accounts import OrganiserLoginView, first_organiser, invite_accept, invite_create
from leagues.views.drawing import night_arrivals, night_draw, night_leave, night_move, night_tables
from leagues.views.exports import games_csv, standings_csv
from leagues.views.organise import (
    index,
    league_create,
    league_detail,
    night_create,
    night_detail,
    organiser_add,
    season_create,
    season_import,
    season_recompute,
    season_settings,
    table_create,
)
from leagues.views.standings import (
    head_to_head_view,
    night_room,
    player_detail,
    season_detail,
)
from leagues.views.tables import table_detail, table_game_create

__all__ = [
    "OrganiserLoginView", "first_organiser", "invite_accept", "invite_create",
    "games_csv", "head_to_head_view", "index", "league_create", "league_detail", "night_create",
    "night_detail", "night_room", "organiser_add", "player_detail", "season_create", "season_detail",
    "season_import", "season_recompute", "standings_csv", "table_create", "table_detail",
    "table_game_create", "night_arrivals", "night_draw", "night_leave", "night_move", "night_tables",
    "season_settings",
]
