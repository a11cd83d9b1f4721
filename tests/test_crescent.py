"""Crescent rules, each on a small position built from position text."""

import pytest
from helpers import build, layout, refused, rest_of_cards

import game
from game import IllegalMove, Move

PILES = [f"t{i}" for i in range(1, 17)]


def cr(places, redeals=3, moves=0, fill=None):
    named = set(places)
    fill = fill if fill is not None else [p for p in PILES if p not in named]
    return build(f"CR1 redeals={redeals} moves={moves}", places, fill)


def test_deal_sets_bases_aside_and_makes_16_piles_of_6():
    g = game.new("CR1-N-AAAAAAB")
    assert [str(g.cards(f)[0]) for f in ("f1", "f2", "f3", "f4")] == ["AS", "AH", "AD", "AC"]
    assert [str(g.cards(f)[0]) for f in ("f5", "f6", "f7", "f8")] == ["KS", "KH", "KD", "KC"]
    assert all(len(g.cards(f)) == 1 for f in g.PLACES[:8])
    assert [len(g.cards(t)) for t in PILES] == [6] * 16
    assert (g.redeals_left, g.moves, g.status, g.code) == (3, 0, "playing", "CR1-N-AAAAAAB")


def test_crescent_four_has_four_redeals_and_the_same_layout():
    four, std = game.new("CR1-F-AAAAAAB"), game.new("CR1-N-AAAAAAB")
    assert four.redeals_left == 4
    assert layout(four) == layout(std)


def test_pile_to_pile_same_suit_one_rank_up_or_down():
    g = cr({"t1": "8H", "t2": "9H", "t3": "7H", "t4": "9S", "t5": "TH"})
    assert g.refusal("t1", "t2") is None and g.refusal("t1", "t3") is None
    assert refused(g, "t1", "t4") == "same_suit"
    assert refused(g, "t1", "t5") == "adjacent_rank"
    g.play("t1", "t2")
    assert [str(c) for c in g.cards("t2")][-2:] == ["9H", "8H"] and g.moves == 1


def test_seed_ace_of_spades_onto_king_of_spades_on_a_pile():
    # the examples page, move 10: AS from pile 10 onto KS of pile 14
    g = cr({"t10": "5C AS", "t14": "QD KS", "t3": "AH"})
    assert Move("t10", "t14") in g.legal_moves()
    g.play("t10", "t14")
    assert str(g.cards("t14")[-1]) == "AS"
    # and the other way round: a King onto the Ace of its suit
    assert g.refusal("t3", "t14") is not None  # AH on AS: same rank, other suit
    h = cr({"t1": "KH", "t2": "AH"})
    assert h.refusal("t1", "t2") is None and h.refusal("t2", "t1") is None


def test_no_wrap_between_queen_and_ace():
    g = cr({"t1": "QH", "t2": "AH"})
    assert refused(g, "t1", "t2") == "adjacent_rank"


def test_pile_holds_at_most_13_cards():
    full = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 3D 9H"
    g = cr({"t1": full, "t2": "8H", "t3": "TH"})
    assert refused(g, "t2", "t1") == "pile_full"
    assert refused(g, "t3", "t1") == "pile_full"
    g.play("t1", "t2")  # 12 cards now: room again
    assert g.refusal("t3", "t1") is not None and g.refusal("t3", "t2") is None


def test_emptied_pile_stays_empty():
    g = cr({"t1": "8H", "t2": "9H", "t3": "7H"})
    g.play("t1", "t2")
    assert g.cards("t1") == ()
    assert refused(g, "t3", "t1") == "empty_pile"
    assert refused(g, "t1", "t2") == "not_playable"
    assert all(m.dst != "t1" and m.src != "t1" for m in g.legal_moves())
    assert g.place_label("t1") == "Pile 1: empty"


