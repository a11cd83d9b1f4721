"""The Forty Thieves family and Crescent's variants: deals, builds, runs and face-down cards."""

import re

import pytest
from helpers import build, layout, refused

import game
from game import Move, PositionError
from game.codes import GameCode, shuffled_pack
from game.forty_thieves import FAMILY

RELATIVES = [kind for kind in FAMILY if kind != "FT1-N"]
FILL = ["stock", "t6", "t7", "t8", "t9", "t10"]  # where a built position's other cards go


@pytest.mark.parametrize("kind", list(FAMILY))
def test_a_deal_goes_round_the_columns_row_by_row_the_first_rows_face_down(kind):
    rules = FAMILY[kind]
    g = game.new(f"{kind}-AAAAAAF")
    cards = shuffled_pack(5)
    columns, dealt = rules.columns, rules.columns * (rules.down + rules.up)
    if rules.bases_home:  # the eight base cards (Aces, Twos) home first, suits S H D C S H D C
        for f in range(8):
            base = cards.pop(cards.index(13 * (f % 4) + rules.base))
            assert g.cards(f"f{f + 1}")[0] == base
            if not rules.home_in_deal:
                assert len(g.cards(f"f{f + 1}")) == 1
    if rules.cells_dealt:  # then the next cards one to each free cell (Squadron)
        assert [g.cards(f"c{k + 1}") for k in range(rules.cells)] == [
            (c,) for c in cards[: rules.cells]
        ]
        del cards[: rules.cells]
    if rules.home_in_deal:  # each card home past its base was dealt to a column
        home = sorted(c for f in range(1, 9) for c in g.cards(f"f{f}")[1:])
        left = [c for k in range(1, columns + 1) for c in g.cards(f"t{k}")]
        assert sorted(left + home) == sorted(cards[:dealt])
        tops = {g.cards(f"t{k}")[-1] for k in range(1, columns + 1) if g.cards(f"t{k}")}
        assert home and not tops & {c for wants in g.foundation_wants() for c in wants}
    assert [p for p in g.PLACES if p.startswith("t")] == [f"t{k}" for k in range(1, columns + 1)]
    for k in range(columns):
        column, got = cards[k:dealt:columns], list(g.cards(f"t{k + 1}"))
        if rules.home_in_deal:  # (Carre Napoleon: some went home, the others kept their order)
            rest = iter(column)
            assert all(c in rest for c in got)
        else:
            assert got == column
        assert g.face_down(f"t{k + 1}") == rules.down
    stock = cards[dealt:]  # its last card is turned first: onto the waste at once in Octagon
    if rules.base_drawn:  # (Quadrangle: to its suit's first foundation, setting the base)
        base = stock.pop()
        assert list(g.cards(f"f{base // 13 + 1}")) == [base] and g.base_rank == base % 13
        assert sum(len(g.cards(f"f{f}")) for f in range(1, 9)) == 1
    assert list(g.cards("waste")) == ([stock.pop()] if rules.waste_first else [])
    assert list(g.cards("stock")) == stock
    assert g.face_down("stock") == g.face_down("waste") == 0
    assert g.hidden == (rules.down > 0)


def test_the_relatives_keep_forty_thieves_deal_and_codes():
    """Same cards as Forty Thieves where the rows are the same; FT1-N's deal is unchanged."""
    for letter in ("J", "S", "T", "R", "E"):
        relative, head = game.new(f"FT1-{letter}-AAAABCD"), game.new("FT1-N-AAAABCD")
        assert relative.cards("stock") == head.cards("stock")
        assert [relative.cards(f"t{k}") for k in range(1, 11)] == [
            head.cards(f"t{k}") for k in range(1, 11)
        ]
    assert game.new("FT1-N-AAAAAAB").position().startswith("FT1 score=0 moves=0\n")
    assert game.new("FT1-J-AAAAAAB").position().startswith("FT1-J score=0 moves=0\n")


@pytest.mark.parametrize("variant", ["D", "O"])
def test_crescent_variants_deal_crescent_and_keep_its_rules(variant):
    g, head = game.new(f"CR1-{variant}-AAAAAAB"), game.new("CR1-N-AAAAAAB")
    assert [g.cards(p) for p in g.PLACES] == [head.cards(p) for p in head.PLACES]
    assert g.legal_moves() == head.legal_moves() and g.redeals_left == 3
    assert [g.face_down(f"t{k}") for k in range(1, 17)] == [5 if variant == "D" else 0] * 16


def test_streets_builds_down_in_alternate_colours():
    g = build("FT1-S score=0 moves=0", {"t1": "8H", "t2": "7S", "t3": "7D", "t4": "6C"}, FILL)
    g.play("t2", "t1")  # black 7 on a red 8
    assert refused(g, "t3", "t1") == "rank_higher"  # red on black, but onto a 7
    g.undo()
    assert refused(g, "t3", "t1") == "alternate_colour"  # red on red
    assert refused(g, "t4", "t1") == "rank_higher"  # the colour is right, the rank is not
    assert refused(g, "t4", "t2") == "alternate_colour"


