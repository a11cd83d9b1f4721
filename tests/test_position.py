"""Position text: exact round-trip, strict parsing, errors that name the line; and cards."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game
from game import Card, PositionError
from game.cards import BadCard, card

CR = game.new("CR1-N-AAAAAAB").position()
FT = game.new("FT1-N-AAAAAAB").position()


def test_round_trip_of_deals_and_free_positions():
    for text in (CR, FT):
        g = game.from_position(text)
        assert g.position() == text and g.code is None
    assert game.from_position(CR.replace("\n", "\r\n") + "\n\n").position() == CR


def test_place_lines_may_come_in_any_order_and_are_written_in_the_canonical_one():
    lines = CR.splitlines()
    shuffled = "\n".join([lines[0]] + lines[1:][::-1])
    assert game.from_position(shuffled).position() == CR


def test_counters_are_read_as_given():
    text = CR.replace("CR1 redeals=3 moves=0", "CR1 moves=17 redeals=0")
    g = game.from_position(text)
    assert (g.redeals_left, g.moves) == (0, 17)
    assert g.position().startswith("CR1 redeals=0 moves=17\n")
    f = game.from_position(FT.replace("FT1 score=0 moves=0", "FT1 score=1185 moves=400"))
    assert (f.score, f.moves) == (1185, 400)


def swap(text, old, new):
    assert old in text, old
    return text.replace(old, new, 1)


def move_card(text, card, src, dst):
    """Take one ``card`` off place ``src``'s line and put it on top of ``dst``'s line."""
    lines = text.splitlines()
    for k, line in enumerate(lines):
        place, _, cards = line.partition(":")
        cards = cards.split()
        if place == src:
            cards.remove(card)
        if place == dst:
            cards.append(card)
        if place in (src, dst):
            lines[k] = f"{place}: {' '.join(cards)}" if cards else f"{place}:"
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty position"),
        ("\n\n", "empty position"),
        (swap(CR, "CR1", "XX1"), "unknown game 'XX1'"),
        (swap(CR, "CR1 redeals=3 moves=0", "CR1 redeals=3"), "missing moves"),
        (swap(CR, "moves=0", "moves=0 score=0"), "unexpected 'score=0'"),
        (swap(CR, "moves=0", "moves=-1"), "moves must be a whole number"),
        (swap(CR, "moves=0", "moves=x"), "moves must be a whole number"),
        (swap(CR, "moves=0", "redeals=1"), "unexpected 'redeals=1'"),
        (swap(CR, "redeals=3", "redeals=5"), "redeals must be 0 to 4"),
        (swap(FT, "score=0", "redeals=0"), "unexpected 'redeals=0'"),
        (swap(CR, "t16:", "t17:"), "unknown place 't17'"),
        (swap(CR, "t16:", "t15:"), "place 't15' appears twice"),
        (CR.replace("t16: 3S AC 2D QD TC 7C\n", ""), "missing places: t16"),
        (swap(CR, "t1: 6D", "t1: 6X"), "bad card '6X'"),
        (swap(CR, "t1: 6D", "t1: 6d"), "bad card '6d'"),
        (swap(CR, "t1: 6D 4S", "t1: 6D  4S"), "bad card ''"),
        (swap(CR, "t1: 6D", "t1:6D"), "expected a space after the colon"),
        (swap(CR, "t1: 6D", "t1 6D"), "expected 'PLACE: CARDS'"),
        (swap(CR, "t1: 6D", "\nt1: 6D"), "expected 'PLACE: CARDS'"),
        (swap(CR, "t1: 6D", "t1: 7D"), "card 6D appears 1 times"),
        (swap(CR, "t2: 7D", "t2: 6D"), "card 6D appears 3 times"),
        (swap(CR, "f1: AS", "f1:"), "f1: must be an Ace up sequence"),
        (swap(swap(CR, "f1: AS", "f1: 2S"), "t4: 8S JC KS 2S", "t4: 8S JC KS AS"), "f1: must be"),
        (move_card(CR, "JS", "t2", "f5"), "f5: must be a King down sequence of spades"),
        (move_card(CR, "2S", "t4", "f5"), "f5: must be a King down sequence"),
    ],
)
def test_bad_crescent_positions_name_what_is_wrong(text, message):
    with pytest.raises(PositionError) as err:
        game.from_position(text)
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # past Python's 4,300-digit int limit (a bare ValueError), and at it (a number printed
        # in the toolbar): a PositionError naming line 1, with the line cut short
        (swap(CR, "moves=0", "moves=" + "9" * 4301), "line 1 'CR1 redeals=3 moves=999"),
        (swap(CR, "moves=0", "moves=1" + "0" * 4299), "moves must be a whole number from 0 to"),
        (swap(CR, "moves=0", "moves=10000000"), "moves must be a whole number from 0 to 9999999"),
        (swap(FT, "score=0", "score=" + "5" * 5000), "score must be a whole number from 0 to"),
    ],
    ids=["4301 digits", "4300 digits", "8 digits", "FT score"],
)
def test_counters_are_capped_and_an_overlong_one_names_its_line(text, message):
    with pytest.raises(PositionError) as err:
        game.from_position(text)
    assert message in str(err.value) and len(str(err.value)) < 300
    assert game.from_position(swap(CR, "moves=0", "moves=9999999")).moves == 9_999_999


def test_line_numbers_and_text_are_in_the_message():
    with pytest.raises(PositionError, match=r"line 10 't1: 6X.*'"):
        game.from_position(swap(CR, "t1: 6D", "t1: 6X"))


def test_crescent_pile_over_13_is_refused():
    text = CR
    for moved in ["JS", "9C", "3D", "9D", "QC", "QH"] + ["8S", "JC"]:  # t3, then two of t4
        text = move_card(text, moved, "t3" if moved not in ("8S", "JC") else "t4", "t2")
    assert text.count("\nt2: ") == 1 and len(text.split("\nt2: ")[1].split("\n")[0].split()) == 14
    with pytest.raises(PositionError, match="t2: 14 cards, a pile holds at most 13"):
        game.from_position(text)
    thirteen = move_card(text, "JC", "t2", "t4")
    assert len(game.from_position(thirteen).cards("t2")) == 13


def test_bad_forty_thieves_positions():
    lines = FT.splitlines()
    stock = lines[19]
    # a foundation that does not start with the Ace of its fixed suit
    with pytest.raises(PositionError, match="f1: must be a sequence of spades up from the ace"):
        game.from_position(move_card(FT, "AH", "t8", "f1"))
    with pytest.raises(PositionError, match="f2: must be"):
        game.from_position(move_card(FT, "2H", "stock", "f2"))
    with pytest.raises(PositionError, match="f1: must be"):
        game.from_position(move_card(move_card(FT, "AS", "t8", "f1"), "AS", "stock", "f1"))
    assert game.from_position(move_card(FT, "AS", "t8", "f5")).cards("f5") == (Card.parse("AS"),)
    # more than 64 in the stock
    moved = lines[10].split(": ")[1]
    text = swap(swap(FT, lines[10], "t2:"), stock, stock + " " + moved)
    with pytest.raises(PositionError, match="stock: 68 cards, the stock holds at most 64"):
        game.from_position(text)
    # columns have no limit
    big = swap(swap(FT, lines[10], "t2:"), lines[9], lines[9] + " " + moved)
    assert len(game.from_position(big).cards("t1")) == 8


def test_position_must_be_text():
    with pytest.raises(PositionError):
        game.from_position(None)


def mutations():
    text = st.sampled_from([CR, FT])
    return st.tuples(
        text, st.integers(0, 10_000), st.integers(0, 3), st.sampled_from(list("AS2KT: =\n-0x"))
    )


@settings(max_examples=300)
@given(mutations())
def test_fuzzed_positions_parse_or_raise_position_error(case):
    text, at, kind, ch = case
    at %= len(text)
    mutated = [
        text[:at] + text[at + 1 :],
        text[:at] + ch + text[at:],
        text[:at] + ch + text[at + 1 :],
        text[at:] + text[:at],
    ][kind]
    try:
        g = game.from_position(mutated)
    except PositionError:
        return
    assert game.from_position(g.position()).position() == g.position()


def test_cards_parse_print_and_speak():
    qs = Card.parse("QS")
    assert (qs.rank, qs.suit, str(qs), repr(qs)) == (12, 0, "QS", "Card('QS')")
    assert qs.name() == "queen of spades" and Card.parse("TD").name() == "ten of diamonds"
    assert card(1, 3) == Card.parse("AC") and card(13, 1) is Card.parse("KH")
    for bad in ("", "Q", "QSS", "1S", "qs", "10H", None):
        with pytest.raises(BadCard):
            Card.parse(bad)
    with pytest.raises(BadCard):
        card(14, 0)


def test_moves_have_a_text_round_trip():
    m = game.Move.from_text("t3-f1")
    assert m == game.Move("t3", "f1") and m.text() == "t3-f1"
    assert game.Move.from_text("stock-waste").src == "stock"
    for bad in ("t3f1", "t3-", "-f1", "t3-f1-f2", "t 3-f1", None):
        with pytest.raises(game.BadMoveText):
            game.Move.from_text(bad)


def test_place_names_are_short_words():
    cr, ft = game.new("CR1-N-AAAAAAB"), game.new("FT1-N-AAAAAAB")
    assert [cr.place_name(p) for p in ("f1", "f8", "t16")] == [
        "ascending spades foundation",
        "descending clubs foundation",
        "pile 16",
    ]
    assert [ft.place_name(p) for p in ("f5", "t10", "stock", "waste")] == [
        "spades foundation 5",
        "column 10",
        "stock",
        "waste",
    ]
    with pytest.raises(game.UnknownPlace):
        ft.place_name("t11")
