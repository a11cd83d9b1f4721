"""The keyboard's pure parts: the game order of the places, arrow navigation over the places'
rectangles (whatever the layout), the toolbar's keys, and the places' words."""

from __future__ import annotations

import re

import pytest

import game
from game.ui import board
from game.ui.games import crescent as cr_board
from game.ui.input import keys
from game.ui.records.settings import Settings
from game.ui.table import Table
from game.ui.text.messages import Messages

WORDS = Messages.load()
CR, FT = "CR1-N-AAAAAAB", "FT1-N-AAAAAAB"


def rects_of(g: game.Solitaire, aspect: float = 1.0) -> dict[str, keys.Rect]:
    layout = board.layout_for(g, aspect)
    return {p: board.place_rect(g, layout, p) for p in layout.slots}


def test_places_are_in_the_games_own_order():
    assert board.place_order(game.new(CR)) == tuple(f"t{k}" for k in range(1, 17)) + tuple(
        f"f{k}" for k in range(1, 9)
    )
    assert board.place_order(game.new(FT)) == (
        tuple(f"f{k}" for k in range(1, 9))
        + ("stock", "waste")
        + tuple(f"t{k}" for k in range(1, 11))
    )


@pytest.mark.parametrize("code", [CR, FT])
def test_the_markup_lists_the_places_in_that_order(code):
    g = game.new(code)
    markup = board.render(g, board.layout_for(g, 1.0), board.View(), WORDS)
    assert tuple(re.findall(r'data-place="(\w+)"', markup)) == board.place_order(g)
    assert markup.startswith('<g class="regions" aria-hidden="true">')  # words said by places


def test_crescent_arrows_follow_the_horseshoe():
    g = game.new(CR)
    rects = rects_of(g)
    go = lambda place, key: keys.nearest(rects, place, key)  # noqa: E731
    assert go("t4", "ArrowUp") == "t5"  # the left column's top, up to the top row's first
    assert go("t5", "ArrowDown") == "t4"
    assert go("t5", "ArrowRight") == "t6"
    assert go("t12", "ArrowDown") == "t13"
    assert go("t1", "ArrowUp") == "t2"
    assert go("t1", "ArrowDown") is None  # the bottom edge
    assert go("t5", "ArrowLeft") is None
    assert go("f1", "ArrowRight") == "f2"
    assert go("f1", "ArrowDown") == "f5"  # Aces row, then the Kings row under it
    assert go("f5", "ArrowUp") == "f1"
    assert go("f1", "ArrowUp") in {"t7", "t8"}  # the top row, above the foundations


def test_forty_thieves_arrows_go_between_the_rows_and_columns():
    g = game.new(FT)
    for aspect in (0.6, 2.2):  # a wide window and an upright phone: other geometry, same moves
        rects = rects_of(g, aspect)
        go = lambda place, key, r=rects: keys.nearest(r, place, key)  # noqa: E731
        assert go("f1", "ArrowDown") == "t1"
        assert go("t1", "ArrowUp") == "f1"
        assert go("t1", "ArrowRight") == "t2"
        assert go("t10", "ArrowUp") == "stock"
        assert go("t9", "ArrowUp") == "waste"
        assert go("waste", "ArrowRight") == "stock"
        assert go("f8", "ArrowRight") == "waste"
        assert go("t10", "ArrowRight") is None


def test_every_place_reaches_every_other_by_arrows():
    """No place is a dead end: the arrow graph is strongly connected, in both games."""
    for g in (game.new(CR), game.new(FT)):
        rects = rects_of(g)
        for start in rects:
            seen, todo = {start}, [start]
            while todo:
                here = todo.pop()
                for key in keys.ARROWS:
                    there = keys.nearest(rects, here, key)
                    if there is not None and there not in seen:
                        seen.add(there)
                        todo.append(there)
            assert seen == set(rects), (g.GAME, start)


def test_home_and_end_go_to_the_first_and_last_place_in_game_order():
    g = game.new(CR)
    order, rects = board.place_order(g), rects_of(g)
    assert keys.move_focus(order, rects, "t9", "Home") == "t1"
    assert keys.move_focus(order, rects, "t9", "End") == "f8"
    assert keys.move_focus(order, rects, "t9", "a") is None


def test_a_vanished_place_hands_focus_to_the_nearest():
    g = game.new(FT)
    rects = rects_of(g)
    assert keys.closest(board.place_order(g), rects, rects["t3"]) == "t3"
    assert keys.closest(board.place_order(g), rects, (2000, 0, 100, 140)) == "stock"


@pytest.mark.parametrize(
    ("key", "ctrl", "shift", "alt", "action"),
    [
        ("u", False, False, False, "undo"),
        ("U", False, True, False, "redo"),
        ("z", True, False, False, "undo"),
        ("Z", True, True, False, "redo"),
        ("y", True, False, False, "redo"),
        ("r", False, False, False, "redeal"),
        ("d", False, False, False, "draw"),
        ("h", False, False, False, "hint"),
        ("n", False, False, False, "new"),
        ("N", False, True, False, None),
        ("r", True, False, False, None),  # Ctrl+R reloads the page: the browser's
        ("u", False, False, True, None),
        ("x", False, False, False, None),
    ],
)
def test_the_toolbar_keys(key, ctrl, shift, alt, action):
    assert keys.action(key, ctrl, shift, alt) == action


def test_a_place_is_a_button_named_by_the_engine_with_its_state():
    g = game.new(CR)
    view = board.View(selected="t1", targets=frozenset({"f2"}))
    parts = board.parts(g, cr_board.crescent_layout(), view, WORDS)
    t1 = dict(parts["t1"].attrs)
    assert t1["role"] == "button" and t1["tabindex"] == "-1" and t1["aria-pressed"] == "true"
    assert t1["aria-label"] == "Pile 1: 6 cards, two of hearts on top"
    f2 = dict(parts["f2"].attrs)
    assert f2["aria-label"] == (
        "Ascending hearts foundation: ace of hearts on top, 1 card; takes the selected card"
    )
    g.play("t6", "f5")
    while g.cards("t6"):
        g._p[g.index("t6")].pop()  # an emptied pile, as far as words go
    assert (
        dict(board.parts(g, cr_board.crescent_layout(), board.View(), WORDS)["t6"].attrs)[
            "aria-label"
        ]
        == "Pile 6: empty"
    )


def test_only_the_changed_places_are_rendered_again():
    table = Table(game.new(CR), Settings(), WORDS)
    first = table.parts(1.0)
    table.game.play("t6", "f5")
    second = table.parts(1.0)
    changed = {k for k in first if first[k] != second[k]}
    assert changed == {"t6", "f5"}
    assert all(second[k] is first[k] for k in first if k not in changed | {"regions"})