def test_foundations_build_up_from_ace_and_down_from_king_in_suit():
    g = cr({"t1": "2S", "t2": "QS", "t3": "3S", "t4": "2H", "t5": "JS"})
    assert {m for m in g.legal_moves() if m.dst.startswith("f")} >= {
        Move("t1", "f1"),
        Move("t2", "f5"),
        Move("t4", "f2"),
    }
    assert refused(g, "t1", "f2") == "same_suit"
    assert refused(g, "t3", "f1") == "foundation_order"
    assert refused(g, "t5", "f5") == "foundation_order"
    assert refused(g, "t1", "f5") == "foundation_order"  # 2S is not next below KS
    g.play("t1", "f1")
    g.play("t3", "f1")
    assert [str(c) for c in g.cards("f1")] == ["AS", "2S", "3S"]


def test_no_wrap_on_foundations():
    # nothing on an ascending King, nothing on a descending Ace
    g = cr({"f1": "KS", "f6": "AH", "t1": "AS", "t2": "KH"})
    assert refused(g, "t1", "f1") == "foundation_order"
    assert refused(g, "t2", "f6") == "foundation_order"


def test_foundation_to_foundation_of_the_same_suit():
    g = cr({"f1": "7S", "f5": "8S", "f2": "5H", "f6": "9H"})
    assert g.refusal("f1", "f5") is None and g.refusal("f5", "f1") is None
    assert Move("f1", "f5") in g.legal_moves() and Move("f5", "f1") in g.legal_moves()
    assert refused(g, "f2", "f6") == "foundation_order"  # 5H does not follow 9H
    assert refused(g, "f1", "f6") == "same_suit"
    g.play("f1", "f5")
    assert str(g.cards("f5")[-1]) == "7S" and str(g.cards("f1")[-1]) == "6S"
    assert g.moves == 1


def test_base_card_never_moves():
    g = cr({"f5": "2S"})  # KS..2S: the ascending base AS could go on it
    assert refused(g, "f1", "f5") == "base_locked"
    assert refused(g, "f1", "t1") == "base_locked"
    h = cr({"f1": "QS"})  # AS..QS: the descending base KS could go on it
    assert refused(h, "f5", "f1") == "base_locked"


def test_no_return_from_foundation_to_pile():
    g = cr({"f1": "3S", "t1": "4S"})
    assert refused(g, "f1", "t1") == "no_return_to_pile"


def test_same_place_and_unknown_places():
    g = cr({})
    assert refused(g, "t1", "t1") == "same_place"
    for src, dst in [("t17", "t1"), ("t1", "f9"), ("stock", "waste"), ("", "t1"), (None, "t1")]:
        with pytest.raises(game.UnknownPlace, match="unknown place"):
            g.play(src, dst)
        with pytest.raises(game.UnknownPlace):
            g.refusal(src, dst)


def test_seed_redeal_moves_bottom_card_to_top():
    g = cr({"t1": "2H 9C JD JD", "t2": "5D", "t3": "3C 4C"})
    before = {t: g.cards(t) for t in PILES}
    g.redeal()
    assert " ".join(map(str, g.cards("t1"))) == "9C JD JD 2H"
    assert " ".join(map(str, g.cards("t2"))) == "5D"  # one card: unchanged
    assert " ".join(map(str, g.cards("t3"))) == "4C 3C"
    for t in PILES:
        old = before[t]
        assert g.cards(t) == (old[1:] + old[:1] if len(old) > 1 else old)
    assert g.redeals_left == 2 and g.moves == 0


def test_three_redeals_then_no_redeals():
    g = game.new("CR1-N-AAAAAAC")
    for left in (2, 1, 0):
        g.redeal()
        assert g.redeals_left == left
    before = g.position()
    with pytest.raises(IllegalMove) as err:
        g.redeal()
    assert err.value.reason == "no_redeals" and g.position() == before
    four = game.new("CR1-F-AAAAAAC")
    for _ in range(4):
        four.redeal()
    with pytest.raises(IllegalMove):
        four.redeal()


def test_redeal_clears_history_and_is_not_a_move():
    g = cr({"t1": "8H", "t2": "9H", "t3": "7D"})
    g.play("t1", "t2")
    g.undo()
    g.play("t1", "t2")
    g.redeal()
    assert g.moves == 1
    assert not g.undo() and not g.redo() and not g.can_undo


