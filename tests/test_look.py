"""The look (issue 14) on CPython: the card art's standard pips, its cost, the themes'
contrast, the settings that choose them, the board's regions and the game's sounds."""

import gzip
import re
from collections import Counter
from pathlib import Path

import pytest

import game
from game.ui import board, names
from game.ui.games import crescent as cr_board
from game.ui.games import faces
from game.ui.input.controller import Outcome
from game.ui.records.settings import THEMES, Settings
from game.ui.records.storage import read_settings
from game.ui.sound import SOUNDS, longest
from game.ui.table import Table
from game.ui.text.messages import Messages
from tests.helpers import build, one_move_from_won

ROOT = Path(__file__).resolve().parent.parent
WORDS = Messages.load()
L, M, R = faces.LEFT, faces.MID, faces.RIGHT


# --- the card faces ------------------------------------------------------------------------------
# rank -> pips per column (left, middle, right): the standard French-suited arrangement
STANDARD = {
    2: (0, 2, 0),
    3: (0, 3, 0),
    4: (2, 0, 2),
    5: (2, 1, 2),
    6: (3, 0, 3),
    7: (3, 1, 3),
    8: (3, 2, 3),
    9: (4, 1, 4),
    10: (4, 2, 4),
}


@pytest.mark.parametrize("rank", range(2, 11))
def test_pip_counts_and_columns_are_the_standard_ones(rank):
    pips = faces.PIPS[rank]
    assert len(pips) == rank
    columns = Counter(x for x, _ in pips)
    assert (columns[L], columns[M], columns[R]) == STANDARD[rank]
    side = sorted(y for x, y in pips if x == L)
    assert side == sorted(y for x, y in pips if x == R)  # the side columns mirror each other
    if side:  # rows evenly spaced from the top row to the bottom row
        assert side[0] == faces.TOP and side[-1] == faces.BOTTOM
        steps = {round(b - a, 6) for a, b in zip(side, side[1:])}
        assert len(steps) == 1


def test_middle_pips_sit_where_the_standard_deck_has_them():
    middle = {r: sorted(y for x, y in faces.PIPS[r] if x == M) for r in range(2, 11)}
    top, centre, bottom = faces.TOP, faces.CENTRE, faces.BOTTOM
    assert middle[2] == [top, bottom] and middle[3] == [top, centre, bottom]
    assert middle[5] == [centre] and middle[9] == [centre]
    assert middle[7] == [(top + centre) / 2]  # one pip, in the upper half
    assert middle[8] == [(top + centre) / 2, (centre + bottom) / 2]
    rows = sorted({y for x, y in faces.PIPS[10] if x == L})
    assert middle[10] == [(rows[0] + rows[1]) / 2, (rows[2] + rows[3]) / 2]  # between rows
    for rank in range(2, 11):  # all but the 7 are symmetric top to bottom
        ys = sorted(round(y, 6) for _, y in faces.PIPS[rank])
        mirrored = sorted(round(top + bottom - y, 6) for y in ys)
        assert (ys == mirrored) == (rank != 7), rank


def boxes_touch(a, b) -> bool:
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a, b
    return ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1


def index_boxes(index: faces.Index):
    """The corner index's rank and suit (the rank as wide as "Q" or the condensed "10",
    from its cap height to the tail of a "Q"), and the same turned into the opposite corner."""
    half = index.ten_width / 2 + 0.5
    top, tail = index.rank_y - 0.75 * index.rank_size, index.rank_y + 0.18 * index.rank_size
    rank = (index.x - half, top, index.x + half, tail)
    s = index.suit_size / 2
    suit = (index.x - s, index.suit_y, index.x + s, index.suit_y + index.suit_size)
    turn = lambda b: (100 - b[2], 140 - b[3], 100 - b[0], 140 - b[1])  # noqa: E731
    return [rank, suit, turn(rank), turn(suit)]


def test_no_pip_touches_another_or_a_corner_index():
    h = faces.PIP / 2
    corners = index_boxes(faces.INDEX["normal"])
    for rank in range(2, 11):
        pips = [(x - h, y - h, x + h, y + h) for x, y in faces.PIPS[rank]]
        for k, a in enumerate(pips):
            assert not any(boxes_touch(a, b) for b in pips[k + 1 :]), rank
            assert not any(boxes_touch(a, c) for c in corners), rank
    x, y, w, hh = faces.FRAME  # the court figures' frame is clear of the index too
    assert not any(boxes_touch((x, y, x + w, y + hh), c) for c in corners)
    rank, suit = index_boxes(faces.INDEX["normal"])[:2]
    assert suit[1] >= faces.INDEX["normal"].rank_y  # stacked: the suit under the baseline


