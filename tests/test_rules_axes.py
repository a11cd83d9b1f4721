"""The Forty Thieves family's axes (game/rules.py), each on the engine: a game made of rules
that no declared game may have yet (``rules_class``), in positions built by hand, so that a
new game that takes an axis finds it tested already."""

from __future__ import annotations

import dataclasses

import pytest

import game
from game.cards import ACE, card, parse_cards
from game.forty_thieves import _dealt_homing, builds_onto, rules_class
from game.rules import ANY_SUIT, COLOUR, KING, NOTHING, SUIT, WASTE, FortyRules

RANKS = "A23456789TJQK"


def position(rules: FortyRules, places: dict[str, list[str]], redeals: int | None = None):
    """A game of ``rules`` with ``places``' cards out (columns ``t1``…, ``stock``, ``waste``)
    and every other card home: each suit's cards out must be the top of its foundations (up
    from the rules' base rank)."""
    cls = rules_class(rules)
    out = [c for cards in places.values() for c in cards]
    lines = []
    # a foundation's ranks in order (to the Queen where the Kings have one of their own)
    up = [RANKS[(rules.base + k) % 13] for k in range(12 if rules.kings_apart else 13)]
    for s, suit in enumerate("SHDC"):
        copies = [out.count(r + suit) for r in up]
        low = next((k for k, c in enumerate(copies) if c), len(up))  # foundation one: to here
        high = next((k for k, c in enumerate(copies) if c == 2), len(up))
        assert all(c == (k >= low) + (k >= high) for k, c in enumerate(copies)), suit
        lines.append((s, " ".join(r + suit for r in up[:low])))
        lines.append((s + 4, " ".join(r + suit for r in up[:high])))
    text = [f"f{f + 1}: {cards}".rstrip() for f, cards in sorted(lines)]
    for i in range(1, rules.columns + 1):
        text.append(f"t{i}: {' '.join(places.get(f't{i}', []))}".rstrip())
    text += [f"stock: {' '.join(places.get('stock', []))}".rstrip()]
    text += [f"waste: {' '.join(places.get('waste', []))}".rstrip()]
    text += [
        f"c{i}: {' '.join(places.get(f'c{i}', []))}".rstrip() for i in range(1, rules.cells + 1)
    ]
    if rules.kings_apart:  # the Kings not out on their own foundation
        kings = [k + suit for suit in "SHDCSHDC" for k in "K"]
        for card in out:
            if card in kings:
                kings.remove(card)
        text.append(f"f9: {' '.join(kings)}".rstrip())
    header = f"{cls.WORD} score=0 moves=0"
    if rules.redeals:
        header += f" redeals={rules.redeals if redeals is None else redeals}"
    return cls.from_position(header + "\n" + "\n".join(text) + "\n")


def refused(g, src: str, dst: str) -> str | None:
    refusal = g.refusal(src, dst)
    return None if refusal is None else refusal.reason


def test_columns_and_rows_face_down_and_up_make_the_deal_and_the_stock():
    g = rules_class(FortyRules(13, down=1, up=2)).deal(game.GameCode.parse("FT1-N-AAAAAAB"))
    columns = [p for p in g.PLACES if p.startswith("t")]
    assert len(columns) == 13 and all(len(g.cards(p)) == 3 for p in columns)
    assert all(g.face_down(p) == 1 for p in columns)
    assert len(g.cards("stock")) == 104 - 39 and not g.cards("waste")


def test_aces_dealt_home_leave_the_stock_eight_cards_shorter():
    g = rules_class(FortyRules(bases_home=True)).deal(game.GameCode.parse("FT1-N-AAAAAAB"))
    assert [str(g.cards(f"f{i}")[0]) for i in range(1, 9)] == [
        a + "SHDC"[i % 4] for i, a in enumerate("A" * 8)
    ]
    assert len(g.cards("stock")) == 104 - 40 - 8
    assert sum(str(c)[0] == "A" for p in g.PLACES if p.startswith("t") for c in g.cards(p)) == 0


def test_a_redeal_turns_the_waste_over_into_the_stock_once_and_is_undone():
    rules = FortyRules(8, redeals=1)
    g = position(rules, {"t1": ["KS"], "waste": ["QH", "KH", "QD", "KD"]})
    assert g.redeal_refusal() is None and g.redeal_allowed and g.redeals_left == 1
    assert "redeals=1" in g.position().splitlines()[0]
    assert game.REDEAL in g.legal_actions()
    g.play_move(game.REDEAL)
    assert [str(c) for c in g.cards("stock")] == ["KD", "QD", "KH", "QH"]  # QH turned first
    assert not g.cards("waste") and g.redeals_left == 0
    assert g.redeal_refusal() == "no_redeals"  # (none left comes first)
    g.play("stock", "waste")
    assert [str(c) for c in g.cards("waste")] == ["QH"]
    g.undo()
    g.undo()  # the family's redeal is undone like a move (Crescent's clears the history)
    assert [str(c) for c in g.cards("waste")] == ["QH", "KH", "QD", "KD"]
    assert g.redeals_left == 1


