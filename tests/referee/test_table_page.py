"""The table page's controls: the round's shape, aiming a power, cactus's penalty card,
the house time limit, earlier rounds folded, joins shown once, rulings linked to their rule."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from engine.rules import VARIANTS
from referee.models import LiveTable
from referee.views import cookie_name
from scorekeeper.wording.rulings import rule_anchor_of
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def open_table(client: Client, variant: str = "tamalou", seat: str = "Ana") -> LiveTable:
    table = LiveTable.open_for(make_game(variant, ["Ana", "Ben", "Chloé"]))
    member, _ = table.join("seat", seat)
    client.cookies[cookie_name(table)] = member.token()
    return table


def page(client: Client, table: LiveTable) -> str:
    return client.get(reverse("table_page", args=[table.code])).content.decode()


def page_data(html: str) -> dict:
    return json.loads(re.search(r'<script id="referee-page" type="application/json">(.*?)</script>', html,
                                re.S).group(1))


def test_the_table_page_shows_the_rounds_shape_and_asks_for_the_reveal_when_it_ends(client: Client):
    html = page(client, open_table(client))
    assert 'data-testid="round-turn"' in html and 'data-testid="round-over"' in html
    assert reverse("table_reveal", args=[LiveTable.objects.get().code]) in html


def test_the_table_page_gives_referee_js_the_powers_words_and_no_rule_of_its_own(client: Client):
    data = page_data(page(client, open_table(client, "tamalou")))
    # What a phone may do comes with the state (`legal`): the page holds no rule to decide it.
    assert not {"reach", "callWhen", "snapWho", "snapSeveral", "looksOnly", "swapsIfWished"} & data.keys()
    assert "regarder une de ses cartes" in data["effects"]["look_own"]
    assert data["callWord"] == "tamalou"


def test_the_table_page_has_no_inline_script_only_json_data(client: Client):
    html = page(client, open_table(client))
    for attrs in re.findall(r"<script([^>]*)>", html):
        assert "src=" in attrs or 'type="application/json"' in attrs


def test_the_table_page_lets_a_cactus_player_flag_their_penalty_card_and_only_in_cactus(client: Client):
    assert 'data-testid="penalty-card"' in page(client, open_table(client, "cactus"))
    LiveTable.objects.all().delete()
    assert 'data-testid="penalty-card"' not in page(client, open_table(client, "tamalou"))


def test_the_table_page_offers_no_card_left_only_where_it_ends_the_round(client: Client):
    assert 'data-testid="last-card"' in page(client, open_table(client, "fontenaysien"))
    LiveTable.objects.all().delete()
    assert 'data-testid="last-card"' not in page(client, open_table(client, "koubo"))


def test_the_table_page_offers_no_time_limit_by_default_to_the_referee(client: Client):
    table = LiveTable.open_for(make_game("tamalou", ["Ana", "Ben"]))
    member, _ = table.join("referee")
    client.cookies[cookie_name(table)] = member.token()
    html = page(client, table)
    assert re.search(r"<option value=\"0\" selected>sans limite</option>", html)


def test_the_table_page_folds_earlier_rounds_and_shows_the_current_one(client: Client):
    table = open_table(client)
    referee, _ = table.join("referee")
    table.record("reveal", {"hands": {"Ana": 3, "Ben": 9, "Chloé": 7}}, referee, 100.0)
    html = page(client, table)
    earlier = html[html.index('id="earlier-rounds"'):]
    assert "<details><summary>Manche 1</summary>" in earlier
    current = html[html.index('id="feed"'):html.index('id="earlier-rounds"')]
    assert "Ana a rejoint la table." not in current


def test_joins_are_shown_once_a_seat_joining_again_is_not_in_the_feed(client: Client):
    table = open_table(client)
    table.join("seat", "Ana")
    html = page(client, table)
    assert html.count("Ana a rejoint la table.") == 1
    assert "member.rejoined" in page_data(html)["quiet"]


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if v.snap is not None])
def test_every_ruling_links_to_an_anchor_that_exists_on_its_variants_rules_page(client: Client, key):
    variant = VARIANTS[key]
    rules = ["window.opened", "window.covered", "window.timeout", "snap.too_late", "snap.handed_back",
             "snap.duplicate", "snap.one_card_per_discard", "snap.accepted", "power.used", "power.wrong",
             "call.made", "call.not_now", "round.over", "round.no_more_turn", "settings.no_snap_limit"]
    if variant.snap.wrong == "penalty_card_card_stays":
        rules.append("snap.wrong.card_stays")
    if "went_out" in variant.round_extras:
        rules.append("round.last_card")
    html = client.get(reverse("rules_page", args=[key])).content.decode()
    missing = [r for r in rules if f'id="{rule_anchor_of(r)}"' not in html]
    assert missing == []


@pytest.mark.parametrize("key,rules", [
    ("canasta", ["canasta.pile.top_is_red_three", "canasta.pile.frozen_needs_two_naturals", "canasta.meld.legal",
                 "canasta.opening.below_minimum", "canasta.go_out.needs_canastas", "canasta.pile.pair_in_hand",
                 "canasta.went_out"]),
    ("cactus-game", ["cactus_game.stop.cancelled", "cactus_game.set.points", "cactus_game.turn.ends"]),
])
def test_every_question_ruling_links_to_an_anchor_on_its_rules_page(client: Client, key, rules):
    html = client.get(reverse("rules_page", args=[key])).content.decode()
    assert [r for r in rules if f'id="{rule_anchor_of(r)}"' not in html] == []


def test_a_join_has_no_rule_to_link_to():
    assert rule_anchor_of("member.joined") is None


def test_the_log_links_each_ruling_to_its_rule(client: Client):
    table = open_table(client)
    table.record("discard", {"player": "Ana", "card": "9H"}, table.members.get(seat="Ana"), 10.0)
    html = client.get(reverse("table_log", args=[table.code])).content.decode()
    assert 'href="/rules/tamalou/#reading-table-windows"' in html
    assert 'href="/rules/tamalou/#powers"' in html


def test_the_table_page_links_the_rulings_it_shows_when_it_opens(client: Client):
    table = open_table(client)
    table.record("discard", {"player": "Ana", "card": "9H"}, table.members.get(seat="Ana"), 10.0)
    assert 'href="/rules/tamalou/#powers"' in page(client, table)
