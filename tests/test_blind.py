"""Cards that only the player turns up (``FortyRules.blind``, PySolFC's Blind Patience): the
deal, the turn-up move (a column onto itself), any card onto a face-down top card, the
position text, the search, and what the page makes of it."""

from __future__ import annotations

import pytest

import game
from game.codes import GameCode, shuffled_pack
from game.rules import COLOUR, FortyRules
from game.solver import search
from game.solver.forty_thieves import DRAWN_OUT, FortyThievesAdapter
from game.solver.result import WINNABLE
from game.ui.address.replay import move_kind
from game.ui.games import view_of
from game.ui.input.controller import Controller
from game.ui.names import move_words
from game.ui.panel import announcement
from game.ui.text.messages import Messages
from tests.solving import replay
from tests.test_rules_axes import position, refused

BLIND = FortyRules(3, down=2, up=0, builds=COLOUR, blind=True)


def test_blind_patience_deals_ten_columns_of_four_face_down_and_turns_one_card():
    code = GameCode.parse("FT2-B-AAAAAAB")
    g = game.new(str(code))
    first = shuffled_pack(code.deal)
    for i in range(1, 11):
        assert g.cards(f"t{i}") == tuple(first[i - 1 : 40 : 10])
        assert g.face_down(f"t{i}") == 4 and g.hidden_count(f"t{i}") == 4
    assert len(g.cards("stock")) == 63 and len(g.cards("waste")) == 1
    assert g.position().splitlines()[9].endswith(" |")  # t1: four cards, then the bar
    flips = [m for m in g.legal_moves() if m.src == m.dst]
    assert [m.text() for m in flips] == [f"t{i}-t{i}" for i in range(1, 11)]
    assert not g.can_go_home()  # (an Ace face down on top is not a top card yet)


def test_a_face_down_top_card_is_turned_up_by_a_move_of_its_own_and_undone():
    g = position(BLIND, {"t1": ["KS", "QS", "|"], "t2": ["QH", "KH"], "t3": ["JS", "|"]})
    assert refused(g, "t1", "t1") is None and refused(g, "t2", "t2") == "same_place"
    assert refused(g, "t1", "f1") == "face_down"  # the Queen is not seen yet
    assert refused(g, "t3", "f1") == "face_down"
    g.play("t3", "t3")
    assert g.face_down("t3") == 0 and g.moves == 1 and g.score == 0
    assert refused(g, "t3", "t3") == "same_place"  # (turned up once)
    assert g.line[-1] == game.Move("t3", "t3")
    again = type(g).from_position(g.position())
    assert again.position() == g.position() and again.face_down("t1") == 2
    g.play("t3", "f1")
    assert g.undo() and g.undo()
    assert g.face_down("t3") == 1 and g.cards("t3")[-1].name() == "jack of spades"
    assert g.redo() and g.face_down("t3") == 0


def test_any_card_goes_onto_a_face_down_top_and_none_turns_up_by_itself():
    g = position(
        BLIND, {"t1": ["KS", "QS", "|"], "t2": ["QH", "KH"], "t3": ["JS", "|"], "waste": ["JH"]}
    )
    assert refused(g, "waste", "t1") is None and refused(g, "t2", "t1") is None
    assert refused(g, "f1", "t1") is None  # (a foundation's card may come back)
    legal = {(m.src, m.dst) for m in g.legal_moves()}
    assert {("waste", "t1"), ("waste", "t3"), ("t2", "t1"), ("t2", "t3"), ("f1", "t1")} <= legal
    g.play("t2", "t1")  # the King of hearts onto the face-down Queen of spades
    assert g.face_down("t1") == 2 and refused(g, "t1", "t1") == "same_place"
    assert refused(g, "waste", "t1") == "alternate_colour"  # a face-up top builds as ever
    g.play("t1", "t3")  # onto the other face-down top: the Queen lies face down on top again
    assert g.face_down("t1") == 2 and refused(g, "t1", "t1") is None


def test_a_face_down_top_card_is_written_with_a_bar_last_only_where_the_player_turns_cards():
    g = position(BLIND, {"t1": ["KS", "QS", "|"]})
    assert "t1: KS QS |\n" in g.position()
    plain = FortyRules(3, down=2, up=0, builds=COLOUR)
    with pytest.raises(game.PositionError, match="a place's top card is face up"):
        position(plain, {"t1": ["KS", "QS", "|"]})
    with pytest.raises(game.PositionError, match="cards before it"):
        type(g).from_position(g.position().replace("t1: KS QS |", "t1: | KS QS"))


def test_a_blind_column_is_described_without_naming_its_top_card():
    g = position(BLIND, {"t1": ["KS", "QS", "|"], "t2": ["JS", "|", "KH"]})
    assert "Column 1: 2 cards, all face down." in g.describe()
    assert "Column 2: 2 cards, 1 card face down, king of hearts on top" in g.describe()
    words = Messages.load("en")
    label = view_of(g).place_label(g.place("t1"), g.cards("t1"), words, g.face_down("t1"), g)
    assert label == "Column 1: 2 cards, all face down"


def test_cards_turned_by_the_player_rule_out_runs_fills_cells_and_in_turn_rows():
    clashes = ({"runs": True}, {"both_ways": True}, {"interleaved": True, "down": 1, "up": 2})
    for clash in clashes:
        with pytest.raises(ValueError, match="one card moves at a time"):
            FortyRules(**{"down": 2, "up": 0, "blind": True, **clash})
    for clash in ({"cells": 1}, {"autofill": True}, {"lone": True}, {"refill": 3}):
        with pytest.raises(ValueError, match="no column fills itself"):
            FortyRules(down=2, up=0, blind=True, **clash)
    with pytest.raises(ValueError, match="rows face down"):
        FortyRules(blind=True)
    with pytest.raises(ValueError, match="foundations as Forty Thieves'"):
        FortyRules(down=2, up=0, blind=True, kings_apart=True, builds="any_suit")


