"""The round entry form <-> the spec's round object (game-record.md, section 2 and 4),
one set of functions per game family; adapters.py picks the family's set once.

The form posts flat fields named by seat index, never by player name (a name may hold
any character): `hand-0-cards`, `announcer`, `side-1-meld-2`, `play-0-stop-1`…

    read_*(variant, players, post)   a POST, read by the family's Django forms (formsets.py),
                                     -> the form's state (what the page shows)
    *_round(state, players)          the form's state -> the round object the engine scores
    *_from_round(variant, data)      a stored round -> the form's state (to edit it)
    apply_*_action(state, act)       "add a meld", "add a play"…: changes the form, saves nothing

Nothing here judges the round: a card that is not a card, a missing hand, a draw for a
player with cactus all go to the engine as written, and the engine's message is shown
beside the field (see problem_fields.py). Only the encoding is decided here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import read_cards
from engine.rules.variants.base import CACTUS_GAME, CANASTA, MEMORY

from . import formsets as fs

# Bounds on repeated groups, so a forged POST cannot make the page render thousands of rows.
MAX_MELDS = 20
MAX_PLAYS = 20
MAX_STOPS = 12
CHARACTERS = ("charlie", "spike", "walter", "joker")
SET_CHARACTERS = CHARACTERS[:3]  # a set of three alike, added with one tap (the joker's sets vary)
PLAY_KINDS = ("set", "free_point", "steal_point", "draw_three", "draw",
              "swap_hands", "look_and_steal", "ask_card", "steal_card")
# Plays that cannot be stopped (spec 4.11): a set, and the plain draw that ends a turn.
UNSTOPPABLE = frozenset({"set", "draw"})


# -- the form's state -----------------------------------------------------------


@dataclass
class HandState:
    """One player's block in a memory game: the hand and the player's own extras."""

    index: int
    name: str
    mode: str = "cards"  # "cards" (picked one by one) or "count" (the player counted)
    cards: str = ""  # canonical codes separated by spaces
    count: str = ""  # as typed: "14", "6.5"
    draw: str = ""  # cactus-tas: the card drawn by a player without cactus
    counter_caller: bool = False  # tamoul: said contre-tamoul
    wrong_snaps: str = "0"  # cabo-bruxellois
    errors: list[str] = field(default_factory=list)  # the engine's messages for this block

    @property
    def slot(self) -> str:
        return f"hand-{self.index}"


@dataclass
class MemoryForm:
    variant: str
    hands: list[HandState]
    announcer: str = ""  # a seat index, or "" for nobody
    went_out: str = ""  # fontenaysien: a seat index, or ""
    penalty_cards: str = ""  # dutch-toulousain: the dutcher's penalty cards
    extras: tuple[str, ...] = ()  # the variant's round_extras
    kind: str = MEMORY

    @property
    def row_names(self) -> list[str]:
        """Who has a row in the preview's table: the players with a hand this round."""
        return [h.name for h in self.hands]


# A canasta side given as counted points (spec 4.10, "A counted side"): its form fields
# (`side-<i>-<name>`), in the engine's names, each as typed ("" is 0).
COUNTED_FIELDS = ("melded", "hand", "natural_canastas", "mixed_canastas", "wild_canastas", "red_threes")
RED_THREES_CHOICES = ("0", "1", "2", "3", "4")


@dataclass
class SideState:
    """One canasta side: a team, or a player when two play; given by its cards, or as
    the points its players counted (`mode` "count", like a memory hand's "Compté")."""

    index: int
    name: str
    members: list[str]
    melds: list[str] = field(default_factory=lambda: [""])
    opening: list[str] = field(default_factory=list)
    red_threes: str = ""
    hand: str = ""
    mode: str = "cards"  # "cards" or "count"
    counted: dict[str, str] = field(default_factory=lambda: dict.fromkeys(COUNTED_FIELDS, ""))
    errors: list[str] = field(default_factory=list)

    @property
    def slot(self) -> str:
        return f"side-{self.index}"


