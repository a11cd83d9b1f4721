"""The browser layer's pure parts on CPython: input semantics, board geometry, words, config."""

import re
from pathlib import Path

import pytest
from helpers import build

import game
from game.codes import KINDS, GameCode, kind_slug
from game.kinds import REGISTRY, kind_of
from game.ui import board
from game.ui.games import controls
from game.ui.games import crescent as cr_board
from game.ui.games import forty_thieves as ft_board
from game.ui.input.controller import DOUBLE_TAP_MS, Controller, Outcome
from game.ui.records.settings import Settings
from game.ui.text.messages import Messages, clock
from tools import catalogs

ROOT = Path(__file__).resolve().parent.parent
WORDS = Messages.load()
CR, FT = "CR1-N-AAAAAAB", "FT1-N-AAAAAAB"  # see tests/golden for both layouts


# --- controller: Crescent ------------------------------------------------------------------------
def test_tap_with_one_destination_moves():
    c = Controller(game.new(CR))
    assert c.tap("t6", 0) == Outcome("moved", game.Move("t6", "f5"))


def test_tap_with_several_destinations_selects_then_the_next_tap_moves():
    c = Controller(game.new(CR))
    assert c.tap("t1", 0) == Outcome("selected", place="t1")
    assert sorted(c.targets("t1")) == ["f2", "t7"]
    assert c.tap("t7", 1000).kind == "moved" and c.selected is None


def test_tapping_the_selection_again_later_deselects_and_a_wrong_target_is_refused():
    c = Controller(game.new(CR))
    c.tap("t1", 0)
    assert c.tap("t1", 1000).kind == "deselected"
    c.tap("t1", 2000)
    out = c.tap("t9", 3000)
    assert out == Outcome("refused", reason="adjacent_rank", place="t1") and c.selected is None


def test_double_tap_goes_to_a_foundation_first():
    c = Controller(game.new(CR))
    assert c.tap("t1", 0).kind == "selected"
    assert c.tap("t1", DOUBLE_TAP_MS - 1) == Outcome("moved", game.Move("t1", "f2"))


def test_a_quick_second_tap_after_a_move_is_a_tap_of_its_own():
    g = game.new(CR)
    c = Controller(g)
    c.tap("t6", 0)
    assert g.moves == 1
    expected = Controller(g.copy()).single_tap("t6")
    assert c.tap("t6", 60) == expected  # never dropped: the next card of t6 is tapped
    assert expected.kind != "nothing"


def test_tap_on_a_card_with_nowhere_to_go():
    c = Controller(game.new(CR))
    assert c.tap("t12", 0) == Outcome("refused", reason="no_destination", place="t12")


def test_drop_on_the_foundation_area_or_any_foundation_finds_the_right_one():
    for target in ("foundations", "f8", "f1", "f5"):
        c = Controller(game.new(CR))
        assert c.drop("t6", target) == Outcome("moved", game.Move("t6", "f5")), target


def test_refused_drops_carry_the_engine_reason():
    c = Controller(game.new(CR))
    assert c.drop("t5", "t1").reason == "same_suit"
    # TS over the foundation area: its suit's ascending foundation says why not
    assert c.drop("t12", "foundations") == Outcome(
        "refused", reason="foundation_order", place="t12"
    )
    assert c.drop("t5", None) == Outcome("nothing")
    assert c.drop("t5", "t5") == Outcome("nothing")


# --- controller: Forty Thieves -------------------------------------------------------------------
def test_tap_sends_to_a_foundation_and_the_stock_draws_even_when_tapped_quickly():
    g = game.new(FT)
    c = Controller(g)
    assert c.tap("t7", 0) == Outcome("moved", game.Move("t7", "f4"))
    assert c.tap("stock", 10).kind == "moved" and c.tap("stock", 20).kind == "moved"
    assert len(g.cards("waste")) == 2


def test_waste_card_goes_to_a_building_column_before_an_empty_one():
    g = build(
        "FT1 score=0 moves=0",
        {"waste": "6S", "t1": "", "t2": "KD 7S"},
        ["stock"] + [f"t{i}" for i in range(3, 11)],
    )
    assert Controller(g).tap("waste", 0) == Outcome("moved", game.Move("waste", "t2"))


def test_a_column_card_with_no_foundation_is_selected_not_moved():
    c = Controller(game.new(FT))
    assert c.tap("t1", 0) == Outcome("selected", place="t1")  # 8H onto 9H waits for a target


def test_double_click_longest_column_then_empty_and_the_setting():
    g = build(
        "FT1 score=0 moves=0",
        {"t1": "KD 7S", "t2": "KD 4H 8H 2C 7S", "t3": "", "t4": "6S"},
        ["stock", "t5", "t6", "t7", "t8", "t9", "t10"],
    )
    c = Controller(g)
    assert c.best_destination("t4") == "t2"
    c.tap("t4", 0)
    assert c.tap("t4", 100) == Outcome("moved", game.Move("t4", "t2"))
    off = Controller(g.copy(), Settings(double_click=False))
    off.tap("t2", 0)
    assert off.tap("t2", 100).kind == "deselected"  # just two taps


