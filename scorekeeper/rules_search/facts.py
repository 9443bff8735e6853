"""Facts before paragraphs: a question about a card's value or power, the call's limit
(or calling with a hand, and what a call above it costs), what follows the call, a wrong
snap, canasta's opening minimum at a score or its four red threes, the end of the game, a
power used on the caller, how many play, the deck, answered by one sentence whose number
comes from the variant's declaration, with its rule's anchor on the rules page. A score or
a winner asked is left to the scoring paragraphs: no fact is surer than they are there.

Each fact says None when the question is not that kind, or the game has no such thing;
`facts_for` returns the first that answers (the kinds are tried from the most specific),
in the active language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from django.utils import translation

from engine.cards import JOKER, RANKS, rank_of
from engine.rules import VARIANTS
from engine.rules.units import to_number
from engine.rules.variants import canasta
from engine.rules.variants.base import CACTUS_GAME, CANASTA, Variant
from engine.rules.variants.tamalou import scale_points
from scorekeeper.rules_page import call_info, players_label, power_rows, snap_info, value_rows
from scorekeeper.sheet.why import rule_anchor
from scorekeeper.wording import facts as words
from scorekeeper.wording.cards import card_text, rank_name
from scorekeeper.wording.rules import SNAP_WRONG, rule_facts
from scorekeeper.wording.text import number
from scorekeeper.wording.variants import CALL_OVER_LIMIT_NORMAL, play_texts

from .paragraphs import paragraphs
from .question import asked
from .question.asked import Card
from .question.scenario import hands
from .question.tokens import STOP_WORDS

ALL_STOP_WORDS = STOP_WORDS["fr"] | STOP_WORDS["en"]

Fact = tuple[str, str]  # (anchor, sentence)

# Calls after which nobody may use a power on the caller (their cards are out of reach).
CALLER_OUT_OF_REACH = frozenset({"counter_call_next_turn", "caller_frozen_until_their_turn",
                                 "one_last_turn_caller_cards_sideways"})


def _rank_label(rank: str) -> str:
    if rank == JOKER:
        return card_text(JOKER)
    return str(rank_name(rank)) if rank in ("A", "J", "Q", "K") else rank


def _card_short(rank: str) -> str:
    return card_text(JOKER) if rank == JOKER else card_text(rank + "S")[:-1]


def value_fact(variant: Variant, question: str, cards: list[Card]) -> Fact | None:
    if not cards or variant.deck is None or asked.thrown_on(question):
        return None  # « un 6 sur un 7 »: the cards were thrown, their worth is not asked
    if not asked.has(asked.VALUE, question) and (asks_power(question) or deck_asked(question)
                                                 or asked.HAND_POINTS.search(asked.plain(question))
                                                 or not asked.only_cards(question, ALL_STOP_WORDS)):
        return None  # "what does the jack do" is only a card among stop words, and asks its power
    if asked.has(asked.POWER_NAMED, question):
        return None  # « le valet, son pouvoir compte ? » asks the power
    if asked.HAND_POINTS.search(asked.plain(question)) and (
            asked.has(asked.HAND_SCORE, question) or asked.has(asked.OUTCOME, question) or names_caller(variant, question)):
        return None  # "the dutcher had 8, what's his score": a hand, scored by the rules
    card = cards[0]
    if card.rank in _ranks_in_rules(variant.key) and not asked.has(asked.VALUE_NAMED, question):
        return None  # "does a seven reset my kilos" asks cactus-tas' flush, not the 7's weight
    # The rows holding the rank's cards, and a row of no card naming the rank (canasta's
    # « 3 noir resté en main »).
    rows = [row for row in value_rows(variant) if any(rank_of(c) == card.rank for c in row["codes"])
            or (not row["codes"] and re.search(rf"(?<![\w]){re.escape(card.rank)}(?![\w])", row["cards"]))]
    if not rows:
        return "values", str(words.NOT_IN_DECK) % {"rank": _rank_label(card.rank)}
    if variant.family == CANASTA:
        if card.colour:
            rows = [r for r in rows if _colour_of(r["codes"]) in (card.colour, None)
                    and (r["codes"] or _colour_word(card.colour) in r["cards"])] or rows
        return "values", " ".join(str(words.VALUE_ROW) % {"cards": r["cards"], "value": r["value"]} for r in rows)
    if len(rows) == 1:
        return "values", str(words.VALUE_ONE) % {"rank": _rank_label(card.rank), "value": rows[0]["value"]}
    if card.colour:  # the asked colour first
        rows.sort(key=lambda r: _colour_of(r["codes"]) != card.colour)
    parts = [str(words.VALUE_PART) % {"value": r["value"], "colour": words.COLOURS[_colour_of(r["codes"]) or "red"],
                                      "cards": " ".join(card_text(c) for c in r["codes"])} for r in rows]
    return "values", str(words.VALUE_SPLIT) % {"rank": _rank_label(card.rank), "values": ", ".join(parts)}


def _colour_word(colour: str) -> str:
    return str(words.COLOURS[colour])


def _colour_of(codes: list[str]) -> str | None:
    colours = {asked.SUIT_COLOUR.get(c[-1]) for c in codes if c != JOKER}
    return colours.pop() if len(colours) == 1 else None


def asks_power(question: str) -> bool:
    return asked.has(asked.POWER, question) or bool(asked.WHAT_DO.search(asked.plain(question).replace("’", "'")))


def power_fact(variant: Variant, question: str, cards: list[Card], said: str = "") -> Fact | None:
    if not cards or not asks_power(question) or variant.deck is None or asked.thrown_on(question):
        return None
    if names_caller(variant, said or question):
        return None  # a power on the caller: caller_fact, or the paragraphs
    if asked.has(asked.WRONG, question):
        return None  # « il a regardé pendant l'échange du valet, ça coûte quoi ? »: a power misused
    if asked.HAND_POINTS.search(asked.plain(question)) and (
            asked.has(asked.HAND_SCORE, question) or asked.has(asked.OUTCOME, question)):
        return None  # "my hand is 7, what do I score?": a hand, scored by the rules
    card = cards[0]
    if asked.has(asked.DETAIL, question) and any(about(card, c) for held in power_readings(variant.key).values()
                                                 for c in held):
        return None  # « le 7, on a le droit de regarder ? »: the reading about the 7 (index.py)
    for declared, row in zip(variant.powers, power_rows(variant), strict=True):
        ranks = declared.cards.split()[-1]
        colour = {"black": "black", "red": "red"}.get(declared.cards.split()[0]) if " " in declared.cards else None
        if ranks == card.rank and (colour is None or card.colour in (None, colour)):
            return "powers", f"{row['cards']} : {row['effect']}."
    if card.rank not in {rank_of(c) for c in variant.deck.codes}:
        return "values", str(words.NOT_IN_DECK) % {"rank": _rank_label(card.rank)}
    if not asked.has(asked.POWER_NAMED, question) and card.rank in _ranks_in_rules(variant.key):
        return None  # « un 7 pioché ça fait quoi ? » asks cactus-tas' flush, a rule naming the 7
    sentence = words.NO_POWER_QUEEN if card.rank == "Q" else words.NO_POWER
    return "powers", str(sentence) % {"cards": _card_short(card.rank)}


CARD_ROWS = ("powers", "values")  # the page's rows of a card: what it does, what it is worth


@cache
def power_readings(key: str) -> dict[str, tuple[Card, ...]]:
    """The page's readings about cards' powers, by anchor, with the cards they are about:
    those with a power in this game that the reading's first sentence names (« Le texte
    ne dit pas si l'échange du 7 se fait à l'aveugle. », « Pouvoirs obligatoires (V ; R
    rouge) : … »); a card named further on is an example, not the subject."""
    variant = VARIANTS[key]
    powered = {declared.cards.split()[-1] for declared in variant.powers}
    with translation.override("fr"):
        found = {p.anchor: asked.cards_in(re.split(r"(?<=[.!?])\s", p.text)[0])
                 for p in paragraphs(variant) if p.anchor.startswith("reading-")}
    return {anchor: held for anchor, cards in found.items()
            if (held := tuple(card for card in cards if card.rank in powered))}


def about(asked_card: Card, card: Card) -> bool:
    """The card asked is this one: the same rank, and no other colour."""
    return asked_card.rank == card.rank and (None in (asked_card.colour, card.colour)
                                             or asked_card.colour == card.colour)


def power_detail_first(variant: Variant, question: str, found: list[tuple[str, float]]) -> list[int]:
    """Of the (anchor, score) found, best first, the order in which to show them: the
    readings about the card asked before the card's rows (its power, its value) when the
    question asks more than what it does; any other paragraph keeps its place (« le 8
    oublié, je peux l'utiliser ? » is answered by the forgotten 8's own rule)."""
    cards = asked.cards_in(question)
    readings = power_readings(variant.key)
    if not cards or not readings or not asked.has(asked.DETAIL, question):
        return list(range(len(found)))
    about_card = [i for i, (anchor, _s) in enumerate(found)
                  if any(about(cards[0], card) for card in readings.get(anchor, ()))]
    order: list[int] = []
    for i, (anchor, _s) in enumerate(found):
        if anchor in CARD_ROWS:  # the readings about the card come before its rows
            order += [j for j in about_card if j not in order]
        if i not in order:
            order.append(i)
    return order


@cache
def _ranks_in_rules(key: str) -> frozenset[str]:
    """The ranks a rule or a reading of the game's page names (« Un 7 pioché »...)."""
    with translation.override("fr"):
        texts = [p.text for p in paragraphs(VARIANTS[key]) if p.anchor not in ("values", "powers")]
    return frozenset(card.rank for text in texts for card in asked.cards_in(text))