def test_indian_builds_on_any_suit_but_its_own():
    g = build("FT1-I score=0 moves=0", {"t1": "8H", "t2": "7H", "t3": "7D", "t4": "5C"}, FILL)
    assert refused(g, "t2", "t1") == "other_suit"
    g.play("t3", "t1")  # diamonds on hearts: another suit of the same colour is fine
    assert refused(g, "t4", "t2") == "rank_higher"


def test_a_run_moves_as_one_onto_a_card_that_takes_its_lowest_card():
    g = build(
        "FT1-J score=0 moves=0",
        {"t1": "KD 9S 8S 7S", "t2": "TS", "t3": "TH", "t4": ""},
        FILL,
    )
    start = g.position()
    assert g.movable("t1") == 3 and g.movable("t2") == 1 and g.movable("t4") == 0
    runs = {m for m in g.legal_moves() if m.size > 1}
    # onto the ten of spades the whole run; to each empty column every part of it
    assert runs == {Move("t1", "t2", 3)} | {Move("t1", t, n) for t in ("t4", "t5") for n in (2, 3)}
    assert refused(g, "t1", "t3") == "same_suit"  # one card: 7S on TH
    assert g.refusal("t1", "t3", 3) is not None and g.refusal("t1", "t2", 4) is not None
    assert g.refusal("t1", "t2", 2).reason == "one_rank_higher"  # 8S does not go on TS
    g.play("t1", "t2", 3)
    assert [str(c) for c in g.cards("t2")] == ["TS", "9S", "8S", "7S"]
    assert g.line == (Move("t1", "t2", 3),) and g.moves == 1
    g.undo()
    assert [str(c) for c in g.cards("t1")] == ["KD", "9S", "8S", "7S"]
    assert g.redo_line == (Move("t1", "t2", 3),)
    g.redo()
    assert [str(c) for c in g.cards("t2")][-3:] == ["9S", "8S", "7S"]
    again = game.replay(game.from_position(start), g.line)
    assert layout(again) == layout(g) and again.score == g.score


def test_where_runs_do_not_move_a_run_is_refused():
    g = build("FT1 score=0 moves=0", {"t1": "KD 9S 8S", "t2": "TS"}, FILL)
    assert g.movable("t1") == 1
    assert g.refusal("t1", "t2", 2).reason == "not_a_run"
    with pytest.raises(game.IllegalMove):
        g.play("t1", "t2", 2)
    with pytest.raises(game.BadMoveText):
        g.play("t1", "t2", 0)


def test_a_run_never_holds_a_face_down_card_and_a_move_turns_the_new_top_up():
    text = build("FT1-T score=0 moves=0", {"t1": "KD 9S 8H", "t2": "TH", "t3": ""}, FILL)
    g = game.from_position(text.position().replace("t1: KD 9S 8H", "t1: KD 9S | 8H"))
    assert g.face_down("t1") == 2 and g.movable("t1") == 1  # 9S is face down: no run
    assert g.refusal("t1", "t3", 2).reason == "not_a_run"
    g.play("t1", "t3")  # the eight to the empty column: the nine turns up
    assert g.face_down("t1") == 1 and g.cards("t1")[-1] == game.Card.parse("9S")
    assert "t1: KD | 9S\n" in g.position()
    g.play("t1", "t2")  # the nine onto the ten of hearts: the King turns up, nothing is down
    assert g.face_down("t1") == 0 and "t1: KD\n" in g.position()
    g.undo()
    assert g.face_down("t1") == 1
    g.undo()
    assert g.face_down("t1") == 2 and "t1: KD 9S | 8H\n" in g.position()


def test_face_down_cards_turn_up_when_played_home_and_after_a_crescent_redeal():
    g = game.new("CR1-D-AAAAAAB")
    g.play("t6", "f5")  # the queen of spades home: the card under it turns up
    assert g.face_down("t6") == 4 and g.face_down("t7") == 5
    g.redeal()  # each pile's bottom card to its top: it turns up
    assert g.face_down("t6") == 3 and g.face_down("t7") == 4
    record = g.apply(game.REDEAL)
    assert g.face_down("t7") == 3
    g.unapply(record)  # the solver's inverse turns it down again
    assert g.face_down("t7") == 4
    assert game.from_position(g.position()).face_down_counts() == g.face_down_counts()