@dataclass
class CanastaForm:
    variant: str
    players: list[str]
    sides: list[SideState]
    went_out: str = ""  # a seat index (the player, not the team), or "" when the stock ran out
    concealed: bool = False
    kind: str = CANASTA

    @property
    def row_names(self) -> list[str]:
        return [s.name for s in self.sides]


@dataclass
class PlayState:
    card: str
    characters: list[str] = field(default_factory=lambda: ["", "", ""])
    target: str = ""  # a seat index
    stops: list[str] = field(default_factory=list)  # seat indices, in the order Stops were played
    errors: list[str] = field(default_factory=list)
    index: int = 0  # its place in the turn, from 0 (set when the page is rendered)

    @property
    def slot(self) -> str:
        return f"play-{self.index}"

    @property
    def stoppable(self) -> bool:
        return self.card not in UNSTOPPABLE


@dataclass
class TurnForm:
    variant: str
    players: list[str]
    player: str = ""  # a seat index
    plays: list[PlayState] = field(default_factory=list)
    kind: str = CACTUS_GAME

    @property
    def row_names(self) -> list[str]:
        return list(self.players)


EntryForm = MemoryForm | CanastaForm | TurnForm


# -- small readers ----------------------------------------------------------------


def cards_from_text(text: str) -> list[str]:
    """Card codes typed or picked, in canonical form (« R♥ », "rh", "T♦" read as the
    page shows them); text that is no card is kept as typed, so the engine names it
    ("Ana's hand has "ZZ", which is not a card")."""
    return read_cards(text)


def cards_to_text(cards: Sequence[Any]) -> str:
    return " ".join(str(c) for c in cards)


def number_from_text(text: str) -> int | float | str:
    """A counted hand as a JSON number: "14" -> 14, "6,5" or "6½" -> 6.5; anything else
    stays text and the engine says it is not a number."""
    cleaned = text.strip().replace(",", ".").replace("−", "-").replace(" ", "")
    if cleaned.endswith("½"):
        whole = cleaned[:-1]
        cleaned = f"{whole}.5" if whole not in ("", "-") else f"{whole}0.5"
    try:
        value = float(cleaned)
    except ValueError:
        return text.strip()
    if value != value or value in (float("inf"), float("-inf")):
        return text.strip()
    return int(value) if value == int(value) else value


def number_to_text(value: Any) -> str:
    if isinstance(value, float) and value == int(value):
        return str(int(value))
    return str(value)


def _index(text: Any, count: int) -> int | None:
    try:
        i = int(str(text))
    except (TypeError, ValueError):
        return None
    return i if 0 <= i < count else None


# -- POST -> state ------------------------------------------------------------------


def read_memory(variant: Any, players: Sequence[str], post: Mapping[str, Any],
                 in_round: Sequence[str] | None) -> MemoryForm:
    seats = [i for i, name in enumerate(players) if in_round is None or name in in_round]
    hands = []
    for form in fs.hand_forms(post, seats):
        data = form.values()
        hands.append(HandState(
            index=form.seat, name=players[form.seat],
            mode="count" if data["mode"] == "count" else "cards",
            cards=data["cards"], count=data["count"], draw=data["draw"],
            counter_caller=data["counter"], wrong_snaps=data["snaps"] or "0",
        ))
    round_fields = fs.MemoryRoundForm(post, len(players)).values()
    return MemoryForm(
        variant=variant.key, hands=hands,
        announcer=round_fields["announcer"], went_out=round_fields["went_out"],
        penalty_cards=round_fields["penalty_cards"],
        extras=tuple(variant.round_extras),
    )


def canasta_sides(players: Sequence[str], teams: Mapping[str, list[str]] | None) -> list[tuple[str, list[str]]]:
    """(side name, its players): the teams in seat order (the team of the first seat first,
    as Game.sides() has them; PostgreSQL's jsonb does not keep the declared order), or
    each player alone."""
    if teams:
        def first_seat(team: tuple[str, list[str]]) -> int:
            seats = [players.index(m) for m in team[1] if m in players]
            return min(seats) if seats else len(players)
        return [(name, list(members)) for name, members in sorted(teams.items(), key=first_seat)]
    return [(p, [p]) for p in players]


