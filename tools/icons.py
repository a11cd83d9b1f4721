"""The app's PNG icons (192, 512, maskable 512, Apple touch 180), drawn in pure Python.

A green table with a white card and a black spade, as static/icon.svg. No image library and
no browser at build time: a few shapes sampled 4 times per pixel, written as PNG with zlib.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

FELT = (13, 107, 60)
CARD = (255, 253, 247)
INK = (17, 17, 17)


def _in_spade(x: float, y: float) -> bool:
    """The spade in a unit box: two lobes, a point on top, a stem."""
    if (x - 0.3) ** 2 + (y - 0.58) ** 2 < 0.05 or (x - 0.7) ** 2 + (y - 0.58) ** 2 < 0.05:
        return True
    if 0.05 <= y <= 0.62 and abs(x - 0.5) <= (y - 0.05) * 0.74:
        return True
    return 0.6 <= y <= 0.95 and abs(x - 0.5) <= 0.05 + (y - 0.6) * 0.35


def _in_rounded(
    x: float, y: float, left: float, top: float, right: float, bottom: float, radius: float
) -> bool:
    if not (left <= x <= right and top <= y <= bottom):
        return False
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def colour_at(x: float, y: float, maskable: bool) -> tuple[int, int, int, int]:
    """The icon in a unit square; a maskable icon fills it and keeps the card in the safe zone."""
    scale = 0.62 if maskable else 0.78
    if not maskable and not _in_rounded(x, y, 0, 0, 1, 1, 0.19):
        return (0, 0, 0, 0)
    half_w, half_h = 0.36 * scale, 0.5 * scale
    left, top = 0.5 - half_w, 0.5 - half_h
    if _in_rounded(x, y, left, top, 0.5 + half_w, 0.5 + half_h, 0.07 * scale):
        sx = (x - left) / (2 * half_w)
        sy = (y - top) / (2 * half_h)
        px, py = (sx - 0.18) / 0.64, (sy - 0.22) / 0.56
        return (*INK, 255) if 0 <= px <= 1 and 0 <= py <= 1 and _in_spade(px, py) else (*CARD, 255)
    return (*FELT, 255)


def render(size: int, maskable: bool = False) -> bytes:
    """RGBA PNG bytes, 2x2 samples per pixel."""
    rows = bytearray()
    offsets = (0.25, 0.75)
    for j in range(size):
        rows.append(0)  # filter: none
        for i in range(size):
            samples = [
                colour_at((i + a) / size, (j + b) / size, maskable)
                for a in offsets
                for b in offsets
            ]
            alpha = sum(s[3] for s in samples)
            if alpha == 0:
                rows += b"\0\0\0\0"
                continue
            rgb = [sum(s[k] * s[3] for s in samples) // alpha for k in range(3)]
            rows += bytes(rgb + [alpha // 4])

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def write_icons(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        (folder / name).write_bytes(render(size, maskable))


if __name__ == "__main__":
    write_icons(Path(__file__).resolve().parent.parent / "static" / "icons")