def test_undo_lowers_the_move_counter_and_keeps_100_moves():
    # 8H shuttles between two 9H piles as long as we like
    g = cr({"t1": "8H", "t2": "9H", "t3": "9H"})
    start = g.position()
    g.play("t1", "t2")
    for k in range(149):
        g.play(*(("t2", "t3") if k % 2 == 0 else ("t3", "t2")))
    assert g.moves == 150
    undone = 0
    while g.undo():
        undone += 1
    assert undone == 100 and g.moves == 50
    assert g.position() != start


def test_redo_replays_undone_moves_until_a_new_move():
    g = cr({"t1": "8H", "t2": "9H", "t3": "7H", "t4": "2S", "t5": "6H"})
    g.play("t1", "t2")
    after_first = g.position()
    g.play("t3", "t2")
    after_second = g.position()
    assert g.undo() and g.undo() and g.moves == 0
    assert g.redo() and g.position() == after_first
    assert g.redo() and g.position() == after_second
    assert not g.redo()
    g.undo()
    g.play("t4", "f1")  # a new move clears what could be redone
    assert not g.can_redo and not g.redo()


def test_won_when_every_card_is_on_the_foundations():
    places = {f"f{i}": "K" + "SHDC"[i - 1] for i in range(1, 5)}
    places.update({f"f{i}": "A" + "SHDC"[i - 5] for i in range(5, 9)})
    g = cr(places, fill=[])
    assert g.status == "won" and g.legal_moves() == []
    almost = {**places, "f1": "QS", "t1": "KS"}
    h = cr(almost, redeals=0, fill=[])
    assert h.status == "playing" and h.legal_moves() == [Move("t1", "f1")]
    h.play("t1", "f1")
    assert h.status == "won"


def _stuck(redeals):
    """Diamonds and clubs home; spades meet at 7S/8S; hearts A..JH and KH; no pile move."""
    return cr(
        {
            "f3": "KD",
            "f4": "KC",
            "f7": "AD",
            "f8": "AC",
            "f1": "7S",
            "f5": "8S",
            "f2": "JH",
            "f6": "KH",
            "t1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS 5H",
            "t2": "AH 3H 4H 6H 7H 8H TH JH QH QH KH 2H",
            "t3": "KS 9H",
        },
        redeals=redeals,
        fill=[],
    )


def test_each_foundation_says_the_card_it_takes_and_none_past_a_king_or_an_ace():
    g = _stuck(redeals=0)  # cards: suit * 13 + rank - 1, suits S H D C
    # up: 7S wants 8S, JH QH, KD and KC nothing; down: 8S wants 7S, KH QH, AD and AC nothing
    assert g.foundation_cards() == (7, 13 + 11, -1, -1, 6, 13 + 11, -1, -1)


def test_blocked_when_no_move_and_no_redeal_left():
    g = _stuck(redeals=0)
    # only the spade foundations can shuttle; no pile shows a spade, so nothing can come of it
    assert sorted(m.text() for m in g.legal_moves()) == ["f1-f5", "f5-f1"]
    assert g.status == "blocked"
    assert _stuck(redeals=1).status == "playing"  # a redeal is still possible


def test_not_blocked_while_a_shuttle_can_free_a_pile_card():
    text = (
        _stuck(redeals=0)
        .position()
        .replace(
            "t1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS 5H",
            "t1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS 5H QS",
        )
    )
    g = game.from_position(text)
    # QS shows: moving 8S..QS up leaves KS on the descending side, and QS can go there
    assert g.status == "playing"
    for src in ("f5",) * 5:
        g.play(src, "f1")
    assert g.refusal("t1", "f5") is None