def test_a_redeal_is_refused_with_the_stock_full_the_waste_empty_or_none_left():
    rules = FortyRules(8, redeals=1)
    assert position(rules, {"stock": ["KH"], "waste": ["QH"]}).redeal_refusal() == "stock_not_empty"
    assert position(rules, {"t1": ["KH", "QH"]}).redeal_refusal() == "waste_empty"
    spent = position(rules, {"waste": ["QH", "KH"]}, redeals=0)
    assert spent.redeal_refusal() == "no_redeals" and game.REDEAL not in spent.legal_actions()
    with pytest.raises(game.IllegalMove) as refusal:
        spent.play_move(game.REDEAL)
    assert refusal.value.reason == "no_redeals"


def test_a_game_without_redeals_writes_none_and_refuses_one():
    g = position(FortyRules(8), {"waste": ["QH", "KH"]})
    assert "redeals" not in g.position().splitlines()[0]
    assert g.redeal_refusal() == "no_redeals" and not g.redeal_allowed


def test_three_cards_drawn_at_a_time_the_last_on_top_and_one_undo():
    g = position(FortyRules(draw=3), {"stock": ["QS", "KH", "QH", "KD", "QD"], "t1": ["KS"]})
    g.play("stock", "waste")
    assert [str(c) for c in g.cards("waste")] == ["QD", "KD", "QH"]  # QH plays
    assert [str(c) for c in g.cards("stock")] == ["QS", "KH"]
    assert refused(g, "waste", "t1") == "same_suit"
    g.play("stock", "waste")  # the stock's last two cards: fewer than three
    assert [str(c) for c in g.cards("waste")][-2:] == ["KH", "QS"] and not g.cards("stock")
    g.play("waste", "t1")
    g.undo()
    g.undo()
    assert len(g.cards("stock")) == 2 and len(g.cards("waste")) == 3


@pytest.mark.parametrize(
    ("empty", "from_column", "from_waste"),
    [
        ("any", None, None),
        (KING, "king_only", "king_only"),
        (WASTE, "waste_only", None),
        (NOTHING, "stays_empty", "stays_empty"),
    ],
)
def test_what_an_empty_column_takes(empty, from_column, from_waste):
    g = position(FortyRules(4, empty=empty), {"t1": ["KS", "QS"], "waste": ["KH", "QH"]})
    assert refused(g, "t1", "t2") == from_column
    assert refused(g, "waste", "t2") == from_waste
    assert (("t1", "t2") in [(m.src, m.dst) for m in g.legal_moves()]) == (from_column is None)


def test_an_empty_column_that_takes_kings_takes_a_king():
    g = position(FortyRules(4, empty=KING), {"t1": ["QS", "KS"], "waste": ["QH", "KH"]})
    assert refused(g, "t1", "t2") is None and refused(g, "waste", "t2") is None


def test_a_game_that_keeps_its_foundations_refuses_a_card_back():
    kept = position(FortyRules(4, home_out=False), {"t1": ["KS"], "t2": ["KH"]})
    assert refused(kept, "f1", "t1") == "no_return"
    assert not [m for m in kept.legal_moves() if m.src.startswith("f")]
    usual = position(FortyRules(4), {"t1": ["KS"], "t2": ["KH"]})
    assert refused(usual, "f1", "t1") is None


def test_any_suit_builds_on_every_suit_one_rank_higher():
    g = position(
        FortyRules(4, builds=ANY_SUIT), {"t1": ["KS", "QS"], "t2": ["KH", "QH"], "t3": ["JS"]}
    )
    assert refused(g, "t3", "t1") is None and refused(g, "t3", "t2") is None
    g = position(FortyRules(4, builds=ANY_SUIT), {"t1": ["KS", "QS"], "t2": ["JS"], "t3": ["TS"]})
    assert refused(g, "t3", "t1") == "rank_higher"


TWOS = FortyRules(8, up=1, base=1)  # Pluto's foundations: from the Twos, the Ace last


def test_foundations_from_the_twos_take_the_ace_after_the_king():
    g = position(TWOS, {"t1": ["AS"], "t2": ["QH", "KH", "AH"], "t4": ["AS"]})
    assert [str(c) for c in g.cards("f1")][-1] == "KS" and len(g.cards("f1")) == 12
    assert refused(g, "t1", "f1") is None  # the Ace of spades after the King
    assert refused(g, "t2", "f2") == "foundation_order"  # the Ace of hearts waits for its King
    g.play("t1", "f1")
    assert len(g.cards("f1")) == 13 and g.takes_home(0) is None  # complete: Two to Ace
    assert refused(g, "t4", "f1") == "foundation_order"


def test_an_empty_foundation_from_the_twos_refuses_an_ace():
    g = rules_class(TWOS).deal(game.GameCode.parse("FT1-N-AAAAAAB"))
    takes = [str(game.Card(c)) for c in g.foundation_cards()]
    assert takes == ["2S", "2H", "2D", "2C"] * 2
    ace, two = game.Card.parse("AS"), game.Card.parse("2S")
    assert g.reason_onto(0, ace) == g.reason_onto(4, ace) == "foundation_order"
    assert g.reason_onto(0, two) is None


