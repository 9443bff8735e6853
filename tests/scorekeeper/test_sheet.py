"""The score sheet: rounds, running totals, the leader, players out, the end of the game."""

import re
from datetime import date

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from leagues.models import League, LeagueGame, Night, NightTable, Season
from scorekeeper.models import Game
from scorekeeper.sheet.build import build_sheet
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
SCRIPT = "<script>alert(1)</script>"
HTMX = {"HX-Request": "true"}


def sheet_html(client: Client, game: Game, htmx: bool = False) -> str:
    response = client.get(game.get_absolute_url(), headers=HTMX if htmx else {})
    assert response.status_code == 200
    return response.content.decode()


def totals_row(html: str) -> list[str]:
    row = html.split('<tr class="totals">')[1].split("</tr>")[0]
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def test_it_shows_each_round_with_points_and_running_totals(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[
        tamalou_round("Ana", Ana=["AS"], Ben=["9S"]),  # Ana 0, Ben 9
        tamalou_round(None, Ana=4, Ben=2),
    ])

    html = sheet_html(client, game)

    assert f"/games/{game.token}/rounds/2/why/?player=Ben" in html
    assert f'href="/games/{game.token}/rounds/2/why/?player=Ben">2<small>11</small>' in html
    assert totals_row(html) == ["★en tête :4", "11"]


def test_it_marks_the_lowest_total_as_leader_when_the_lowest_is_ahead():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])

    sides = build_sheet(game).sides

    assert [(s.name, s.leader) for s in sides] == [("Ana", False), ("Ben", True)]


def test_it_marks_the_highest_total_as_leader_when_higher_is_better():
    game = make_game("canasta", ["Ana", "Ben"], rounds=[
        {"went_out": None, "sides": {"Ana": {"hand": ["5H"]}, "Ben": {}}},
    ])

    sides = build_sheet(game).sides

    assert [(s.name, s.total, s.leader) for s in sides] == [("Ana", -5, False), ("Ben", 0, True)]


def test_it_marks_nobody_while_everyone_is_level():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=3)])

    assert not any(side.leader for side in build_sheet(game).sides)


def test_it_shows_the_leader_in_the_totals_row(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])

    assert totals_row(sheet_html(client, game)) == ["4", "★en tête :2"]


def test_it_shows_a_dutch_player_out_in_later_rounds():
    """dutch.eliminated: a total of 100 or more puts the player out."""
    game = make_game("dutch", ["Ana", "Ben", "Chloé"], rounds=[
        {"hands": {"Ana": 100, "Ben": 1, "Chloé": 2}},
        {"hands": {"Ben": 1, "Chloé": 2}},
    ])

    sheet = build_sheet(game)

    assert sheet.sides[0].out_since == 1 and not sheet.sides[0].leader
    assert sheet.rows[0].cells[0].out is False
    assert sheet.rows[1].cells[0].out is True
    assert sheet.sides[1].leader


def test_it_writes_out_cells_and_the_out_label(client: Client):
    game = make_game("dutch", ["Ana", "Ben", "Chloé"], rounds=[
        {"hands": {"Ana": 100, "Ben": 1, "Chloé": 2}},
        {"hands": {"Ben": 1, "Chloé": 2}},
    ])

    html = sheet_html(client, game)

    assert html.count('<td class="out">') == 1
    assert "éliminé·e" in totals_row(html)[0]


def test_it_shows_the_winner_among_players_out_in_the_same_round_as_the_winner_not_as_out(client: Client):
    """dutch.all_out_lowest_wins: the last players all pass 100 in one round; the lowest wins."""
    game = make_game("dutch", ["Ana", "Ben", "Chloé"], rounds=[
        {"hands": {"Ana": 99, "Ben": 10, "Chloé": 98}},
        {"hands": {"Ana": 5, "Ben": 50, "Chloé": 1}},
        {"hands": {"Ben": 50, "Chloé": 10}},
    ])

    sheet = build_sheet(game)
    html = sheet_html(client, game)

    chloe = sheet.sides[2]
    assert chloe.winner and chloe.out_since is None
    assert sheet.sides[1].out_since == 3 and not sheet.sides[1].winner
    assert "éliminé·e" not in totals_row(html)[2] and "éliminé·e" in totals_row(html)[1]


