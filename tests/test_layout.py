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
from game.ui import board
from game.ui import crescent as cr_board
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
        if isinstance(g, game.Crescent):
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


@pytest.mark.parametrize("size", UPRIGHT)
def test_forty_thieves_cards_are_36_px_wide_on_an_upright_phone(size):
    width, height = TABLES[size]
    g = game.new(FT)
    index = board.index_for(g, height / width, "normal")
    assert index == "large"  # small cards: the index alone carries the card
    assert card_px(board.layout_for(g, height / width, index), width, height) >= 36


def test_desktop_and_a_phone_on_its_side_keep_the_horseshoe_and_grow():
    for width, height in (DESKTOP, TABLES["844x390"]):
        lay = cr_board.crescent_layout(height / width)
        top = sorted((s.x, p) for p, s in lay.slots.items() if s.y == 0)
        assert [p for _, p in top] == [f"t{i}" for i in range(5, 13)]  # 4 left, 8 top, 4 right
        old = cr_board.crescent_layout()  # captions below, as before
        assert card_px(lay, width, height) >= card_px(old, width, height)
    assert card_px(cr_board.crescent_layout(723 / 1280), *DESKTOP) >= 90


LAYOUTS = [(game.new(CR), aspect) for aspect in (None, 0.36, 0.56, 1.0, 1.5, 1.76, 2.2)] + [
    (game.new(FT), aspect) for aspect in (0.36, 0.56, 1.5, 1.76, 2.2)
]


@pytest.mark.parametrize(("g", "aspect"), LAYOUTS)
def test_every_place_is_inside_the_view_box_and_none_overlaps(g, aspect):
    if isinstance(g, game.Crescent):
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
            assert card_px(lay, width, height) >= 36


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