def read_canasta(variant: Any, players: Sequence[str], post: Mapping[str, Any],
                  teams: Mapping[str, list[str]] | None) -> CanastaForm:
    sides = []
    for s, (name, members) in enumerate(canasta_sides(players, teams)):
        form = fs.SideForm(post, s, COUNTED_FIELDS, MAX_MELDS)
        data = form.values()
        sides.append(SideState(index=s, name=name, members=members,
                               melds=[data[f"meld-{m}"] for m in range(form.melds)],
                               opening=[data[f"opening-{m}"] for m in range(form.openings)],
                               red_threes=data["red_threes"], hand=data["hand"],
                               mode="count" if data["mode"] == "count" else "cards",
                               counted={key: data[f"counted-{key}"] for key in COUNTED_FIELDS}))
    round_fields = fs.CanastaRoundForm(post, len(players)).values()
    return CanastaForm(variant=variant.key, players=list(players), sides=sides,
                       went_out=round_fields["went_out"], concealed=round_fields["concealed"])


def read_turn(variant: Any, players: Sequence[str], post: Mapping[str, Any]) -> TurnForm:
    plays = []
    for k in range(fs.clamped_count(post, "plays", MAX_PLAYS)):
        form = fs.PlayForm(post, k, len(players), MAX_STOPS)
        data = form.values()
        card = data["card"]
        if card not in PLAY_KINDS:
            continue
        characters = [c if c in CHARACTERS else "" for c in (data[f"char-{j}"] for j in range(3))]
        stops = [data[f"stop-{j}"] for j in range(form.stops)]
        plays.append(PlayState(card=card, characters=characters, target=data["target"],
                               stops=stops if card not in UNSTOPPABLE else []))
    player = fs.TurnRoundForm(post, len(players)).values()["player"]
    return TurnForm(variant=variant.key, players=list(players), player=player, plays=plays)


# -- state -> round object -------------------------------------------------------------


def _name(index: str, players: Sequence[str]) -> str | None:
    """The player at seat `index`; None for nobody; what was posted when it names no seat
    (a tampered POST: the engine refuses it as nobody of this game, beside its field)."""
    if not index:
        return None
    i = _index(index, len(players))
    return index if i is None else players[i]


def memory_round(form: MemoryForm, players: Sequence[str]) -> dict[str, Any]:
    hands: dict[str, Any] = {}
    went_out = _name(form.went_out, players) if "went_out" in form.extras else None
    for hand in form.hands:
        if hand.mode == "count":
            if hand.count:
                hands[hand.name] = number_from_text(hand.count)
        elif hand.cards:
            hands[hand.name] = cards_from_text(hand.cards)
        elif hand.name == went_out:
            hands[hand.name] = []  # fontenaysien: who went out holds no card (game-record: `[]`)
        # Any other empty block is a missing hand (the engine says so), never a silent 0:
        # a player who got rid of every card is entered as counted 0.
    data: dict[str, Any] = {"hands": hands, "announcer": _name(form.announcer, players)}
    if "draws" in form.extras:
        draws = {h.name: _one_card(h.draw) for h in form.hands if h.draw}
        if draws:
            data["draws"] = draws
    if "counter_callers" in form.extras:
        callers = [h.name for h in form.hands if h.counter_caller]
        if callers:
            data["counter_callers"] = callers
    if "went_out" in form.extras and form.went_out:
        data["went_out"] = _name(form.went_out, players)
    if "wrong_snaps" in form.extras:
        snaps = {}
        for h in form.hands:
            count = number_from_text(h.wrong_snaps)
            if count != 0:
                snaps[h.name] = count
        if snaps:
            data["wrong_snaps"] = snaps
    if "penalty_cards" in form.extras and form.penalty_cards:
        data["penalty_cards"] = cards_from_text(form.penalty_cards)
    return data


def _one_card(text: str) -> str:
    """A draw is one card; two typed in its field go to the engine as the text they are,
    so it says the draw is not a card rather than one of them being dropped."""
    cards = cards_from_text(text)
    return cards[0] if len(cards) == 1 else " ".join(cards)


