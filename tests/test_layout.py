"""The board's geometry on a phone (issue 12): Crescent's upright frame and Forty Thieves'
columns give cards big enough to play with a finger, every place inside the view box, no two
places on top of each other, the piles in their order around the shoe. Pure: the table sizes
are the ones the page leaves for the board (its toolbar and status line measured at each
viewport, e2e/test_page_layout.py checks them in the browser)."""

from __future__ import annotations

import math

import pytest
from helpers import build

import game
from game.codes import KINDS
from game.forty_thieves import FAMILY as FORTY
from game.kinds import REGISTRY
from game.ui import board, games
from game.ui.games import crescent as cr_board
from game.ui.games.geometry import EDGE, RING
from game.ui.menu import closes, opening, outside, step

CR, FT = "CR1-N-AAAAAAB", "FT1-N-AAAAAAB"
# the board's area (width, height in CSS px) at each viewport: the window less the toolbar
# (two rows of 44 px controls and the counters upright, one row and the counters on a side)
# and the status line
TABLES = {"390x844": (390, 687), "360x740": (360, 583), "844x390": (844, 304)}
DESKTOP = (1280, 723)
UPRIGHT = ("390x844", "360x740")


def card_px(layout: board.Layout, width: float, height: float) -> float:
    """A card's width on screen when the layout is fitted to the table (``meet``)."""
    return board.card_scale(layout, height / width) * width


def rects(g: game.Solitaire, layout: board.Layout) -> dict[str, tuple[float, float, float, float]]:
    """What each place covers (x0, y0, x1, y1): its cards, fanned, and its caption."""
    out = {}
    for place, slot in layout.slots.items():
        _, bottom = board.top_card_xy(g, layout, place)
        w, h = board.CARD_W, bottom - slot.y + board.CARD_H
        if games.view_of(g) is cr_board.VIEW:  # (Open Crescent's piles have no captions)
            if layout.beside:
                w += cr_board.CR_SIDE_CAPTION
            else:
                h += cr_board.CR_CAPTION
        out[place] = (slot.x, slot.y, slot.x + w, slot.y + h)
    return out


