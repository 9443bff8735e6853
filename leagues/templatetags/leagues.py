"""Number formats of the league pages."""

from decimal import ROUND_HALF_UP, Decimal

from django import template
from django.utils.formats import number_format
from django.utils.translation import get_language

from scorekeeper.wording.text import MINUS

register = template.Library()


@register.filter
def percent(value: float) -> str:
    """0.5 -> « 50 % » in French (a narrow no-break space before the sign), "50%" in English."""
    shown = number_format(round(value * 100), 0)
    return f"{shown}%" if (get_language() or "fr").startswith("en") else f"{shown}\u202f%"


@register.filter
def decimal(value: float | None, places: int = 2) -> str:
    """Rounded half up to `places` (two thirds: 0,67). Django's number_format alone
    cuts the digits off: 0,66 for two thirds, 25 for a 25,8 rating."""
    if value is None:
        return "–"
    rounded = Decimal(str(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    text = number_format(rounded, places)
    return MINUS + text[1:] if text.startswith("-") else text  # "−2,8", as the score sheet writes it


@register.filter
def place(value: float | None) -> str:
    """A mean place at the table in words: « 1ᵉʳ », « 2,3ᵉ » (English: "1st", "2.3")."""
    from django.utils.translation import gettext

    if value is None:
        return "–"
    if round(value, 1) == 1:
        return gettext("1ᵉʳ")
    shown = decimal(value, 0 if round(value, 1) == round(value) else 1)
    return gettext("%(place)sᵉ") % {"place": shown}
