"""The family on the page: every game from its link with its own layout, runs moved by drag,
tap and keyboard, face-down cards turned up, and a solver verdict for each game."""

from __future__ import annotations

import re

import pytest
from pages import (
    attached,
    cards_of,
    close_settings,
    drag,
    load_code,
    load_position,
    open_settings,
    picked,
    resize,
    tap,
)
from playwright.sync_api import Page, expect

import game
from game.codes import KINDS
from game.forty_thieves import FAMILY
from game.kinds import REGISTRY
from game.ui.board import PEEK
from tests.helpers import build

FILL = ["stock", "t4", "t5", "t6", "t7", "t8", "t9", "t10"]  # no empty column: one destination
# a run of three on t1 over a King, built as the game builds, and the one place that takes it
RUNS = {
    "FT1-J": {"t1": "KD 9S 8S 7S", "t2": "TS", "t3": "TH"},
    "FT1-Q": {"t1": "KD 9S 8S 7S", "t2": "TS", "t3": "TH"},
    "FT1-T": {"t1": "KC 9S 8H 7S", "t2": "TH", "t3": "TS"},
    "FT1-R": {"t1": "KC 9S 8H 7S", "t2": "TH", "t3": "TS"},
}
FACE_DOWN = ["FT1-T", "FT1-R", "FT1-E", "FT1-I"]
PLACES = "() => [...document.querySelectorAll('[data-place]')].map(e => e.dataset.place)"
BOXES = """() => [...document.querySelectorAll('[data-place]')].map(e => {
    const r = e.getBoundingClientRect(); return [e.dataset.place, r.left, r.right, r.top]; })"""


def columns_of(kind: str) -> int:
    return FAMILY[kind].columns if kind in FAMILY else 16


def open_link(page: Page, code: str) -> None:
    """A link to ``code``, as a player follows one: the address's hash."""
    page.evaluate(f"location.hash = {code!r}")
    expect(page.locator("#board")).to_have_attribute("data-code", code)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_every_game_opens_from_its_link_with_its_own_layout_on_screen(board, size):
    resize(board, *size)
    try:
        for kind in KINDS:
            check_layout(board, kind, size[0])
    finally:
        resize(board, 1280, 800)


def check_layout(page: Page, kind: str, width: int) -> None:
    """The deal of ``kind`` from its link: its columns, its cards face down and face up (only
    the face-up ones named), every place inside the window."""
    code = f"{kind}-AAAAAAB"
    open_link(page, code)
    assert picked(page) == kind
    columns = [p for p in page.evaluate(PLACES) if p.startswith("t")]
    assert len(columns) == columns_of(kind), kind
    t1 = page.locator('[data-place="t1"]')
    g = game.new(code)
    if kind in FAMILY:
        rules = FAMILY[kind]
        expect(t1.locator(".face-down")).to_have_count(rules.down)
        expect(t1.locator("[data-card]")).to_have_count(rules.up)
    elif kind == "CR1-O":  # every card of a pile shows
        expect(t1.locator("[data-card]")).to_have_count(6)
    else:
        expect(t1.locator(".face-down")).to_have_count(min(g.face_down("t1"), PEEK))
    if g.face_down("t1") < len(g.cards("t1")):  # (Blind Patience's: none face up, none named)
        assert cards_of(page, "t1")[-1] == str(g.cards("t1")[-1])
    for place, left, right, top in page.evaluate(BOXES):
        assert left >= 0 and right <= width and top >= 0, (kind, place, left, right)


def with_a_run(page: Page, kind: str = "FT1-J") -> list[str]:
    """A position of ``kind`` with a run of three on t1 that one place takes (t2); the cards
    t2 ends with once the run is there."""
    fill = ["stock"] + [f"t{k}" for k in range(4, columns_of(kind) + 1)]  # none left empty
    g = build(f"{kind} score=0 moves=0", RUNS[kind], fill)
    load_position(page, g.position())
    return [RUNS[kind]["t2"], *RUNS[kind]["t1"].split()[1:]]


