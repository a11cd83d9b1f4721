"""The game picker (issue 47): the toolbar's button names the game on the table and opens the
list: favourites, the games played lately, every game by family and by what it changes; a
search by name; by pointer, by keyboard (both reading directions) and on a phone."""

from __future__ import annotations

import json
import re

from harness import ROOT, SHOTS
from pages import load_code, picked
from playwright.sync_api import Page, expect

from game.kinds import REGISTRY
from game.ui.address.links import replay_hash
from game.ui.records.picks import KEY

BUTTON = "header [data-action=game]"
HEADINGS = "#picker-list h3, #picker-list h4"
FAMILY_GROUPS = [
    "Crescent",
    "Forty Thieves family",
    "Built down by suit",
    "Built down in alternate colours",
    "Built down on any other suit",
    "Built down regardless of suit",
    "Built up or down in alternate colours",
]


def open_picker(page: Page) -> None:
    page.locator(BUTTON).click()
    expect(page.locator("#picker-dialog")).to_be_visible()


def forget_picks(page: Page) -> None:
    page.evaluate("k => localStorage.removeItem(k)", KEY)


def listed(page: Page) -> list[str]:
    """The games in the list, top to bottom (a game in two groups twice)."""
    return page.locator("#picker-list [data-pick]").evaluate_all(
        "bs => bs.map(b => b.dataset.pick)"
    )


def test_every_game_is_listed_once_by_family_and_the_one_on_the_table_is_marked(board):
    forget_picks(board)
    load_code(board, "FT1-W-AAAAAAB")
    expect(board.locator(BUTTON)).to_have_text("Waning Moon")
    expect(board.locator(BUTTON)).to_have_accessible_name("Game: Waning Moon")
    open_picker(board)
    # the game on the table has the list's tab stop and the focus, and is marked current
    current = board.locator("#picker-list [aria-current=true]")
    expect(current).to_have_count(2)  # played lately, and in its group
    current = current.first
    expect(current).to_be_focused()
    expect(current).to_have_attribute("data-pick", "FT1-W")
    expect(current).to_have_accessible_name("Waning Moon 13 columns of 4")
    headings = board.locator(HEADINGS).all_inner_texts()
    assert headings == ["Played lately", *FAMILY_GROUPS]
    games = listed(board)
    assert games[0] == "FT1-W"  # played lately: the game on the table
    assert sorted(games[1:]) == sorted(k.code for k in REGISTRY)  # then each game once
    assert games[1:5] == ["CR1-N", "CR1-F", "CR1-D", "CR1-O"]
    colours = ".pick-group:has(> h4:text-is('Built down in alternate colours')) [data-pick]"
    colour = board.locator(colours)
    assert colour.evaluate_all("bs => bs.map(b => b.dataset.pick)") == [
        "FT1-S", "FT1-M", "FT1-T", "FT1-R", "FT1-E", "FT2-T", "FT2-R", "FT2-Z", "FT2-B",
    ]  # fmt: skip
    expect(board.locator("#picker-list [data-pick='FT1-T'] .pick-notes")).to_have_text(
        "10 columns of 4, 2 face down · runs move as one"
    )
    expect(board.locator("#picker-list [data-pick='CR1-O'] .pick-notes").last).to_have_text(
        "3 redeals · every card in view"
    )
    board.keyboard.press("Escape")
    expect(board.locator("#picker-dialog")).to_be_hidden()
    expect(board.locator(BUTTON)).to_be_focused()  # the focus back where it was
    expect(board.locator("#board")).to_have_attribute("data-code", "FT1-W-AAAAAAB")


def test_a_search_by_name_then_enter_deals_the_first_game_found(board):
    forget_picks(board)
    load_code(board, "CR1-N-AAAAAAB")
    open_picker(board)
    search = board.locator("#picker-search")
    search.fill("napoleons")  # no apostrophe: found all the same
    assert listed(board) == ["FT1-Q", "FT1-G", "FT1-X", "FT1-Z"]
    expect(board.locator("#picker-status")).to_have_text("4 games")
    search.fill("nap shoul")  # every word, anywhere in the name
    assert listed(board) == ["FT1-Z"]
    expect(board.locator("#picker-status")).to_have_text("1 game")
    search.fill("zzz")
    assert listed(board) == []
    expect(board.locator(".picker-none")).to_have_text("No game matches “zzz”.")
    search.fill("LUCAS")
    search.press("Enter")
    expect(board.locator("#picker-dialog")).to_be_hidden()
    expect(board.locator("#board")).to_have_attribute("data-code", re.compile("^FT1-U-"))
    assert picked(board) == "FT1-U"
    expect(board.locator(BUTTON)).to_have_text("Lucas")
    open_picker(board)  # played lately: Lucas, then Crescent
    assert listed(board)[:2] == ["FT1-U", "CR1-N"]
    board.keyboard.press("Escape")