def test_last_move_blocks_the_game_and_undo_reopens_it():
    g = cr(
        {
            "f3": "KD",
            "f4": "KC",
            "f7": "AD",
            "f8": "AC",
            "f1": "7S",
            "f5": "8S",
            "f2": "QH",
            "f6": "KH",
            "t1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS 5H",
            "t2": "KS AH 2H 3H 4H 6H 7H 8H TH JH QH 9H",
            "t3": "KH",
        },
        redeals=0,
        fill=[],
    )
    assert g.status == "playing"
    assert [m for m in g.legal_moves() if m.src.startswith("t")] == [Move("t3", "f2")]
    g.play("t3", "f2")
    assert g.status == "blocked"
    assert g.undo() and g.status == "playing"


# The examples page's diagram before move 10 (Arabic seed), in the seed's own words.
SEED_DIAGRAM = """\
Ascending spades foundation: two of spades on top, 2 cards.
Ascending hearts foundation: two of hearts on top, 2 cards.
Ascending diamonds foundation: ace of diamonds on top, 1 card.
Ascending clubs foundation: ace of clubs on top, 1 card.
Descending spades foundation: queen of spades on top, 2 cards.
Descending hearts foundation: queen of hearts on top, 2 cards.
Descending diamonds foundation: king of diamonds on top, 1 card.
Descending clubs foundation: nine of clubs on top, 5 cards.
Pile 1: 4 cards, jack of diamonds on top.
Pile 2: 6 cards, eight of spades on top.
Pile 3: 4 cards, seven of diamonds on top.
Pile 4: 5 cards, four of diamonds on top.
Pile 5: 6 cards, ten of spades on top.
Pile 6: 4 cards, queen of spades on top.
Pile 7: 6 cards, five of hearts on top.
Pile 8: 6 cards, six of spades on top.
Pile 9: 5 cards, five of clubs on top.
Pile 10: 6 cards, ace of spades on top.
Pile 11: 6 cards, king of clubs on top.
Pile 12: 6 cards, ten of clubs on top.
Pile 13: 6 cards, seven of spades on top.
Pile 14: 6 cards, king of spades on top.
Pile 15: 6 cards, six of spades on top.
Pile 16: 6 cards, ace of clubs on top.
Moves: 9; 3 redeals left."""


def seed_diagram_position():
    """A full position with the diagram's foundations, pile sizes and top cards."""
    foundations = ["AS 2S", "AH 2H", "AD", "AC", "KS QS", "KH QH", "KD", "KC QC JC TC 9C"]
    sizes = [4, 6, 4, 5, 6, 4, 6, 6, 5, 6, 6, 6, 6, 6, 6, 6]
    tops = [
        "JD",
        "8S",
        "7D",
        "4D",
        "TS",
        "QS",
        "5H",
        "6S",
        "5C",
        "AS",
        "KC",
        "TC",
        "7S",
        "KS",
        "6S",
        "AC",
    ]
    pile_1 = ["2H", "9C", "JD"]  # under JD: pile 1 is 2H 9C JD JD, the seed's redeal example
    rest = rest_of_cards(" ".join(foundations).split() + tops + pile_1)
    piles = [pile_1 + [tops[0]]]
    piles += [
        [rest.pop() for _ in range(size - 1)] + [top] for size, top in zip(sizes[1:], tops[1:])
    ]
    lines = ["CR1 redeals=3 moves=9"] + [f"f{i + 1}: {f}" for i, f in enumerate(foundations)]
    lines += [f"t{i + 1}: {' '.join(p)}" for i, p in enumerate(piles)]
    return game.from_position("\n".join(lines))


def test_seed_diagram_in_words_and_its_move_10():
    g = seed_diagram_position()
    assert g.describe() == SEED_DIAGRAM
    g.play("t10", "t14")  # move 10: AS from pile 10 onto KS of pile 14
    assert g.place_label("t14") == "Pile 14: 7 cards, ace of spades on top"
    assert g.place_label("t10") == "Pile 10: 5 cards, " + g.cards("t10")[-1].name() + " on top"
    g.redeal()
    assert " ".join(map(str, g.cards("t1"))) == "9C JD JD 2H"
    assert g.place_label("t1") == "Pile 1: 4 cards, two of hearts on top"  # as the 2nd diagram