def test_a_large_index_leaves_room_for_the_smaller_body():
    large = faces.INDEX["large"]
    bx, by, bw, bh = large.body
    assert bw / bh == pytest.approx(faces.CARD_W / faces.CARD_H)
    rank, suit = index_boxes(large)[:2]
    assert suit[1] >= large.rank_y  # stacked
    assert not any(boxes_touch(b, (bx, by, bx + bw, by + bh)) for b in (rank, suit))
    assert large.rank_size > faces.INDEX["normal"].rank_size * 1.3
    assert large.height > faces.INDEX["normal"].height


def test_the_sprite_defines_each_sign_and_figure_once_and_every_card():
    art = faces.SPRITE
    for suit in "SHDC":
        assert art.count(f'id="s-{suit}"') == 1
    for letter in "JQK":
        assert art.count(f'id="fig-{letter}"') == 1
        assert art.count(f'href="#fig-{letter}"') == 4  # one per suit
    ids = re.findall(r'<symbol id="b-(\w+)"', art)
    assert len(ids) == len(set(ids)) == 52
    assert art.count('id="card-back"') == 1
    assert "<use " in art and "<path" in art


def test_the_card_art_costs_little():
    """The art is the module that draws it (the page builds the sprite from it)."""
    source = (ROOT / "game" / "ui" / "games" / "faces.py").read_bytes()
    assert len(gzip.compress(source, 9)) <= 60_000
    assert len(gzip.compress(faces.SPRITE.encode(), 9)) <= 60_000


def test_cards_use_the_sprite_and_show_the_index_in_the_chosen_size():
    card = game.cards.Card.parse("TD")
    normal = board.card_markup(card, 0, 0)
    assert 'href="#b-10D"' in normal and 'font-size="34"' in normal and "suit-D" in normal
    assert 'textLength="26"' in normal  # "10" condensed: clear of the pips
    large = board.card_markup(card, 0, 0, index="large")
    assert 'font-size="48"' in large and 'x="36" y="56" width="60" height="84"' in large


# --- settings ------------------------------------------------------------------------------------
def test_look_settings_default_off_and_theme_follows_the_system():
    s = Settings()
    assert not (s.four_colour or s.large_index or s.sound) and s.theme == "auto"
    assert s.index == "normal" and Settings(large_index=True).index == "large"
    assert Settings(theme="purple").theme == "auto"  # not a known theme: the default
    assert s.changed("theme", "dark").theme == "dark"
    assert s.changed("sound", True).sound is True
    assert set(THEMES) == {"auto", "green", "blue", "red", "dark"}


def test_stored_look_settings_are_read_strictly():
    defaults = Settings().values()
    good = '{"theme": "blue", "four_colour": true, "large_index": true, "sound": true}'
    assert Settings(**read_settings(good, defaults)) == Settings(
        theme="blue", four_colour=True, large_index=True, sound=True
    )
    for bad in ('{"theme": 5}', '{"theme": "x"}', '{"theme": true}', '{"sound": "yes"}'):
        assert Settings(**read_settings(bad, defaults)) == Settings()
    assert Settings(**read_settings('{"theme": "' + "d" * 50 + '"}', defaults)) == Settings()


# --- contrast (WCAG 2) ---------------------------------------------------------------------------
def luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    channels = [int(h[k : k + 2], 16) / 255 for k in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def themes() -> dict[str, dict[str, str]]:
    """Each theme's colours, read from the stylesheet: the green defaults, then each theme's
    own block over them (the dark block and the automatic one must agree)."""
    css = (ROOT / "static" / "app.css").read_text()
    css = css[css.index("/* ---- The look (issue 14)") :]
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"@media[^{]*\{", "", css)  # the automatic dark theme's block, unwrapped
    blocks = re.findall(r"([^{}]+)\{([^{}]*)\}", css)

    def props(body: str) -> dict[str, str]:
        return dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{6})", body))

    found = {sel.strip(): props(body) for sel, body in blocks if "--felt" in body}
    base = found["body, body[data-theme=green]"]
    out = {"green": base}
    for name in ("blue", "red", "dark"):
        out[name] = {**base, **found[f"body[data-theme={name}]"]}
    assert {**base, **found["body[data-theme=auto]"]} == out["dark"]
    return out


THEME_COLOURS = themes()
INKS = ("--ink-black", "--ink-red", "--ink-blue", "--ink-green")


@pytest.mark.parametrize("theme", sorted(THEME_COLOURS))
def test_every_text_and_index_meets_wcag_aa(theme):
    c = THEME_COLOURS[theme]
    for ink in INKS:  # corner indices on the card face, in both decks' colours
        assert contrast(c[ink], c["--face"]) >= 4.5, (theme, ink)
    for ground in ("--bar", "--felt", "--felt-hi"):  # toolbar words, captions, region names
        assert contrast(c["--text"], c[ground]) >= 4.5, (theme, ground)
    assert contrast(c["--button-text"], c["--button"]) >= 4.5
    assert contrast("#ffffff", "#0b2550") >= 4.5  # the stock's count on its badge


