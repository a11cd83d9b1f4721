"""The card art, drawn by the project: one SVG sprite of ``<symbol>``s that the board refers to
with ``<use href>``. Pure (no browser): the page writes :func:`sprite` into the document once.

Each suit sign and each court figure is defined once; a card's body (``#b-7S``) places them:
the standard pip arrangement for 2–10 (:data:`PIPS`), one large pip for an Ace, a framed
figure for Jack, Queen and King. The board draws the corner index itself, in the size the
player chose (:data:`INDEX`), so that the index alone carries the card when it is small.
Generated here rather than shipped as a file: the art costs the first visit only this module.
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_W, CARD_H = 100, 140
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "SHDC"

# The pip field: three columns, rows from TOP to BOTTOM (a pip below the middle is turned).
# Kept clear of the large corner indices: columns a pip's width apart, so no two pips touch.
LEFT, MID, RIGHT = 35.0, 50.0, 65.0
TOP, BOTTOM = 44.0, 96.0
CENTRE = (TOP + BOTTOM) / 2
PIP = 14.0  # a pip's width and height
ACE_PIP = 46.0


def _rows(n: int) -> list[float]:
    step = (BOTTOM - TOP) / (n - 1)
    return [TOP + k * step for k in range(n)]


def _side(rows: int) -> list[tuple[float, float]]:
    return [(x, y) for y in _rows(rows) for x in (LEFT, RIGHT)]


_FOUR = _rows(4)
# rank -> pip centres (x, y), the standard arrangement of the French-suited deck
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((MID, TOP), (MID, BOTTOM)),
    3: ((MID, TOP), (MID, CENTRE), (MID, BOTTOM)),
    4: tuple(_side(2)),
    5: (*_side(2), (MID, CENTRE)),
    6: tuple(_side(3)),
    7: (*_side(3), (MID, (TOP + CENTRE) / 2)),
    8: (*_side(3), (MID, (TOP + CENTRE) / 2), (MID, (CENTRE + BOTTOM) / 2)),
    9: (*_side(4), (MID, CENTRE)),
    10: (*_side(4), (MID, (_FOUR[0] + _FOUR[1]) / 2), (MID, (_FOUR[2] + _FOUR[3]) / 2)),
}


@dataclass(frozen=True)
class Index:
    """A corner index: the rank above its suit sign, and where the card's body is drawn
    beside it (x, y, width, height), scaled down when the index is large."""

    x: float  # the middle of the index column
    rank_size: float  # font size of the rank
    rank_y: float  # its baseline
    ten_width: float  # "10" is condensed to this width, so it never reaches the pips
    suit_y: float
    suit_size: float
    body: tuple[float, float, float, float]

    @property
    def height(self) -> float:
        """How much of a card must show for its index to be read (a fanned column)."""
        return self.suit_y + self.suit_size + 3


INDEX = {
    "normal": Index(16, 34, 30, 26, 34, 14, (0, 0, CARD_W, CARD_H)),
    "large": Index(21, 48, 42, 36, 47, 24, (36, 56, 60, 84)),
}

SUIT_PATHS = {
    "S": '<path d="M50 3C62 24 99 40 99 63C99 79 87 87 75 87C66 87 58 81 54 73C55 85 60 92 68 98'
    'H32C40 92 45 85 46 73C42 81 34 87 25 87C13 87 1 79 1 63C1 40 38 24 50 3Z"/>',
    "H": '<path d="M50 94C21 69 1 50 1 30C1 13 13 3 27 3C38 3 46 10 50 20C54 10 62 3 73 3C87 3 99'
    ' 13 99 30C99 50 79 69 50 94Z"/>',
    "D": '<path d="M50 1L92 50L50 99L8 50Z"/>',
    "C": '<circle cx="50" cy="27" r="23"/><circle cx="25" cy="59" r="23"/>'
    '<circle cx="75" cy="59" r="23"/><path d="M45 50C45 74 39 88 30 98H70C61 88 55 74 55 50Z"/>',
}

SKIN, GOLD, HAIR, INK = "#f6d5b5", "#d9a300", "#5b3a1e", "#222"
# A court figure's bust in a 48 x 72 frame: robe in the suit's colour, a head of its own per
# rank (King: crown and beard; Queen: tiara and long hair; Jack: feathered cap, no beard).
_ROBE = (
    '<path d="M3 72C3 53 13 47 24 47C35 47 45 53 45 72Z" fill="currentColor"/>'
    '<path d="M17 48L24 60L31 48" fill="none" stroke="#fff" stroke-width="2.4"/>'
)
_FACE = (
    f'<ellipse cx="24" cy="33" rx="10" ry="11.5" fill="{SKIN}" stroke="{INK}" stroke-width=".8"/>'
    f'<circle cx="20.3" cy="31" r="1.3" fill="{INK}"/><circle cx="27.7" cy="31" r="1.3" '
    f'fill="{INK}"/><path d="M21 39Q24 41 27 39" fill="none" stroke="#a33" stroke-width="1"/>'
)
FIGURES = {
    "K": _ROBE
    + _FACE
    + f'<path d="M14.5 37C15 48 33 48 33.5 37C30 41.5 18 41.5 14.5 37Z" fill="#7d6b5a"/>'
    f'<path d="M13 25V10L18.5 17L24 7L29.5 17L35 10V25Z" fill="{GOLD}" stroke="{INK}" '
    f'stroke-width=".8"/><circle cx="24" cy="20" r="2" fill="#c0203a"/>',
    "Q": f'<path d="M12 31C10 45 13 53 16 56H32C35 53 38 45 36 31C34 20 14 20 12 31Z" '
    f'fill="{HAIR}"/>' + _ROBE + _FACE + f'<path d="M15 24V17L19.5 21L24 14L28.5 21L33 17V24Z" '
    f'fill="{GOLD}" stroke="{INK}" stroke-width=".8"/><circle cx="15" cy="16" r="1.8" '
    f'fill="{GOLD}"/><circle cx="24" cy="13" r="1.8" fill="{GOLD}"/>'
    f'<circle cx="33" cy="16" r="1.8" fill="{GOLD}"/>',
    "J": _ROBE
    + _FACE
    + f'<path d="M14 33C13 27 15 25 16 24L15 34Z M34 33C35 27 33 25 32 24L33 34Z" fill="{HAIR}"/>'
    f'<path d="M11 26C11 16 37 15 38 25Z" fill="currentColor" stroke="{INK}" '
    f'stroke-width=".8"/><path d="M34 19C38 10 44 7 46 6C43 12 40 17 35 22Z" fill="{GOLD}" '
    f'stroke="{INK}" stroke-width=".6"/>',
}
FRAME = (29.0, 38.0, 42.0, 63.0)  # x, y, w, h of a court card's picture

BACK = (
    '<symbol id="card-back" viewBox="0 0 100 140">'
    '<pattern id="lattice" width="12" height="12" patternUnits="userSpaceOnUse">'
    '<rect width="12" height="12" fill="#1d4f9e"/>'
    '<path d="M0 6L6 0L12 6L6 12Z" fill="#2a63bd" stroke="#8fb4ec" stroke-width=".8"/>'
    "</pattern>"
    '<rect width="100" height="140" rx="9" fill="#163f80"/>'
    '<rect x="7" y="7" width="86" height="126" rx="5" fill="url(#lattice)" stroke="#fff" '
    'stroke-width="2"/></symbol>'
)


def _num(v: float) -> str:
    return f"{v:.4g}"


def pip(suit: str, x: float, y: float, size: float, turned: bool = False) -> str:
    """A suit sign centred on (x, y); ``turned`` ones (the lower half) point down, as printed."""
    h = size / 2
    turn = f' transform="rotate(180 {_num(x)} {_num(y)})"' if turned else ""
    return (
        f'<use href="#s-{suit}" x="{_num(x - h)}" y="{_num(y - h)}" '
        f'width="{_num(size)}" height="{_num(size)}"{turn}/>'
    )


def body(rank: int, suit: str) -> str:
    """The inside of a card (no corner index): pips, a large Ace, or a court figure."""
    if rank == 1:
        return pip(suit, 50, 70, ACE_PIP)
    if rank in PIPS:
        return "".join(pip(suit, x, y, PIP, y > CENTRE + 0.01) for x, y in PIPS[rank])
    x, y, w, h = FRAME
    letter = RANKS[rank - 1]
    return (
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" rx="3" '
        f'fill="#fff6dc" stroke="currentColor" stroke-width="1.2"/>'
        f'<use href="#fig-{letter}" x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" '
        f'height="{_num(h)}"/>' + pip(suit, x + 5.5, y + 6, 9)
    )


def corner(
    rank: int, suit: str, index: Index, turned: bool = False, ranks: tuple[str, ...] = RANKS
) -> str:
    """A corner index: the rank, its suit sign stacked under it (``turned``: the bottom-right
    one, upside down). The rank's ``class="idx"`` is what tests measure."""
    text = ranks[rank - 1]
    fit = f' textLength="{_num(index.ten_width)}" lengthAdjust="spacingAndGlyphs"'
    centre = index.x
    turn = f' transform="rotate(180 {CARD_W / 2} {CARD_H / 2})"' if turned else ""
    return (
        f"<g{turn}>"
        f'<text class="idx" x="{_num(centre)}" y="{_num(index.rank_y)}" text-anchor="middle" '
        f'font-size="{_num(index.rank_size)}"{fit if rank == 10 else ""}>{text}</text>'
        + pip(suit, centre, index.suit_y + index.suit_size / 2, index.suit_size)
        + "</g>"
    )


def sprite(ranks: tuple[str, ...] = RANKS) -> str:
    """Every symbol of the card art: suit signs, figures, the 52 bodies (with their turned
    corner index in the letters ``ranks``), the back."""
    out = ["<defs>"]
    for suit, path in SUIT_PATHS.items():
        out.append(f'<symbol id="s-{suit}" viewBox="0 0 100 100">{path}</symbol>')
    for letter, art in FIGURES.items():
        out.append(f'<symbol id="fig-{letter}" viewBox="0 0 48 72">{art}</symbol>')
    for suit in SUITS:
        for rank in range(1, 14):
            out.append(
                f'<symbol id="b-{RANKS[rank - 1]}{suit}" viewBox="0 0 {CARD_W} {CARD_H}">'
                f"{body(rank, suit)}{corner(rank, suit, INDEX['normal'], True, ranks)}</symbol>"
            )
    out.append(BACK)
    out.append("</defs>")
    return "".join(out)


SPRITE = sprite()  # made once, when the module is imported (in the build's boot snapshot)
