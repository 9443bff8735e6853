"""Blue Orange's Cactus Game (section 4.11): turns of plays, Stop chains, Point cards."""

from __future__ import annotations

from typing import Any

from ..errors import TOP, Problems, Reason
from ..game import Game
from ..shapes import quoted, short_text, type_code, type_name
from .base import CACTUS_GAME, HIGHEST, RawStep, RoundResult, Trace, Variant

CHARACTERS = {"charlie": 1, "spike": 2, "walter": 3}
JOKER = "joker"
THREE_JOKERS = 3
POINT_CARDS = 30
# Plays that end the turn once they take effect: they gain a point or draw.
ENDS_TURN = frozenset({"set", "free_point", "steal_point", "draw_three", "draw"})
NO_EFFECT_ON_POINTS = frozenset({"swap_hands", "look_and_steal", "ask_card", "steal_card"})
KINDS = ("set", "free_point", "steal_point", "draw_three", "draw", *sorted(NO_EFFECT_ON_POINTS))
PLAY_FIELDS = {
    "set": ("card", "characters"),
    "steal_point": ("card", "target", "stopped_by"),
    "draw": ("card",),
}
DEFAULT_PLAY_FIELDS = ("card", "stopped_by")
TURN_FIELDS = ("player", "plays")


def target_for(players: int) -> int:
    """Points needed to win: 7 with 2–3 players, 5 with 4–5, 4 with 6."""
    if players <= 3:
        return 7
    return 5 if players <= 5 else 4


def set_points(characters: list[str]) -> int | Reason:
    """The points of a legal set, or why it is not one."""
    if len(characters) != 3:
        return Reason("set.size", f"a set is three cards, not {len(characters)}", {"count": len(characters)})
    unknown = [c for c in characters if not isinstance(c, str) or (c not in CHARACTERS and c != JOKER)]
    if unknown:
        return Reason("set.not_a_character",
                      f"{quoted(unknown[0])} is not a character (charlie, spike, walter, joker)",
                      {"name": short_text(unknown[0])})
    kinds = {c for c in characters if c != JOKER}
    if len(kinds) > 1:
        return Reason("set.mixed", f"a set cannot mix {' and '.join(sorted(kinds))}",
                      {"characters": sorted(kinds)})
    if not kinds:
        return THREE_JOKERS
    return CHARACTERS[kinds.pop()]


class CactusGameState:
    __slots__ = ("totals", "last_player", "rounds_played")

    def __init__(self, players: list[str]):
        self.totals = dict.fromkeys(players, 0)
        self.last_player: str | None = None
        self.rounds_played = 0


