"""Drawing a night's tables (engine/seating.py): properties over random nights, and each rule."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import VARIANTS
from engine.seating import (
    BALANCED,
    LEVEL,
    MEMORY_SIZES,
    MODES,
    RANDOM,
    Draw,
    History,
    PastNight,
    Sizes,
    dealer,
    draw,
    draw_cost,
    remove_leavers,
    seat_arrivals,
    sizes_for,
    table_sizes,
)

CANASTA_SIZES = sizes_for(VARIANTS["canasta"])
ALL_SIZES = [MEMORY_SIZES, CANASTA_SIZES]

players_st = st.lists(st.integers(min_value=1, max_value=500), min_size=0, max_size=40, unique=True)
sizes_st = st.sampled_from(ALL_SIZES)
mode_st = st.sampled_from(MODES)
seed_st = st.integers(min_value=0, max_value=2**32)


def _history(players: list[int]) -> History:
    """Two earlier nights where the players sat in fours, in their given order, then reversed."""
    first = tuple(tuple(players[i:i + 4]) for i in range(0, len(players), 4))
    back = list(reversed(players))
    second = tuple(tuple(back[i:i + 4]) for i in range(0, len(back), 4))
    return History(nights=(PastNight(first), PastNight(second)))


@settings(max_examples=150, deadline=None)
@given(players=players_st, sizes=sizes_st, mode=mode_st, seed=seed_st)
def test_it_seats_each_present_player_once_or_lets_them_wait(players, sizes, mode, seed):
    result = draw(players, sizes=sizes, seed=seed, mode=mode, history=_history(players),
                  order=players[::2], ratings={p: p % 7 for p in players}, tries=20)
    everyone = result.seated() + list(result.waiting)
    assert sorted(everyone) == sorted(players)
    assert all(len(table) in sizes.allowed for table in result.tables)
    assert len(result.waiting) < sizes.smallest or not result.tables and len(players) < sizes.smallest


@settings(max_examples=60, deadline=None)
@given(players=players_st, sizes=sizes_st, mode=mode_st, seed=seed_st)
def test_it_gives_the_same_draw_for_the_same_seed_whatever_the_order_players_are_listed(
        players, sizes, mode, seed):
    kwargs = {"sizes": sizes, "seed": seed, "mode": mode, "history": _history(players),
              "order": players[::2], "ratings": {p: p % 5 for p in players}, "tries": 20}
    assert draw(players, **kwargs) == draw(list(reversed(players)), **kwargs)


@settings(max_examples=80, deadline=None)
@given(players=st.lists(st.integers(1, 300), min_size=3, max_size=30, unique=True),
       late=st.lists(st.integers(301, 400), max_size=6, unique=True),
       sizes=sizes_st, seed=seed_st, data=st.data())
def test_it_never_moves_a_table_already_playing_when_players_arrive_or_leave(
        players, late, sizes, seed, data):
    night = draw(players, sizes=sizes, seed=seed, tries=10)
    playing = data.draw(st.sets(st.integers(0, max(0, len(night.tables) - 1))))
    playing = {i for i in playing if i < len(night.tables)}
    before = {i: night.tables[i] for i in playing}
    after = seat_arrivals(night, late, sizes=sizes, seed=seed, playing=playing)
    assert {i: after.tables[i] for i in playing} == before
    assert sorted(after.seated() + list(after.waiting)) == sorted(players + late)
    assert all(len(t) in sizes.allowed for i, t in enumerate(after.tables) if i not in playing)
    leavers = data.draw(st.lists(st.sampled_from(players + late), max_size=4, unique=True))
    left = remove_leavers(after, leavers, sizes=sizes, seed=seed, playing=playing)
    assert sorted(left.seated() + list(left.waiting)) == sorted(set(players + late) - set(leavers))
    for index in playing:  # each playing table is still there, the same seats, minus who left
        rest = tuple(p for p in before[index] if p not in leavers)
        assert not rest or rest in left.tables


def test_it_sits_thirteen_players_of_a_memory_game_at_tables_of_five_four_and_four():
    assert table_sizes(13, MEMORY_SIZES) == [5, 4, 4]
    assert table_sizes(6, MEMORY_SIZES) == [3, 3]
    assert table_sizes(7, MEMORY_SIZES) == [4, 3]
    assert table_sizes(2, MEMORY_SIZES) == []


def test_it_lets_one_canasta_player_wait_when_the_count_is_odd():
    assert CANASTA_SIZES.allowed == (2, 4) and CANASTA_SIZES.teams_at == 4
    assert table_sizes(13, CANASTA_SIZES) == [4, 4, 4]
    assert table_sizes(6, CANASTA_SIZES) == [4, 2]
    result = draw(range(13), sizes=CANASTA_SIZES, seed=3)
    assert len(result.waiting) == 1


def test_it_lets_wait_those_who_waited_least_before():
    history = History(waited={p: 1 for p in range(12)})
    result = draw(range(13), sizes=CANASTA_SIZES, seed=3, history=history)
    assert result.waiting == (12,)


def test_it_rotates_canasta_partners_across_nights():
    first = draw([1, 2, 3, 4], sizes=CANASTA_SIZES, seed=1)
    history = History(nights=(PastNight(first.tables, first.partners(CANASTA_SIZES)),))
    second = draw([1, 2, 3, 4], sizes=CANASTA_SIZES, seed=1, history=history)
    assert not first.partners(CANASTA_SIZES) & second.partners(CANASTA_SIZES)


def test_it_avoids_the_pairs_that_met_last_night_when_it_can():
    last = PastNight(((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)))
    result = draw(range(1, 17), sizes=MEMORY_SIZES, seed=7, history=History(nights=(last,)))
    assert result.cost == 0  # a draw where nobody meets again exists (a Latin square)


def test_it_weighs_a_meeting_last_night_more_than_an_older_one():
    old, last = PastNight(((1, 2, 3),)), PastNight(((4, 5, 6),))
    history = History(nights=(old, last))
    assert draw_cost([(4, 5, 6)], history) > draw_cost([(1, 2, 3)], history)


def test_it_puts_the_strongest_together_by_level():
    order = list(range(1, 14))  # 1 leads the standings
    result = draw(order, sizes=MEMORY_SIZES, seed=5, mode=LEVEL, order=order)
    assert [sorted(t) for t in result.tables] == [[1, 2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 13]]


def test_it_trades_a_repeat_away_between_neighbouring_tables_by_level():
    # Last night 3 and 4 sat together: tonight's cut by level would seat them together
    # again (table one: 1-4); a Swiss draw takes the next player down instead (5).
    order = list(range(1, 13))
    history = History(nights=(PastNight(((3, 4),)),))
    result = draw(order, sizes=MEMORY_SIZES, seed=5, mode=LEVEL, order=order, history=history)
    tables = [sorted(t) for t in result.tables]
    assert result.cost == 0
    assert tables[1:] == [[3, 6, 7, 8], [9, 10, 11, 12]] or tables[1:] == [[4, 6, 7, 8], [9, 10, 11, 12]]
    assert tables[0] in ([1, 2, 4, 5], [1, 2, 3, 5])


@settings(max_examples=80, deadline=None)
@given(players=players_st, seed=seed_st)
def test_by_level_nobody_moves_more_than_one_table_nor_past_the_slack(players, seed):
    order = list(players)
    cut = draw(order, sizes=MEMORY_SIZES, seed=seed, mode=LEVEL, order=order)
    traded = draw(order, sizes=MEMORY_SIZES, seed=seed, mode=LEVEL, order=order, history=_history(players))
    table_of = {p: i for i, t in enumerate(cut.tables) for p in t}
    moved = [(p, i) for i, t in enumerate(traded.tables) for p in t if table_of[p] != i]
    assert all(abs(table_of[p] - i) == 1 for p, i in moved)
    assert draw_cost(traded.tables, _history(players)) <= draw_cost(cut.tables, _history(players))


def test_it_balances_tables_by_rating_in_a_snake():
    ratings = {p: float(100 - p) for p in range(1, 13)}  # 1 is the best
    result = draw(ratings, sizes=MEMORY_SIZES, seed=5, mode=BALANCED, ratings=ratings)
    assert [sorted(t) for t in result.tables] == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]


def test_it_seats_a_late_arrival_at_a_table_not_yet_playing():
    night = Draw(tables=((1, 2, 3, 4), (5, 6, 7)))
    after = seat_arrivals(night, [8], sizes=MEMORY_SIZES, seed=1, playing={0})
    assert after.tables == ((1, 2, 3, 4), (5, 6, 7, 8))


def test_it_lets_a_late_arrival_wait_when_every_table_plays_and_opens_a_table_once_enough_wait():
    night = Draw(tables=((1, 2, 3, 4),))
    one = seat_arrivals(night, [5, 6], sizes=MEMORY_SIZES, seed=1, playing={0})
    assert one.tables == night.tables and sorted(one.waiting) == [5, 6]
    two = seat_arrivals(one, [7], sizes=MEMORY_SIZES, seed=1, playing={0})
    assert two.tables[0] == (1, 2, 3, 4) and sorted(two.tables[1]) == [5, 6, 7] and not two.waiting


def test_it_closes_a_table_left_too_small_and_seats_its_players_elsewhere():
    night = Draw(tables=((1, 2, 3, 4), (5, 6, 7)))
    after = remove_leavers(night, [7], sizes=MEMORY_SIZES, seed=1)
    assert len(after.tables) == 1 and {1, 2, 3, 4} < set(after.tables[0])
    assert len(after.waiting) == 1 and sorted(after.seated() + list(after.waiting)) == [1, 2, 3, 4, 5, 6]


def test_it_takes_sizes_from_the_declarations():
    assert sizes_for(VARIANTS["tamalou"]) == Sizes(allowed=(3, 4, 5), preferred=4)
    assert sizes_for(VARIANTS["cactus-game"]).allowed == (3, 4, 5)


def test_it_draws_seats_in_a_random_order_for_the_same_players():
    orders = {draw([1, 2, 3, 4], sizes=MEMORY_SIZES, seed=s).tables[0] for s in range(20)}
    assert len(orders) > 1 and RANDOM in MODES


def test_it_passes_the_deal_to_the_next_seat_each_round():
    seats = ["Ana", "Ben", "Chloé"]
    assert [dealer(seats, n) for n in (1, 2, 3, 4)] == ["Ana", "Ben", "Chloé", "Ana"]


def test_it_skips_a_player_already_out_when_passing_the_deal():
    assert dealer(["Ana", "Ben", "Chloé"], 2, still_in=["Ana", "Chloé"]) == "Chloé"
    assert dealer([], 1) is None