def test_it_announces_the_end_with_winners_and_losers(client: Client):
    """dutch.last_player_in: the last player still in wins; those out lose."""
    game = make_game("dutch", ["Ana", "Ben", "Chloé"], rounds=[
        {"hands": {"Ana": 100, "Ben": 1, "Chloé": 2}},
        {"hands": {"Ben": 1, "Chloé": 120}},
    ])

    html = sheet_html(client, game)

    assert "Partie terminée" in html
    over = html.split('class="game-over"')[1].split("</div>")[0]
    assert "Gagnant·e·s : <strong>Ben</strong>" in over
    assert "Perdant·e·s : Ana, Chloé" in over
    assert "Manche suivante" not in html


def test_it_shows_canasta_teams_as_sides_with_their_partners(client: Client):
    game = make_game("canasta", ["Ana", "Ben", "Chloé", "Dan"],
                     teams={"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]},
                     rounds=[{"went_out": None, "sides": {"Nord-Sud": {"hand": ["5H"]}, "Est-Ouest": {}}}])

    html = sheet_html(client, game)

    assert [s.name for s in build_sheet(game).sides] == ["Nord-Sud", "Est-Ouest"]
    partners = re.search(r'<span class="members">(.*?)</span>', html).group(1)
    # Each partner's name opens their records (which count their canasta games through the team).
    assert re.sub(r"<[^>]+>", "", partners) == "Ana &amp; Chloé"
    assert re.findall(r'href="([^"]+)"', partners) == [f"{reverse('player_page')}?name=Ana",
                                                      f"{reverse('player_page')}?name=Chlo%C3%A9"]
    assert "?player=Nord-Sud" in html


def test_it_shows_cactus_game_turns_with_the_acting_player():
    game = make_game("cactus-game", ["Ana", "Ben", "Chloé"], rounds=[
        {"player": "Ana", "plays": [{"card": "free_point"}]},
        {"player": "Ben", "plays": [{"card": "steal_point", "target": "Ana"}]},
    ])

    sheet = build_sheet(game)

    assert sheet.turns and sheet.higher_leads
    assert [c.acting for c in sheet.rows[1].cells] == [False, True, False]
    assert [c.points for c in sheet.rows[1].cells] == [-1, 1, 0]


def test_it_writes_tamoul_halves_with_a_decimal_comma(client: Client):
    game = make_game("tamoul", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=["KH"], Ben=["AS"])])

    html = sheet_html(client, game)

    assert ">0,5<small>0,5</small>" in html


def test_it_links_each_round_to_its_edit_page_and_offers_the_next_round(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])

    html = sheet_html(client, game)

    assert f'href="/games/{game.token}/rounds/1/edit/"' in html
    assert f'href="/games/{game.token}/rounds/new/"' in html
    assert f'hx-get="/games/{game.token}/rounds/undo/"' in html
    assert "data-keep-awake" in html  # a game page keeps the screen on


def test_it_answers_htmx_with_the_sheet_partial_only(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])

    html = sheet_html(client, game, htmx=True)

    assert html.strip().startswith('<section id="sheet"')
    assert "<html" not in html and "<dialog" not in html


def test_it_shows_a_player_named_like_a_script_as_text(client: Client):
    game = make_game("tamalou", [SCRIPT, "Ben"], rounds=[tamalou_round(None, **{SCRIPT: 4}, Ben=2)])

    html = sheet_html(client, game)

    assert SCRIPT not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "?player=%3Cscript%3Ealert%281%29%3C/script%3E" in html


def test_it_never_rescores_to_display(client: Client, monkeypatch):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])

    def refuse(*args, **kwargs):
        raise AssertionError("the sheet re-scored the game")

    monkeypatch.setattr(Game, "score", refuse)
    monkeypatch.setattr("scorekeeper.models.score_record", refuse)

    sheet_html(client, game)


def test_it_reads_a_big_game_in_a_few_queries(client: Client):
    names = [f"Joueur {i}" for i in range(1, 9)]
    game = make_game("tamalou", names, rounds=[tamalou_round(None, **dict.fromkeys(names, 5))] * 50)

    with CaptureQueriesContext(connection) as queries:
        html = sheet_html(client, game)

    assert html.count('/why/?player=') == 400  # every cell links to "why this score"
    # 6, the session that keeps this phone's list of games (read, then written once),
    # and the league table the game was played at (none here).
    assert len(queries) <= 9, [q["sql"] for q in queries]


