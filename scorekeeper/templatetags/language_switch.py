"""Where the header's language switch brings the phone back: {% page_to_come_back_to %}.

A page can be the answer to a POST (a refused form, shown again with its messages, at the
form's POST-only address). Sent back there, the switch's redirect asks it with GET and gets
an empty 405: a dead end, in the other language. So after a POST the switch goes back to
the page the form was sent from (its Referer, when it is one of ours), else home.
"""

from __future__ import annotations

from django import template
from django.http import HttpRequest
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

register = template.Library()


@register.simple_tag(takes_context=True)
def page_to_come_back_to(context: template.Context) -> str:
    request: HttpRequest | None = context.get("request")
    if request is None:
        return reverse("home")
    if request.method == "GET":
        return request.get_full_path()
    referer = request.META.get("HTTP_REFERER", "")
    if referer and url_has_allowed_host_and_scheme(referer, allowed_hosts={request.get_host()},
                                                   require_https=request.is_secure()):
        return referer
    return reverse("home")
