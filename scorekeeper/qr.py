"""A link as a QR code to scan: inline SVG that scales to the size its page gives it."""

from __future__ import annotations

import segno


def qr_svg(url: str, svgclass: str = "segno") -> str:
    """The link as an SVG QR code (a regular one: phones' cameras do not all read Micro QR).

    With a viewBox and no fixed width or height: the pages size the code in CSS (12rem on a
    table's join page), and with segno's fixed 225 px the browser cut the code to that width
    instead of scaling it, so that no camera could read the table's QR.
    """
    return segno.make_qr(url, error="m").svg_inline(dark="#1d1b18", light="#ffffff", omitsize=True,
                                                    svgclass=svgclass)