def names_caller(variant: Variant, question: str) -> bool:
    """The question speaks of the caller, in the table's words or the game's own ("the guy
    who dutched", « le dutcheur », "the cabo-er")."""
    if asked.has(asked.CALLER, question):
        return True
    if variant.call is None:
        return False
    word = re.escape(asked.plain(variant.call.word))
    return bool(re.search(rf"(?<![\w])(who|qui a|qui a dit|celui qui a)?\s*{word}[- ]?(ed|d|er|ers|eur|eurs|euse)(?![\w])",
                          asked.plain(question)))


def caller_fact(variant: Variant, question: str, cards: list[Card], said: str = "") -> Fact | None:
    """« can I use my 9 on the guy who said tamoul? »: the call's own paragraph says the
    caller is out of reach, and a power's row alone would settle it wrongly."""
    call = variant.call
    if call is None or call.after not in CALLER_OUT_OF_REACH:
        return None
    if asked.has(asked.HAND_SCORE, question) or asked.has(asked.OUTCOME, question) or asked.caller_side(question):
        return None  # "what does the caller score", "three of us were under him": the scoring rules
    if not names_caller(variant, said or question) or not (cards or asked.has(asked.POWER, question)
                                                     or asked.has(asked.TARGET, question)):
        return None
    return "call", call_info(variant)["says"]


