"""Forty Thieves rules, score and undo, on positions built from position text."""

import pytest
from helpers import build, layout, refused

import game
from game import IllegalMove, Move

COLUMNS = [f"t{i}" for i in range(1, 11)]


def ft(places, score=0, moves=0, fill=None):
    """The cards not named go to the stock, then to the columns not named."""
    if fill is None:
        fill = ["stock"] + [t for t in COLUMNS if t not in places]
    return build(f"FT1 score={score} moves={moves}", places, list(fill))


def test_deal_10_columns_of_4_and_a_64_card_stock():
    g = game.new("FT1-N-AAAAAAB")
    assert [len(g.cards(t)) for t in COLUMNS] == [4] * 10
    assert len(g.cards("stock")) == 64 and g.cards("waste") == ()
    assert all(g.cards(f"f{i}") == () for i in range(1, 9))
    assert (g.score, g.moves, g.status) == (0, 0, "playing")


SEED_LAYOUT = {  # docs/RULES.md: the examples page's starting layout, bottom to top
    "t1": "AD 3S KH 2H",
    "t2": "JC 3H 2S 9H",
    "t3": "9C JH AH 8H",
    "t4": "8D 9D KC 7D",
    "t5": "TD 9S AH JS",
    "t6": "KC JS 8S QS",
    "t7": "9D QH 6D 4H",
    "t8": "9H AS AC 3H",
    "t9": "6C 5S 7H 4D",
    "t10": "5D 9C 2S TC",
}


def test_seed_starting_layout_and_its_moves():
    g = ft(SEED_LAYOUT)
    assert len(g.cards("stock")) == 64
    assert sorted(m.text() for m in g.legal_moves()) == sorted(
        ["t1-t8", "t3-t2", "t5-t6", "t8-t7", "stock-waste"]
    )
    assert g.place_label("t1") == (
        "Column 1: 4 cards, two of hearts on top; from the bottom: "
        "ace of diamonds, three of spades, king of hearts, two of hearts"
    )
    words = g.describe().splitlines()
    assert words[:8] == [
        f"Foundation {i + 1}, {s}: empty."
        for i, s in enumerate(["spades", "hearts", "diamonds", "clubs"] * 2)
    ]
    assert words[8 + 5] == (
        "Column 6: 4 cards, queen of spades on top; from the bottom: "
        "king of clubs, jack of spades, eight of spades, queen of spades."
    )
    assert words[18:] == ["Stock: 64 cards.", "Waste: empty.", "Score: 0; moves: 0."]
    g.play("stock", "waste")
    top = g.cards("waste")[-1].name()
    assert g.place_label("waste") == f"Waste: 1 card, {top} on top"


def test_column_builds_down_by_suit_one_rank_at_a_time():
    g = ft({"t1": "7S", "t2": "8S", "t3": "8H", "t4": "9S", "t5": "KD"})
    assert g.refusal("t1", "t2") is None
    assert refused(g, "t1", "t3") == "same_suit"
    assert refused(g, "t1", "t4") == "one_rank_higher"
    assert refused(g, "t2", "t1") == "one_rank_higher"  # building up is not allowed
    g.play("t1", "t2")
    assert [str(c) for c in g.cards("t2")] == ["8S", "7S"]


def test_nothing_goes_on_an_ace_and_no_wrap():
    g = ft({"t1": "AS", "t2": "KS", "t3": "2S"})
    assert refused(g, "t2", "t1") == "one_rank_higher"  # K on A: no wrap
    assert refused(g, "t3", "t1") == "one_rank_higher"
    assert g.refusal("t1", "t3") is None  # the Ace itself goes on the two
    # a King is not "one below" the Ace of the next suit (cards are numbered suit by suit)
    h = ft({"t1": "KS", "t2": "AH", "t3": "KC", "t4": "AS"})
    assert refused(h, "t1", "t2") == "same_suit"
    assert not [m for m in h.legal_moves() if m.src in ("t1", "t3") and m.dst.startswith("t")]


def test_any_card_to_an_empty_column_from_a_column_or_the_waste():
    g = ft({"t1": "5D", "t2": "", "waste": "9C", "t3": "QH"})
    assert g.refusal("t1", "t2") is None and g.refusal("waste", "t2") is None
    assert g.refusal("t3", "t2") is None  # not only a King
    g.play("waste", "t2")
    assert str(g.cards("t2")[-1]) == "9C" and g.score == 5


def test_only_the_top_card_moves_even_from_a_suit_sequence():
    g = ft({"t1": "9S 8S 7S", "t2": "9S", "t3": ""})
    g.play("t1", "t3")
    assert [str(c) for c in g.cards("t1")] == ["9S", "8S"]
    assert [str(c) for c in g.cards("t3")] == ["7S"]


def test_foundations_have_fixed_suits_and_start_with_the_ace():
    g = ft({"t1": "AS", "t2": "2S", "t3": "AH", "t4": "3S"})
    assert {m.dst for m in g.legal_moves() if m.src == "t1"} == {"f1", "f5", "t2"}
    assert {m.dst for m in g.legal_moves() if m.src == "t3"} == {"f2", "f6"}
    assert refused(g, "t1", "f2") == "same_suit"
    assert refused(g, "t2", "f1") == "foundation_order"
    g.play("t1", "f5")
    assert g.refusal("t2", "f5") is None and refused(g, "t2", "f1") == "foundation_order"
    assert refused(g, "t4", "f5") == "foundation_order"
    g.play("t2", "f5")
    assert [str(c) for c in g.cards("f5")] == ["AS", "2S"] and g.score == 20


