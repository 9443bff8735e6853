"""The ratings' arithmetic is OpenSkill's, to the last bit: `plackett_luce` against
`openskill`'s own PlackettLuce on seeded random games of every shape a league plays."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from leagues.ranking.standings import MU, SIGMA, Rater, Skill, plackett_luce, side_places
from tests.leagues.test_standings import G1, G2


def openskill_rate(teams: list[list[Skill]], ranks: list[float]) -> list[list[Skill]]:
    model = PlackettLuce()
    rated = model.rate([[model.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams],
                       ranks=list(ranks))
    return [[Skill(p.mu, p.sigma) for p in team] for team in rated]


def random_game(rng: random.Random) -> tuple[list[list[Skill]], list[float]]:
    """2 to 8 sides of one player, or two teams of two (canasta), with ranks as the
    standings give them: the winners share the first places, ties share the average."""
    shape = rng.choice(["solo", "solo", "solo", "pairs"])
    sides = 2 if shape == "pairs" else rng.randint(2, 8)
    size = 2 if shape == "pairs" else 1

    def skill() -> Skill:
        if rng.random() < 0.2:
            return Skill(MU, SIGMA)  # a newcomer
        return Skill(rng.uniform(5, 45), rng.uniform(0.5, SIGMA))

    teams = [[skill() for _ in range(size)] for _ in range(sides)]
    # Group the sides into tied places at random, then give each group its average place.
    order = list(range(sides))
    rng.shuffle(order)
    ranks = [0.0] * sides
    taken = 0
    while order:
        group = [order.pop() for _ in range(min(len(order), rng.choice([1, 1, 1, 2, 3])))]
        for side in group:
            ranks[side] = taken + (len(group) + 1) / 2
        taken += len(group)
    return teams, ranks


def test_it_rates_exactly_as_openskill_on_random_games():
    rng = random.Random(20261124)
    for _ in range(3000):
        teams, ranks = random_game(rng)
        assert plackett_luce(teams, ranks) == openskill_rate(teams, ranks), (teams, ranks)


@pytest.mark.parametrize("summary", [G1, G2], ids=["winner_then_totals", "tied_places"])
def test_it_rates_the_standings_games_as_openskill_does(summary):
    skills = {"Ana": Skill(31.5, 3.25), "Chloé": Skill(20.0, 6.0)}
    after = Rater().rate(summary, skills)
    sides = summary.sides()
    places = side_places(summary)
    expected = openskill_rate([[skills.get(p, Rater().initial) for p in members] for members in sides.values()],
                              [places[s] for s in sides])
    assert [after[p] for members in sides.values() for p in members] == [s for team in expected for s in team]