def call_limit_fact(variant: Variant, question: str, calling: bool, cards: list[Card],
                    strong: bool = True, said: str = "") -> Fact | None:
    """« on peut dire tamalou avec 7 ? », « cactus c'est combien max ? »: `calling` says
    the game's call word is in the question (a card named asks its value instead); not
    `strong` (the word said in passing), only a plain question of limit counts ("what if
    my hand is below zero in cabo" is no question about calling)."""
    call = variant.call
    if call is None or not calling or asked.has(asked.COUNTER, question):
        return None  # « can I counter call with 10? »: the counter-call's rules
    if asked.has(asked.NOBODY_CALLED, question):
        return None  # « personne a dit cabo », "3 of us had no cactus": no call was made
    # A card drawn (« j'ai tiré un 7 », "drew a 9") is no hand said with the call.
    question = asked.PEOPLE.sub(" ", asked.DRAWN.sub(" ", asked.plain(question)))
    if not strong and not (_limit_in_passing(question, cards) or _call_with_a_hand(variant, said)):
        return None
    if asked.has(asked.OUTCOME, question) and not asked.has(asked.LIMIT_PLAIN, question):
        return None  # who wins or what one scores, even with a hand said: the scoring rules
    if asked.caller_side(question) and not asked.has(asked.LIMIT_PLAIN, question):
        return None  # "three of us were under him": the round told, scored by the rules
    if not asked.has(asked.LIMIT, asked.COUNTED.sub(" ", asked.plain(question))) and not asked.numbers_in(question):
        return None  # « combien de kilos », "how many cards": a count asked, not the call's limit
    facts = rule_facts(variant)
    if call.threshold is None:  # the page's reading says there is none, and why
        return _reading_ending(variant.key, "-call-limit") or "call", str(words.CALL_NO_LIMIT) % {"word": call.word}
    threshold = number(to_number(call.threshold, variant.scale))
    sentence = words.CALL_LIMIT.get(call.over, words.CALL_LIMIT["scored"])
    # A call above the limit is asked of the rule that scores it (« cabo raté, ça coûte ? »,
    # « j'ai dit cactus avec 8, je suis puni ? »).
    failed = next((r for r in variant.rules if r.endswith((".failed_call", ".announcer_ignored"))), None)
    anchor = "call"
    at_limit = _reading_ending(variant.key, "-at-limit")
    if at_limit and (asked.has(asked.AT_LIMIT, question) or to_number(call.threshold, variant.scale) in asked.numbers_in(question)):
        anchor = at_limit  # « cactus avec 5 pile ? »: the page's reading of a hand at the very limit
    elif asked.has(asked.WRONG, question) or (asked.has(asked.TAKES, question) and any(
            n > to_number(call.threshold, variant.scale) for n in hands(question))):
        # « elle a dit cabo avec 7, elle prend combien ? »: what a hand above the limit takes
        if failed:
            anchor = rule_anchor(failed)
        elif any(text is CALL_OVER_LIMIT_NORMAL for text in play_texts(variant)):
            anchor = "play"  # « une annonce au-dessus n'est pas punie à part » is said there
    return anchor, str(sentence) % {"word": call.word, "threshold": threshold,
                                    "failed": number(facts.get("failed") or 0)}