def test_auto_placement_only_when_set():
    assert Controller(game.new(FT)).drop("t7", None) == Outcome("nothing")
    auto = Controller(game.new(FT), Settings(auto_placement=True))
    assert auto.drop("t7", None) == Outcome("moved", game.Move("t7", "f4"))
    assert auto.drop("t1", "t3") == Outcome("moved", game.Move("t1", "t2"))  # refused there


# --- board geometry and markup -------------------------------------------------------------------
def test_crescent_horseshoe_four_left_eight_top_four_right():
    lay = cr_board.crescent_layout()
    top = [p for p, s in lay.slots.items() if s.y == 0]
    left = [p for p, s in lay.slots.items() if s.x == 0 and s.y > 0]
    right = [p for p, s in lay.slots.items() if s.x == 7 * cr_board.CR_PITCH_X and s.y > 0]
    assert sorted(top, key=lambda p: lay.slots[p].x) == [f"t{i}" for i in range(5, 13)]
    assert sorted(left, key=lambda p: -lay.slots[p].y) == ["t1", "t2", "t3", "t4"]
    assert sorted(right, key=lambda p: lay.slots[p].y) == ["t13", "t14", "t15", "t16"]
    aces = {lay.slots[f"f{i}"].y for i in range(1, 5)}
    kings = {lay.slots[f"f{i}"].y for i in range(5, 9)}
    assert len(aces) == len(kings) == 1 and aces.pop() < kings.pop()
    x, y, w, h = lay.foundation_area
    for i in range(1, 9):
        s = lay.slots[f"f{i}"]
        assert x < s.x and s.x + board.CARD_W < x + w and y < s.y and s.y + board.CARD_H < y + h


def test_every_place_and_card_is_inside_the_view_box():
    for g, aspect in [
        (game.new(CR), 0.6),
        (game.new(CR), 2.0),
        (game.new(FT), 0.6),
        (game.new(FT), 2.0),
    ]:
        lay = board.layout_for(g, aspect)
        for place, slot in lay.slots.items():
            x, y = board.top_card_xy(g, lay, place)
            assert slot.x >= 0 and x + board.CARD_W <= lay.width, place
            assert slot.y >= 0 and y + board.CARD_H <= lay.height, place


def test_long_forty_thieves_columns_stay_on_screen_and_legible():
    column = " ".join(f"{r}{s}" for s in "SH" for r in "KQJT98765432")  # 24 cards
    g = build("FT1 score=0 moves=0", {"t1": column}, ["stock"] + [f"t{i}" for i in range(2, 11)])
    wide = ft_board.forty_thieves_layout(g, 0.6)
    assert (
        ft_board.FT_READABLE_FAN <= wide.slots["t1"].fan < ft_board.FT_FAN
    )  # squeezed, still legible
    assert wide.height > ft_board.FT_WIDTH * 0.6  # the board grew taller instead (scales down)
    _, y = board.top_card_xy(g, wide, "t1")
    assert y + board.CARD_H <= wide.height
    tall = ft_board.forty_thieves_layout(g, 2.2)
    assert tall.slots["t1"].fan > wide.slots["t1"].fan  # a phone held upright has the room


def test_markup_has_the_test_hooks_and_labels():
    g = game.new(CR)
    markup = board.render(
        g, cr_board.crescent_layout(), board.View(selected="t1", targets=frozenset({"f2"})), WORDS
    )
    places = re.findall(r'data-place="(\w+)"', markup)
    assert sorted(places) == sorted(g.PLACES)
    assert markup.count("data-card=") == 24  # Crescent shows the top card only
    assert (
        'data-place="t1" role="button" aria-label="Pile 1: 6 cards, two of hearts on top" '
        'aria-pressed="true" tabindex="-1"'
    ) in markup
    assert 'class="place selected" data-place="t1"' in markup
    assert 'class="place target" data-place="f2"' in markup
    ft = game.new(FT)
    ft_markup = board.render(ft, board.layout_for(ft, 1.0), board.View(), WORDS)
    assert ft_markup.count("data-card=") == 40 and ">64</text>" in ft_markup
    assert ft_markup.index('data-card="6D"') < ft_markup.index('data-card="8H"')  # bottom first


def test_arrival_is_marked_for_the_animation():
    g = game.new(CR)
    markup = board.render(g, cr_board.crescent_layout(), board.View(arrival=("f5", 30, -40)), WORDS)
    assert 'data-dx="30" data-dy="-40" data-arrive="1"' in markup
    assert "style=" not in markup  # the page's Content-Security-Policy would block it


