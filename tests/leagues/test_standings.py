"""Every standing figure on small leagues, worked by hand (plain Python, no database)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from leagues.ranking.standings import (
    OVERALL,
    GameSummary,
    Rater,
    Skill,
    head_to_head,
    results_of,
    side_places,
    standings,
)

START = datetime(2026, 3, 12, 20, 0, tzinfo=UTC)


def game(game_id: int, players: list[str], totals: dict[str, float], winners: list[str], *,
         variant: str = "tamalou", teams: dict[str, list[str]] | None = None,
         out: dict[str, int] | None = None) -> GameSummary:
    return GameSummary(game_id=game_id, variant=variant, players=tuple(players), winners=tuple(winners),
                       losers=(), totals=totals, out=out,
                       finished_at=START + timedelta(minutes=game_id), teams=teams)


# A small tamalou league (lower totals are better):
#   G1  Ana 10, Ben 20, Chloé 30          winner Ana
#   G2  Ana 5, Ben 5, Chloé 12, Dan 12    winners Ana and Ben (tied)
#   G3  Ben 8, Chloé 3                    winner Chloé
G1 = game(1, ["Ana", "Ben", "Chloé"], {"Ana": 10, "Ben": 20, "Chloé": 30}, ["Ana"])
G2 = game(2, ["Ana", "Ben", "Chloé", "Dan"], {"Ana": 5, "Ben": 5, "Chloé": 12, "Dan": 12}, ["Ana", "Ben"])
G3 = game(3, ["Ben", "Chloé"], {"Ben": 8, "Chloé": 3}, ["Chloé"])
LEAGUE = [G3, G1, G2]  # given out of order on purpose: the fold sorts by end time


def test_it_places_winners_first_then_the_others_by_total():
    assert side_places(G1) == {"Ana": 1, "Ben": 2, "Chloé": 3}


def test_it_gives_tied_sides_the_average_of_the_places_they_cover():
    # Ana and Ben both win: places 1 and 2 -> (1+2)/2 = 1.5 each.
    # Chloé and Dan tie on 12: places 3 and 4 -> 3.5 each.
    assert side_places(G2) == {"Ana": 1.5, "Ben": 1.5, "Chloé": 3.5, "Dan": 3.5}


def test_it_scales_the_place_to_the_table_size():
    # (place − 1) / (sides − 1): G2 has 4 sides, so Ana (1.5 − 1)/3 = 1/6, Chloé (3.5 − 1)/3 = 5/6.
    scaled = {r.player: r.scaled_place for r in results_of(G2)}
    assert scaled == pytest.approx({"Ana": 1 / 6, "Ben": 1 / 6, "Chloé": 5 / 6, "Dan": 5 / 6})
    # G3 has 2 sides: first is 0, last is 1.
    assert {r.player: r.scaled_place for r in results_of(G3)} == {"Ben": 1.0, "Chloé": 0.0}


def test_it_orders_the_others_by_highest_total_when_higher_is_better():
    # cactus-game: Ana reached the target; Chloé 5 is ahead of Ben 3.
    summary = game(9, ["Ana", "Ben", "Chloé"], {"Ana": 7, "Ben": 3, "Chloé": 5}, ["Ana"],
                   variant="cactus-game")
    assert side_places(summary) == {"Ana": 1, "Chloé": 2, "Ben": 3}


def test_it_places_cactus_players_by_rounds_won_most_first():
    # Cactus counts rounds won: Chloé won 1 round of 3 and Ana 2; Ben none is last
    # (issue 18: she was listed last, "3e sur 3", below a player with 0 wins).
    summary = game(10, ["Ana", "Ben", "Chloé"], {"Ana": 2, "Ben": 0, "Chloé": 1}, ["Ana"], variant="cactus")
    assert side_places(summary) == {"Ana": 1, "Chloé": 2, "Ben": 3}


def test_it_places_dutch_players_out_later_before_those_out_earlier():
    # Ben went out in round 2 with 101, Chloé in round 5 with 130: Chloé stayed longer.
    summary = game(11, ["Ana", "Ben", "Chloé"], {"Ana": 40, "Ben": 101, "Chloé": 130}, ["Ana"],
                   variant="dutch", out={"Ben": 2, "Chloé": 5})
    assert side_places(summary) == {"Ana": 1, "Chloé": 2, "Ben": 3}


def test_it_counts_games_wins_win_rate_place_and_points_per_variant():
    rows = {r.player: r for r in standings(LEAGUE).rows("tamalou")}

    # Ana: G1 won (scaled 0), G2 won (1/6) -> 2 games, 2 wins, 100 %,
    #      average place (0 + 1/6) / 2 = 1/12, average points (10 + 5) / 2 = 7.5
    ana = rows["Ana"]
    assert (ana.games, ana.wins, ana.win_rate) == (2, 2, 1.0)
    assert ana.average_place == pytest.approx(1 / 12)
    assert ana.average_points == pytest.approx(7.5)
    # Ben: G1 2nd of 3 (0.5), G2 won (1/6), G3 2nd of 2 (1) -> 3 games, 1 win, 1/3,
    #      place (0.5 + 1/6 + 1) / 3 = 5/9, points (20 + 5 + 8) / 3 = 11
    ben = rows["Ben"]
    assert (ben.games, ben.wins) == (3, 1)
    assert ben.win_rate == pytest.approx(1 / 3)
    assert ben.average_place == pytest.approx(5 / 9)
    assert ben.average_points == pytest.approx(11)
    # Chloé: G1 last (1), G2 3.5th of 4 (5/6), G3 won (0) -> place (1 + 5/6 + 0) / 3 = 11/18,
    #        points (30 + 12 + 3) / 3 = 15
    chloe = rows["Chloé"]
    assert (chloe.games, chloe.wins) == (3, 1)
    assert chloe.average_place == pytest.approx(11 / 18)
    assert chloe.average_points == pytest.approx(15)
    # Dan: G2 only, 3.5th of 4 -> 5/6, 12 points, no win
    dan = rows["Dan"]
    assert (dan.games, dan.wins, dan.win_rate) == (1, 0, 0.0)
    assert dan.average_place == pytest.approx(5 / 6)


def test_it_ranks_by_wins_then_win_rate_then_average_place():
    rows = standings(LEAGUE).rows("tamalou")
    # Ana 2 wins first; Ben and Chloé 1 win at 1/3 each: Ben's place 5/9 beats Chloé's 11/18.
    assert [(r.rank, r.player) for r in rows] == [(1, "Ana"), (2, "Ben"), (3, "Chloé"), (4, "Dan")]


def test_it_shares_a_rank_when_every_tie_break_is_equal_and_lists_them_by_name():
    # Both win a 2-player game together: 1 win, 100 %, place 1.5 -> (1.5 − 1)/1 = 0.5 each.
    both = game(1, ["Zoé", "Yann"], {"Zoé": 4, "Yann": 4}, ["Zoé", "Yann"])
    rows = standings([both]).rows("tamalou")
    assert [(r.rank, r.player, r.average_place) for r in rows] == [(1, "Yann", 0.5), (1, "Zoé", 0.5)]


def test_it_counts_win_rate_before_average_place():
    # Eve: 1 win in 1 game (100 %); Fay: 1 win in 2 games (50 %) although her places are also good.
    g1 = game(1, ["Eve", "Gus"], {"Eve": 1, "Gus": 9}, ["Eve"])
    g2 = game(2, ["Fay", "Gus"], {"Fay": 1, "Gus": 9}, ["Fay"])
    g3 = game(3, ["Fay", "Gus"], {"Fay": 9, "Gus": 1}, ["Gus"])
    rows = standings([g1, g2, g3]).rows("tamalou")
    # Gus: 1 win in 3 -> 33 %; Eve 100 % ranks before Fay 50 %.
    assert [(r.rank, r.player) for r in rows] == [(1, "Eve"), (2, "Fay"), (3, "Gus")]


def test_it_leaves_points_out_of_the_overall_standings():
    other = game(4, ["Ana", "Ben"], {"Ana": 3, "Ben": 0}, ["Ana"], variant="cactus")
    season = standings([*LEAGUE, other])
    overall = {r.player: r for r in season.rows(OVERALL)}
    # Overall: Ana 3 games (G1, G2, cactus), 3 wins; no average points across variants.
    assert (overall["Ana"].games, overall["Ana"].wins, overall["Ana"].average_points) == (3, 3, None)
    # The cactus scope has its own points: Ana 3, Ben 0.
    cactus = {r.player: r.average_points for r in season.rows("cactus")}
    assert cactus == {"Ana": 3, "Ben": 0}
    assert season.scopes() == ["cactus", OVERALL, "tamalou"]


def test_it_counts_a_canasta_team_win_for_both_partners():
    teams = {"Nord-Sud": ["Ana", "Chloé"], "Est-Ouest": ["Ben", "Dan"]}
    summary = game(1, ["Ana", "Ben", "Chloé", "Dan"], {"Nord-Sud": 5200, "Est-Ouest": 3100},
                   ["Nord-Sud"], variant="canasta", teams=teams)
    results = {r.player: r for r in results_of(summary)}
    # Two sides: the winning team is 1st (scaled 0), the other 2nd (scaled 1), each with its team's total.
    assert {p: (r.won, r.scaled_place, r.points) for p, r in results.items()} == {
        "Ana": (True, 0.0, 5200), "Chloé": (True, 0.0, 5200),
        "Ben": (False, 1.0, 3100), "Dan": (False, 1.0, 3100),
    }


def test_it_follows_current_and_best_win_streaks():
    # Ben: G1 lost, G2 won, G3 lost -> current 0, best 1. Ana: won both -> current 2, best 2.
    # Chloé: lost, lost, won -> current 1, best 1.
    rows = {r.player: (r.current_streak, r.best_streak) for r in standings(LEAGUE).rows(OVERALL)}
    assert rows["Ana"] == (2, 2)
    assert rows["Ben"] == (0, 1)
    assert rows["Chloé"] == (1, 1)


def test_it_counts_head_to_head_per_variant():
    # Ben vs Chloé: G1 Ben 2nd, Chloé 3rd (Ben ahead); G2 1.5 vs 3.5 (Ben ahead); G3 Chloé won.
    table = head_to_head(LEAGUE, "Ben", "Chloé")
    assert (table["tamalou"].games, table["tamalou"].first_ahead, table["tamalou"].second_ahead) == (3, 2, 1)
    # Ana vs Ben: G1 Ana ahead, G2 both 1.5: level. G3 has no Ana.
    ana_ben = head_to_head(LEAGUE, "Ana", "Ben")[OVERALL]
    assert (ana_ben.games, ana_ben.first_ahead, ana_ben.second_ahead, ana_ben.level) == (2, 1, 0, 1)


def test_it_counts_teammates_as_level_in_head_to_head():
    teams = {"NS": ["Ana", "Chloé"], "EO": ["Ben", "Dan"]}
    summary = game(1, ["Ana", "Ben", "Chloé", "Dan"], {"NS": 5000, "EO": 100}, ["NS"],
                   variant="canasta", teams=teams)
    assert head_to_head([summary], "Ana", "Chloé")["canasta"].level == 1


def test_it_raises_the_winners_rating_and_lowers_the_last():
    rater = Rater()
    after = rater.rate(G1, {})
    fresh = rater.initial
    assert after["Ana"].mu > fresh.mu > after["Chloé"].mu
    assert after["Ana"].mu > after["Ben"].mu > after["Chloé"].mu
    # Every player is better known after a game: sigma shrinks.
    assert all(s.sigma < fresh.sigma for s in after.values())


def test_it_rates_tied_players_alike_and_partners_alike():
    rater = Rater()
    after = rater.rate(G2, {})
    assert after["Ana"] == after["Ben"]
    assert after["Chloé"] == after["Dan"]
    teams = {"NS": ["Ana", "Chloé"], "EO": ["Ben", "Dan"]}
    canasta = game(5, ["Ana", "Ben", "Chloé", "Dan"], {"NS": 5000, "EO": 100}, ["NS"],
                   variant="canasta", teams=teams)
    partners = rater.rate(canasta, {})
    assert partners["Ana"] == partners["Chloé"] and partners["Ana"].mu > 25


def test_it_starts_a_rating_from_the_stored_one():
    rater = Rater()
    strong = {"Ana": Skill(35.0, 2.0)}
    # A strong, well-known Ana who wins moves little; a newcomer who wins moves a lot.
    moved_strong = rater.rate(G1, strong)["Ana"].mu - 35.0
    moved_new = rater.rate(G1, {})["Ana"].mu - rater.initial.mu
    assert 0 < moved_strong < moved_new


def test_it_shows_the_ordinal_as_mu_minus_three_sigma():
    assert Skill(30.0, 2.5).ordinal == pytest.approx(22.5)
