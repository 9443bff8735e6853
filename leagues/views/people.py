"""An organiser's merge and split of a season's players (issue 30 item 3): leagues/regroup.py."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from leagues import regroup
from leagues.views.access import HtmxHttpRequest, _get_season_for_organiser
from scorekeeper.models import Player
from scorekeeper.players.regroup import PlayedTogether


def _season_player(season_pk: int, pk: str) -> Player | None:
    if not str(pk).isdigit():
        return None
    return Player.objects.filter(pk=pk, league_results__season_id=season_pk).distinct().first()


@require_POST
def season_merge(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """« C'est la même personne »: the second player's games in the league count for the first."""
    season = _get_season_for_organiser(request, pk)
    keep = _season_player(season.pk, request.POST.get("keep", ""))
    absorb = _season_player(season.pk, request.POST.get("absorb", ""))
    if keep is None or absorb is None or keep == absorb:
        messages.error(request, _("Choisissez deux joueurs différents de cette saison."))
    else:
        try:
            regroup.merge(season.league, keep, absorb, request.user)
            messages.success(request, _("%(absorb)s et %(keep)s ne font plus qu'un : le classement est recalculé.")
                             % {"absorb": absorb.name, "keep": keep.name})
        except PlayedTogether as exc:
            messages.error(request, _("%(absorb)s et %(keep)s ont joué ensemble la partie n° %(game)s : ce sont "
                                      "deux personnes.") % {"absorb": absorb.name, "keep": keep.name,
                                                            "game": exc.game_id})
    return redirect(season)


@require_POST
def player_split(request: HtmxHttpRequest, pk: int, player_pk: int) -> HttpResponse:
    """« Ces parties sont à quelqu'un d'autre »: a new player of the same name, told apart."""
    season = _get_season_for_organiser(request, pk)
    player = get_object_or_404(Player, pk=player_pk)
    games = [int(g) for g in request.POST.getlist("game") if g.isdigit()]
    nickname = request.POST.get("nickname", "").strip()[:40]
    if not games or not nickname:
        messages.error(request, _("Cochez ses parties et donnez-lui un nom qui le distingue (« %(name)s D. »).")
                       % {"name": player.name})
        return redirect("leagues:player", season.pk, player.pk)
    regroup.split(season.league, player, games, nickname, request.user)
    messages.success(request, _("Ces parties comptent désormais pour %(name)s.") % {"name": nickname})
    return redirect(season)


@require_POST
def player_detach(request: HtmxHttpRequest, pk: int, player_pk: int) -> HttpResponse:
    """« Quelqu'un a dit « C'est moi » à sa place »: one game of this player leaves the person
    behind them (a fresh person there, nobody's yet); their other games and phones stay."""
    season = _get_season_for_organiser(request, pk)
    player = get_object_or_404(Player, pk=player_pk)
    game = request.POST.get("game", "")
    fresh = regroup.detach(season.league, player, int(game), request.user) if game.isdigit() else None
    if fresh is None:
        messages.error(request, _("Choisissez une partie de %(name)s dans cette ligue.") % {"name": player.name})
        return redirect("leagues:player", season.pk, player.pk)
    messages.success(request, _("La partie n° %(game)s de %(name)s n'est plus à la personne qui l'avait revendiquée : "
                                "celui ou celle qui y a joué peut dire « C'est moi ».") % {"game": game, "name": player.name})
    return redirect("leagues:player", season.pk, player.pk)