def test_no_card_on_a_full_foundation():
    g = ft({"f1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "t1": "AS", "t2": "AH"})
    assert refused(g, "t1", "f1") == "foundation_order"
    assert refused(g, "t2", "f1") == "same_suit"


def test_each_foundation_says_the_one_card_it_takes_and_a_full_one_none():
    g = ft(
        {
            "f1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
            "f2": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
            "f7": "AD",
        }
    )
    # f1 full; f2 waits for KH; f3-f6 and f8 for their Aces; f7 for 2D (cards: suit * 13 + rank - 1)
    assert g.foundation_cards() == (-1, 13 + 12, 26, 39, 0, 13, 26 + 1, 39)
    assert g.takes_home(0) is None and g.takes_home(1) == 25


def test_foundation_card_back_to_a_column_costs_15_with_a_floor_at_0():
    g = ft({"f1": "AS 2S 3S", "t1": "4S", "t2": ""}, score=20)
    assert Move("f1", "t1") in g.legal_moves() and Move("f1", "t2") in g.legal_moves()
    g.play("f1", "t1")
    assert g.score == 5 and [str(c) for c in g.cards("t1")] == ["4S", "3S"]
    g.play("f1", "t2")
    assert g.score == 0  # 5 - 15, floored
    assert g.undo() and g.score == 5
    assert g.undo() and g.score == 20
    g.play("t1", "f1")  # 3S goes back: +10 only
    assert g.score == 30


def test_no_foundation_to_foundation_and_stock_waste_are_not_destinations():
    g = ft({"f1": "AS 2S", "f5": "AS", "t1": "KD", "waste": "QC", "t2": ""})
    assert refused(g, "f1", "f5") == "foundation_order"
    assert refused(g, "t1", "waste") == "not_playable"
    assert refused(g, "t1", "stock") == "not_playable"
    assert refused(g, "stock", "t1") == "not_playable"
    assert refused(g, "t2", "t1") == "not_playable"  # nothing there
    assert refused(g, "t1", "t1") == "same_place"
    with pytest.raises(IllegalMove) as err:
        g.redeal()
    assert err.value.reason == "no_redeals"


def test_draws_turn_one_card_then_the_stock_runs_out():
    g = ft({"stock": "2D 9H"}, fill=COLUMNS)
    g.play("stock", "waste")
    assert [str(c) for c in g.cards("waste")] == ["9H"] and g.score == 0 and g.moves == 1
    g.play("stock", "waste")
    assert [str(c) for c in g.cards("waste")] == ["9H", "2D"]
    assert refused(g, "stock", "waste") == "stock_empty"
    assert Move("stock", "waste") not in g.legal_moves()


def test_undo_keeps_100_actions_draws_included_and_the_counter_never_goes_down():
    g = ft({"t1": "5D", "t2": ""})
    for _k in range(30):
        g.play("stock", "waste")
    for k in range(90):
        g.play(*(("t1", "t2") if k % 2 == 0 else ("t2", "t1")))
    assert g.moves == 120
    undone = 0
    while g.undo():
        undone += 1
    assert undone == 100
    assert g.moves == 120 and len(g.cards("waste")) == 20
    assert g.redo() and g.moves == 121 and len(g.cards("waste")) == 21


def test_redo_replays_and_a_new_action_clears_it():
    g = ft({"t1": "5D", "t2": "6D", "t3": ""})
    g.play("t1", "t2")
    after = layout(g)
    g.undo()
    assert g.redo() and layout(g) == after and not g.redo()
    g.undo()
    g.play("stock", "waste")
    assert not g.can_redo


def _greedy_play(g):
    """Foundation if possible, else the waste card onto a column, else draw; counts w->t."""
    waste_to_column = 0
    while g.status == "playing":
        moves = g.legal_moves()
        home = [m for m in moves if m.dst.startswith("f") and not m.src.startswith("f")]
        onto = [m for m in moves if m.src == "waste" and m.dst.startswith("t")]
        draw = [m for m in moves if m.src == "stock"]
        move = (home or onto or draw or [None])[0]
        assert move is not None, "greedy player stuck"
        waste_to_column += move in onto
        g.play(*move)
    return waste_to_column


def test_seed_score_of_a_won_game_is_1040_plus_5_per_waste_to_column_move():
    high = [f"K{s} Q{s} J{s} T{s}" for s in "SHDCSHDC"]
    places = {f"t{i + 1}": cards for i, cards in enumerate(high)}
    places["t9"] = places["t10"] = "8S 8H 8D 8C"
    low = [r + s for r in "765432A" for s in "CDHS"]
    stock = [c for c in low for _ in range(2)] + [f"9{s}" for s in "CDHSCDHS"]
    places["stock"] = " ".join(stock)  # the last card is drawn first: the nines come out first
    g = ft(places, fill=())
    w2c = _greedy_play(g)
    assert g.status == "won" and w2c == 8
    assert g.score == 1040 + 5 * w2c == 1080
    assert all(len(g.cards(f"f{i}")) == 13 for i in range(1, 9))


def test_won_status_only_when_all_eight_foundations_are_full():
    full = {
        f"f{i}": " ".join(r + "SHDC"[(i - 1) % 4] for r in "A23456789TJQK") for i in range(1, 9)
    }
    assert ft(full, fill=()).status == "won"
    almost = {**full, "f8": full["f8"][:-3], "waste": "KC"}
    g = ft(almost, fill=())
    assert g.status == "playing" and Move("waste", "f8") in g.legal_moves()
    g.play("waste", "f8")
    assert g.status == "won" and g.score == 10
