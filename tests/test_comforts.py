"""The comforts (issue 34) on CPython: the Animation setting's pace, the left hand's board
(the Forty Thieves family's stock and waste at the left end, every place still inside the
board), calm mode, each remembered through storage as strictly as the other settings."""

import re

import pytest

import game
from game.codes import KINDS
from game.forty_thieves import FAMILY as FORTY
from game.ui import board
from game.ui.games.geometry import EDGE, RING
from game.ui.records.settings import CHOICES, PACES, Settings
from game.ui.records.storage import MemoryStore, Storage, read_settings
from game.ui.table import Table
from game.ui.text.messages import Messages

WORDS = Messages.load()
FAMILY = list(FORTY)
ASPECTS = (0.36, 0.56, 1.0, 1.76, 2.2)  # desktop, a phone on its side, square, upright


# --- the settings ------------------------------------------------------------------------------
def test_the_comforts_are_off_by_default_and_take_only_known_values():
    s = Settings()
    assert (s.animation, s.left_handed, s.calm) == ("normal", False, False)
    assert CHOICES["animation"] == ("normal", "fast", "off")
    assert Settings(animation="slow").animation == "normal"  # not a choice: the default
    assert s.changed("animation", "off").animation == "off"
    assert s.changed("left_handed", True).left_handed is True
    assert s.changed("calm", 1).calm is True  # a switch is a bool


def test_the_pace_halves_with_fast_and_is_nothing_when_off_or_when_the_system_asks():
    assert [Settings(animation=a).pace(False) for a in PACES] == [1.0, 0.5, 0.0]
    assert all(Settings(animation=a).pace(True) == 0.0 for a in PACES)  # reduced motion wins


def test_the_comforts_are_remembered_and_read_back_strictly():
    s = Storage(MemoryStore())
    chosen = Settings(animation="fast", left_handed=True, calm=True)
    assert s.save_settings(chosen.values())
    values, notice = s.load_settings(Settings().values())
    assert notice is None and Settings.of(values) == chosen
    defaults = Settings().values()
    for bad in (
        '{"animation": true}',
        '{"animation": 2}',
        '{"animation": "' + "f" * 30 + '"}',
        '{"left_handed": "yes"}',
        '{"calm": 1}',
        '{"left_handed": null}',
    ):
        assert Settings.of(read_settings(bad, defaults)) == Settings(), bad
    assert Settings.of(read_settings('{"animation": "warp"}', defaults)) == Settings()


# --- the left hand's board -----------------------------------------------------------------------
def deals(kind: str) -> list[game.Solitaire]:
    """A deal of ``kind``, and the same with its first column grown by 13 cards of the stock
    (the board then grows taller)."""
    g = game.new(f"{kind}-AAAAAAB")
    lines = g.position().splitlines()
    long = []
    for line in lines:
        if line.startswith("t1:"):
            stock = next(s for s in lines if s.startswith("stock:")).split()[1:]
            line += " " + " ".join(stock[:13])
        elif line.startswith("stock:"):
            line = "stock: " + " ".join(line.split()[14:])
        long.append(line)
    grown = game.from_position("\n".join(long))
    grown.code = g.code
    return [g, grown]


@pytest.mark.parametrize("kind", FAMILY)
@pytest.mark.parametrize("aspect", ASPECTS)
def test_the_left_hand_mirrors_the_stock_and_the_waste_and_keeps_the_rest(kind, aspect):
    """The stock at the left end, the waste beside it, the foundations at the right end still
    numbered from the left; the columns where they were; the same board size."""
    for g in deals(kind):
        index = board.index_for(g, aspect, "normal")
        right = board.layout_for(g, aspect, index)
        left = board.layout_for(g, aspect, index, left_handed=True)
        assert (left.width, left.height) == (right.width, right.height)
        slots = left.slots
        assert slots["stock"].x == 0 and slots["stock"].x < slots["waste"].x < slots["f1"].x
        assert slots["waste"].x + board.CARD_W <= slots["f1"].x
        assert slots["f8"].x + board.CARD_W == left.width
        assert [slots[f"f{k}"].x for k in range(1, 9)] == sorted(
            slots[f"f{k}"].x for k in range(1, 9)
        )
        # a mirror of the right hand's top row
        for place in ("stock", "waste"):
            assert slots[place].x == right.width - board.CARD_W - right.slots[place].x
        assert slots["f1"].x == right.width - board.CARD_W - right.slots["f8"].x
        for place, slot in right.slots.items():
            if place.startswith("t"):
                assert slots[place] == slot


@pytest.mark.parametrize("kind", FAMILY)
@pytest.mark.parametrize("aspect", ASPECTS)
@pytest.mark.parametrize("chosen", ["normal", "large"])
def test_the_left_hands_places_and_focus_rings_stay_inside_the_board(kind, aspect, chosen):
    """As tests/test_layout.py checks the right hand's: every place and its focus ring inside
    the view box, and no two places of the top row on top of each other."""
    for g in deals(kind):
        index = board.index_for(g, aspect, chosen)
        lay = board.layout_for(g, aspect, index, left_handed=True)
        vx, vy, vw, vh = map(float, lay.view_box.split())
        for place in lay.slots:
            x, y, w, h = board.place_rect(g, lay, place)
            assert x >= 0 and x + w <= lay.width + 0.01, place
            spare = min(
                x - RING - vx, y - RING - vy, vx + vw - (x + w + RING), vy + vh - (y + h + RING)
            )
            assert spare >= EDGE - RING, (place, spare)
        top = sorted(s.x for p, s in lay.slots.items() if s.y == 0)
        assert all(b - a >= board.CARD_W for a, b in zip(top, top[1:]))


def test_crescent_has_no_side_for_a_hand():
    for kind in (k for k in KINDS if k.startswith("CR1")):
        g = game.new(f"{kind}-AAAAAAB")
        for aspect in ASPECTS:
            assert board.layout_for(g, aspect, left_handed=True) == board.layout_for(g, aspect)


def test_the_table_lays_the_board_out_for_the_hand_the_settings_ask():
    """The page's draw (``Table.parts``) and the band of foundations follow the setting."""
    g = game.new("FT1-N-AAAAAAB")
    t = Table(g, Settings(left_handed=True), WORDS)
    markup = t.draw(0.56)
    assert t.layout.slots["stock"].x == 0
    band = re.search(r'class="foundation-band" x="([-\d.]+)" y="-6" width="([\d.]+)"', markup)
    assert band is not None
    assert float(band[1]) == t.layout.slots["f1"].x - 6
    assert float(band[1]) + float(band[2]) == t.layout.slots["f8"].x + board.CARD_W + 6
    t.settings = Settings()  # switched back: the next draw is the right hand's again
    t.draw(0.56)
    assert t.layout.slots["f1"].x == 0 and t.layout.slots["stock"].x > t.layout.slots["f8"].x