def test_where_ranks_wrap_a_king_goes_onto_an_ace_and_an_ace_onto_a_two():
    g = position(TWOS, {"t1": ["AS"], "t2": ["KS"], "t3": ["AS"]})  # both Queens home
    assert refused(g, "t2", "t1") is None
    card = game.Card.parse
    onto = builds_onto(SUIT, wraps=True)
    assert onto[card("KS")] == (card("AS"),) and onto[card("AS")] == (card("2S"),)
    assert builds_onto(SUIT)[card("KS")] == ()  # from the Aces, nothing goes onto an Ace


def test_twos_dealt_home_leave_the_columns_and_the_stock_eight_cards_shorter():
    rules = FortyRules(up=1, base=1, bases_home=True)  # Deuces
    g = rules_class(rules).deal(game.GameCode.parse("FT1-N-AAAAAAB"))
    assert [str(g.cards(f"f{i}")[0]) for i in range(1, 9)] == ["2S", "2H", "2D", "2C"] * 2
    assert len(g.cards("stock")) == rules.stock == 104 - 10 - 8


def test_a_position_with_a_foundation_not_up_from_the_base_is_refused():
    text = position(TWOS, {"t1": ["AS"]}).position().replace("f1: 2S 3S", "f1: AS 2S 3S", 1)
    with pytest.raises(game.PositionError, match="up from the two"):
        rules_class(TWOS).from_position(text)


FILLS = FortyRules(8, up=1, autofill=True)  # Corona's and Courtyard's rule on 8 columns


def test_an_emptied_column_is_filled_from_the_waste_and_the_undo_takes_both_back():
    g = position(FILLS, {"t1": ["KS"], "t2": ["QS"], "stock": ["QH"], "waste": ["KH", "KD"]})
    before = g.position()
    g.play("t2", "t1")  # t2 empties: the waste's King of diamonds fills it
    assert [str(c) for c in g.cards("t2")] == ["KD"] and [str(c) for c in g.cards("waste")] == [
        "KH"
    ]
    assert g.moves == 1  # the fill is not a move of the player's
    assert g.last_fill == "t2"
    g.undo()
    assert g.last_fill is None
    assert g.position().split("\n", 1)[1] == before.split("\n", 1)[1]


def test_with_the_waste_out_a_card_is_drawn_to_fill_and_with_both_out_it_stays_empty():
    g = position(FILLS, {"t1": ["KS"], "t2": ["QS"], "stock": ["KD", "KH"]})
    g.play("t2", "t1")
    assert [str(c) for c in g.cards("t2")] == ["KH"] and not g.cards("waste")  # the stock's top
    assert [str(c) for c in g.cards("stock")] == ["KD"]
    g.undo()
    assert [str(c) for c in g.cards("stock")] == ["KD", "KH"] and not g.cards("t2")[1:]
    empty = position(FILLS, {"t1": ["KS"], "t2": ["QS"]})
    empty.play("t2", "t1")
    assert not empty.cards("t2")  # nothing left to fill it: it stays empty, and takes any card
    assert empty.last_fill is None


def test_only_a_column_is_filled_the_waste_played_out_stays_empty():
    """PySolFC fills rows only: the waste's last card played draws nothing (nor scores)."""
    g = position(FILLS, {"t1": ["KS"], "t2": ["KH"], "waste": ["QS"], "stock": ["KD"]})
    g.play("waste", "t1")
    assert not g.cards("waste") and [str(c) for c in g.cards("stock")] == ["KD"]
    assert g.score == 5  # the card from the waste, and no fill


def test_a_fill_is_part_of_the_engines_exact_inverse():
    g = position(
        FILLS, {"t1": ["KS"], "t2": ["QS"], "t3": ["KC"], "waste": ["KH"], "stock": ["KD"]}
    )
    start, score = g.layout, g.score
    record = g.apply_at(g.index("t2"), g.index("t1"))
    assert len(record) == 6 and g.score > score  # scored as a card from the waste
    g.unapply(record)
    assert g.layout == start and g.score == score
    with pytest.raises(ValueError, match="waste_first"):
        FortyRules(waste_first=True, draw=3)


SPIDER = FortyRules(6, up=1, builds=ANY_SUIT, runs=True, runs_in_suit=True)  # Waterloo's