def test_it_is_404_for_a_game_that_does_not_exist(client: Client):
    assert client.get("/games/999999/").status_code == 404


def test_it_refuses_to_post_to_the_sheet(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"])

    assert client.post(game.get_absolute_url()).status_code == 405


def test_it_speaks_english_to_an_english_phone(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=4, Ben=2)])

    html = client.get(game.get_absolute_url(), headers={"accept-language": "en"}).content.decode()

    assert "Next round" in html and "Undo the last round" in html, (
        "no English catalogue: compile it with `make messages` (needs gettext's msgfmt)")
    assert "The lowest total leads." in html


def test_it_marks_tamoul_s_hundred_dropping_to_fifty_from_the_engine_s_totals(client: Client):
    game = make_game("tamoul", ["Ana", "Ben"], rounds=[
        tamalou_round(None, Ana=60, Ben=3), tamalou_round(None, Ana=40, Ben=2)])

    sheet = build_sheet(game)
    html = sheet_html(client, game)

    assert [(n, cell.side, cell.reset_from, cell.shown_total) for n, cell in sheet.resets] == [
        (2, "Ana", "100", "50")]
    assert "Manche 2 : Ana passe de 100 à 50." in html
    assert '<small class="reset">' in html


def test_it_marks_no_reset_where_totals_are_the_plain_sum():
    game = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=60, Ben=3)] * 3)

    assert build_sheet(game).resets == []


def test_it_counts_rounds_against_the_agreed_number(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], options={"rounds": 10},
                     rounds=[tamalou_round(None, Ana=4, Ben=2)])

    assert "Manche 2/10" in sheet_html(client, game)


def test_it_counts_cactus_tas_rounds_against_its_default_of_five(client: Client):
    game = make_game("cactus-tas", ["Ana", "Ben"])

    assert "Manche 1/5" in sheet_html(client, game)


def test_it_shows_no_round_counter_without_an_agreed_number(client: Client):
    assert "Manche 1/" not in sheet_html(client, make_game("tamalou", ["Ana", "Ben"]))


@pytest.mark.parametrize(("variant", "options", "said"), [
    ("dutch", {}, "Éliminé·e à 100 points."),
    ("tamoul", {}, "La partie s’arrête quand un total dépasse 100."),
    ("dutch-toulousain", {}, "La partie s’arrête quand un total dépasse 100."),
    ("fontenaysien", {}, "Perdant·e à 100 points"),
    ("fontenaysien", {}, "Grand·e gagnant·e à −50 points ou moins."),
    ("fontenaysien", {"half_game": True}, "Perdant·e à 50 points"),
    ("fontenaysien", {"half_game": True}, "Grand·e gagnant·e à −25 points ou moins."),
    ("canasta", {}, "Le premier camp à 5000 points finit la partie."),
])
def test_it_shows_the_limits_the_engine_declares(client: Client, variant, options, said):
    game = make_game(variant, ["Ana", "Ben"], options=options)

    assert said in sheet_html(client, game)


def test_it_starts_a_rematch_with_the_same_players_seats_options_and_teams(client: Client):
    game = make_game("canasta", ["Ana", "Ben", "Chloé", "Dan"],
                     teams={"Nord": ["Ana", "Chloé"], "Sud": ["Ben", "Dan"]})
    game.finished = True
    game.save()

    response = client.post(f"/games/{game.token}/rematch/")

    rematch = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302 and response.url == rematch.get_absolute_url()
    assert (rematch.variant, rematch.player_names(), rematch.options, rematch.teams) == (
        game.variant, game.player_names(), game.options, game.teams)
    assert rematch.rounds.count() == 0


def test_it_keeps_the_options_in_a_rematch(client: Client):
    game = make_game("tamalou", ["Ben", "Ana"], options={"rounds": 3})

    client.post(f"/games/{game.token}/rematch/", headers=HTMX)

    rematch = Game.objects.exclude(pk=game.pk).get()
    assert rematch.options == {"rounds": 3} and rematch.player_names() == ["Ben", "Ana"]


def test_it_offers_a_rematch_on_a_finished_game_only(client: Client):
    game = make_game("tamalou", ["Ana", "Ben"], options={"rounds": 1})
    assert "Revanche" not in sheet_html(client, game)

    game.add_round(tamalou_round(None, Ana=4, Ben=2))

    assert "Revanche" in sheet_html(client, game)


