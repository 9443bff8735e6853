"""Ten-round games of each family (memory, canasta, cactus-game), for the sheet's chart."""

from __future__ import annotations

from scorekeeper.models import Game
from tests.factories import make_game

# tamoul: Ana lands on exactly 100 at round 9 (the reset to 50), nobody goes over 100.
TAMOUL_HANDS = [
    {"Ana": 12, "Ben": 8, "Chloé": 5}, {"Ana": 10, "Ben": 9, "Chloé": 3}, {"Ana": 11, "Ben": 7, "Chloé": 6},
    {"Ana": 13, "Ben": 6, "Chloé": 4}, {"Ana": 9, "Ben": 8, "Chloé": 7}, {"Ana": 12, "Ben": 5, "Chloé": 2},
    {"Ana": 11, "Ben": 9, "Chloé": 8}, {"Ana": 10, "Ben": 4, "Chloé": 6}, {"Ana": 12, "Ben": 7, "Chloé": 5},
    {"Ana": 4, "Ben": 8, "Chloé": 9},
]


def memory_game() -> Game:
    rounds = [{"announcer": None, "hands": hands} for hands in TAMOUL_HANDS]
    return make_game("tamoul", ["Ana", "Ben", "Chloé"], rounds=rounds)


def canasta_game() -> Game:
    rounds = [{"went_out": None, "concealed": False,
               "sides": {"Ana": {"melds": [["AH", "AS", "AD"]], "hand": ["9C"] * (i % 2)},
                         "Ben": {"melds": [["KH", "KS", "KD"], ["QH", "QS", "QD"], ["JH", "JS", "JD"]],
                                 "hand": ["5H"] * (i % 3)}}}
              for i in range(10)]
    return make_game("canasta", ["Ana", "Ben"], rounds=rounds)


def cactus_game_game() -> Game:
    plays = [{"card": "free_point"}, {"card": "draw"}]
    rounds = [{"player": ("Ana", "Ben")[i % 2], "plays": [plays[(i // 2) % 2]]} for i in range(10)]
    return make_game("cactus-game", ["Ana", "Ben"], rounds=rounds)


TEN_ROUND_GAMES = {"memory": memory_game, "canasta": canasta_game, "cactus-game": cactus_game_game}


def finished_memory_game() -> Game:
    """The memory game, then Ben goes over 100 at round 11: the game ends."""
    rounds = [{"announcer": None, "hands": hands} for hands in TAMOUL_HANDS]
    rounds.append({"announcer": None, "hands": {"Ana": 3, "Ben": 40, "Chloé": 6}})
    return make_game("tamoul", ["Ana", "Ben", "Chloé"], rounds=rounds)