def test_where_only_runs_in_suit_move_any_suit_builds_but_a_mixed_run_does_not_move():
    """PySolFC's Spider_SS_RowStack: a card goes onto any card one rank higher; of what is
    built, only a run in suit moves as one (and the part of it above a card of another suit)."""
    g = position(
        SPIDER, {"t1": ["KS", "QH", "JH"], "t2": ["KD"], "t3": ["KC", "QC", "JC"], "t4": ["KH"]}
    )
    assert g.movable("t1") == 2  # the Queen and the Jack of hearts, not the King under them
    assert g.movable("t3") == 3
    assert g.refusal("t1", "t2", 2) is None  # a run in suit onto a King of another suit
    assert g.refusal("t1", "t2", 3) is not None  # the spades' King is not part of the run
    g.play("t1", "t2", 2)
    assert [str(c) for c in g.cards("t2")] == ["KD", "QH", "JH"]
    assert g.movable("t2") == 2  # KD QH is built (any suit) but not a run
    with pytest.raises(ValueError, match="runs in suit only"):
        FortyRules(runs=True, runs_in_suit=True)  # the columns build in suit already
    with pytest.raises(ValueError, match="runs in suit only"):
        FortyRules(builds=ANY_SUIT, runs_in_suit=True)  # and no run moves at all


# Little Forty's: an emptied column filled after a draw of three
FILLS_3 = FortyRules(4, up=1, draw=3, redeals=1, autofill=True)


def test_with_three_a_draw_the_fill_draws_three_and_takes_the_top_one():
    """PySolFC's fillStack: with the waste out, the stock deals (three cards, as a draw does)
    and the waste's new top fills the column; the other two stay on the waste. Undone as one."""
    g = position(FILLS_3, {"t1": ["KS"], "t2": ["QS"], "stock": ["KD", "KH", "KC", "QH"]})
    start = g.layout
    record = g.apply_at(g.index("t2"), g.index("t1"))
    assert [str(c) for c in g.cards("t2")] == ["KH"]  # the third card turned
    assert [str(c) for c in g.cards("waste")] == ["QH", "KC"]  # turned first, second
    assert [str(c) for c in g.cards("stock")] == ["KD"]
    g.unapply(record)
    assert g.layout == start
    short = position(FILLS_3, {"t1": ["KS"], "t2": ["QS"], "stock": ["KD", "KH"]})
    short.play("t2", "t1")  # two left in the stock: both turned, the last one fills
    assert [str(c) for c in short.cards("t2")] == ["KD"]
    assert [str(c) for c in short.cards("waste")] == ["KH"] and not short.cards("stock")
    short.undo()
    assert [str(c) for c in short.cards("stock")] == ["KD", "KH"] and not short.cards("waste")


FOOTHOLD = FortyRules(8, up=5, builds=COLOUR, both_ways=True)


def test_where_columns_build_both_ways_a_card_goes_one_rank_up_or_down_in_the_other_colour():
    """PySolFC's UD_AC_RowStack: onto a card one rank higher or lower, of the other colour;
    one card moves at a time, however the column is built."""
    onto = builds_onto(COLOUR, both_ways=True)
    assert sorted(onto[4]) == sorted([13 + 5, 26 + 5, 13 + 3, 26 + 3])  # 5S: onto 6H 6D 4H 4D
    assert sorted(onto[0]) == [14, 27]  # an Ace onto a Two only
    assert sorted(onto[12]) == [24, 37]  # a King onto a Queen only
    g = position(
        FOOTHOLD,
        {"t1": ["KH"], "t2": ["QS"], "t3": ["JD"], "t4": ["QD"], "t5": ["KC"], "t6": ["QH"]}
        | {"t7": ["KS"], "t8": ["KD"]},
    )
    assert refused(g, "t2", "t1") is None  # down: the Queen of spades onto the King of hearts
    assert refused(g, "t5", "t4") is None  # up: the King of clubs onto the Queen of diamonds
    assert refused(g, "t7", "t1") == "adjacent_rank"  # a King onto a King
    assert refused(g, "t2", "t4") == "adjacent_rank"  # a Queen onto a Queen
    assert refused(g, "t3", "t6") == "alternate_colour"  # red onto red
    g.play("t5", "t4")
    assert [str(c) for c in g.cards("t4")] == ["QD", "KC"] and g.movable("t4") == 1
    assert refused(g, "t3", "t2") is None  # and down again: JD onto QS
    with pytest.raises(ValueError, match="both ways"):
        FortyRules(builds=COLOUR, both_ways=True, runs=True)
    with pytest.raises(ValueError, match="both ways"):
        FortyRules(builds=COLOUR, both_ways=True, base=1)


FORTY_NINE = FortyRules(7, up=7, builds=COLOUR, runs=True, runs_to_empty=True)


def test_where_runs_go_to_empty_columns_only_a_run_moves_there_and_one_card_onto_a_card():
    """PySolFC's Forty Nine: a run built down in alternate colours moves as one into an empty
    column only; onto a card, the top card alone."""
    g = position(
        FORTY_NINE,
        {"t1": ["KH", "QS", "JD"], "t2": ["KD"], "t3": ["KS"], "t4": ["QD"], "t5": ["KC"]},
    )
    assert g.movable("t1") == 3
    assert g.refusal("t1", "t2", 2).reason == "run_to_empty_only"  # QS JD onto KD: no
    assert g.refusal("t1", "t6", 3) is None and g.refusal("t1", "t6", 2) is None
    t1, t6, t7 = g.index("t1"), g.index("t6"), g.index("t7")
    assert sorted(g.legal_runs()) == [(t1, t6, 2), (t1, t6, 3), (t1, t7, 2), (t1, t7, 3)]
    g.play("t1", "t6", 2)
    assert [str(c) for c in g.cards("t6")] == ["QS", "JD"]
    g.play("t4", "t5")  # one card onto a card
    assert [str(c) for c in g.cards("t5")] == ["KC", "QD"]
    with pytest.raises(ValueError, match="empty columns only"):
        FortyRules(runs_to_empty=True)


