"""Canasta (section 4.10): melds, bonuses, red 3s, going out, the opening minimum; a side
given by its cards or, since v1.1, as counted points ("A counted side")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import DECK_CANASTA, JOKER, is_black, parse_card, rank_of

from ..errors import TOP, Problems, Reason
from ..game import Game
from ..shapes import quoted, short_text, type_code, type_name
from .base import CANASTA, HIGHEST, Limit, RawStep, RoundResult, Teams, Trace, Variant
from .memory import times

SIDE_FIELDS = ("melds", "red_threes", "hand", "opening")
COUNTED = "counted"  # a side given as points (v1.1): replaces every field of SIDE_FIELDS
# The counted fields: points (multiples of 5, at least 0), then counts (whole, at least 0).
COUNTED_POINTS = ("melded", "hand")
COUNTED_COUNTS = ("natural_canastas", "mixed_canastas", "wild_canastas", "red_threes")
COUNTED_FIELDS = COUNTED_POINTS + COUNTED_COUNTS
POINT_STEP = 5  # every canasta card is worth a multiple of 5
RED_THREES_IN_DECKS = 4
ROUND_FIELDS = ("went_out", "concealed", "sides")
WILD_RANKS = ("2", JOKER)

VALUES = {"JK": 50, "A": 20, "2": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
          "7": 5, "6": 5, "5": 5, "4": 5, "3": 5}
BLACK_THREE_IN_HAND = 100
NATURAL_CANASTA, MIXED_CANASTA, WILD_CANASTA = 500, 300, 2000
RED_THREE, ALL_RED_THREES = 100, 800
GOING_OUT, GOING_OUT_CONCEALED = 100, 200
CANASTA_LENGTH = 7
LOWEST_CARD = 5  # the least a melded card is worth: a canasta is worth at least 7 × 5 in cards
TARGET = 5000
# (lowest total, minimum opening): the first row whose total the side has reached.
OPENING_MINIMUMS = ((3000, 120), (1500, 90), (0, 50))
OPENING_BELOW_ZERO = 15


def card_value(code: str) -> int:
    return VALUES[rank_of(code)]


def is_wild(code: str) -> bool:
    return rank_of(code) in WILD_RANKS


def is_red_three(code: str) -> bool:
    return code in ("3H", "3D")


def opening_minimum(total: int) -> int:
    if total < 0:
        return OPENING_BELOW_ZERO
    for lowest, minimum in OPENING_MINIMUMS:
        if total >= lowest:
            return minimum
    raise AssertionError("totals of 0 or more always have a minimum")


def meld_problem(cards: list[str], may_meld_black_threes: bool) -> Reason | None:
    """Why `cards` is not a legal meld, or None when it is."""
    if len(cards) < 3:
        return Reason("meld.too_few_cards", "has fewer than 3 cards")
    if any(is_red_three(c) for c in cards):
        return Reason("meld.red_three", "holds a red 3, which is never melded")
    wild = [c for c in cards if is_wild(c)]
    natural = [c for c in cards if not is_wild(c)]
    if not natural:
        if len(wild) >= CANASTA_LENGTH:
            return None
        return Reason("meld.wild_only_short", "has only wild cards but fewer than 7 (a wild canasta)",
                      {"length": CANASTA_LENGTH})
    ranks = {rank_of(c) for c in natural}
    if len(ranks) > 1:
        return Reason("meld.mixed_ranks", f"mixes ranks ({', '.join(sorted(ranks))})", {"ranks": sorted(ranks)})
    if ranks == {"3"}:
        if wild:
            return Reason("meld.black_threes_with_wild", "mixes black 3s with wild cards")
        if len(natural) not in (3, 4):
            return Reason("meld.black_threes_count", "holds black 3s, which are melded only 3 or 4 together")
        if not may_meld_black_threes:
            return Reason("meld.black_threes_not_going_out",
                          "holds black 3s, which only the side going out may meld")
        return None
    if len(natural) < 2:
        return Reason("meld.too_few_naturals", "has fewer than 2 natural cards")
    if len(wild) > len(natural):
        return Reason("meld.more_wild_than_natural", "has more wild cards than natural cards")
    if len(wild) > 3:
        return Reason("meld.too_many_wild", "has more than 3 wild cards", {"limit": 3})
    return None


def canasta_kind(cards: list[str]) -> str | None:
    """"natural", "mixed" or "wild" for a canasta (7 cards or more), else None."""
    if len(cards) < CANASTA_LENGTH:
        return None
    wild = sum(1 for c in cards if is_wild(c))
    if wild == 0:
        return "natural"
    return "wild" if wild == len(cards) else "mixed"


@dataclass(frozen=True, slots=True)
class Counted:
    """A side given as points (v1.1), as the players counted it: the cards' values
    melded and left in hand (each black 3 at 100), the canastas by kind, the red 3s."""

    melded: int = 0
    hand: int = 0
    natural_canastas: int = 0
    mixed_canastas: int = 0
    wild_canastas: int = 0
    red_threes: int = 0

    @property
    def canastas(self) -> int:
        return self.natural_canastas + self.mixed_canastas + self.wild_canastas


class SideRound:
    __slots__ = ("melds", "red_threes", "hand", "opening", "counted")

    def __init__(self) -> None:
        self.melds: list[list[str]] = []
        self.red_threes: list[str] = []
        self.hand: list[str] = []
        self.opening: list[list[str]] | None = None
        self.counted: Counted | None = None

    def red_three_count(self) -> int:
        return self.counted.red_threes if self.counted else len(self.red_threes)


class CanastaState:
    __slots__ = ("totals", "rounds_played")

    def __init__(self, sides: list[str]):
        self.totals = dict.fromkeys(sides, 0)
        self.rounds_played = 0


class Canasta(Variant):
    key = "canasta"
    name = "Canasta"
    family = CANASTA
    deck = DECK_CANASTA
    min_players = 2
    max_players = 4
    player_counts = (2, 4)
    teams = Teams(players=4)  # with two, each plays alone
    numbers = {"target": TARGET, "natural": NATURAL_CANASTA, "mixed": MIXED_CANASTA,
               "wild": WILD_CANASTA, "red_three": RED_THREE, "all_red_threes": ALL_RED_THREES,
               "going_out": GOING_OUT, "going_out_concealed": GOING_OUT_CONCEALED,
               "black_three": BLACK_THREE_IN_HAND, "canasta_length": CANASTA_LENGTH,
               "canasta_least": CANASTA_LENGTH * LOWEST_CARD}
    best = HIGHEST
    record_extras = ("teams",)
    rules = (
        "canasta.melded_cards", "canasta.natural_canasta", "canasta.mixed_canasta",
        "canasta.wild_canasta", "canasta.red_threes", "canasta.red_threes_all_four",
        "canasta.red_threes_without_meld", "canasta.going_out", "canasta.going_out_concealed",
        "canasta.cards_in_hand", "canasta.black_three_in_hand", "canasta.meld", "canasta.opening",
        "canasta.went_out_canastas", "canasta.target", "canasta.counted_side", "canasta.counted_hand",
    )

    # -- the record ----------------------------------------------------------

    def read_record_extras(self, raw: dict[str, Any], game: Game, problems: Problems) -> None:
        players = game.players
        teams_raw = raw.get("teams")
        if len(players) not in self.player_counts:  # 3: between the bounds, yet not allowed
            allowed = " or ".join(map(str, self.player_counts))
            problems.add(f"{self.key} is played by {allowed} players, not {len(players)}",
                         code="players.count_either", field="players", allowed=allowed, count=len(players),
                         low=self.min_players, high=self.max_players)
            return
        if len(players) == 2:
            if teams_raw is not None:
                problems.add("teams are only for four players: with two, each plays alone", code="teams.two_players",
                             field="teams")
            return
        if teams_raw is None:
            problems.add("teams are missing: four players play in two teams of two", code="teams.missing",
                         field="teams")
            return
        if not isinstance(teams_raw, dict):
            problems.add(f"teams must be an object of team: [two players], not {type_name(teams_raw)}",
                         code="field.shape", field="teams", expected="teams", got=type_code(teams_raw))
            return
        teams: dict[str, list[str]] = {}
        for name, members in teams_raw.items():
            team = name.strip()
            if not team or len(team) > 40:
                problems.add(f"team name {quoted(name)} must have 1 to 40 characters", code="teams.name",
                             field="teams", name=name[:40])
                continue
            if not isinstance(members, list) or len(members) != 2:
                problems.add(f"team {team} must be a list of two players", code="teams.members", field="teams",
                             team=team)
                continue
            names = [game.player_named(m) for m in members]
            if None in names:
                problems.add(f"team {team} names someone who is not a player: {quoted(members)}",
                             code="teams.not_a_player", field="teams", team=team)
                continue
            teams[team] = names  # type: ignore[assignment]
        if problems:
            return
        members = [p for team in teams.values() for p in team]
        if len(teams) != 2 or sorted(members) != sorted(players):
            problems.add("teams must be two teams of two covering the four players, each once",
                         code="teams.cover", field="teams")
            return
        first, second = ({players[0], players[2]}, {players[1], players[3]})
        if {frozenset(t) for t in teams.values()} != {frozenset(first), frozenset(second)}:
            problems.add(f"partners sit opposite: {players[0]} with {players[2]}, "
                         f"{players[1]} with {players[3]}", code="teams.opposite", field="teams",
                         first=[players[0], players[2]], second=[players[1], players[3]])
            return
        # Sides in seat order: the team of the first player first.
        game.teams = dict(sorted(teams.items(), key=lambda kv: min(players.index(m) for m in kv[1])))

    def side_names(self, game: Game) -> list[str]:
        return list(game.teams) if game.teams else list(game.players)

    def side_of(self, game: Game, player: str) -> str:
        if game.teams:
            return next(team for team, members in game.teams.items() if player in members)
        return player

    def new_state(self, game: Game) -> CanastaState:
        return CanastaState(self.side_names(game))

    # -- a round -------------------------------------------------------------

    def _cards(self, raw: Any, where: str, n: int, problems: Problems, side: str, field: str) -> list[str]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            problems.add(f"{where} must be a list of cards, not {type_name(raw)}", n, code="field.shape",
                         side=side, field=field, expected="cards", got=type_code(raw))
            return []
        codes = []
        for text in raw:
            code = parse_card(text)
            if code is None:
                problems.add(f"{where} has {quoted(text)}, which is not a card", n, code="card.unknown",
                             side=side, field=field, text=short_text(text))
            else:
                codes.append(code)
        return codes

    def _melds(self, raw: Any, where: str, n: int, problems: Problems, side: str, field: str) -> list[list[str]]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            problems.add(f"{where} must be a list of melds, not {type_name(raw)}", n, code="field.shape",
                         side=side, field=field, expected="melds", got=type_code(raw))
            return []
        return [self._cards(m, f"{where} {i}", n, problems, side, field) for i, m in enumerate(raw, 1)]

    def _read_side(self, side: str, raw: Any, n: int, problems: Problems) -> SideRound:
        sr = SideRound()
        if not isinstance(raw, dict):
            problems.add(f"side {side} must be an object, not {type_name(raw)}", n, code="field.shape",
                         field="sides", side=side, expected="object", got=type_code(raw))
            return sr
        for key in raw:
            if key not in SIDE_FIELDS and key != COUNTED:
                # Worded as before v1.1, so the problems of the regression fixture stay the same.
                problems.add(f"unknown field {quoted(key)} for {side} (a side has: {', '.join(SIDE_FIELDS)})", n,
                             code="field.unknown", field="sides", side=side, name=short_text(key),
                             allowed=list(SIDE_FIELDS))
        if COUNTED in raw:
            given = [key for key in SIDE_FIELDS if key in raw]
            if given:
                problems.add(f"{side} is given both as counted points and by its cards ({', '.join(given)}): "
                             f"one or the other", n, "canasta.counted_side", code="canasta.counted_with_cards",
                             side=side, field=COUNTED, fields=given)
            sr.counted = self._read_counted(side, raw[COUNTED], n, problems)
            return sr
        sr.melds = self._melds(raw.get("melds"), f"{side}'s meld", n, problems, side, "melds")
        sr.red_threes = self._cards(raw.get("red_threes"), f"{side}'s red_threes", n, problems, side, "red_threes")
        sr.hand = self._cards(raw.get("hand"), f"{side}'s hand", n, problems, side, "hand")
        if "opening" in raw:
            sr.opening = self._melds(raw.get("opening"), f"{side}'s opening meld", n, problems, side, "opening")
        for c in sr.red_threes:
            if not is_red_three(c):
                problems.add(f"{side}'s red_threes has {c}, which is not a red 3", n, "canasta.red_threes",
                             code="canasta.not_red_three", side=side, field="red_threes", card=c)
        for c in sr.hand:
            if is_red_three(c):
                problems.add(f"{side}'s hand has {c}: red 3s are laid down, never kept in hand", n,
                             "canasta.red_threes", code="canasta.red_three_in_hand", side=side, field="hand",
                             card=c)
        return sr

    def _read_counted(self, side: str, raw: Any, n: int, problems: Problems) -> Counted:
        """A counted side: each field a whole number, at least 0, points in steps of 5;
        a field left out is 0."""
        if not isinstance(raw, dict):
            problems.add(f"{side}'s counted must be an object of points and counts, not {type_name(raw)}", n,
                         code="field.shape", field=COUNTED, side=side, expected="object", got=type_code(raw))
            return Counted()
        numbers: dict[str, int] = {}
        for key, value in raw.items():
            if key not in COUNTED_FIELDS:
                problems.add(f"unknown field {quoted(key)} in {side}'s counted (it has: "
                             f"{', '.join(COUNTED_FIELDS)})", n, code="field.unknown", field=COUNTED, side=side,
                             name=short_text(key), allowed=list(COUNTED_FIELDS))
                continue
            whole = _whole_number(value)
            if key in COUNTED_POINTS:
                if whole is None or whole < 0 or whole % POINT_STEP:
                    problems.add(f"{side}'s counted {key} is {quoted(value)}: points are a whole number, at "
                                 f"least 0, a multiple of {POINT_STEP}", n, "canasta.counted_side",
                                 code="canasta.counted_points", side=side, field=COUNTED, name=key,
                                 value=short_text(value), step=POINT_STEP)
                    continue
            elif whole is None or whole < 0:
                problems.add(f"{side}'s counted {key} is {quoted(value)}: a count is a whole number, at least 0",
                             n, "canasta.counted_side", code="canasta.counted_count", side=side, field=COUNTED,
                             name=key, value=short_text(value))
                continue
            elif key == "red_threes" and whole > RED_THREES_IN_DECKS:
                problems.add(f"{side}'s counted red_threes is {whole}, but there are only {RED_THREES_IN_DECKS}",
                             n, "canasta.red_threes", code="canasta.counted_red_threes", side=side,
                             field=COUNTED, name=key, count=whole, limit=RED_THREES_IN_DECKS)
                continue
            numbers[key] = whole
        return Counted(**numbers)

    def read_round(self, raw: Any, n: int, game: Game, state: CanastaState, problems: Problems
                   ) -> tuple[dict[str, SideRound], str | None, bool] | None:
        if not isinstance(raw, dict):
            problems.add(f"a round must be an object, not {type_name(raw)}", n, code="round.shape",
                         field=TOP, got=type_code(raw))
            return None
        for key in raw:
            if key not in ROUND_FIELDS:
                problems.add(f"unknown field {quoted(key)} (a canasta round has: {', '.join(ROUND_FIELDS)})", n,
                             code="field.unknown", field=TOP, name=short_text(key), allowed=list(ROUND_FIELDS))
        went_out = None
        if raw.get("went_out") is not None:
            went_out = game.player_named(raw["went_out"])
            if went_out is None:
                problems.add(f"went_out {quoted(raw['went_out'])} is not a player of this game", n,
                             code="player.unknown", field="went_out", name=short_text(raw["went_out"]))
        concealed = raw.get("concealed", False)
        if not isinstance(concealed, bool):
            problems.add(f"concealed must be true or false, not {quoted(concealed)}", n, code="field.shape",
                         field="concealed", expected="flag", got=type_code(concealed))
            concealed = False
        if concealed and raw.get("went_out") is None:
            problems.add("concealed needs went_out: only a player who went out can go out concealed", n,
                         code="canasta.concealed_without_going_out", field="concealed")
        sides_raw = raw.get("sides")
        names = self.side_names(game)
        if not isinstance(sides_raw, dict):
            if sides_raw is None:
                problems.add("sides is missing", n, code="field.missing", field="sides")
            else:
                problems.add(f"sides must be an object, not {type_name(sides_raw)}", n, code="field.shape",
                             field="sides", expected="object", got=type_code(sides_raw))
            return None
        sides: dict[str, SideRound] = {}
        for key, side_raw in sides_raw.items():
            side = key.strip()
            if side not in names:
                problems.add(f"sides has {quoted(key)}, which is not a side (sides: {', '.join(names)})", n,
                             code="side.unknown", field="sides", name=short_text(key), sides=list(names))
            elif side in sides:
                problems.add(f"sides has {side} twice", n, code="entry.twice", field="sides", side=side)
            else:
                sides[side] = self._read_side(side, side_raw, n, problems)
        for side in names:
            if side not in sides:
                problems.add(f"side {side} is missing", n, code="side.missing", field="sides", side=side)
        if problems:
            return None
        return {s: sides[s] for s in names}, went_out, concealed

    def _check_round(self, sides: dict[str, SideRound], went_out: str | None, concealed: bool,
                     game: Game, state: CanastaState, n: int, problems: Problems,
                     check_opening: bool = True) -> None:
        out_side = self.side_of(game, went_out) if went_out else None
        for side, sr in sides.items():
            if sr.counted is not None:
                self._check_counted(side, sr.counted, n, problems)
                continue
            seen_ranks: dict[str, int] = {}
            for i, meld in enumerate(sr.melds, 1):
                why = meld_problem(meld, may_meld_black_threes=(side == out_side))
                if why:
                    problems.add(f"{side}'s meld {i} ({' '.join(meld)}) {why}", n, "canasta.meld",
                                 code="canasta.meld", side=side, field="melds", meld=i, cards=meld,
                                 reason=why.code, reason_params=why.params)
                    continue
                natural = [c for c in meld if not is_wild(c)]
                if natural:
                    rank = rank_of(natural[0])
                    if rank in seen_ranks:
                        problems.add(f"{side} has two melds of {rank} (melds {seen_ranks[rank]} and {i})", n,
                                     "canasta.meld", code="canasta.same_rank", side=side, field="melds",
                                     rank=rank, melds=[seen_ranks[rank], i])
                    seen_ranks[rank] = i
            if check_opening and sr.opening is not None and not (side == out_side and concealed):
                worth = sum(card_value(c) for meld in sr.opening for c in meld)
                minimum = opening_minimum(state.totals[side])
                if worth < minimum:
                    problems.add(f"{side}'s opening is worth {worth}, below the minimum of {minimum} for "
                                 f"a total of {state.totals[side]}", n, "canasta.opening",
                                 code="canasta.opening", side=side, field="opening", worth=worth,
                                 minimum=minimum, total=state.totals[side])
        if out_side is not None:
            sr = sides[out_side]
            if sr.counted is not None:
                canastas = sr.counted.canastas
            else:
                canastas = sum(1 for meld in sr.melds if canasta_kind(meld))
            needed = 1 if game.teams else 2
            if canastas < needed:
                problems.add(f"{went_out} went out, but {out_side} has {canastas} canasta(s) and needs "
                             f"{needed}", n, "canasta.went_out_canastas", code="canasta.went_out_canastas",
                             side=out_side, field="went_out", player=went_out, count=canastas, needed=needed)
            if not game.teams and (sr.counted.hand if sr.counted is not None else sr.hand):
                problems.add(f"{went_out} went out, so their hand must be empty", n, "canasta.went_out_canastas",
                             code="canasta.went_out_hand", side=out_side,
                             field=COUNTED if sr.counted is not None else "hand", player=went_out)
        red_threes = sum(sr.red_three_count() for sr in sides.values())
        if red_threes > 4:
            problems.add(f"{red_threes} red 3s are laid down, but there are only 4", n, "canasta.red_threes",
                         code="canasta.red_threes_count", field="red_threes", count=red_threes)
        places: dict[tuple[str, str, str], list[str]] = {}  # (label, side, field) -> cards
        for side, sr in sides.items():
            for i, meld in enumerate(sr.melds, 1):
                places[(f"{side}'s meld {i}", side, "melds")] = meld
            places[(f"{side}'s red 3s", side, "red_threes")] = sr.red_threes
            places[(f"{side}'s hand", side, "hand")] = sr.hand
        codes = [c for cards in places.values() for c in cards]
        for code, count in self.deck.overused(codes):
            if is_red_three(code) and red_threes > 4:
                continue  # already said
            where = [place for place, cards in places.items() if code in cards]
            problems.add(f"{code} is used {times(count)} ({' and '.join(p[0] for p in where)}), but the two "
                         f"decks hold it {times(self.deck.copies[code])}", n, "deck", code="deck.overused",
                         side=where[0][1], field=where[0][2], sides=sorted({p[1] for p in where}), card=code,
                         count=count, allowed=self.deck.copies[code])

    def _check_counted(self, side: str, counted: Counted, n: int, problems: Problems) -> None:
        """The one thing a counted side's own numbers can contradict: canastas need cards."""
        least = counted.canastas * CANASTA_LENGTH * LOWEST_CARD
        if counted.melded < least:
            problems.add(f"{side} holds {counted.canastas} canasta(s), so its melded cards are worth at least "
                         f"{least}, not {counted.melded}", n, "canasta.counted_side",
                         code="canasta.counted_canastas_melded", side=side, field=COUNTED, name="melded",
                         count=counted.canastas, minimum=least, melded=counted.melded)

    def check_round(self, raw: Any, n: int, game: Game, state: CanastaState, problems: Problems) -> None:
        # Everything but the opening minimum, which depends on the totals before the round.
        read = self.read_round(raw, n, game, state, problems)
        if read is not None:
            self._check_round(*read, game, state, n, problems, check_opening=False)

    def score_side(self, side: str, sr: SideRound, went_out_here: bool, concealed: bool) -> tuple[int, list[RawStep]]:
        steps: list[RawStep] = []
        counted = sr.counted
        if counted is not None:
            melded = counted.melded
            canastas = {"natural": counted.natural_canastas, "mixed": counted.mixed_canastas,
                        "wild": counted.wild_canastas}
            has_meld = melded > 0
        else:
            melded = sum(card_value(c) for meld in sr.melds for c in meld)
            kinds = [canasta_kind(meld) for meld in sr.melds]
            canastas = {kind: kinds.count(kind) for kind in ("natural", "mixed", "wild")}
            has_meld = bool(sr.melds)
        total = melded
        steps.append(("canasta.melded_cards", side, {"points": melded}))
        for kind, bonus in (("natural", NATURAL_CANASTA), ("mixed", MIXED_CANASTA), ("wild", WILD_CANASTA)):
            count = canastas[kind]
            if count:
                total += count * bonus
                steps.append((f"canasta.{kind}_canasta", side, {"count": count, "points": count * bonus}))
        reds = sr.red_three_count()
        if reds:
            worth = ALL_RED_THREES if reds == 4 else RED_THREE * reds
            if has_meld:
                total += worth
                rule = "canasta.red_threes_all_four" if reds == 4 else "canasta.red_threes"
            else:
                total -= worth
                worth = -worth
                rule = "canasta.red_threes_without_meld"
            steps.append((rule, side, {"count": reds, "points": worth}))
        if went_out_here:
            bonus = GOING_OUT_CONCEALED if concealed else GOING_OUT
            total += bonus
            steps.append(("canasta.going_out_concealed" if concealed else "canasta.going_out", side,
                              {"points": bonus}))
        if counted is not None:
            if counted.hand:
                total -= counted.hand
                steps.append(("canasta.counted_hand", side, {"points": -counted.hand}))
            return total, steps
        black_threes = sum(1 for c in sr.hand if rank_of(c) == "3" and is_black(c))
        in_hand = sum(card_value(c) for c in sr.hand if not (rank_of(c) == "3" and is_black(c)))
        if in_hand:
            total -= in_hand
            steps.append(("canasta.cards_in_hand", side, {"count": len(sr.hand) - black_threes,
                                                               "points": -in_hand}))
        if black_threes:
            total -= BLACK_THREE_IN_HAND * black_threes
            steps.append(("canasta.black_three_in_hand", side,
                              {"count": black_threes, "points": -BLACK_THREE_IN_HAND * black_threes}))
        return total, steps

    def play_round(self, raw: Any, n: int, game: Game, state: CanastaState,
                   problems: Problems, trace: Trace = None) -> RoundResult | None:
        read = self.read_round(raw, n, game, state, problems)
        if read is None:
            return None
        sides, went_out, concealed = read
        self._check_round(sides, went_out, concealed, game, state, n, problems)
        if problems:
            return None
        out_side = self.side_of(game, went_out) if went_out else None
        points: dict[str, int] = {}
        steps: list[RawStep] = []  # a few per side: always collected, kept only when asked
        for side, sr in sides.items():
            points[side], side_steps = self.score_side(side, sr, side == out_side, concealed)
            steps.extend(side_steps)
        for side, pts in points.items():
            state.totals[side] += pts
        state.rounds_played = n
        if trace is not None:
            trace += steps
        return RoundResult(points=points, totals=dict(state.totals), trace=trace)

    def end_limits(self, options: dict[str, Any]) -> tuple[Limit, ...]:
        return (Limit("target", TARGET),)

    def outcome(self, game: Game, state: CanastaState) -> tuple[bool, list[str], list[str]]:
        totals = state.totals
        if max(totals.values()) < TARGET:
            return False, [], []
        return True, self.ahead(totals), []



def _whole_number(value: Any) -> int | None:
    """A JSON number that is whole (1450 or 1450.0) as an int; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None