def test_it_refuses_a_rematch_asked_with_get(client: Client):
    assert client.get(f"/games/{make_game().token}/rematch/").status_code == 405


def test_it_links_a_league_game_s_sheet_back_to_its_table(client: Client):
    league = League.objects.create(name="Les jeudis")
    season = Season.objects.create(league=league, name="Printemps", start=date(2026, 3, 1))
    table = NightTable.objects.create(night=Night.objects.create(season=season, date=date(2026, 3, 12)),
                                      label="Table 2")
    game = make_game("tamalou", ["Ana", "Ben"])
    LeagueGame.objects.create(game=game, table=table)

    html = sheet_html(client, game)

    assert f'href="/leagues/t/{table.token}/">← Table 2 (ligue)</a>' in html


def test_it_links_no_table_from_a_game_outside_any_league(client: Client):
    assert "(ligue)" not in sheet_html(client, make_game("tamalou", ["Ana", "Ben"]))


def row_cells(html: str, number: int) -> list[str]:
    """The <th> and <td>s of round `number`'s row, as written."""
    row = re.search(rf'<tr>\s*<th scope="row"><a [^>]*>{number}</a></th>(.*?)</tr>', html, re.S)
    assert row, f"no row {number}"
    return re.findall(r"<td[^>]*>.*?</td>", row.group(1), re.S)


def test_it_writes_each_row_in_the_page_s_language_with_its_marks(client: Client):
    """The rows (templatetags/sheet_rows.py): an edit link per round, a "why" link per
    score with the total under it, a reset told to screen readers, a cell for a player out
    and the player whose turn it was, in the phone's language."""
    tamoul = make_game("tamoul", ["Ana", "Ben"], rounds=[
        tamalou_round(None, Ana=60, Ben=3), tamalou_round(None, Ana=40, Ben=2.5)])
    dutch = make_game("dutch", ["Ana", "Ben", "Chloé"], rounds=[
        {"hands": {"Ana": 100, "Ben": 1, "Chloé": 2}}, {"hands": {"Ben": 1, "Chloé": 2}}])
    turns = make_game("cactus-game", ["Ana", "Ben", "Chloé"], rounds=[
        {"player": "Ana", "plays": [{"card": "free_point"}]}])

    english = {"headers": {"Accept-Language": "en"}}
    html = client.get(tamoul.get_absolute_url(), **english).content.decode()
    why = f"/games/{tamoul.token}/rounds/2/why/?player=Ana"
    assert f'<a href="/games/{tamoul.token}/rounds/2/edit/" title="Edit 2">2</a>' in html
    assert row_cells(html, 2) == [
        f'<td><a href="{why}">40<small class="reset"><span class="visually-hidden">'
        '100 brought down to </span>50</small></a></td>',
        f'<td><a href="{why[:-3]}Ben">2.5<small>5.5</small></a></td>']
    french = client.get(tamoul.get_absolute_url()).content.decode()
    assert "100 ramené à" in french and ">2,5<small>5,5</small>" in french and 'title="Modifier 2"' in french

    out = row_cells(client.get(dutch.get_absolute_url(), **english).content.decode(), 2)
    assert out[0] == '<td class="out"><span title="out">–</span></td>'
    acting = row_cells(client.get(turns.get_absolute_url()).content.decode(), 1)
    assert [cell.startswith('<td class="acting">') for cell in acting] == [True, False, False]


def test_it_writes_a_negative_score_and_total_with_the_same_minus_as_the_preview(client):
    game = make_game("canasta", ["Ana", "Ben"], rounds=[{"went_out": None, "sides": {
        "Ana": {"melds": [["5H", "5S", "5D"]]}, "Ben": {"hand": ["KH", "3S"]}}}])

    html = client.get(game.get_absolute_url()).content.decode()

    assert "−110" in html and "-110" not in html


def test_it_titles_the_chart_s_table_in_each_language_s_own_punctuation(client: Client):
    game = make_game("tamalou", rounds=[tamalou_round(None, Ana=1, Ben=2, Chloé=3)])
    french = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    english = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert " : en tableau</summary>" in french
    assert ": as a table</summary>" in english and " : as a table" not in english