INTERLEAVED = FortyRules(4, down=1, up=2, interleaved=True, runs=True)  # Interchange's rows


def test_rows_dealt_in_turn_lie_face_up_and_face_down_in_turn_and_turn_up_one_by_one():
    """PySolFC's Interchange deals a row face up, a row face down, … a row face up: a column
    shows every other card below its top one. Only cards above the highest face-down one move
    (as a run too); once that one is the top card it turns up, and the face-up card under it
    joins what moves."""
    dealt = rules_class(FortyRules(7, down=3, up=4, interleaved=True)).deal(
        game.GameCode.parse("FT1-N-AAAAAAB")
    )
    assert [dealt.is_face_down("t1", i) for i in range(7)] == [False, True] * 3 + [False]
    assert dealt.hidden_count("t1") == 3 and len(dealt.face_up("t1")) == 4
    g = position(INTERLEAVED, {"t1": ["KH", "QS", "|", "JH"], "t2": ["QH"], "t3": ["KS"]})
    assert g.face_down("t1") == 2 and g.hidden_count("t1") == 1
    assert [str(c) for c in g.face_up("t1")] == ["KH", "JH"]
    assert g.movable("t1") == 1
    assert "t1: KH QS | JH\n" in g.position()
    assert "1 card face down" in g.place_label("t1") and "king of hearts" in g.place_label("t1")
    g.play("t1", "t2")
    assert g.face_down("t1") == 0 and [str(c) for c in g.face_up("t1")] == ["KH", "QS"]
    g.undo()
    assert g.face_down("t1") == 2 and type(g).from_position(g.position()).face_down("t1") == 2
    with pytest.raises(game.PositionError, match="in turn"):
        type(g).from_position(g.position().replace("KH QS | JH", "KH | QS JH"))
    with pytest.raises(ValueError, match="up = down"):
        FortyRules(down=2, up=2, interleaved=True)


HOME_COLOURS = FortyRules(4, up=1, builds=COLOUR, home_colours=True)  # Red and Black's homes


def alternating(homes: dict[str, str], columns: dict[str, str]) -> game.FortyThieves:
    """A position of ``HOME_COLOURS``: these foundations and columns, every other card in the
    stock (it holds all but the 4 dealt)."""
    cls = rules_class(HOME_COLOURS)
    out = [c for text in [*homes.values(), *columns.values()] for c in text.split()]
    stock = [r + s for r in RANKS for s in "SHDC" for _ in range(2)]
    for text in out:
        stock.remove(text)
    lines = [f"f{i}: {homes.get(f'f{i}', '')}".rstrip() for i in range(1, 9)]
    lines += [f"t{i}: {columns.get(f't{i}', '')}".rstrip() for i in range(1, 5)]
    lines += [f"stock: {' '.join(stock)}", "waste:"]
    return cls.from_position(f"{cls.WORD} score=0 moves=0\n" + "\n".join(lines) + "\n")


def test_foundations_in_alternate_colours_take_the_next_rank_of_the_other_colour():
    """PySolFC's AC_FoundationStack (Red and Black, Zebra): a foundation starts with the Ace
    of its suit, then takes the next rank of the other colour, either suit of it."""
    g = alternating({"f1": "AS 2H 3C", "f2": "AH 2S"}, {"t1": "4D", "t2": "4S", "t3": "3H"})
    assert g.refusal("t1", "f1") is None  # a red Four onto the black Three
    assert g.refusal("t2", "f1").reason == "foundation_colours"  # black onto black
    assert g.refusal("t3", "f1").reason == "foundation_colours"  # a Three onto a Three
    assert g.refusal("t3", "f2") is None  # the heart Three onto the spade Two
    assert g.refusal("t3", "f5").reason == "same_suit"  # an empty one takes its Ace only
    assert g.refusal("t3", "f6").reason == "foundation_order"  # (the Ace of its suit)
    assert g.foundation_wants()[0] == (16, 29)  # the Four of hearts or of diamonds
    assert ("t1", "f1") in [(m.src, m.dst) for m in g.legal_moves()]
    g.play("t1", "f1")
    assert "f1: AS 2H 3C 4D\n" in g.position()
    assert type(g).from_position(g.position()).position() == g.position()
    with pytest.raises(game.PositionError, match="alternate colours"):
        alternating({"f1": "AS 2H 3H"}, {})
    with pytest.raises(ValueError, match="from the Aces"):
        FortyRules(home_colours=True, base=1)


