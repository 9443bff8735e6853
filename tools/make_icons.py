"""Draw the app's icons as PNG files, with the standard library only (no Pillow).

    .venv/bin/python tools/make_icons.py      (from the repository root)

A white playing card with a red heart on the app's green, full bleed so the
same picture works as a "maskable" icon (the card sits inside the safe zone,
the central 80%). Writes static/icons/icon-192.png, icon-512.png and
apple-touch-icon.png (180 px); the PNGs are committed, so this only runs when
the design changes.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"
GREEN = (11, 110, 79)
WHITE = (255, 255, 255)
RED = (179, 38, 30)
SAMPLES = 4  # per side and pixel: 16 samples smooth the edges


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The picture on a 1×1 square, (0, 0) top left."""
    if _in_rounded_rect(x, y, 0.29, 0.2, 0.71, 0.8, 0.05):
        return RED if _in_heart((x - 0.5) / 0.17, (y - 0.5) / 0.17) else WHITE
    return GREEN


def _in_rounded_rect(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _in_heart(u: float, v: float) -> bool:
    """The classic implicit heart, (x² + y² − 1)³ − x²y³ ≤ 0, y pointing up."""
    y = -v * 1.1 + 0.1
    x = u * 1.1
    return (x * x + y * y - 1) ** 3 - x * x * y ** 3 <= 0


def render(size: int) -> bytes:
    rows = []
    step = 1 / (size * SAMPLES)
    for py in range(size):
        row = bytearray([0])  # PNG filter type 0 for the row
        for px in range(size):
            r = g = b = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    c = colour_at((px * SAMPLES + sx + 0.5) * step, (py * SAMPLES + sy + 0.5) * step)
                    r, g, b = r + c[0], g + c[1], b + c[2]
            n = SAMPLES * SAMPLES
            row += bytes((round(r / n), round(g / n), round(b / n)))
        rows.append(bytes(row))
    return _png(size, size, b"".join(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size in (("icon-192.png", 192), ("icon-512.png", 512), ("apple-touch-icon.png", 180)):
        (OUT / name).write_bytes(render(size))
        print(f"wrote {OUT / name}")


if __name__ == "__main__":
    main()
