"""What a phone's camera reads from a QR code on the screen."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image
from playwright.sync_api import Locator


def scanned(code: Locator) -> list[str]:
    """The texts decoded from a screenshot of this element, as a camera pointed at it reads them."""
    image = Image.open(io.BytesIO(code.screenshot())).convert("L")
    return [result.text for result in zxingcpp.read_barcodes(image)]