def test_a_base_rank_drawn_at_the_deal_starts_every_foundation_and_ranks_wrap():
    """PySolFC's Quadrangle: after the columns, the stock's first card goes to its suit's
    first foundation, and every foundation builds up from its rank, round from King to Ace;
    a position says the rank by the card on a foundation."""
    rules = FortyRules(12, up=3, base_drawn=True)
    code = game.GameCode.parse("FT1-N-AAAAAAB")
    plain = rules_class(FortyRules(12, up=3)).deal(code)
    drawn = rules_class(rules).deal(code)
    base = plain.cards("stock")[-1]  # the card a first draw would have turned
    home = [f"f{i}" for i in range(1, 9) if drawn.cards(f"f{i}")]
    assert home == [f"f{base.suit + 1}"] and drawn.cards(home[0]) == (base,)
    assert drawn.cards("stock") == plain.cards("stock")[:-1]
    assert drawn.base_rank == int(base) % 13  # (ranks from 0, the Ace)
    others = [c for f, c in enumerate(drawn.foundation_cards()) if f != base.suit]
    assert all(c % 13 == int(base) % 13 for c in others)  # each takes that rank first
    again = type(drawn).from_position(drawn.position())
    assert again.foundation_cards() == drawn.foundation_cards()
    assert 0 in builds_onto(SUIT, rules.wraps)[12]  # a King goes onto an Ace: ranks wrap
    empty = "\n".join(
        f"f{i}:" if i == base.suit + 1 else line
        for i, line in enumerate(drawn.position().splitlines())
    )
    with pytest.raises(game.PositionError, match="base card"):
        type(drawn).from_position(empty.replace("stock: ", f"stock: {base} ", 1) + "\n")


def test_cards_go_home_during_the_deal_first_column_first_after_each_row():
    """PySolFC's Carre Napoleon: after each row round the columns, the first column's top
    card (in the columns' order) that a foundation takes goes to the first foundation that
    takes it, and the search starts again from the first column until none is left."""
    cls = rules_class(FortyRules(3, up=2, empty=KING, bases_home=True, home_in_deal=True))
    homes = [[card(ACE, f % 4)] for f in range(8)]
    rows = parse_cards("3S 2S 5H 2H 9C 2S")  # 3S waits for 2S, then goes; 2S to f5
    columns = _dealt_homing(cls, rows, homes)
    assert [" ".join(map(str, c)) for c in columns] == ["", "9C", "5H"]
    assert [" ".join(map(str, h)) for h in homes] == [
        "AS 2S 3S",
        "AH 2H",
        "AD",
        "AC",
        "AS 2S",
        "AH",
        "AD",
        "AC",
    ]
    # one row: the 2S home lets the 3S before it go too (the search starts again from t1)
    homes = [[card(ACE, f % 4)] for f in range(8)]
    assert _dealt_homing(cls, parse_cards("3S 2S"), homes) == [[], [], []]
    # the first column first: t1's 2S takes f1's place, so t2's waits (f5 wants a Four)
    homes = [[card(ACE, f % 4)] for f in range(8)]
    homes[4] = parse_cards("AS 2S 3S")
    assert [" ".join(map(str, c)) for c in _dealt_homing(cls, parse_cards("2S 2S"), homes)] == [
        "",
        "2S",
        "",
    ]
    assert " ".join(map(str, homes[0])) == "AS 2S"
    for clash in ({"down": 1}, {"home_colours": True}, {"base_drawn": True}):
        with pytest.raises(ValueError, match="cards home in the deal"):
            FortyRules(home_in_deal=True, **clash)


REFILLS = FortyRules(4, up=1, refill=3)  # Indian Patience's refill, on 4 columns
LONE = FortyRules(4, up=1, lone=True)  # and its lone-card limits


def test_an_emptied_column_takes_three_stock_cards_the_first_face_down():
    """PySolFC's Indian Patience (``fillStack``): an emptied column takes the stock's next
    three cards at once, the first face down under the other two, as the deal's rows; at the
    stock's end what is left, a last card face up. Part of the move, undone with it."""
    g = position(REFILLS, {"t1": ["KS"], "t2": ["QS"], "stock": ["KD", "KH", "KC", "QH"]})
    before = g.position()
    g.play("t2", "t1")
    assert [str(c) for c in g.cards("t2")] == ["QH", "KC", "KH"] and g.face_down("t2") == 1
    assert [str(c) for c in g.cards("stock")] == ["KD"] and g.last_fill == "t2"
    assert g.moves == 1 and g.fill_source == "stock"
    assert type(g).from_position(g.position()).position() == g.position()
    g.undo()
    assert g.position().split("\n", 1)[1] == before.split("\n", 1)[1] and g.last_fill is None
    g = position(REFILLS, {"t1": ["KS"], "t2": ["QS"], "stock": ["KD"], "waste": ["KH"]})
    g.play("t2", "t1")
    assert [str(c) for c in g.cards("t2")] == ["KD"] and g.face_down("t2") == 0
    g = position(REFILLS, {"t1": ["KS"], "t2": ["QS"], "stock": ["KD", "KH"]})
    start, snap = g.position(), g.snapshot()  # (nothing face down yet)
    g.play("t2", "t1")  # two cards left: the first face down all the same
    assert [str(c) for c in g.cards("t2")] == ["KH", "KD"] and g.face_down("t2") == 1
    after = g.snapshot()
    g.restore(snap)
    assert g.position() == start
    g.restore(after)
    assert g.face_down("t2") == 1 and g.cards("stock") == ()
    with pytest.raises(ValueError, match="refill"):
        FortyRules(refill=3, autofill=True)
    for clash in (
        {"interleaved": True, "down": 1, "up": 2},
        {"redeals": 1},
        {"home_in_deal": True},
    ):
        with pytest.raises(ValueError, match="refill"):
            FortyRules(refill=3, **clash)
    with pytest.raises(ValueError, match="refill"):
        FortyRules(refill=1)