# --- words and configuration ---------------------------------------------------------------------
def test_every_refusal_key_has_words():
    for reason in game.REASONS:
        assert WORDS.refusal(reason) != WORDS.text("refused"), reason


def test_catalog_ids_used_in_the_page_exist():
    html = (ROOT / "index.html").read_text()
    ids = set(re.findall(r'data-msg(?:-label)?="([\w-]+)"', html))
    ids |= {f"game_{kind}" for kind in KINDS}  # the picker's options (tools/site.py)
    for module in [*(ROOT / "game" / "ui").glob("*.py"), *(ROOT / "game" / "web").glob("*.py")]:
        ids |= set(re.findall(r'words\.(?:text|count)\(\s*"(\w+)"', module.read_text()))
    ids |= {f"check_{v}" for v in ("winnable", "unwinnable", "unknown")}  # check_{verdict}
    ids |= {"hint_move", "hint_guess", "hint_lost"}  # passed to show()
    assert {"hint_move", "check_progress", "check_stopped", "unexpected_error", "moved"} <= ids
    assert ids - set(catalogs.texts(catalogs.read("en"))) == set()


def test_the_page_names_no_outside_host():
    for path in [
        "index.html",
        "pyscript.toml",
        "static/boot.js",
        "static/app.css",
        *map(str, (ROOT / "game" / "ui").glob("*.py")),
        *map(str, (ROOT / "game" / "web").glob("*.py")),
    ]:
        text = (ROOT / path).read_text()
        hosts = [u for u in re.findall(r"https?://[^\s\"')]+", text) if "www.w3.org" not in u]
        assert not hosts, (path, hosts)


@pytest.mark.parametrize(
    "ms, text", [(0, "0:00"), (7_999, "0:07"), (720_000, "12:00"), (3_725_000, "62:05")]
)
def test_clock_shows_minutes_and_seconds(ms, text):
    assert clock(ms) == text


def test_labels_are_escaped_for_the_markup():
    assert board.escape('a < b & "c" > d') == "a &lt; b &amp; &quot;c&quot; &gt; d"


# --- one list of games, one list of boot imports -------------------------------------------------
def test_every_kind_of_game_has_a_name_a_file_slug_and_a_winnable_list():
    assert KINDS[:3] == ("CR1-N", "CR1-F", "CR1-D") and tuple(k.code for k in REGISTRY) == KINDS
    assert len({kind_slug(k) for k in KINDS}) == len(KINDS)  # a file name each
    assert [kind_slug(k) for k in KINDS[:5]] == [
        "crescent",
        "crescent-four",
        "crescent-face-down",
        "open-crescent",
        "forty-thieves",
    ]
    assert kind_slug("FT1-Q") == "napoleons-square"  # no comma or apostrophe in a file name
    for kind in KINDS:
        assert GameCode.parse(f"{kind}-AAAAAAB").kind == kind
        assert WORDS.text(f"game_{kind}")
        text = (ROOT / "static" / "data" / f"winnable-{kind_slug(kind)}.txt").read_text()
        codes = [line.split(" ")[0] for line in text.splitlines()]  # "CODE GRADE" a line
        assert all(GameCode.parse(c).kind == kind for c in codes)
        # the heads' lists are long; a relative's holds what its batch has won so far (the
        # page says so when a list is empty: "winnable_missing")
        assert codes or not kind_of(kind).daily


def test_a_position_of_a_game_that_redeals_shows_redeal():
    """Forty and Eight loaded from its position text (no code) still shows its Redeal."""
    g = game.from_position(game.new("FT1-H-AAAAAAB").position())
    assert g.code is None and "redeal" in controls(g).split()
    assert "redeal" not in controls(game.new("FT1-N-AAAAAAB")).split()


def test_a_column_dealt_face_up_and_face_down_in_turn_shows_every_other_card():
    """Rows dealt in turn (Interchange's rule; no game offers it yet, docs/RULES.md): under a
    column's top card a face-up card lies between two face-down ones; it is drawn and named,
    and the face-down ones are counted, never named."""
    from game.forty_thieves import rules_class
    from game.rules import FortyRules

    rules = FortyRules(7, down=3, up=4, interleaved=True)
    g = rules_class(rules).deal(GameCode.parse("FT1-N-AAAAAAB"))
    markup = board.render(g, board.layout_for(g, 1.0), board.View(), WORDS)
    column = markup[markup.index('data-place="t1"') : markup.index('data-place="t2"')]
    drawn = re.findall(r'class="card back face-down|data-(?:card|under)="(\w\w)"', column)
    shown = [str(c) for c in g.face_up("t1")]
    assert drawn == [shown[0], "", shown[1], "", shown[2], "", shown[3]]
    assert column.count("data-card=") == 1  # only the top one moves: a tap asks for it alone
    label = re.search(r'aria-label="([^"]+)"', column)[1]
    assert "3 cards face down" in label and all(WORDS.card(c) in label for c in g.face_up("t1"))