class CactusGame(Variant):
    key = "cactus-game"
    name = "Cactus Game (Blue Orange)"
    family = CACTUS_GAME
    deck = None
    min_players = 2
    max_players = 6
    turn_based = True
    numbers = {"point_cards": POINT_CARDS, "jokers": THREE_JOKERS, **CHARACTERS}
    best = HIGHEST  # Point cards won: the first to the target wins
    rules = (
        "cactus_game.set", "cactus_game.free_point", "cactus_game.steal_point",
        "cactus_game.stopped", "cactus_game.stop_stopped", "cactus_game.turn_ends",
        "cactus_game.turn_order", "cactus_game.point_cards", "cactus_game.target",
    )

    def new_state(self, game: Game) -> CactusGameState:
        return CactusGameState(game.players)

    def play_round(self, raw: Any, n: int, game: Game, state: CactusGameState,
                   problems: Problems, trace: Trace = None) -> RoundResult | None:
        if not isinstance(raw, dict):
            problems.add(f"a turn must be an object, not {type_name(raw)}", n, code="round.shape",
                         field=TOP, got=type_code(raw))
            return None
        for key in raw:
            if key not in TURN_FIELDS:
                problems.add(f"unknown field {quoted(key)} (a turn has: player, plays)", n, code="field.unknown",
                             field=TOP, name=short_text(key), allowed=list(TURN_FIELDS))
        player = game.player_named(raw.get("player"))
        if player is None:
            problems.add(f"player {quoted(raw.get('player'))} is not a player of this game", n,
                         code="player.unknown", field="player", name=short_text(raw.get("player")))
        elif state.last_player is not None:
            seats = game.players
            expected = seats[(seats.index(state.last_player) + 1) % len(seats)]
            if player != expected:
                problems.add(f"it is {expected}'s turn after {state.last_player}, not {player}'s", n,
                             "cactus_game.turn_order", code="cactus_game.turn_order", field="player",
                             player=player, expected=expected, last=state.last_player)
        plays = raw.get("plays")
        if not isinstance(plays, list):
            if plays is None:
                problems.add("plays is missing", n, code="field.missing", field="plays")
            else:
                problems.add(f"plays must be a list, not {type_name(plays)}", n, code="field.shape",
                             field="plays", expected="list", got=type_code(plays))
        if problems or player is None or not isinstance(plays, list):  # the last two came with a problem
            return None
        totals = dict(state.totals)
        steps: list[RawStep] = trace if trace is not None else []  # a few per turn: always collected
        ended_by: int | None = None
        for i, play in enumerate(plays, 1):
            if ended_by is not None:
                problems.add(f"play {i} comes after play {ended_by} ended {player}'s turn", n,
                             "cactus_game.turn_ends", code="cactus_game.play_after_end", field="plays",
                             play=i, ended_by=ended_by, player=player)
                break
            if self._play(play, i, player, game, totals, steps, n, problems):
                ended_by = i
            if problems:
                break
        if problems:
            return None
        points = {p: totals[p] - state.totals[p] for p in game.players}
        state.totals = totals
        state.last_player = player
        state.rounds_played = n
        return RoundResult(points=points, totals=dict(totals), trace=trace)

    def _play(self, play: Any, i: int, player: str, game: Game, totals: dict[str, int],
              steps: list[RawStep], n: int, problems: Problems) -> bool:
        """Apply one play to `totals`. True when it took effect and ends the turn."""
        where = f"play {i}"
        if not isinstance(play, dict):
            problems.add(f"{where} must be an object, not {type_name(play)}", n, code="field.shape",
                         field="plays", play=i, expected="object", got=type_code(play))
            return False
        kind = play.get("card")
        if kind not in KINDS:
            problems.add(f"{where} has card {quoted(kind)}, which is not one of {', '.join(KINDS)}", n,
                         code="cactus_game.unknown_card", field="plays", play=i, name=short_text(kind),
                         known=list(KINDS))
            return False
        allowed = PLAY_FIELDS.get(kind, DEFAULT_PLAY_FIELDS)
        for key in play:
            if key not in allowed:
                problems.add(f"{where} ({kind}) has unknown field {quoted(key)}", n, code="field.unknown",
                             field="plays", play=i, name=short_text(key), allowed=list(allowed))
        chain = self._stop_chain(play.get("stopped_by"), where, i, game, n, problems)
        if problems:
            return False
        if chain and len(chain) % 2 == 1:
            steps.append(("cactus_game.stopped", player, {"card": kind, "chain": chain}))
            return False
        if chain:
            steps.append(("cactus_game.stop_stopped", player, {"card": kind, "chain": chain}))
        if kind == "set":
            characters = play.get("characters")
            if not isinstance(characters, list):
                problems.add(f"{where} (set) needs characters: a list of three", n, "cactus_game.set",
                             code="cactus_game.set_shape", field="plays", play=i)
                return False
            gain = set_points(characters)
            if isinstance(gain, Reason):
                why = gain  # the set is refused
                problems.add(f"{where}: {why}", n, "cactus_game.set", code="cactus_game.set", field="plays", play=i,
                             reason=why.code, reason_params=why.params)
                return False
            self._gain(player, gain, totals, where, i, n, problems)
            steps.append(("cactus_game.set", player, {"characters": list(characters), "points": gain}))
        elif kind == "free_point":
            self._gain(player, 1, totals, where, i, n, problems)
            steps.append(("cactus_game.free_point", player, {"points": 1}))
        elif kind == "steal_point":
            target = game.player_named(play.get("target"))
            if target is None:
                problems.add(f"{where} (steal_point) needs a target who is a player, not "
                             f"{quoted(play.get('target'))}", n, "cactus_game.steal_point",
                             code="cactus_game.steal_target", field="plays", play=i,
                             name=short_text(play.get("target")))
            elif target == player:
                problems.add(f"{where}: {player} cannot steal a Point from themselves", n, "cactus_game.steal_point",
                             code="cactus_game.steal_self", field="plays", play=i, player=player)
            elif totals[target] < 1:
                problems.add(f"{where}: {target} has no Point to steal", n, "cactus_game.steal_point",
                             code="cactus_game.steal_nothing", field="plays", play=i, target=target)
            else:
                totals[target] -= 1
                totals[player] += 1
                steps.append(("cactus_game.steal_point", player, {"target": target}))
        elif kind in ("draw", "draw_three"):
            steps.append(("cactus_game.turn_ends", player, {"card": kind}))
        return kind in ENDS_TURN

    def _stop_chain(self, raw: Any, where: str, i: int, game: Game, n: int, problems: Problems) -> list[str]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            problems.add(f"{where}: stopped_by must be a list of players, not {type_name(raw)}", n,
                         code="field.shape", field="plays", play=i, expected="players", got=type_code(raw))
            return []
        chain = []
        for text in raw:
            name = game.player_named(text)
            if name is None:
                problems.add(f"{where}: stopped_by names {quoted(text)}, who is not a player", n,
                             code="player.unknown", field="plays", play=i, name=short_text(text))
            else:
                chain.append(name)
        return chain

    @staticmethod
    def _gain(player: str, gain: int, totals: dict[str, int], where: str, i: int, n: int,
              problems: Problems) -> None:
        in_play = sum(totals.values())
        if in_play + gain > POINT_CARDS:
            problems.add(f"{where}: {player} would need Point cards beyond the {POINT_CARDS} that exist "
                         f"({in_play} are already taken)", n, "cactus_game.point_cards",
                         code="cactus_game.point_cards", field="plays", play=i, player=player, taken=in_play,
                         limit=POINT_CARDS)
            return
        totals[player] += gain

    def outcome(self, game: Game, state: CactusGameState) -> tuple[bool, list[str], list[str]]:
        target = target_for(len(game.players))
        winners = [p for p, t in state.totals.items() if t >= target]
        return (True, winners, []) if winners else (False, [], [])