def canasta_round(form: CanastaForm, players: Sequence[str]) -> dict[str, Any]:
    sides: dict[str, Any] = {}
    for side in form.sides:
        if side.mode == "count":
            sides[side.name] = {"counted": {key: number_from_text(side.counted.get(key) or "0")
                                            for key in COUNTED_FIELDS}}
            continue
        out: dict[str, Any] = {}
        melds = [cards_from_text(m) for m in side.melds if m]
        if melds:
            out["melds"] = melds
        if side.red_threes:
            out["red_threes"] = cards_from_text(side.red_threes)
        if side.hand:
            out["hand"] = cards_from_text(side.hand)
        opening = [cards_from_text(m) for m in side.opening if m]
        if opening:
            out["opening"] = opening
        sides[side.name] = out
    data: dict[str, Any] = {"went_out": _name(form.went_out, players), "sides": sides}
    if form.concealed:
        data["concealed"] = True
    return data


def turn_round(form: TurnForm, players: Sequence[str]) -> dict[str, Any]:
    plays = []
    for play in form.plays:
        out: dict[str, Any] = {"card": play.card}
        if play.card == "set":
            out["characters"] = [c for c in play.characters if c]
        if play.card == "steal_point":
            out["target"] = _name(play.target, players)
        chain = [_name(s, players) for s in play.stops if s]
        if chain and play.stoppable:
            out["stopped_by"] = chain
        plays.append(out)
    return {"player": _name(form.player, players), "plays": plays}


# -- stored round -> state ----------------------------------------------------------------


def _seats(players: Sequence[str]) -> dict[str, str]:
    return {name: str(i) for i, name in enumerate(players)}


def memory_from_round(variant: Any, players: Sequence[str], data: Mapping[str, Any],
                      in_round: Sequence[str] | None = None) -> MemoryForm:
    """The form's state showing a stored round, to edit it."""
    seat = _seats(players)
    form = blank_memory(variant, players, in_round)
    hands = data.get("hands", {})
    draws = data.get("draws") or {}
    callers = data.get("counter_callers") or []
    snaps = data.get("wrong_snaps") or {}
    for h in form.hands:
        hand = hands.get(h.name)
        if isinstance(hand, list):
            h.mode, h.cards = "cards", cards_to_text(hand)
        elif hand is not None:
            h.mode, h.count = "count", number_to_text(hand)
        h.draw = str(draws.get(h.name, ""))
        h.counter_caller = h.name in callers
        h.wrong_snaps = str(snaps.get(h.name, 0))
    form.announcer = seat.get(data.get("announcer") or "", "")
    form.went_out = seat.get(data.get("went_out") or "", "")
    form.penalty_cards = cards_to_text(data.get("penalty_cards") or [])
    return form


def canasta_from_round(variant: Any, players: Sequence[str], data: Mapping[str, Any],
                       teams: Mapping[str, list[str]] | None) -> CanastaForm:
    seat = _seats(players)
    form = blank_canasta(variant, players, teams)
    sides = data.get("sides", {})
    for side in form.sides:
        raw = sides.get(side.name, {})
        if isinstance(raw.get("counted"), Mapping):
            side.mode = "count"
            side.counted = {key: number_to_text(raw["counted"].get(key, 0)) for key in COUNTED_FIELDS}
            continue
        side.melds = [cards_to_text(m) for m in raw.get("melds", [])] or [""]
        side.opening = [cards_to_text(m) for m in raw.get("opening", [])]
        side.red_threes = cards_to_text(raw.get("red_threes", []))
        side.hand = cards_to_text(raw.get("hand", []))
    form.went_out = seat.get(data.get("went_out") or "", "")
    form.concealed = bool(data.get("concealed"))
    return form


def turn_from_round(variant: Any, players: Sequence[str], data: Mapping[str, Any]) -> TurnForm:
    seat = _seats(players)
    plays = []
    for raw in data.get("plays", []):
        characters = list(raw.get("characters", []))[:3]
        plays.append(PlayState(card=raw.get("card", ""),
                               characters=characters + [""] * (3 - len(characters)),
                               target=seat.get(raw.get("target") or "", ""),
                               stops=[seat.get(p, "") for p in raw.get("stopped_by", [])]))
    return TurnForm(variant=variant.key, players=list(players),
                    player=seat.get(data.get("player") or "", ""), plays=plays)


