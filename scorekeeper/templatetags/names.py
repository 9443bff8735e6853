"""Names in running text: {{ name|isolated }} -> <bdi>Ana</bdi>, so that a name written
right to left (or one that came in before such names were refused) keeps its direction
to itself and leaves the sentence around it as it is."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()


@register.filter
def isolated(name: Any) -> SafeString:
    return format_html("<bdi>{}</bdi>", name)
