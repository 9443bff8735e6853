"""Number formats of the league pages."""

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def percent(value: float) -> str:
    """0.5 -> "50 %" (French spacing; the locale picks the decimal mark)."""
    return f"{number_format(round(value * 100), 0)} %"


@register.filter
def decimal(value: float | None, places: int = 2) -> str:
    return "–" if value is None else number_format(value, places)