def test_a_lone_card_neither_moves_onto_a_card_nor_takes_one_while_the_stock_lasts():
    """PySolFC's Indian Patience: while the stock holds cards, a column of one card takes
    none, and its card goes onto no other column's (home it may go); with the stock out,
    both may."""
    cards = {"t1": ["KS"], "t2": ["QS"], "t3": ["KH", "KD"], "t4": ["QD"], "stock": ["QH"]}
    g = position(LONE, cards)
    assert g.refusal("t2", "t1").reason == "lone_takes_none"
    assert g.refusal("t4", "t3").reason == "lone_stays"
    assert g.refusal("t1", "t2").reason == "one_rank_higher"  # (the build is checked first)
    legal = {(m.src, m.dst) for m in g.legal_moves()}
    assert ("t2", "t1") not in legal and ("t4", "t3") not in legal
    g.play("stock", "waste")
    assert g.refusal("t2", "t1") is None and g.refusal("t4", "t3") is None
    assert {("t2", "t1"), ("t4", "t3")} <= {(m.src, m.dst) for m in g.legal_moves()}
    with pytest.raises(ValueError, match="lone"):
        FortyRules(lone=True, runs=True)


CELLS = FortyRules(4, up=2, cells=2)


def test_free_cells_are_dealt_a_card_each_first_or_start_empty():
    """Squadron (PySolFC's ``startGame``): the deal's first cards go one to each cell, then
    the rows; Jacks in the Box's cells start empty. The stock is what is left."""
    code = game.GameCode.parse("FT2-A-AAAAAAB")
    squadron = game.new(str(code))
    first = game.codes.shuffled_pack(code.deal)
    assert [squadron.cards(f"c{i}") for i in (1, 2, 3)] == [(c,) for c in first[:3]]
    assert squadron.cards("t1") == tuple(first[3:43:10])
    assert len(squadron.cards("stock")) + len(squadron.cards("waste")) == 104 - 40 - 3
    jacks = game.new("FT2-J-AAAAAAB")
    assert [jacks.cards(f"c{i}") for i in (1, 2, 3, 4)] == [()] * 4
    assert jacks.PLACES[-4:] == ("c1", "c2", "c3", "c4") and jacks.place("c2").kind == "cell"
    assert len(jacks.cards("stock")) + len(jacks.cards("waste")) == 104 - 6 - 8


def test_a_free_cell_takes_a_top_card_but_another_cells_and_gives_it_to_a_column_or_home():
    g = position(CELLS, {"t1": ["KS", "QH"], "t2": ["KH"], "waste": ["QS"], "c2": ["JS"]})
    assert refused(g, "t1", "c1") is None and refused(g, "waste", "c1") is None
    assert refused(g, "t1", "c2") == "cell_full"
    assert refused(g, "c2", "c1") == "cell_takes"  # never from one cell to another
    assert refused(g, "f1", "c1") is None  # a foundation's card (where cards come back)
    kept = position(dataclasses.replace(CELLS, home_out=False), {"t1": ["KS"], "c2": ["QS"]})
    assert refused(kept, "f1", "c1") == "no_return"
    assert refused(g, "c2", "t1") == "same_suit"  # (the column's own rule: onto the Queen)
    legal = {(m.src, m.dst) for m in g.legal_moves()}
    assert {("t1", "c1"), ("t2", "c1"), ("waste", "c1"), ("f1", "c1")} <= legal
    assert not {d for s, d in legal if d in ("c2",)} and ("c2", "c1") not in legal
    g.play("t1", "c1")  # the Queen of hearts into a cell: the King of spades takes the Queen
    g.play("waste", "t1")
    g.play("c2", "t1")  # the Jack of spades from its cell onto it
    assert g.score == 5 and [str(c) for c in g.cards("t1")] == ["KS", "QS", "JS"]
    assert type(g).from_position(g.position()).position() == g.position()
    g.play("c1", "t2")  # the Queen of hearts from its cell onto the King of hearts
    assert g.score == 5 and g.cards("c1") == g.cards("c2") == ()
    assert "c1:" in g.position().splitlines()


