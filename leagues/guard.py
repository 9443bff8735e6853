"""Who may change a league game, and how the history names them.

A league game counts for a season's standings, so the game's link is not enough:
- while its night is open, whoever opened its table's link on this phone (the
  link the organiser hands to the table) may enter and correct rounds;
- after the night, only the league's organisers may correct it;
- anybody else is refused, whatever they hold.
Registered with scorekeeper.http at start-up (LeaguesConfig.ready), so the score
sheet's views check it without importing the leagues.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from leagues.models import LeagueGame, NightTable
from scorekeeper.http import SESSION_TABLES
from scorekeeper.models import TABLE_LINK, Game


def _league_game(game: Game) -> LeagueGame | None:
    if not hasattr(game, "_league_game_cache"):
        game._league_game_cache = (LeagueGame.objects.select_related("table__night__season__league")
                                   .filter(game=game).first())
        # The same answer for `game.league_game` (the sheet reads its table through it).
        LeagueGame.game.field.remote_field.set_cached_value(game, game._league_game_cache)
    return game._league_game_cache


def holds_table_link(request: HttpRequest, table: NightTable) -> bool:
    session = getattr(request, "session", None)
    return session is not None and table.token in session.get(SESSION_TABLES, [])


def remember_table(request: HttpRequest, table: NightTable) -> None:
    """This phone opened the table's link: it may score the table's games tonight."""
    tokens = request.session.get(SESSION_TABLES, [])
    if table.token not in tokens:
        request.session[SESSION_TABLES] = [table.token, *tokens][:20]


def league_refusal(request: HttpRequest, game: Game) -> str | None:
    league_game = _league_game(game)
    if league_game is None:
        return None
    table = league_game.table
    if table.night.season.league.is_organiser(request.user):
        return None
    if not table.night.is_open():
        if timezone.now() < table.night.opens_at():
            return table.night.refusal()
        return _("Cette partie de ligue compte pour le classement et sa soirée est close : "
                 "seuls les organisateurs de la ligue peuvent la corriger.")
    if not holds_table_link(request, table):
        return _("Cette partie de ligue compte pour le classement : ouvrez d’abord le lien de "
                 "sa table (%(table)s) sur ce téléphone, ou demandez à un organisateur.") % {
            "table": table.label}
    return None


def league_author(request: HttpRequest, game: Game) -> str:
    """"table 2's link" for an anonymous phone at a league table."""
    league_game = _league_game(game)
    if league_game is None or not holds_table_link(request, league_game.table):
        return ""
    return TABLE_LINK + league_game.table.label  # worded when shown, in the reader's language
