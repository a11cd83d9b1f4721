"""The README's screenshots: ``python tools/screenshots.py [SITE]`` (default ``_site``).

Serves a built site (``make site``) under ``/crescent/`` on 127.0.0.1, as GitHub Pages serves
a project site, opens deal 1 of each game in headless Chromium at 1280x800 (and Crescent
at 390x844, a phone) and saves ``docs/screenshots/crescent.png``, ``forty-thieves.png`` and
``crescent-phone.png``: the README's pictures, and the app's screenshots in its manifest
(the build copies them into the site).
Needs Playwright (``make test`` installs it in .venv) and Debian's ``/usr/bin/chromium``.

Chromium dithers the felt's gradient, which makes its PNGs large (about 330 KB each). The
script keeps the 256 most frequent colours (about 98 % of the pixels), maps every other colour
to the nearest of them and writes an 8-bit palette PNG (about 110 KB), with the standard
library only.
"""

from __future__ import annotations

import struct
import sys
import zlib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.serve import launch, serve  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
# name: (deal, viewport); manifest.webmanifest lists them as the app's screenshots too
SHOTS = {
    "crescent.png": ("CR1-N-AAAAAAB", (1280, 800)),
    "forty-thieves.png": ("FT1-N-AAAAAAB", (1280, 800)),
    "crescent-phone.png": ("CR1-N-AAAAAAB", (390, 844)),
}


def main(argv: list[str]) -> None:
    site_dir = Path(argv[0] if argv else ROOT / "_site").resolve()
    if not (site_dir / "index.html").exists():
        sys.exit(f"{site_dir} holds no built site: run `make site` first")
    OUT.mkdir(parents=True, exist_ok=True)
    server, site = serve(site_dir)
    try:
        with sync_playwright() as p:
            browser = launch(p)
            for name, (code, (width, height)) in SHOTS.items():
                context = browser.new_context(
                    viewport={"width": width, "height": height},
                    device_scale_factor=1,
                    reduced_motion="reduce",
                    service_workers="block",
                )
                page = context.new_page()
                page.goto(f"{site}index.html#{code}")
                page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
                page.wait_for_timeout(300)  # let the first frame settle
                (OUT / name).write_bytes(palette_png(page.screenshot()))
                context.close()
                print(f"{OUT / name}: {code}, {(OUT / name).stat().st_size:,} bytes")
            browser.close()
    finally:
        server.shutdown()


def _chunks(data: bytes):
    pos = 8
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos : pos + 4])
        yield data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + n]
        pos += 12 + n


def _pixels(png: bytes) -> tuple[int, int, list[list[bytes]]]:
    """Width, height and rows of (r, g, b) byte strings of an 8-bit, non-interlaced RGB or
    RGBA PNG (what Chromium writes; alpha is dropped: the page is opaque)."""
    chunks = list(_chunks(png))
    w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unexpected PNG: depth {depth}, colour type {colour}")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride, rows, prev = w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        start = y * (stride + 1)  # each row: its filter type, then its bytes
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([bytes(line[x : x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return w, h, rows


def palette_png(png: bytes, colours: int = 256) -> bytes:
    """``png`` as an 8-bit palette PNG of its ``colours`` most frequent colours."""
    w, h, rows = _pixels(png)
    counts = Counter(px for row in rows for px in row)
    palette = [px for px, _ in counts.most_common(colours)]
    index = {px: i for i, px in enumerate(palette)}
    for px in counts:
        if px not in index:
            index[px] = min(
                range(len(palette)),
                key=lambda i: sum((p - q) ** 2 for p, q in zip(palette[i], px)),
            )
    raw = b"".join(b"\0" + bytes(index[px] for px in row) for row in rows)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0))
        + chunk(b"PLTE", b"".join(palette))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    main(sys.argv[1:])