def test_a_free_cells_card_goes_home_and_a_cell_holds_one_card_in_a_position():
    g = position(CELLS, {"t1": ["KS"], "c1": ["QS"], "stock": ["KD"]})
    assert {m.dst for m in g.legal_moves() if m.src == "c1"} == {"f1", "t1", "t2", "t3", "t4"}
    g.play("c1", "f1")
    assert g.score == 10 and g.cards("c1") == ()
    text = position(CELLS, {"t1": ["KS"], "c1": ["QS"]}).position()
    with pytest.raises(game.PositionError, match="c1: a cell holds one card"):
        type(g).from_position(text.replace("t1: KS\n", "t1:\n").replace("c1: QS", "c1: QS KS"))


def test_free_cells_rule_out_runs_fills_refills_and_a_fifth_cell():
    for clash in ({"runs": True}, {"autofill": True}, {"refill": 3}, {"lone": True}):
        with pytest.raises(ValueError, match="free cells"):
            FortyRules(cells=2, **clash)
    with pytest.raises(ValueError, match="cells"):
        FortyRules(cells=5)
    with pytest.raises(ValueError, match="cells"):
        FortyRules(cells_dealt=True)
    with pytest.raises(ValueError, match="cells dealt first"):
        FortyRules(cells=2, cells_dealt=True, home_in_deal=True)
    assert FortyRules(cells=3, cells_dealt=True).stock == 104 - 40 - 3


KINGS = FortyRules(4, up=2, builds=ANY_SUIT, kings_apart=True)


def test_floradora_deals_six_columns_of_six_and_the_kings_foundation_last():
    """PySolFC's Floradora: 6 rows round 6 columns, then the stock's first card on the
    waste; the Kings' foundation ``f9`` is the last place, empty, of no suit."""
    code = game.GameCode.parse("FT2-F-AAAAAAB")
    g = game.new(str(code))
    first = game.codes.shuffled_pack(code.deal)
    assert [len(g.cards(f"t{i}")) for i in range(1, 7)] == [6] * 6
    assert g.cards("t1") == tuple(first[0:36:6])
    assert len(g.cards("stock")) == 104 - 36 - 1 and len(g.cards("waste")) == 1
    assert g.PLACES[-1] == "f9" and g.cards("f9") == ()
    assert g.place("f9") == game.Place("foundation", 9) and g.place("f9").suit is None
    assert g.position().splitlines()[-1] == "f9:"


def test_a_king_goes_to_the_kings_foundation_at_any_time_and_stays():
    g = position(KINGS, {"t1": ["QS", "KH"], "t2": ["QS"], "waste": ["KS"], "stock": ["QD"]})
    assert refused(g, "t1", "f9") is None and refused(g, "waste", "f9") is None
    assert refused(g, "t2", "f9") == "kings_only"
    assert refused(g, "t1", "f2") == "kings_apart"  # the hearts' foundations stop at the Queen
    legal = {(m.src, m.dst) for m in g.legal_moves()}
    assert {("t1", "f9"), ("waste", "f9")} <= legal
    assert not {(s, d) for s, d in legal if d.startswith("f") and d != "f9" and s != "t2"}
    g.play("t1", "f9")
    assert g.score == 10 and [str(c) for c in g.cards("f9")][-1] == "KH"
    assert refused(g, "f9", "t3") == "kings_stay"  # (an empty column takes any card)
    assert ("f9", "t3") not in {(m.src, m.dst) for m in g.legal_moves()}
    assert type(g).from_position(g.position()).position() == g.position()
    g.undo()
    assert g.score == 0 and [str(c) for c in g.cards("t1")] == ["QS", "KH"]


def test_the_game_is_won_with_every_card_on_the_nine_foundations():
    g = position(KINGS, {"t1": ["KD"], "waste": ["QC"]})
    assert g.foundation_wants()[3] == (50,) and g.foundation_wants()[7] == ()  # (at its Queen)
    g.play("waste", "f4")
    assert not g.is_won() and g.foundation_wants()[3] == ()
    assert g.can_go_home()
    g.play("t1", "f9")
    assert g.is_won() and len(g.cards("f9")) == 8 and g.status == "won"


def test_the_kings_foundation_holds_kings_only_in_a_position():
    g = position(KINGS, {"t1": ["KD"]})
    moved = g.position().replace("t1: KD\n", "t1:\n").replace("f9: ", "f9: KD ")
    assert len(type(g).from_position(moved).cards("f9")) == 8  # (the eighth King home)
    with pytest.raises(game.PositionError, match="f9: the Kings' foundation holds Kings only"):
        type(g).from_position(moved.replace(" JS QS\n", " JS\n", 1).replace("f9: ", "f9: QS "))


def test_a_kings_foundation_rules_out_wraps_colours_both_ways_and_fills():
    clashes = (
        {"base": 1},
        {"base_drawn": True},
        {"home_colours": True, "builds": COLOUR},
        {"both_ways": True},
        {"empty": KING},
        {"cells": 1},
        {"autofill": True},
        {"refill": 3},
        {"lone": True},
        {"home_in_deal": True},  # (the deal's homing knows eight foundations)
    )
    for clash in clashes:
        with pytest.raises(ValueError, match="foundation of Kings"):
            FortyRules(kings_apart=True, **clash)