def blank_memory(variant: Any, players: Sequence[str], in_round: Sequence[str] | None = None,
                 previous: Mapping[str, Any] | None = None) -> MemoryForm:
    """An empty round: a block for each player who has a hand (`in_round`, all when None).

    `previous` is the last round's data: a player who counted their hand then ("Compté")
    finds the number pad again, instead of four more taps a round for a table that counts.
    """
    last_hands = (previous or {}).get("hands") if isinstance(previous, Mapping) else None
    last_hands = last_hands if isinstance(last_hands, Mapping) else {}
    hands = [HandState(index=i, name=name, mode=_mode_of(last_hands.get(name)))
             for i, name in enumerate(players) if in_round is None or name in in_round]
    return MemoryForm(variant=variant.key, hands=hands, extras=tuple(variant.round_extras))


def blank_canasta(variant: Any, players: Sequence[str], teams: Mapping[str, list[str]] | None = None,
                  previous: Mapping[str, Any] | None = None) -> CanastaForm:
    """An empty round. `previous` is the last round's data: a side given as points then
    is asked for points again (like a memory hand's "Compté")."""
    last_sides = (previous or {}).get("sides") if isinstance(previous, Mapping) else None
    last_sides = last_sides if isinstance(last_sides, Mapping) else {}
    sides = [SideState(index=s, name=name, members=members, mode=_side_mode_of(last_sides.get(name)))
             for s, (name, members) in enumerate(canasta_sides(players, teams))]
    return CanastaForm(variant=variant.key, players=list(players), sides=sides)


def _side_mode_of(side: Any) -> str:
    return "count" if isinstance(side, Mapping) and "counted" in side else "cards"


def blank_turn(variant: Any, players: Sequence[str], next_player: str | None = None) -> TurnForm:
    """An empty turn, for `next_player` (whose turn it is) when known."""
    player = str(players.index(next_player)) if next_player in players else ""
    return TurnForm(variant=variant.key, players=list(players), player=player)


def _mode_of(hand: Any) -> str:
    """How a stored hand was entered: a number was counted, anything else was cards."""
    return "count" if isinstance(hand, int | float) and not isinstance(hand, bool) else "cards"


# -- actions that change the form without saving ------------------------------------------


def apply_canasta_action(form: CanastaForm, action: str) -> None:
    """"add-meld:1", "add-opening:1" (a side's index). An unknown action changes nothing."""
    verb, _, arg = action.partition(":")
    side = _at(form.sides, arg)
    if side is None:
        return
    if verb == "add-meld" and len(side.melds) < MAX_MELDS:
        side.melds.append("")
    elif verb == "add-opening" and len(side.opening) < MAX_MELDS:
        side.opening.append("")


def apply_turn_action(form: TurnForm, action: str) -> None:
    """"add-play:steal_point", "add-set:walter" (three alike, one tap), "remove-play:0",
    "add-stop:2" (a blank Stop), "add-stop:2:1" (a Stop by seat 1, one tap),
    "remove-stop:2". An unknown action changes nothing."""
    verb, _, arg = action.partition(":")
    if verb == "add-play" and arg in PLAY_KINDS and len(form.plays) < MAX_PLAYS:
        form.plays.append(PlayState(card=arg))
        return
    if verb == "add-set" and arg in SET_CHARACTERS and len(form.plays) < MAX_PLAYS:
        form.plays.append(PlayState(card="set", characters=[arg] * 3))
        return
    arg, _, by = arg.partition(":")
    play = _at(form.plays, arg)
    if play is None:
        return
    if verb == "remove-play":
        form.plays.remove(play)
    elif verb == "add-stop" and play.stoppable and len(play.stops) < MAX_STOPS:
        play.stops.append(by if _index(by, len(form.players)) is not None else "")
    elif verb == "remove-stop" and play.stops:
        play.stops.pop()


def _at(items: list[Any], text: str) -> Any:
    i = _index(text, len(items))
    return None if i is None else items[i]