@cache
def _reading_ending(key: str, end: str) -> str | None:
    """The anchor of the game's reading ending so (« reading-cactus-at-limit »), if any."""
    with translation.override("fr"):
        return next((p.anchor for p in paragraphs(VARIANTS[key])
                     if p.anchor.startswith("reading-") and p.anchor.endswith(end)), None)


def _call_with_a_hand(variant: Variant, said: str) -> bool:
    """« cabo avec 6, ça donne quoi ? », "cactus with 4?": the call word and a hand right
    after it ask what calling with that hand does."""
    if variant.call is None or not said:
        return False
    folded = asked.plain(said)
    if asked.has(asked.HAND_SCORE, folded) or asked.has(asked.OUTCOME, folded):
        return False
    word = re.escape(asked.plain(variant.call.word))
    return re.search(rf"(?<![\w]){word}\s+(avec|with|a|at)\s+-?\d+(?![\w])", folded) is not None


def _limit_in_passing(question: str, cards: list[Card]) -> bool:
    """The call word said in passing asks the limit: « cabo avec 8 c'est combien ? » (a hand
    said), « cactus c'est combien max ? » (a plain limit); not « tamalou K of hearts how
    much » (a card asked) nor « j'ai cabo avec 4, je marque combien ? » (a score asked)."""
    if not asked.has(asked.LIMIT_STRONG, question) or asked.has(asked.HAND_SCORE, question):
        return False
    if asked.HAND_POINTS.search(asked.plain(question)):
        return True
    return not cards and asked.has(asked.LIMIT_PLAIN, question)