# --- the search ---------------------------------------------------------------------------


def test_the_search_turns_cards_up_and_lays_a_card_on_a_face_down_one():
    """Won only by turning both face-down tops up and by laying the King of hearts on the
    face-down Queen of spades (the Queen of hearts under it goes home first)."""
    g = position(BLIND, {"t1": ["KS", "QS", "|"], "t2": ["QH", "KH"], "t3": ["JS", "|"]})
    for for_proofs in (False, True):
        result = search(g, states=10_000, for_proofs=for_proofs).run()
        assert result.verdict == WINNABLE
        assert replay(g, result.moves).is_won()
        texts = [m.text() for m in result.moves]
        assert {"t1-t1", "t3-t3", "t2-t1"} <= set(texts)


def test_the_key_holds_the_face_down_counts_and_a_turn_up_costs_nothing_to_draw():
    """A turned-up card changes no card's place: the key tells the two positions apart (else
    a beam would take one for the other), and the score prefers the card turned up."""
    g = position(BLIND, {"t1": ["KS", "QS", "|"], "t2": ["QH", "KH"], "t3": ["JS", "|"]})
    adapter = FortyThievesAdapter(g, auto=False)
    before, score = adapter.key(), adapter.score()
    token = adapter.play((0, 10, 10))  # t3 is place number 10
    assert adapter.key() != before and adapter.score() < score
    adapter.undo(token)
    assert adapter.key() == before and adapter.score() == score
    saved = adapter.snapshot()  # (a beam's states: restored, the card is face down again)
    adapter.play((0, 10, 10))
    adapter.restore(saved)
    assert adapter.key() == before and adapter.g.face_down("t3") == 1


def test_a_card_goes_off_the_waste_onto_a_face_down_top_after_plain_draws():
    """Onto a face-down top, any stock card would do: not one action per stock card and such
    column, but plain draws, then the waste's top card onto it (every line is still there)."""
    g = position(BLIND, {"t1": ["KS", "QS", "|"], "t2": ["QH", "KH"], "stock": ["JS", "KD"]})
    actions = FortyThievesAdapter(g, auto=False).actions()
    assert (1, DRAWN_OUT, DRAWN_OUT) in actions
    assert not [a for a in actions if a[0] and a[1] == g.WASTE_AT and a[2] == 8]  # t1: 8


# --- the page -----------------------------------------------------------------------------


def test_a_tap_on_a_face_down_top_card_turns_it_up_and_says_so():
    g = position(BLIND, {"t1": ["KS", "QS", "|"], "t2": ["QH", "KH"], "t3": ["JS", "|"]})
    controller = Controller(g)
    outcome = controller.tap("t3", 0.0)
    assert outcome.kind == "moved" and outcome.move == game.Move("t3", "t3")
    assert announcement(outcome, g, Messages.load("en"), True) == "Turned up: jack of spades."
    outcome = controller.tap("t1", 1000.0)
    assert outcome.move == game.Move("t1", "t1")
    refusal = controller.drop("t2", "t1")  # the King of hearts onto the Queen turned up: no
    assert refusal.kind == "refused" and refusal.reason == "rank_higher"
    words = Messages.load("ar")
    assert words.refusal("face_down") == "هذه الورقة مقلوبة: المسها أولًا لكشفها."


def test_a_card_sent_by_itself_prefers_a_face_up_column_to_a_face_down_one():
    """A tap on the waste (a double-tap, a drop nowhere) sends its card onto the longest
    column that builds, before any face-down top card, which takes any card (PySolFC's quick
    play ranks them so); with none, a double-tap sends it onto a face-down one before an empty
    column, and a tap selects it."""
    out = {"t1": ["KS", "QS", "|"], "t2": ["KD", "QC"], "waste": ["JH"]}
    g = position(BLIND, {**out, "stock": ["TH", "QH", "KH", "KC"]})
    assert Controller(g).best_destination("waste") == "t2"  # (t1 is longer)
    assert Controller(g).tap("waste", 0.0).move == game.Move("waste", "t2")
    g = position(BLIND, {**out, "t2": ["KD"], "stock": ["TH", "QH", "KH", "KC", "QC"]})
    assert Controller(g).best_destination("waste") == "t1"  # (not the empty t3)
    # a tap is no choice of which face-down card to bury: it selects, the next tap places
    controller = Controller(g)
    assert controller.tap("waste", 0.0).kind == "selected"
    assert controller.tap("t3", 100.0).move == game.Move("waste", "t3")


def test_a_turn_up_is_a_kind_of_move_of_its_own_in_a_replay():
    g = position(BLIND, {"t1": ["KS", "QS", "|"], "t2": ["QH", "KH"]})
    assert move_kind(g, game.Move("t1", "t1")) == "turn"
    assert Messages.load("en").text("caption_FT1_turn").startswith("A card turned up")


def test_a_move_in_words_names_the_card_that_moves_and_never_a_face_down_one():
    """One wording for a Hint and a replay's caption, read before the move: a turn-up by its
    column (the card is face down), any other move by the card that moves."""
    g = position(BLIND, {"t1": ["KS", "QS", "|"], "t2": ["QH", "KH"], "t3": ["JS", "|"]})
    words = Messages.load("en")
    assert move_words(g, game.Move("t3", "t3"), words) == "turn up the top card of column 3"
    assert move_words(g, game.Move("t2", "t1"), words) == "king of hearts to column 1"
    assert g.top_face_down("t1") and not g.top_face_down("t2")
