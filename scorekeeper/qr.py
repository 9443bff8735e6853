"""A link as a QR code to scan: inline SVG that scales to the size its page gives it."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, svgclass: str = "segno") -> SafeString:
    """The link as an SVG QR code (a regular one: phones' cameras do not all read Micro QR).

    With a viewBox and no fixed width or height: the pages size the code in CSS (12rem on a
    table's join page), and with segno's fixed 225 px the browser cut the code to that width
    instead of scaling it, so that no camera could read the table's QR.

    Safe to put in a page as it is: segno's own markup, where the link is drawn as the code's
    modules and never written as text.
    """
    return mark_safe(segno.make_qr(url, error="m").svg_inline(  # noqa: S308 - segno's SVG, no text of ours
        dark="#1d1b18", light="#ffffff", omitsize=True, svgclass=svgclass))