def wrong_snap_fact(variant: Variant, question: str) -> Fact | None:
    snap = variant.snap
    if snap is None:
        return None
    # « j'ai mis un 5 sur un 6 en défausse rapide »: a card on another of another rank is a wrong snap.
    if not (asked.has(asked.SNAP, question) and asked.has(asked.WRONG, question)) and asked.thrown_on(question) != "other":
        return None
    line = str(SNAP_WRONG[snap.wrong]) % {"points": snap.penalty_points}
    if line not in snap_info(variant):
        return None
    # « personne a dit cabo, ça compte quand même ? »: the scoring rule that says it counts anyway.
    counted = next((rule for rule in variant.rules if rule.endswith(".wrong_snaps")), None)
    return (rule_anchor(counted) if counted and asked.has(asked.NO_CALL, question) else "snap"), line


def opening_fact(variant: Variant, question: str) -> Fact | None:
    if variant.family != CANASTA or not asked.has(asked.OPENING, question):
        return None
    totals = [n for n in asked.numbers_in(question) if abs(n) >= 100 or n < 0]
    if not totals and (asked.ZERO_TOTAL.search(asked.plain(question)) or asked.has(asked.GAME_START, question)):
        totals = [0]  # « à 0 points », "start of the game": the first band
    if not totals and asked.has(asked.NEGATIVE, question):  # "when we're in the negatives"
        return rule_anchor("canasta.opening"), str(words.OPENING_NEGATIVE) % {
            "minimum": number(canasta.opening_minimum(-1))}
    if not totals:
        return None
    total = totals[0]
    return rule_anchor("canasta.opening"), str(words.OPENING_AT) % {
        "total": number(total), "minimum": number(canasta.opening_minimum(total))}


SCALE_RULE = "fontenaysien.scale"  # a game whose hands score by bands


def scale_fact(variant: Variant, question: str) -> Fact | None:
    """« avec une main de 12 je marque combien ? » at a game scoring hands by bands."""
    if SCALE_RULE not in variant.rules or not (asked.has(asked.HAND_SCORE, question)
                                               or asked.has(asked.SCALE_ASKED, question)):
        return None
    values = asked.numbers_in(question)
    if not values or any(card.colour and card.rank == str(values[0]) for card in asked.cards_in(question)):
        return None  # « le 3 noir qui me reste en main »: a card, not a hand of 3
    return rule_anchor(SCALE_RULE), str(words.SCALE_AT) % {
        "value": number(values[0]), "points": number(scale_points(max(values[0], 0)))}


def end_fact(variant: Variant, question: str) -> Fact | None:
    if not asked.has(asked.END, question) or asked.has(asked.SNAP, question):
        return None  # "how long do we have to snap": the snap's window
    if asked.has(asked.ROUND_ONLY, question) and not asked.has(asked.GAME_WORD, question):
        return None  # « égalité pour gagner la manche » asks the round's winner
    if asked.has(asked.COUNTER, question):
        return None  # "I said counter and lost": the counter-call's cost, not the game lost
    facts = rule_facts(variant)
    limits = {limit.kind: limit.points for limit in variant.end_limits(variant.option_defaults())}
    anchor = _end_anchor(variant, asked.has(asked.KNOCKED_OUT, question))
    if "out_at" in limits:
        return anchor, str(words.END["out_at"]) % {"points": number(limits["out_at"])}
    if "ends_over" in limits:
        return anchor, str(words.END["ends_over"]) % {"points": number(limits["ends_over"])}
    if "target" in limits:
        return anchor, str(words.END["target"]) % {"points": number(limits["target"])}
    if "loses_at" in limits:
        # "how low to win outright": the same sentence, linked to the rule of the winner's limit
        anchor = _winner_limit_anchor(variant, question) or anchor
        half = {limit.kind: limit.points for limit in variant.end_limits({**variant.option_defaults(),
                                                                          "half_game": True})}
        return anchor, str(words.END["loses_wins"]) % {
            "loses": number(limits["loses_at"]), "wins": number(limits["wins_at"]),
            "half_loses": number(half["loses_at"]), "half_wins": number(half["wins_at"])}
    if variant.family == CACTUS_GAME:
        return anchor, str(words.END["targets"]) % {"targets": facts["targets"]}
    rounds = next((o for o in variant.options if o.key == "rounds"), None)
    if rounds is None:
        return None
    # The number of rounds asked: an option, the page shows it under the end's rule ("end");
    # "how many points to win" is linked to the rule saying who wins.
    if asked.has(asked.ROUNDS, question):
        anchor = rule_anchor("end")
    if rounds.default is None:
        return anchor, str(words.END["rounds_open"])
    return anchor, str(words.END["rounds"]) % {"rounds": number(rounds.default)}