def overlapping(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("size", UPRIGHT)
def test_crescent_cards_are_60_px_wide_on_an_upright_phone(size):
    width, height = TABLES[size]
    lay = cr_board.crescent_layout(height / width)
    assert lay == cr_board.crescent_upright()
    assert card_px(lay, width, height) >= 60


@pytest.mark.parametrize(("size", "least"), [("390x844", 38), ("360x740", 35)])
def test_forty_thieves_cards_are_35_px_wide_on_an_upright_phone(size, least):
    """Ten columns side by side, and the focus ring's margin either side: 38 px on 390 px."""
    width, height = TABLES[size]
    g = game.new(FT)
    index = board.index_for(g, height / width, "normal")
    assert index == "large"  # small cards: the index alone carries the card
    assert card_px(board.layout_for(g, height / width, index), width, height) >= least


def test_desktop_and_a_phone_on_its_side_keep_the_horseshoe_and_grow():
    for width, height in (DESKTOP, TABLES["844x390"]):
        lay = cr_board.crescent_layout(height / width)
        top = sorted((s.x, p) for p, s in lay.slots.items() if s.y == 0)
        assert [p for _, p in top] == [f"t{i}" for i in range(5, 13)]  # 4 left, 8 top, 4 right
        old = cr_board.crescent_layout()  # captions below, as before
        assert card_px(lay, width, height) >= card_px(old, width, height)
    assert card_px(cr_board.crescent_layout(723 / 1280), *DESKTOP) >= 90


def long_piles(kind: str) -> game.Solitaire:
    """A deal of ``kind`` grown long: Forty Thieves' first column takes 13 cards of the stock
    (17 in all, at the deal's 4); Crescent's piles 1, 5, 9 and 16 hold 13 cards each (all
    face up), the others what is left. Still the game of its code (its kind's view)."""
    g = game.new(f"{kind}-AAAAAAB")
    lines = g.position().splitlines()
    places = {p: c.split() for p, _, c in (line.partition(":") for line in lines[1:])}
    if "stock" in places:
        places["t1"] += places["stock"][:13]
        places["stock"] = places["stock"][13:]
    else:
        piles = [f"t{i}" for i in range(1, 17)]
        cards = [c for p in piles for c in places[p] if c != "|"]
        long = ("t1", "t5", "t9", "t16")
        for p in long:
            places[p], cards = cards[:13], cards[13:]
        rest = [p for p in piles if p not in long]
        for k, p in enumerate(rest):
            places[p] = cards[k :: len(rest)]
    body = "".join(f"{p}: {' '.join(c)}\n" for p, c in places.items())
    out = game.from_position(f"{lines[0]}\n{body}")
    out.code = g.code  # as a resumed game is (game/ui/records/storage.py)
    return out


DEALS = [game.new(f"{kind}-AAAAAAB") for kind in KINDS] + [long_piles(kind) for kind in KINDS]
SIZES = [*TABLES.values(), DESKTOP]


def longest(g: game.Solitaire) -> int:
    return max(len(g.cards(p)) for p in g.PLACES if p.startswith("t"))


@pytest.mark.parametrize("g", DEALS, ids=lambda g: f"{g.code}-{longest(g)}")
@pytest.mark.parametrize("chosen", ["normal", "large"])
def test_every_place_and_its_focus_ring_are_inside_the_view_box(g, chosen):
    """The focus ring (``board.place_part``: RING units round ``board.place_rect``) never
    leaves the view box, with room for its white line and a unit more; a card stays a target
    a finger can hit (WCAG 2.5.8: 24 CSS px) on an upright phone however long the columns,
    and at the deal on every table. (A phone on its side, 304 px high, has room for no more:
    Forty Thieves' 17-card column with the large index is 20 px wide there.)"""
    for width, height in SIZES:
        aspect = height / width
        lay = board.layout_for(g, aspect, board.index_for(g, aspect, chosen))
        vx, vy, vw, vh = map(float, lay.view_box.split())
        for place in lay.slots:
            x, y, w, h = board.place_rect(g, lay, place)
            spare = min(
                x - RING - vx, y - RING - vy, vx + vw - (x + w + RING), vy + vh - (y + h + RING)
            )
            assert spare >= EDGE - RING, (width, height, place, spare)
        if height > width or longest(g) < 8:
            assert card_px(lay, width, height) >= 24, (width, height)


@pytest.mark.parametrize("code", ["FT1-B-AAAAAAB", "FT1-Q-AAAAAAB", "FT1-L-AAAAAAB"])
@pytest.mark.parametrize("size", UPRIGHT)
def test_twelve_columns_stay_tappable_on_an_upright_phone(code, size):
    width, height = TABLES[size]
    g = game.new(code)
    lay = board.layout_for(g, height / width, board.index_for(g, height / width, "normal"))
    assert card_px(lay, width, height) >= (31 if size == "390x844" else 29)


@pytest.mark.parametrize("kind", list(FORTY))
@pytest.mark.parametrize("aspect", [0.36, 0.56, 1.76])
def test_forty_thieves_columns_fill_the_top_rows_width(kind, aspect):
    """The 8 foundations from the left; the waste and the stock at the right end of a top row
    10 slots wide, or as wide as 12 columns (and the free cells); the columns spread from edge
    to edge under it, after the free cells where the game has them."""
    g = game.new(f"{kind}-AAAAAAB")
    lay = board.layout_for(g, aspect)
    columns = [lay.slots[p] for p in g.PLACES if p.startswith("t")]
    cells = [lay.slots[p] for p in g.PLACES if g.place(p).kind == "cell"]
    assert len(columns) == getattr(g, "COLUMN_COUNT", 0)
    after_cells = max((c.x + board.CARD_W for c in cells), default=0)
    assert lay.slots["f1"].x == min((c.x for c in cells), default=0) == 0
    assert columns[0].x >= after_cells  # (the cells beside or above one another at the left)
    assert lay.slots["stock"].x + board.CARD_W == columns[-1].x + board.CARD_W == lay.width
    assert lay.slots["waste"].x < lay.slots["stock"].x and lay.slots["f8"].x < lay.slots["waste"].x
    xs = [s.x for s in columns]
    assert xs == sorted(xs) and min(b - a for a, b in zip(xs, xs[1:])) >= board.CARD_W


@pytest.mark.parametrize("columns", range(2, 14))
@pytest.mark.parametrize("aspect", [0.36, 0.56, 1.76, 2.2])
def test_any_number_of_columns_ends_at_the_boards_edge_exactly(columns, aspect):
    """The last column's right edge is the board's, never a rounding past it (8 columns:
    900 / 7 * 7 is 900.0000000000001)."""
    from game.ui.games.forty_thieves import _forty_thieves_layout

    lay = _forty_thieves_layout(aspect, "normal", 4, columns)
    xs = [lay.slots[f"t{k}"].x for k in range(1, columns + 1)]
    assert xs[0] == 0 and xs[-1] + board.CARD_W == lay.width


LAYOUTS = (
    [(game.new(CR), aspect) for aspect in (None, 0.36, 0.56, 1.0, 1.5, 1.76, 2.2)]
    + [(game.new(FT), aspect) for aspect in (0.36, 0.56, 1.5, 1.76, 2.2)]
    + [
        (g, aspect)
        for g in (game.new("FT1-M-AAAAAAB"), game.new("FT1-B-AAAAAAB"), long_piles("FT1-Q"))
        for aspect in (0.36, 0.56, 1.76)
    ]
    + [
        (g, aspect)
        for g in (game.new("CR1-O-AAAAAAB"), long_piles("CR1-O"))
        for aspect in (0.36, 0.56, 0.8, 1.0, 1.2, 1.5, 1.76, 2.2)
    ]
)


@pytest.mark.parametrize(("g", "aspect"), LAYOUTS)
def test_every_place_is_inside_the_view_box_and_none_overlaps(g, aspect):
    if games.view_of(g) is cr_board.VIEW:
        lay = cr_board.crescent_layout(aspect)
    else:
        lay = board.layout_for(g, aspect, board.index_for(g, aspect, "normal"))
    boxes = rects(g, lay)
    for place, (x0, y0, x1, y1) in boxes.items():
        assert x0 >= 0 and y0 >= 0 and x1 <= lay.width + 0.01 and y1 <= lay.height + 0.01, place
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not overlapping(boxes[a], boxes[b]), (a, b)
    if lay.foundation_area:  # the foundations' area holds them all, and no pile
        x, y, w, h = lay.foundation_area
        area = (x, y, x + w, y + h)
        for place, box in boxes.items():
            inside = area[0] <= box[0] and box[2] <= area[2] and area[1] <= box[1]
            assert (
                (inside and box[3] <= area[3])
                if place.startswith("f")
                else not overlapping(area, box)
            ), place


@pytest.mark.parametrize("g", [game.new("CR1-O-AAAAAAB"), long_piles("CR1-O")])
@pytest.mark.parametrize("chosen", ["normal", "large"])
def test_open_crescent_shows_every_card_of_its_piles(g, chosen):
    """Every card of every pile shows its corner index, on every table; the foundations make
    one row, the Aces' on the left, the Kings' on the right; upright, two rows of 8 piles."""
    assert games.view_of(g) is cr_board.OPEN_VIEW
    for width, height in SIZES:
        aspect = height / width
        index = board.index_for(g, aspect, chosen)
        lay = board.layout_for(g, aspect, index)
        for i in range(1, 17):
            assert board.visible_cards(g, f"t{i}") == g.cards(f"t{i}")
            assert lay.slots[f"t{i}"].fan >= board.INDEX[index].height
        row = [lay.slots[f"f{i}"] for i in range(1, 9)]
        assert len({s.y for s in row}) == 1 and [s.x for s in row] == sorted(s.x for s in row)
        piles_y = {lay.slots[f"t{i}"].y for i in range(1, 17)}
        assert len(piles_y) == (2 if height > width else 1)
        assert min(piles_y) > row[0].y + board.CARD_H


@pytest.mark.parametrize("aspect", [0.36, 0.56, 0.65, 0.8, 1.0, 1.3, 1.76])
@pytest.mark.parametrize("index", ["normal", "large"])
def test_open_crescent_piles_keep_their_rows_however_long(aspect, index):
    """The arrangement is the table's: a pile that grows (or shrinks) never sends the piles
    to another row, only the fans and the board's scale change."""
    shapes = {
        tuple(s.x for p, s in cr_board.open_crescent_layout(aspect, index, n).slots.items())
        for n in range(1, 14)
    }
    assert len(shapes) == 1


def test_each_kind_has_the_view_its_record_names_and_its_own_controls():
    """Open Crescent has its own view; a position has no code (no kind): its family's view.
    Each kind's controls are its view's, and Redeal where its rules redeal; the build's table
    (static/watchdog.js reads it before Python starts) names every kind."""
    g = game.new("CR1-O-AAAAAAB")
    assert games.view_of(g) is cr_board.OPEN_VIEW
    assert games.view_of(game.new(CR)) is games.view_of(game.new("CR1-D-AAAAAAB")) is cr_board.VIEW
    assert games.view_of(game.from_position(g.position())) is cr_board.VIEW
    assert games.view_of_kind("CR1-O") is games.view_of_kind("CR1-O-AAAAAAB") is cr_board.OPEN_VIEW
    assert games.view_of_kind("CR1-F") is cr_board.VIEW
    assert games.view_of_kind("XX9-N") is games.DEFAULT
    table = games.controls_by_kind()
    assert set(table) == {"", *KINDS}
    for kind in REGISTRY:
        shown = set(table[kind.code].split())
        assert ("redeal" in shown) == bool(kind.rules.redeals)
        assert ("draw" in shown) == ("stock" in game.CLASSES[kind.code].PLACES)
        assert games.controls(game.new(f"{kind.code}-AAAAAAB")) == table[kind.code]


@pytest.mark.parametrize("aspect", [None, 0.36, 0.56, 1.5, 1.76])
def test_the_piles_go_round_the_shoe_in_order(aspect):
    """Pile 1 at the bottom left, going up; each next pile clockwise round the foundations,
    one step from the last (never across the table), and all 16 once round."""
    lay = cr_board.crescent_layout(aspect)
    slots = [lay.slots[f"t{i}"] for i in range(1, 17)]
    left = min(s.x for s in slots)
    assert slots[0].x == left and slots[0].y == max(s.y for s in slots if s.x == left)
    assert slots[1].x == left and slots[1].y < slots[0].y  # going up
    x, y, w, h = lay.foundation_area or (0, 0, 0, 0)
    cx, cy = x + w / 2, y + h / 2
    turns = [math.atan2(s.x - cx, -(s.y - cy)) for s in slots]  # clockwise from the top
    steps = [(b - a + math.pi) % math.tau - math.pi for a, b in zip(turns, turns[1:], strict=False)]
    assert all(0 < d < math.pi / 2 for d in steps)  # always clockwise, a short step
    assert sum(steps) < math.tau  # once round, not more
    pitch = max(cr_board.CR_SIDE_PITCH_X, cr_board.CR_PITCH_Y)
    for a, b in zip(slots, slots[1:], strict=False):
        assert math.hypot(a.x - b.x, a.y - b.y) <= pitch * 1.5


def test_upright_crescent_is_a_frame_with_the_foundations_as_two_columns():
    lay = cr_board.crescent_upright()
    left = sorted((s.y, p) for p, s in lay.slots.items() if s.x == 0)
    assert [p for _, p in left] == ["t6", "t5", "t4", "t3", "t2", "t1"]
    aces = {lay.slots[f"f{i}"].x for i in range(1, 5)}
    kings = {lay.slots[f"f{i}"].x for i in range(5, 9)}
    assert len(aces) == len(kings) == 1 and aces.pop() < kings.pop()
    assert [lay.slots[f"f{i}"].y for i in range(1, 5)] == sorted(
        lay.slots[f"f{i}"].y for i in range(1, 5)
    )


def test_upright_crescent_captions_stand_beside_the_cards():
    g = game.new(CR)
    markup = board.render(g, cr_board.crescent_upright(), board.View(), board.Messages.load())
    assert markup.count('class="caption beside"') == 16 + 8
    assert "row_aces" not in markup and "Aces, building up" not in markup  # columns say ↑ ↓


def test_a_long_forty_thieves_column_shows_its_last_card_on_an_upright_phone():
    column = " ".join(f"{r}S" for r in "KQJT98765432A") + " 9H 8H 7H 6H"  # 17 cards
    g = build("FT1 score=0 moves=0", {"t1": column}, ["stock"] + [f"t{i}" for i in range(2, 11)])
    for size in (*UPRIGHT, "844x390"):
        width, height = TABLES[size]
        index = board.index_for(g, height / width, "normal")
        lay = board.layout_for(g, height / width, index)
        _, y = board.top_card_xy(g, lay, "t1")
        assert y + board.CARD_H <= lay.height
        assert lay.slots["t1"].fan >= board.INDEX[index].height  # every index still shows
        scale = board.card_scale(lay, height / width) * width / board.CARD_W
        assert (y + board.CARD_H + 10) * scale <= height + 0.5  # on screen, not below it
        if size in UPRIGHT:
            assert card_px(lay, width, height) >= 35


def test_index_is_large_only_on_upright_forty_thieves_or_when_chosen():
    assert board.index_for(game.new(FT), 1.7, "normal") == "large"
    assert board.index_for(game.new(FT), 0.6, "normal") == "normal"
    assert board.index_for(game.new(CR), 1.7, "normal") == "normal"
    assert board.index_for(game.new(CR), 0.6, "large") == "large"


# --- the toolbar's menu: the keys of the WAI-ARIA menu button ----------------------------------
def test_menu_keys():
    assert opening("ArrowDown", 3) == 0 and opening("ArrowUp", 3) == 2
    assert opening("Enter", 3) is None and opening("ArrowDown", 0) is None
    assert [step("ArrowDown", i, 3) for i in range(3)] == [1, 2, 0]  # round
    assert [step("ArrowUp", i, 3) for i in range(3)] == [2, 0, 1]
    assert step("Home", 2, 3) == 0 and step("End", 0, 3) == 2
    assert step("a", 1, 3) is None and step("ArrowDown", 0, 0) is None
    assert closes("Escape") and closes("Tab") and not closes("Enter")


def test_a_tap_outside_the_sheet():
    box = (0, 400, 390, 844)
    assert outside(200, 100, box) and not outside(200, 500, box)


def test_a_popup_is_moved_back_on_screen_from_either_edge():
    from game.ui.menu import into_view

    assert into_view(100, 300, 390) == 0
    assert into_view(342, 550, 390) == 390 - 4 - 550  # off the right edge: moved left
    assert into_view(-50, 150, 390) == 54  # off the left edge: moved right
    assert into_view(-10, 500, 390) == 14  # wider than the screen: its start stays in view


def board_markup(g: game.Solitaire, aspect: float) -> str:
    return board.render(g, board.layout_for(g, aspect), board.View(), board.Messages.load())


def test_face_down_crescent_says_how_many_cards_lie_face_down_beside_each_pile():
    """Their edges above the top card were a 4 px strip on a phone: a small back and the count
    go with each pile's caption, and go as the cards turn up."""
    g = game.new("CR1-D-AAAAAAB")
    for aspect in (0.56, 2.16):  # a desktop (captions beside), a phone
        markup = board_markup(g, aspect)
        assert markup.count('class="caption-down"') == 16
        assert all(f">{g.face_down(f't{k}')}</text></g>" in markup for k in range(1, 17))
    assert 'class="caption-down"' not in board_markup(game.new("CR1-N-AAAAAAB"), 0.56)


def test_open_crescent_numbers_its_piles_as_its_messages_name_them():
    g = game.new("CR1-O-AAAAAAB")
    for aspect in (0.56, 2.16):
        lay = board.layout_for(g, aspect)
        markup = board_markup(g, aspect)
        for k in range(1, 17):
            slot = lay.slots[f"t{k}"]
            assert f'y="{slot.y - 7:g}">{k}</text>' in markup  # above its pile