@pytest.mark.parametrize("line", ["t1: | KD 9S 8H", "t1: KD 9S 8H |", "t1: KD | 9S | 8H"])
def test_a_position_with_a_bad_face_down_mark_is_refused(line):
    text = build("FT1-T score=0 moves=0", {"t1": "KD 9S 8H"}, FILL).position()
    with pytest.raises(PositionError, match=re.escape("one '|' between the face-down cards")):
        game.from_position(text.replace("t1: KD 9S 8H", line))


def test_only_piles_and_columns_hold_face_down_cards():
    text = build("FT1-T score=0 moves=0", {"t1": "KD", "waste": "9S 8H"}, FILL).position()
    with pytest.raises(PositionError, match="waste's cards are never face down"):
        game.from_position(text.replace("waste: 9S 8H", "waste: 9S | 8H"))


def test_a_relatives_position_names_its_game_and_a_stock_holds_what_is_left():
    g = game.new("FT1-B-AAAAAAB")  # Busy Aces: 12 columns of one, a stock of 92
    assert len(g.cards("stock")) == 92 and g.PLACES[-3:] == ("t12", "stock", "waste")
    assert game.from_position(g.position()).position() == g.position()
    with pytest.raises(PositionError, match="expected the game 'FT1-B'"):
        type(g).from_position(g.position().replace("FT1-B", "FT1-L"))
    with pytest.raises(PositionError, match="unknown game 'FT1-F'"):  # F: Crescent's only
        game.from_position(g.position().replace("FT1-B", "FT1-F"))


@pytest.mark.parametrize(
    "text, move",
    [
        ("t3-t7", Move("t3", "t7")),
        ("t3-t7x3", Move("t3", "t7", 3)),
        ("t10-t12x13", Move("t10", "t12", 13)),
        ("redeal", game.REDEAL),
    ],
)
def test_move_text_round_trips_runs_included(text, move):
    assert Move.from_text(text) == move and move.text() == text


@pytest.mark.parametrize("text", ["t3-", "t3 t7", "t3-t7-x2", "-t7x2"])
def test_bad_move_text_is_refused_by_name(text):
    with pytest.raises(game.BadMoveText, match=repr(text)):
        Move.from_text(text)


def test_every_relative_has_a_name_and_a_position_word():
    for kind in RELATIVES:
        code = GameCode.parse(f"{kind}-AAAAAAB")
        assert code.name and game.POSITION_WORDS[kind] is type(game.new(str(code)))


def test_a_card_back_from_a_foundation_is_searched_where_columns_build_by_colour():
    """Streets, won only by taking the five of hearts back down to build on: the search once
    skipped it (as Forty Thieves may, where a suit builds on itself) and called it lost."""
    from game.solver import WINNABLE, solve

    def home(suit: str, n: int) -> str:
        return " ".join(r + suit for r in "A23456789TJQK"[:n])

    text = "\n".join(
        ["FT1-S score=0 moves=0"]
        + [f"f{k + 1}: {home(s, n)}" for k, (s, n) in enumerate(zip("SHDC", (2, 5, 11, 11)))]
        + [f"f{k + 5}: {home(s, n)}" for k, (s, n) in enumerate(zip("SHDC", (2, 5, 11, 11)))]
        + ["t1: 3S 4S", "t2: 3S 4S"]
        + ["t3: " + " ".join(f"{r}H {r}H" for r in "KQJT9876") + " 6S"]
        + ["t4: 5S", "t5: 5S", "t6: 6S"]
        + ["t7: " + " ".join(f"{r}S {r}S" for r in "KQJT987")]
        + ["t8: QD KC", "t9: QC KD", "t10: QC QD KC KD", "stock:", "waste:"]
    )
    result = solve(game.from_position(text + "\n"), seconds=20)
    assert result.verdict == WINNABLE
    assert game.replay(game.from_position(text + "\n"), result.moves).is_won()


def test_where_runs_move_the_search_tells_face_down_counts_apart():
    from game.solver import adapter_for

    text = build("FT1-T score=0 moves=0", {"t1": "9S KH QC", "t2": "KD"}, FILL).position()
    one = adapter_for(game.from_position(text.replace("t1: 9S KH QC", "t1: 9S KH | QC")))
    two = adapter_for(game.from_position(text.replace("t1: 9S KH QC", "t1: 9S | KH QC")))
    assert one.key() != two.key()  # the same cards, but KH QC moves as a run in the second


def test_a_saved_start_of_another_family_game_is_refused():
    from game.ui.records.storage import Damaged, _start

    with pytest.raises(Damaged):
        _start(game.new("FT1-N-AAAAAAB").position(), "FT1-J-AAAAAAB")
    assert type(_start(game.new("FT1-J-AAAAAAB").position(), "FT1-J-AAAAAAB")).RUNS
    assert _start(game.new("CR1-D-AAAAAAB").position(), "CR1-O-AAAAAAB").code == "CR1-O-AAAAAAB"