def _winner_limit_anchor(variant: Variant, question: str) -> str | None:
    """The rule of the limit a player wins at (fontenaysien's grand winner), when the
    question asks how to win and not how to lose, or tells a total below zero ("Chris is on
    -48 and gets another -5, does that end it?")."""
    going_down = any(n < 0 for n in asked.numbers_in(question))
    if not (asked.has(asked.WINS, question) or going_down) or asked.has(asked.LOSES, question):
        return None
    rule = next((rule for rule in variant.rules if rule.endswith(".grand_winner_limit")), None)
    return rule_anchor(rule) if rule else None


# The rule that says how a game ends, by the end of its identifier (first found wins).
END_RULES = (".eliminated", ".over_hundred_ends", ".losing_limit", ".target", ".lowest_total_wins",
             ".most_round_wins", ".fewest_kilos")


def _end_anchor(variant: Variant, knocked_out: bool = False) -> str:
    """The rule saying how the game ends; a player knocked out asked, the rule saying that."""
    last_in = next((rule for rule in variant.rules if rule.endswith(".last_player_in")), None)
    if last_in and not knocked_out:
        return rule_anchor(last_in)  # « ça s'arrête quand la partie ? » at a knock-out game
    for suffix in END_RULES:
        for rule in variant.rules:
            if rule.endswith(suffix):
                return rule_anchor(rule)
    return rule_anchor("end")


PLAYERS_ANCHOR = "players"  # the rules page's lead, which says how many may play


def players_fact(variant: Variant, question: str) -> Fact | None:
    if not asked.has(asked.PLAYERS, question):
        return None
    return PLAYERS_ANCHOR, str(words.PLAYERS) % {"players": players_label(variant)}


DECK_ANCHOR = "cards"  # the rules page's deck section (a game with a deck)


def deck_fact(variant: Variant, question: str) -> Fact | None:
    if variant.deck is None or not deck_asked(question):
        return None
    jokers = variant.deck.copies.get(JOKER, 0) if JOKER in variant.deck else 0
    sentence = str(words.DECK_WITH_JOKERS if jokers else words.DECK_NO_JOKER) % {
        "size": variant.deck.size, "jokers": jokers}
    # The ranks a short deck leaves out (koubo's): "no 2s, right?" is answered too.
    held = {rank_of(code) for code in variant.deck.codes}
    missing = [rank for rank in RANKS if rank not in held]
    if missing:
        sentence += " " + str(words.DECK_MISSING) % {"ranks": ", ".join(_rank_label(r) for r in missing)}
    return DECK_ANCHOR, sentence


def calls_with_a_hand(question: str) -> bool:
    """« j'ai annoncé avec 8, je suis puni ? », "can I call with 7 pts?", "what's the most you
    can have to call": the call said with a verb, with a hand's points or a limit asked."""
    if not asked.has(asked.CALL_VERB, question) or asked.has(asked.HAND_SCORE, question):
        return False
    if asked.has(asked.CALLER, question):
        return False  # « celui qui a annoncé... il a combien ? » asks of the caller  # "after the call, what do I score": the scoring's paragraphs
    return bool(asked.HAND_POINTS.search(asked.plain(question))) or asked.has(asked.LIMIT_STRONG, question)


