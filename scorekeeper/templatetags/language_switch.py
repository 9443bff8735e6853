"""Where a phone is sent back to from an address it cannot stay on: a form's POST-only
address, whose GET is a 405.

{% page_to_come_back_to %}: where the header's language switch brings the phone back. A page
can be the answer to a POST (a refused form, shown again with its messages, at the form's
address). Sent back there, the switch's redirect asked it with GET: a dead end, in the other
language. So after a POST the switch goes back to the page the form was sent from.

{% page_sent_from %}: that page (the Referer, when it is one of ours), else home: the link
of our 405 page (config/middleware/not_allowed.py).
"""

from __future__ import annotations

from django import template
from django.http import HttpRequest
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

register = template.Library()


@register.simple_tag(takes_context=True)
def page_to_come_back_to(context: template.Context) -> str:
    request = context.get("request")
    if request is None:
        return reverse("home")
    return request.get_full_path() if request.method == "GET" else _sent_from(request)


@register.simple_tag(takes_context=True)
def page_sent_from(context: template.Context) -> str:
    request = context.get("request")
    return _sent_from(request) if request is not None else reverse("home")


def _sent_from(request: HttpRequest) -> str:
    """The Referer when it is a page of this site (not this very address), else home."""
    referer = request.META.get("HTTP_REFERER", "")
    ours = url_has_allowed_host_and_scheme(referer, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure())
    if referer and ours and referer != request.build_absolute_uri():
        return referer
    return reverse("home")
