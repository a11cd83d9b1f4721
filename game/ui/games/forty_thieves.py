"""Forty Thieves and its family on the page: its geometry (foundations on a band, the waste
and the stock, 9 to 12 fanned columns that stay readable however long), its words (numbered
foundations of a fixed suit, the score), and a tap that sends a card home. Pure; chosen by
``games.view_of``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import game
from game.rules import ANY, FortyRules, Rules

from ..text.messages import Messages
from .faces import CARD_H, CARD_W, INDEX
from .geometry import EDGE, Layout, Slot
from .view import GameView, empty_word, longest_column, region_text, suit_word

if TYPE_CHECKING:
    from ..records.settings import Settings

# Forty Thieves: foundations (closer together), then apart the waste and the stock; the fanned
# columns below. A column fans out at least far enough to show each card's corner index.
FT_GAP, FT_FAN, FT_TALL_FAN = 8, 58, 64
FT_READABLE_FAN = INDEX["normal"].height
FT_PITCH_X = CARD_W + FT_GAP
FT_FOUNDATION_PITCH = CARD_W + 4
FT_CAPTION = 40  # the top row's words: Foundations, Waste, Stock
FT_CELL_GAP = 12  # between free cells one above another
FT_COLUMNS_Y = CARD_H + FT_CAPTION
FT_SLOTS = 10  # the top row's slots at least: 8 foundations, the waste and the stock
FT_WIDTH = (FT_SLOTS - 1) * FT_PITCH_X + CARD_W  # a wide table's board, up to 10 columns


def forty_thieves_layout(
    g: game.Solitaire, aspect: float, index: str = "normal", left_handed: bool = False
) -> Layout:
    """``aspect`` is the board area's height / width. Fans stay wide enough to read every
    corner index (of the ``index`` size): long columns make the whole board taller (so it
    scales down), never illegible. Upright (a phone), the columns stand side by side with no
    gap: 10 card widths and the margins are all a 360 px screen has for 35 px cards."""
    columns = tuple(p for p in g.PLACES if g.place(p).kind == "column")
    longest = max(len(g.cards(p)) for p in columns)
    cells = sum(g.place(p).kind == "cell" for p in g.PLACES)
    kings = "f9" in g.PLACES
    return _forty_thieves_layout(aspect, index, longest, len(columns), left_handed, cells, kings)


@lru_cache(maxsize=64)  # it depends on the longest column alone: the same few on every draw
def _forty_thieves_layout(
    aspect: float,
    index: str,
    longest: int,
    columns: int = 10,
    left_handed: bool = False,
    cells: int = 0,
    kings: bool = False,
) -> Layout:
    """The top row is ``max(columns, 10)`` slots wide: the 8 foundations from the left, the
    waste and the stock at its right end (12 columns: 2 slots apart); for the left hand, the
    stock at its left end, the waste beside it and the foundations at the right end, still
    numbered from the left. The columns fill the same width, spread apart when there are
    fewer of them (9). Free cells stand at the columns' left end (for either hand: only the
    top row is mirrored): side by side where the row has room for them (Jacks in the Box: 6
    columns, 4 cells), else one above another in a slot of their own (Squadron: 10 columns, 3
    cells). The Kings' foundation (Floradora) takes a slot at the columns' left end as well."""
    upright = aspect > 1
    pitch, found_pitch = (CARD_W, CARD_W) if upright else (FT_PITCH_X, FT_FOUNDATION_PITCH)
    beside = columns + cells <= max(columns, FT_SLOTS)  # the cells in the columns' row
    cell_slots = (cells if beside else min(cells, 1)) + kings
    slots_wide = max(columns + cell_slots, FT_SLOTS)
    width = (slots_wide - 1) * pitch + CARD_W
    spread = width - CARD_W  # the columns' left edges from 0 to here (the product first:
    # 900 / 7 * 7 is 900.0000000000001, which puts the last column past the board's edge)
    least = INDEX[index].height
    widest = max(FT_TALL_FAN if aspect > 1.2 else FT_FAN, least + 4)  # upright phones: roomier
    unsqueezed = FT_COLUMNS_Y + 10 * least + CARD_H + 20  # 11-card columns fit
    readable = FT_COLUMNS_Y + max(longest - 1, 0) * least + CARD_H + 20
    fill = (width + 2 * EDGE) * aspect - 2 * EDGE if upright else width * aspect
    stacked = FT_COLUMNS_Y + cells * (CARD_H + FT_CELL_GAP) + 20 if not beside else 0
    height = max(fill, unsqueezed, readable, stacked)
    room = height - FT_COLUMNS_Y - CARD_H - 20
    fan = widest if longest < 2 else min(widest, room / (longest - 1))
    if left_handed:
        first = width - CARD_W - 7 * found_pitch
        slots = {f"f{k + 1}": Slot(first + k * found_pitch, 0) for k in range(8)}
        slots["waste"] = Slot(pitch, 0)
        slots["stock"] = Slot(0, 0)
    else:
        slots = {f"f{k + 1}": Slot(k * found_pitch, 0) for k in range(8)}
        slots["waste"] = Slot((slots_wide - 2) * pitch, 0)
        slots["stock"] = Slot((slots_wide - 1) * pitch, 0)
    first = cell_slots * pitch  # the columns' left edges: from here, over the rest
    spread -= first
    for k in range(columns):
        slots[f"t{k + 1}"] = Slot(first + k * spread / max(columns - 1, 1), FT_COLUMNS_Y, fan)
    for k in range(cells):
        y = FT_COLUMNS_Y + (0 if beside else k * (CARD_H + FT_CELL_GAP))
        slots[f"c{k + 1}"] = Slot(k * pitch if beside else 0.0, y)
    if kings:
        slots["f9"] = Slot(0.0, FT_COLUMNS_Y)
    return Layout(width, height, slots)


class FortyThievesView(GameView):
    CONTROLS = frozenset({"draw", "score", "double-click", "auto-place"})

    def layout(
        self, g: game.Solitaire, aspect: float, index: str = "normal", left_handed: bool = False
    ) -> Layout:
        return forty_thieves_layout(g, aspect, index, left_handed)

    def index_for(self, aspect: float, chosen: str) -> str:
        """Always the large index on the small upright cards, where it alone carries a card."""
        return "large" if aspect > 1 else chosen

    def fanned(self, place: game.Place) -> bool:
        return place.kind == "column"

    def place_order(self, g: game.Solitaire) -> tuple[str, ...]:
        """The foundations, the stock and the waste, the free cells, then the columns from 1."""
        kinds = ("foundation", "stock", "waste", "cell", "column")
        return tuple(sorted(g.PLACES, key=lambda p: kinds.index(g.place(p).kind)))

    def regions(
        self, g: game.Solitaire, layout: Layout, targets: frozenset[str], words: Messages
    ) -> str:
        """The foundations on a band of their own (at either end of the top row); the waste
        and the stock named; the free cells on a band of theirs."""
        left, right = layout.slots["f1"].x, layout.slots["f8"].x + CARD_W
        y = CARD_H + 30
        waste, stock = layout.slots["waste"], layout.slots["stock"]
        wx, sx = waste.x + CARD_W / 2, stock.x + CARD_W / 2
        cells = [slot for place, slot in layout.slots.items() if g.place(place).kind == "cell"]
        band = ""
        if "f9" in layout.slots:  # the Kings' foundation: a band and a name of its own
            kings = layout.slots["f9"]
            band = (
                f'<rect class="foundation-band" x="{kings.x - 6:g}" y="{kings.y - 6:g}" '
                f'width="{CARD_W + 12}" height="{CARD_H + 12}" rx="12"/>'
                + region_text(
                    kings.x + CARD_W / 2,
                    kings.y + CARD_H + 30,
                    words.text("region_kings"),
                    fit(words, "region_kings"),
                )
            )
        if cells:
            x0, y0 = min(c.x for c in cells), min(c.y for c in cells)
            x1, y1 = max(c.x for c in cells) + CARD_W, max(c.y for c in cells) + CARD_H
            band = (
                f'<rect class="cell-band" x="{x0 - 6:g}" y="{y0 - 6:g}" width="{x1 - x0 + 12:g}" '
                f'height="{y1 - y0 + 12:g}" rx="12"/>'
            )
        return (
            f'<rect class="foundation-band" x="{left - 6:g}" y="-6" width="{right - left + 12:g}" '
            f'height="{CARD_H + 12}" rx="12"/>{band}'
            + region_text((left + right) / 2, y, words.text("region_foundations"))
            + region_text(wx, y, words.text("region_waste"), fit(words, "region_waste"))
            + region_text(sx, y, words.text("region_stock"), fit(words, "region_stock"))
        )

    def empty_mark(self, g: game.Solitaire, fact: game.Place, slot: Slot, words: Messages) -> str:
        """An empty foundation shows its fixed suit, and the rank it starts from where that
        is not the Ace (Pluto's Twos); an empty free cell says what it is."""
        if fact.kind == "cell":
            return empty_word(slot, words.text("empty_cell"), fit(words, "empty_cell"))
        if fact.kind == "foundation" and fact.suit is None:  # the Kings': any King
            return (
                f'<text class="ghost-rank" x="{slot.x + CARD_W / 2:g}" y="{slot.y + 34:g}">'
                f"{words.ranks[12]}</text>"
            )
        if fact.kind == "foundation":
            suit = "SHDC"[(fact.suit or 0) % 4]
            first = _first_card(g, fact)
            rank = (
                f'<text class="ghost-rank" x="{slot.x + CARD_W / 2:g}" y="{slot.y + 34:g}">'
                f"{words.ranks[first.rank - 1]}</text>"
                if first is not None
                else ""
            )
            return (
                f'<use class="ghost" href="#s-{suit}" x="{slot.x + 20:g}" y="{slot.y + 40:g}" '
                f'width="60" height="60"/>{rank}'
            )
        return super().empty_mark(g, fact, slot, words)

    def place_name(self, fact: game.Place, words: Messages) -> str:
        if fact.kind == "foundation" and fact.suit is None:
            return words.text("place_ft_kings")
        if fact.kind == "foundation":
            return words.text(
                "place_ft_foundation", n=fact.number, suit=suit_word(words, fact.suit)
            )
        return super().place_name(fact, words)

    def place_label(
        self,
        fact: game.Place,
        cards: tuple[game.Card, ...],
        words: Messages,
        down: int = 0,
        g: game.Solitaire | None = None,
    ) -> str:
        if fact.kind == "foundation" and fact.suit is None:  # the Kings', of any suit
            if not cards:
                return words.text("label_ft_kings_empty")
            return words.text(
                "label_ft_kings",
                card=words.card(cards[-1]),
                cards=words.count("cards", len(cards)),
            )
        if fact.kind == "foundation":
            values: dict[str, object] = {"cards": words.count("cards", len(cards))}
            key = "label_ft_foundation" if cards else "label_ft_foundation_empty"
            if cards:
                values["card"] = words.card(cards[-1])
                if isinstance(g, game.FortyThieves) and g.HOME_COLOURS:  # (any suit on it)
                    key = "label_ft_foundation_colours"
            elif g is not None and (first := _first_card(g, fact)) is not None:  # Pluto's Two
                key = "label_ft_foundation_base"
                values["card"] = words.card(first)
            return words.text(
                key, n=fact.number, suit=suit_word(words, fact.suit, "suit"), **values
            )
        return super().place_label(fact, cards, words, down, g)

    def counters(self, g: game.Solitaire, words: Messages) -> str:
        return words.text("describe_score", score=g.score, moves=g.moves)

    def won_extra(self, g: game.Solitaire, words: Messages) -> str:
        return " · " + words.text("won_score", score=g.score)

    def shelf(self, rules: Rules) -> str:
        """The relatives by what their columns build on, and whether up as well as down
        (Forty Thieves' own: down by suit)."""
        if not isinstance(rules, FortyRules):
            return ""
        return f"picker_builds_{rules.builds}" + ("_both_ways" if rules.both_ways else "")

    def notes(self, rules: Rules, words: Messages) -> tuple[str, ...]:
        """The deal, then each rule that is not Forty Thieves' own (the group says the build)."""
        if not isinstance(rules, FortyRules):
            return ()
        cards = rules.down + rules.up
        deal = (
            words.count("note_columns_down", rules.columns, cards=cards, down=rules.down)
            if rules.down
            else words.count("note_columns", rules.columns, cards=cards)
        )
        notes = [deal]
        if rules.interleaved:
            notes.append(words.text("note_in_turn"))
        if rules.runs:
            runs = "runs_in_suit" if rules.runs_in_suit else "runs"
            runs = "runs_to_empty" if rules.runs_to_empty else runs
            notes.append(words.text(f"note_{runs}"))
        if rules.both_ways:
            notes.append(words.text("note_both_ways"))
        if rules.redeals:
            notes.append(words.count("note_redeals", rules.redeals))
        if rules.draw > 1:
            notes.append(words.count("note_draw", rules.draw))
        if rules.base:  # from another rank than the Ace (ranks wrap)
            notes.append(words.text(f"note_base_{rules.base}"))
        if rules.base_drawn:
            notes.append(words.text("note_base_drawn"))
        if rules.home_colours:
            notes.append(words.text("note_home_colours"))
        if rules.bases_home:
            notes.append(words.text(f"note_bases_home_{rules.base}" if rules.base else "note_aces"))
        if rules.home_in_deal:
            notes.append(words.text("note_home_in_deal"))
        if rules.empty != ANY:
            notes.append(words.text(f"note_empty_{rules.empty}"))
        if rules.waste_first:
            notes.append(words.text("note_waste_first"))
        if rules.autofill:
            notes.append(words.text("note_autofill"))
        if rules.refill:
            notes.append(words.count("note_refill", rules.refill))
        if rules.lone:
            notes.append(words.text("note_lone"))
        if rules.cells:
            notes.append(words.count("note_cells", rules.cells))
        if rules.cells_dealt:
            notes.append(words.text("note_cells_dealt"))
        if rules.kings_apart:
            notes.append(words.text("note_kings_apart"))
        if rules.blind:
            notes.append(words.text("note_blind"))
        if not rules.home_out:
            notes.append(words.text("note_home_stays"))
        return tuple(notes)

    def tap_target(self, g: game.Solitaire, place: str, dests: list[str]) -> str | None:
        """A card goes home if a foundation takes it; the waste's card or a free cell's else
        to a column, but not onto a face-down top card (it takes any card: the player picks
        which, the card selected); a face-down top card turns up (its one move: onto its own
        column)."""
        if dests == [place]:
            return place
        home = [d for d in dests if d.startswith("f")]
        if home and not place.startswith("f"):
            return home[0]
        if place != "waste" and g.place(place).kind != "cell":
            return None
        column = longest_column(g, dests)
        return None if column is not None and g.top_face_down(column) else column

    def double_tap_on(self, settings: Settings) -> bool:
        return settings.double_click

    def auto_places(self, settings: Settings) -> bool:
        return settings.auto_placement


def _first_card(g: game.Solitaire, fact: game.Place) -> game.Card | None:
    """The card an empty foundation of ``g`` takes first where that is not an Ace (Pluto's
    Twos), as the engine says: the rule is not written here."""
    if fact.kind != "foundation" or not isinstance(g, game.FortyThieves):
        return None
    card = g.takes_home(fact.number - 1)  # the foundations are the first places
    return None if card is None or card % 13 == 0 else game.CARDS[card]


def fit(words: Messages, key: str, room: int = 5) -> str:
    """A word longer than a card's width holds (``room`` letters at the region's size: a
    sixth, as in "Колода", "Défausse" or "المكشوف", is too many) is condensed to a little
    less than that width, so that two neighbours keep a space between them."""
    too_long = len(words.text(key)) > room
    return f' textLength="{CARD_W - 12}" lengthAdjust="spacingAndGlyphs"' if too_long else ""


VIEW = FortyThievesView()