def run_card(page: Page, place: str, card: str) -> tuple[float, float]:
    """A point on the visible part of ``card`` inside a fanned column (its corner)."""
    box = page.locator(f'[data-place="{place}"] [data-card="{card}"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + 6


@pytest.mark.parametrize("kind", list(RUNS))
def test_a_run_moves_by_drag_from_a_card_inside_it(board, kind):
    ends = with_a_run(board, kind)
    x0, y0 = run_card(board, "t1", ends[1])
    box = board.locator('[data-place="t2"] [data-card]').last.bounding_box()
    page_mouse = board.mouse
    page_mouse.move(x0, y0)
    page_mouse.down()
    page_mouse.move(x0 + 12, y0 + 12, steps=2)
    expect(board.locator("svg .dragging.run [data-card]")).to_have_count(3)  # lifted together
    expect(board.locator('[data-place="t2"]')).to_have_class(re.compile(r"\btarget\b"))
    page_mouse.move(box["x"] + box["width"] / 2, box["y"] + 20, steps=8)
    page_mouse.up()
    expect(board.locator('[data-place="t2"] [data-card]')).to_have_count(4)
    assert cards_of(board, "t2") == ends
    assert cards_of(board, "t1") == [RUNS[kind]["t1"].split()[0]]
    assert board.evaluate("window.solitairePosition()").count(" ".join(ends[1:])) == 1


@pytest.mark.parametrize("kind", list(RUNS))
def test_a_tap_on_a_card_inside_a_run_moves_the_run_from_it(board, kind):
    ends = with_a_run(board, kind)
    second = RUNS[kind]["t1"].split()[2]
    x, y = run_card(board, "t1", second)  # the run from its second card: no place takes it
    board.mouse.click(x, y)
    name = game.Card.parse(second).name()
    expect(board.locator("#announce")).to_contain_text(
        f"No place accepts the {name}, with 1 card on it"
    )
    x, y = run_card(board, "t1", ends[1])  # the whole run: one place takes it
    board.mouse.click(x, y)
    expect(board.locator('[data-place="t2"] [data-card]')).to_have_count(4)
    assert cards_of(board, "t2") == ends
    board.click("[data-action=undo]")
    expect(board.locator('[data-place="t1"] [data-card]')).to_have_count(4)


@pytest.mark.parametrize("kind", list(RUNS))
def test_the_keyboard_picks_a_card_inside_a_column_says_it_and_moves_the_run(board, kind):
    ends = with_a_run(board, kind)
    # said on its own, as a sentence: "Queen of spades, with 1 card on it"
    base, second = (game.Card.parse(c).name().capitalize() for c in ends[1:3])
    board.locator('[data-place="t1"]').focus()
    board.keyboard.press("ArrowUp")
    expect(board.locator("#announce")).to_have_text(f"{second}, with 1 card on it")
    board.keyboard.press("ArrowUp")
    expect(board.locator("#announce")).to_have_text(f"{base}, with 2 cards on it")
    expect(board.locator('[data-place="t1"] .picked')).to_have_count(3)
    board.keyboard.press("ArrowUp")  # past the run: focus goes on up, as an arrow always does
    assert board.evaluate("document.activeElement.closest('[data-place]').dataset.place") != "t1"
    board.locator('[data-place="t1"]').focus()
    for _ in range(2):
        board.keyboard.press("ArrowUp")
    board.keyboard.press("ArrowDown")  # back one: the run's top two
    expect(board.locator('[data-place="t1"] .picked')).to_have_count(2)
    board.keyboard.press("ArrowUp")
    board.keyboard.press("Enter")
    expect(board.locator('[data-place="t2"] [data-card]')).to_have_count(4)
    assert cards_of(board, "t2") == ends
    expect(board.locator("#announce")).to_contain_text(base)


@pytest.mark.parametrize("kind", FACE_DOWN)
def test_a_face_down_card_turns_up_when_the_card_on_it_leaves(board, kind):
    g = build(f"{kind} score=0 moves=0", {"t1": "5C AS", "t2": "KH"}, FILL)
    load_position(board, g.position().replace("t1: 5C AS", "t1: 5C | AS"))
    t1 = board.locator('[data-place="t1"]')
    expect(t1.locator(".face-down")).to_have_count(1)
    assert cards_of(board, "t1") == ["AS"]  # the face-down card is not named in the page
    assert "five of clubs" not in (t1.get_attribute("aria-label") or "")
    t1.locator("[data-card]").click()  # the ace goes home
    expect(t1.locator(".face-down")).to_have_count(0)
    assert cards_of(board, "t1") == ["5C"]
    expect(t1).to_have_attribute("aria-label", re.compile("five of clubs"))


def test_a_column_emptied_in_corona_takes_the_wastes_card_and_it_is_said(board):
    """The fill is the engine's (part of the move): the page shows the waste's card flying
    into the emptied column and says so; Undo takes both back."""
    others = ["stock", "t4", "t5", "t6", "t7", "t8", "t9", "t10", "t11", "t12"]
    g = build(
        "FT2-C score=0 moves=0", {"t1": "AS", "t2": "KH", "t3": "QH", "waste": "7D 9C"}, others
    )
    load_position(board, g.position())
    board.locator('[data-place="t1"] [data-card]').click()  # the Ace goes home: t1 empties
    expect(board.locator("#announce")).to_contain_text(
        "Column 1 filled from the waste: nine of clubs"
    )
    assert cards_of(board, "t1") == ["9C"] and cards_of(board, "waste")[-1] == "7D"
    board.click("[data-action=undo]")
    expect(board.locator('[data-place="t1"]')).to_have_attribute(
        "aria-label", re.compile("ace of spades")
    )
    assert cards_of(board, "waste")[-1] == "9C"


def test_a_face_down_crescent_pile_turns_its_next_card_up(board):
    """(The queen of spades home turns up the card under it.)"""
    load_code(board, "CR1-D-AAAAAAB")
    expect(board.locator('[data-place="t6"] .face-down')).to_have_count(5)
    board.locator('[data-place="t6"] [data-card]').click()
    expect(board.locator('[data-place="t6"] .face-down')).to_have_count(4)
    after = game.new("CR1-D-AAAAAAB")
    after.play("t6", "f5")
    assert cards_of(board, "t6") == [str(after.cards("t6")[-1])]


# a game of each engine and of each rule the search treats apart: Crescent (the first check
# loads the solver), its face-down cards, Forty Thieves, free cells, cards home during the
# deal, the Kings' own foundation, cards only the player turns up. Every game's check runs in
# the worker's own code in tests/test_solver_worker.py: here, that code under Pyodide.
CHECKED = ("CR1-N", "CR1-D", "FT1-N", "FT2-A", "FT2-S", "FT2-F", "FT2-B")


def test_the_check_gives_a_verdict_in_a_game_of_each_engine(board):
    """ "Can this deal be won?" says yes on a deal the page's search wins fast."""
    for kind in (k for k in REGISTRY if k.code in CHECKED):
        load_code(board, kind.quick_win)  # (a new deal closes Settings)
        board.evaluate("document.body.removeAttribute('data-verdict')")
        open_settings(board)
        board.click("[data-action=check]")
        attached(board, "body[data-verdict=winnable]", 60_000)
        status = board.locator("#solver-status").inner_text()
        assert status.startswith("Yes"), (kind.code, status)
    close_settings(board)


def test_hint_names_the_redeal_where_a_second_pass_is_the_way_on(board):
    """Forty and Eight with its stock played out: the search reads the rules, so Hint points
    at Redeal (the button), and Redeal turns the waste over into the stock."""
    g = game.new("FT1-H-AAAAAFP")
    while g.cards("stock"):
        g.play("stock", "waste")
    g.play("t7", "f3")  # the one card that goes home first
    load_position(board, g.position())
    expect(board.locator("[data-action=redeal]")).to_be_visible()
    board.click("[data-action=hint]")
    expect(board.locator("button.hint[data-action=redeal]")).to_be_visible(timeout=10_000)
    board.click("[data-action=redeal]")
    expect(board.locator('[data-place="stock"]')).to_contain_text("72")  # the whole waste
    expect(board.locator('[data-place="waste"] [data-card]')).to_have_count(0)


def test_a_card_goes_into_a_free_cell_by_taps_and_out_of_it_with_one(board):
    """Squadron: a column's card tapped, then an empty cell, goes into the cell (the cells
    are places like any other: the engine says what they take); a tap on a cell's card sends
    it to the column that takes it."""
    fill = ["stock"] + [f"t{k}" for k in range(3, 11)]
    g = build("FT2-A score=0 moves=0", {"t1": "KD QH", "t2": "KH", "c2": "JS"}, fill)
    load_position(board, g.position())
    board.locator('[data-place="t1"] [data-card="QH"]').click()  # several places take it
    board.locator('[data-place="c1"]').click()
    expect(board.locator('[data-place="c1"] [data-card="QH"]')).to_have_count(1)
    expect(board.locator("#announce")).to_contain_text("cell 1")
    expect(board.locator('[data-place="c1"]')).to_have_attribute(
        "aria-label", re.compile("Cell 1: queen of hearts")
    )
    g.play("t1", "c1")
    board.locator('[data-place="c1"] [data-card="QH"]').click()  # out, onto a King of hearts
    expect(board.locator('[data-place="c1"] [data-card]')).to_have_count(0)
    kings = [p for p in g.destinations("c1") if p.startswith("t")]
    assert any(cards_of(board, p)[-1:] == ["QH"] for p in kings)
    board.locator('[data-place="t1"] [data-card="KD"]').click()  # a cell refuses a second card
    board.locator('[data-place="c2"]').click()
    expect(board.locator("#announce")).to_contain_text("A cell holds one card.")
    board.keyboard.press("Escape")
    board.locator('[data-place="t1"]').focus()  # by keyboard: Enter on a column, on a cell
    board.keyboard.press("Enter")
    board.locator('[data-place="c1"]').focus()
    board.keyboard.press("Enter")
    expect(board.locator('[data-place="c1"] [data-card="KD"]')).to_have_count(1)


def test_a_king_goes_to_the_kings_foundation_by_tap_and_by_keyboard(board):
    """Floradora: a tap on the waste's King sends it to the Kings' foundation ``f9`` (it
    takes a King at any time); a card that is no King is refused there, in words; by
    keyboard, Enter on a column, then on ``f9``, sends its King."""
    fill = ["stock", "t3", "t4", "t5", "t6"]
    g = build("FT2-F score=0 moves=0", {"t1": "5D KH", "t2": "QC", "waste": "KS"}, fill)
    load_position(board, g.position())
    board.locator('[data-place="waste"] [data-card="KS"]').click()
    expect(board.locator('[data-place="f9"] [data-card="KS"]')).to_have_count(1)
    expect(board.locator("#announce")).to_contain_text("Kings' foundation")
    expect(board.locator('[data-place="f9"]')).to_have_attribute(
        "aria-label", re.compile("Foundation 9, Kings: king of spades on top, 1 card")
    )
    board.locator('[data-place="t2"]').focus()
    board.keyboard.press("Enter")
    board.locator('[data-place="f9"]').focus()
    board.keyboard.press("Enter")
    expect(board.locator("#announce")).to_contain_text("Only a King goes onto the Kings'")
    board.keyboard.press("Escape")
    board.locator('[data-place="t1"]').focus()
    board.keyboard.press("Enter")
    board.locator('[data-place="f9"]').focus()
    board.keyboard.press("Enter")
    expect(board.locator('[data-place="f9"]')).to_have_attribute(
        "aria-label", re.compile("king of hearts on top, 2 cards")
    )
    assert cards_of(board, "t1") == ["5D"]


def test_a_face_down_card_turns_up_by_tap_and_by_keyboard_and_takes_any_card(board):
    """Blind Patience: a tap on a column's face-down top card turns it up (the move
    ``t1-t1``), and so does Enter on a column; a card dragged onto a face-down top card
    stays there, and the label never names the card face down."""
    places = {"t1": "5D KH |", "t2": "QC |", "t3": "4C |", "t4": "9S", "waste": "2S"}
    fill = ["stock", "t5", "t6", "t7", "t8", "t9", "t10"]
    load_position(board, build("FT2-B score=0 moves=0", places, fill).position())
    tap(board, "t1")
    expect(board.locator('[data-place="t1"] [data-card="KH"]')).to_have_count(1)
    expect(board.locator("#announce")).to_contain_text("Turned up: king of hearts.")
    board.locator('[data-place="t2"]').focus()
    board.keyboard.press("Enter")
    expect(board.locator('[data-place="t2"] [data-card="QC"]')).to_have_count(1)
    t3 = board.locator('[data-place="t3"]')
    expect(t3).to_have_attribute("aria-label", re.compile("^Column 3: 1 card, all face down"))
    drag(board, "waste", "t3")
    expect(board.locator('[data-place="t3"] [data-card="2S"]')).to_have_count(1)
    assert board.locator('[data-place="t3"] .face-down').count() == 1
    expect(t3).to_have_attribute("aria-label", re.compile("1 card face down, two of spades"))