def test_the_four_colour_deck_has_four_distinct_colours():
    for c in THEME_COLOURS.values():
        assert len({c[ink] for ink in INKS}) == 4


# --- the table reads at a glance ---------------------------------------------------------------
def test_forty_thieves_names_its_regions_and_sets_the_waste_apart():
    g = game.new("FT1-N-AAAAAAB")
    lay = board.layout_for(g, 1.0)
    markup = board.render(g, lay, board.View(), WORDS)
    for key in ("region_foundations", "region_waste", "region_stock"):
        assert f">{WORDS.text(key)}</text>" in markup
    assert 'href="#card-back"' in markup and ">64</text>" in markup
    f8, waste = lay.slots["f8"], lay.slots["waste"]
    between = waste.x - (f8.x + board.CARD_W)
    assert between > 3 * (lay.slots["f2"].x - lay.slots["f1"].x - board.CARD_W)


def test_an_empty_stock_says_so():
    g = build("FT1 score=0 moves=0", {"stock": ""}, ["waste"] + [f"t{i}" for i in range(1, 11)])
    markup = board.render(g, board.layout_for(g, 1.0), board.View(), WORDS)
    stock = markup[markup.index('data-place="stock"') :]
    assert f">{WORDS.text('stock_empty')}</text>" in stock[: stock.index("</g>")]


def test_an_empty_foundation_shows_the_rank_it_starts_from_where_that_is_not_the_ace():
    for code, ranks in (("FT1-V-AAAAAAB", ["2"] * 8), ("FT1-N-AAAAAAB", [])):  # Pluto; Aces
        g = game.new(code)
        markup = board.render(g, board.layout_for(g, 1.0), board.View(), WORDS)
        assert re.findall(r'<text class="ghost-rank"[^>]*>([^<]*)</text>', markup) == ranks
        assert markup.count('class="ghost"') == 8  # each with its suit
    pluto, forty = game.new("FT1-V-AAAAAAB"), game.new("FT1-N-AAAAAAB")
    said = "Foundation 1, spades: empty, it starts with the two of spades"
    assert names.place_label(pluto, "f1", WORDS) == said  # and to a screen reader
    assert names.place_label(forty, "f1", WORDS) == "Foundation 1, spades: empty"


def test_crescent_marks_its_rows_and_an_emptied_pile_looks_gone():
    g = one_move_from_won()
    markup = board.render(g, cr_board.crescent_layout(), board.View(), WORDS)
    assert WORDS.text("row_aces") in markup and WORDS.text("row_kings") in markup
    assert 'class="place empty gone" data-place="t2"' in markup


def test_the_card_under_the_top_one_is_drawn_for_a_drag_to_uncover():
    g = game.new("CR1-N-AAAAAAB")
    markup = board.render(g, cr_board.crescent_layout(), board.View(), WORDS)
    pile = markup[markup.index('data-place="t1"') :]
    pile = pile[: pile.index("data-place=", 20)]
    under, top = g.cards("t1")[-2], g.cards("t1")[-1]
    assert pile.index(f'data-under="{under}"') < pile.index(f'data-card="{top}"')
    assert pile.count("data-card=") == 1  # the hook still names the top card only


# --- sound ---------------------------------------------------------------------------------------
def test_every_sound_is_short_and_soft():
    assert set(SOUNDS) == {"move", "draw", "refuse", "redeal", "win"}
    assert longest() < 1.0
    for tones in SOUNDS.values():
        for freq, start, length, wave, peak in tones:
            assert 100 <= freq <= 2000 and start >= 0 and 0 < length <= 0.6
            assert wave in ("sine", "square", "triangle", "sawtooth") and 0 < peak <= 0.3


def test_each_outcome_has_its_sound():
    t = Table(game.new("FT1-N-AAAAAAB"), Settings(), WORDS)
    assert t.input(t.controller.tap("t7", 0), 0, 1.0, t.origins()).sound == "move"
    assert t.input(t.controller.user_move("stock", "waste"), 0, 1.0, t.origins()).sound == "draw"
    refused = Outcome("refused", reason="same_suit")
    assert t.input(refused, 0, 1.0, t.origins()).sound == "refuse"
    assert t.input(Outcome("selected", place="t1"), 0, 1.0, {}).sound is None
    cr = Table(game.new("CR1-N-AAAAAAB"), Settings(), WORDS)
    assert cr.redeal(0).sound == "redeal"
    won = Table(one_move_from_won(), Settings(), WORDS)
    assert won.input(won.controller.tap("t1", 0), 0, 1.0, won.origins()).sound == "win"
