"""A player's records across the games this phone knows (issue 22), checked against the
engine's own scoring (`score_game`) of the same records."""

from __future__ import annotations

import re

import pytest

from engine.rules import VARIANTS
from engine.rules.scoring import read_game, score_game
from engine.rules.variants.base import HIGHEST
from referee.models import LiveTable
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db


def _figures(html: str, scope: str = 'data-testid="records-summary"') -> dict[str, str]:
    """The figures of the list that starts at `scope` (the summary, or one game's)."""
    part = html[html.index(scope):]
    part = part[:part.index("</dl>")]
    return dict(re.findall(r'data-figure="(\w+)">([^<]*)<', part))


def _games_of_ana():
    won = make_game("tamalou", ["Ana", "Ben"], options={"rounds": 3}, rounds=[
        tamalou_round("Ana", Ana=2, Ben=9), tamalou_round("Ben", Ana=4, Ben=1), tamalou_round(None, Ana=3, Ben=8)])
    won_again = make_game("tamalou", ["Ben", "Ana"], options={"rounds": 2}, rounds=[
        tamalou_round("Ana", Ana=1, Ben=7), tamalou_round(None, Ana=6, Ben=12)])
    lost = make_game("dutch", ["Ana", "Chloé"], rounds=[
        tamalou_round("Chloé", Ana=60, Chloé=2), tamalou_round("Ana", Ana=45, Chloé=3)])
    going = make_game("tamalou", ["Ana", "Chloé"], rounds=[tamalou_round("Chloé", Ana=9, Chloé=4)])
    return [won, won_again, lost, going]


def _expected(games, name: str) -> dict[str, dict]:
    """The same figures, from the engine's scoring of each game's record."""
    per: dict[str, dict] = {}
    streak = longest = 0
    for game in games:
        result = score_game(read_game(game.record()))
        line = per.setdefault(game.variant, {"games": 0, "wins": 0, "points": [], "calls": 0, "won": 0})
        line["games"] += 1
        line["wins"] += result.finished and name in result.winners
        for raw, scored in zip(game.record()["rounds"], result.rounds, strict=True):
            line["points"].append(scored.points[name])
            if raw.get("announcer") == name:
                line["calls"] += 1
                line["won"] += scored.values[name] <= min(scored.values.values())
        if result.finished:
            streak = streak + 1 if name in result.winners else 0
            longest = max(longest, streak)
    return {"lines": per, "streak": longest}


def test_it_shows_a_players_figures_as_the_engine_scores_them(client):
    games = _games_of_ana()
    for game in games:
        client.get(game.get_absolute_url())  # this phone opens them: it knows them
    expected = _expected(games, "Ana")
    html = client.get("/players/", {"name": "Ana"}).content.decode()

    summary = _figures(html)
    lines = expected["lines"]
    assert int(summary["games"]) == sum(line["games"] for line in lines.values()) == 4
    assert int(summary["wins"]) == sum(line["wins"] for line in lines.values()) == 2
    assert int(summary["streak"]) == expected["streak"] == 2
    calls = sum(line["calls"] for line in lines.values()), sum(line["won"] for line in lines.values())
    assert summary["calls"] == f"{calls[0]} / {calls[1]}" == "3 / 2"
    for variant, line in lines.items():
        row = _figures(html, f'data-variant="{variant}"')
        best = (max if VARIANTS[variant].best == HIGHEST else min)(line["points"])
        assert (int(row["games"]), int(row["wins"]), row["best"]) == (line["games"], line["wins"], str(best))
        average = sum(line["points"]) / len(line["points"])
        assert row["average"] == f"{average:.1f}".replace(".", ",")


def test_it_counts_the_snaps_won_at_the_games_live_tables(client):
    game = make_game("tamalou", ["Ana", "Ben"])
    table = LiveTable.open_for(game, snap_limit=30)
    ana, _ = table.join("seat", "Ana")
    ben, _ = table.join("seat", "Ben")
    table.record("discard", {"player": "Ana", "card": "7H", "from_stock": True}, ana)
    table.record("snap.claim", {"player": "Ben", "card": "7C"}, ben)
    assert table.snaps_won() == {"Ben": 1}
    client.get(game.get_absolute_url())
    assert _figures(client.get("/players/", {"name": "Ben"}).content.decode())["snaps"] == "1"


def test_it_never_shows_a_player_of_games_this_phone_does_not_know(client):
    make_game("tamalou", ["Zoé", "Ben"], rounds=[tamalou_round(None, Zoé=2, Ben=3)])
    assert client.get("/players/", {"name": "Zoé"}).status_code == 404
    listed = client.get("/players/")  # the list of this phone's players: not Zoé
    assert listed.status_code == 200 and "Zoé" not in listed.content.decode()


def test_it_opens_from_a_name_on_the_sheet(client):
    game = make_game("tamalou", ["Ana", "Ben"])
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'href="/players/?name=Ana"' in html