def test_favourites_come_first_and_are_kept(board):
    forget_picks(board)
    load_code(board, "CR1-N-AAAAAAB")
    open_picker(board)
    star = board.locator("#picker-list [data-star='FT1-I']")
    expect(star).to_have_accessible_name("Favourite: Indian")
    expect(star).to_have_attribute("aria-pressed", "false")
    star.click()
    expect(board.locator(HEADINGS).first).to_have_text("Favourites")
    assert listed(board)[:2] == ["FT1-I", "CR1-N"]  # the favourite, then played lately
    expect(board.locator("#picker-list [data-star='FT1-I']").first).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(board.locator("#picker-list [data-star='FT1-I']").last).to_be_focused()
    stored = board.evaluate("k => JSON.parse(localStorage.getItem(k))", KEY)
    assert stored == {"favourites": ["FT1-I"], "recent": ["CR1-N"]}
    board.keyboard.press("Escape")
    open_picker(board)  # written anew as it opens: from the store
    assert listed(board)[0] == "FT1-I"
    board.locator("#picker-list [data-star='FT1-I']").first.click()  # no longer
    expect(board.locator(HEADINGS).first).to_have_text("Played lately")
    board.keyboard.press("Escape")
    forget_picks(board)


def test_a_replay_watched_keeps_the_picker_and_is_not_played_lately(board):
    forget_picks(board)
    load_code(board, "CR1-N-AAAAAAB")
    example = json.loads((ROOT / "static/data/examples.json").read_text())["FT1-N"]
    link = replay_hash(example["code"], example["line"].split()[:3])
    board.evaluate("h => { location.hash = h; }", link)
    expect(board.locator("#replay-bar")).to_be_visible()
    expect(board.locator(BUTTON)).to_be_visible()  # the game can be changed during a replay
    expect(board.locator(BUTTON)).to_have_text("Forty Thieves")  # it names the game shown
    stored = board.evaluate("k => JSON.parse(localStorage.getItem(k))", KEY)
    assert stored == {"favourites": [], "recent": ["CR1-N"]}  # watched, not played
    board.locator("[data-action=replay-close]").click()
    expect(board.locator("#replay-bar")).to_be_hidden()
    forget_picks(board)


def test_by_keyboard_arrows_star_typing_and_enter(board):
    forget_picks(board)
    load_code(board, "CR1-N-AAAAAAB")
    board.locator(BUTTON).focus()
    board.keyboard.press("Enter")
    focused = "document.activeElement"
    expect(board.locator("#picker-list [data-pick='CR1-N']").first).to_be_focused()
    board.keyboard.press("ArrowDown")  # from played lately into the family's list
    assert board.evaluate(f"{focused}.dataset.pick") == "CR1-N"
    board.keyboard.press("ArrowDown")
    assert board.evaluate(f"{focused}.dataset.pick") == "CR1-F"
    board.keyboard.press("ArrowRight")  # its star
    assert board.evaluate(f"{focused}.dataset.star") == "CR1-F"
    board.keyboard.press("Enter")  # pressed: a favourite, the focus on its star still
    assert board.evaluate(f"{focused}.dataset.star") == "CR1-F"
    assert board.evaluate(f"{focused}.getAttribute('aria-pressed')") == "true"
    assert board.evaluate(f"{focused}.tabIndex") == 0  # the list's one tab stop follows
    board.keyboard.press("ArrowLeft")
    assert board.evaluate(f"{focused}.dataset.pick") == "CR1-F"
    board.keyboard.press("Home")
    board.keyboard.press("ArrowUp")  # above the first game: the search
    expect(board.locator("#picker-search")).to_be_focused()
    board.keyboard.press("ArrowDown")
    assert board.evaluate(f"{focused}.dataset.pick") == "CR1-F"  # the favourite, first
    board.keyboard.type("mar")  # typing goes to the search
    expect(board.locator("#picker-search")).to_have_value("mar")
    assert listed(board) == ["FT1-M"]
    board.keyboard.press("ArrowDown")
    board.keyboard.press("Enter")
    expect(board.locator("#board")).to_have_attribute("data-code", re.compile("^FT1-M-"))
    expect(board.locator(BUTTON)).to_be_focused()
    forget_picks(board)


def test_on_a_phone_in_arabic_the_list_fits_and_the_arrows_follow_the_reading(fresh):
    page = fresh("#FT1-P-AAAAAAB", query="?test=1&lang=ar", viewport={"width": 390, "height": 844})
    open_picker(page)
    dialog = page.locator("#picker-dialog").bounding_box()
    assert dialog and dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= 390
    assert dialog["y"] + dialog["height"] <= 844
    overflow = page.evaluate(
        "() => { const l = document.querySelector('#picker-list');"
        " return l.scrollWidth - l.clientWidth; }"
    )
    assert overflow <= 0  # no row wider than the phone
    rows = page.locator("#picker-list .pick").first.bounding_box()
    star = page.locator("#picker-list .star").first.bounding_box()
    assert rows and star and star["x"] + star["width"] <= rows["x"] + 1  # the star on the left
    assert star["height"] >= 44 and star["width"] >= 44  # a finger's target
    expect(page.locator("#picker-search")).to_have_attribute("placeholder", re.compile(r"\S"))
    page.screenshot(path=str(SHOTS / "picker-phone-ar.png"))
    page.keyboard.press("ArrowLeft")  # right to left: the star is to the left
    assert page.evaluate("document.activeElement.dataset.star") == "FT1-P"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.pick") == "FT1-P"