def after_call_fact(variant: Variant, question: str, said: str = "") -> Fact | None:
    """« après l'annonce on refait un tour ? », "after someone calls dutch do we all get one
    more turn?": the call's own sentence says whether the round stops or goes on."""
    info = call_info(variant)
    if info is None or not asked.has(asked.MORE_TURNS, question):
        return None
    word = re.escape(asked.plain(variant.call.word)) if variant.call else ""
    # "after i say cactus", « une fois que j'ai dit dutch »: a few words between.
    after_word = re.search(rf"(?<![\w])(apres|after|une fois|once|des que|as soon as)(\s+[\w']+){{0,3}}\s+{word}(?![\w])",
                           asked.plain(said))
    # "does the guy who said cactus still get a turn?": the caller and a turn asked.
    caller_turn = names_caller(variant, said) and not asked.cards_in(question)
    if not (asked.has(asked.AFTER_CALL, question) or after_word or caller_turn):
        return None
    if asked.has(asked.SNAP, question):
        return None  # « après l'annonce je peux encore doubler ? »: the snap's rules
    if asked.has(asked.WINNER_OR_SCORE, question):
        return None  # "the dutcher and another tie, who takes the round?": the scoring rules
    return "call", info["says"]


RED_THREES_ALL = "canasta.red_threes_all_four"


def red_threes_fact(variant: Variant, question: str, cards: list[Card]) -> Fact | None:
    """« on a les 4 trois rouges, ça fait 400 ? »: the four red threes together score
    their own bonus, not four times one."""
    if RED_THREES_ALL not in variant.rules or not asked.has(asked.ALL_FOUR, question):
        return None
    if not any(c.rank == "3" and c.colour == "red" for c in cards):
        return None
    facts = rule_facts(variant)
    return rule_anchor(RED_THREES_ALL), str(words.RED_THREES_ALL) % {
        "one": number(facts["red_three"]), "all": number(facts["all_red_threes"])}


def deck_asked(question: str) -> bool:
    """« combien de cartes dans le paquet ? », "kobo deck, how many cards? no 2s right?"."""
    if asked.has(asked.DECK_STOCK, question) or asked.has(asked.MELD, question):
        return False  # "when the deck is empty": the stock's reading; a meld's jokers: the meld's rule
    if asked.has(asked.PLAY_WITH, question) and asked.cards_in(question) and not asks_power(question):
        return True  # « on joue avec les 2 ? », "do we play with 2s?"
    if asked.has(asked.RANKS_THERE, question) and asked.cards_in(question) and not asks_power(question) \
            and not asked.has(asked.SOMEWHERE, question):
        return True  # « y a des 2, des 3 ? », "are there any 2s?"
    return asked.has(asked.DECK, question) or (asked.has(asked.DECK_WORD, question)
                                               and asked.has(asked.DECK_ASK, question))


def facts_for(variant: Variant, question: str, calling: bool, call_named: bool = False,
              said: str = "") -> list[Fact]:
    """The fact that answers `question` at `variant`, if any (at most one). `calling`: the
    question says the game's call word as the call (« dire tamalou »); `call_named`: it
    has the call word in any sense (« cactus c'est combien max ? »), weaker than the end;
    `said`: the question as asked, game names kept ("the dutcher" names the caller)."""
    cards = asked.cards_in(question)
    tries: tuple[Callable[[], Fact | None], ...] = (
        lambda: opening_fact(variant, question),
        lambda: red_threes_fact(variant, question, cards),
        lambda: scale_fact(variant, question),
        lambda: caller_fact(variant, question, cards, said),
        # A card said with the call is a hand's worth (« call cabo with 8 »), not a card asked.
        # « une canasta que de jokers et de 2, ça vaut combien ? » asks the meld, not a joker.
        lambda: None if calling or asked.has(asked.MELD_NAMED, said) else value_fact(variant, question, cards),
        lambda: None if calling else power_fact(variant, question, cards, said),
        # The deck asked (« how many cards in a koubo deck »), whatever call word it holds.
        lambda: deck_fact(variant, question),
        lambda: call_limit_fact(variant, question, calling, cards),
        lambda: after_call_fact(variant, question, said or question),
        # The call said with a verb and a hand's points (« j'ai annoncé avec 8 »).
        lambda: call_limit_fact(variant, question, calls_with_a_hand(question), cards),
        lambda: wrong_snap_fact(variant, question),
        lambda: end_fact(variant, question) if not cards else None,
        lambda: players_fact(variant, question),
        lambda: call_limit_fact(variant, question, call_named, cards, strong=False, said=said),
    )
    for attempt in tries:
        found = attempt()
        if found:
            return [found]
    return []
