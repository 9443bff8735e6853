"""The rules engine: plain Python, no Django. The one place where the games' rules live.

    score_record(record) -> GameResult     (raises RecordError)
    load_record(text) -> decoded JSON      (strict; raises RecordError)
    VARIANTS / get_variant(key)             the variants' declarations
    rank(variant, sides, totals, ...)       who is ahead: places, leaders, winners
"""

from engine.cards import parse_card

from .errors import Problem, RecordError
from .game import Game
from .record import load_record, read_game
from .registry import VARIANTS, get_variant
from .scoring import GameResult, Ranking, rank, score_game, score_record
from .variants.base import RoundResult, Step, Variant

__all__ = [
    "VARIANTS", "Game", "GameResult", "Problem", "Ranking", "RecordError", "RoundResult", "Step", "Variant",
    "get_variant", "load_record", "parse_card", "rank", "read_game", "score_game", "score_record",
]
