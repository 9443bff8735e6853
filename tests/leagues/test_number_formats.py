"""The league pages' numbers: rounded, never cut off."""

import pytest
from django.utils import translation

from leagues.templatetags.leagues import decimal, percent


@pytest.mark.parametrize(("value", "places", "shown"), [
    (2 / 3, 2, "0,67"),  # not 0,66
    (25.8, 1, "25,8"),
    (25.85, 1, "25,9"),  # half up, not to even
    (0.125, 2, "0,13"),
    (-1.005, 2, "\u22121,01"),  # the typographic minus, as the score sheet writes it
    (3, 2, "3,00"),
    (25.8, 0, "26"),
])
def test_it_rounds_half_up_instead_of_cutting_digits_off(value, places, shown):
    with translation.override("fr"):
        assert decimal(value, places) == shown


def test_it_writes_an_english_decimal_point():
    with translation.override("en"):
        assert decimal(2 / 3) == "0.67"


def test_it_shows_a_dash_for_no_value():
    assert decimal(None) == "–"


def test_it_rounds_a_percentage_to_the_nearest_whole():
    with translation.override("fr"):
        assert percent(2 / 3) == "67\u202f%"  # a narrow no-break space, as French typography has it
    with translation.override("en"):
        assert percent(2 / 3) == "67%"
