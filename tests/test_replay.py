"""Replay links: read as data, checked through the engine, stepped exactly; move kinds."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game
from game import Move
from game.ui.address.links import read_hash, replay_hash
from game.ui.address.replay import Broken, Replay, link_moves, move_kind

EXAMPLES = json.loads(
    (Path(__file__).resolve().parent.parent / "static/data/examples.json").read_text()
)


def test_a_replay_link_round_trips_to_the_same_final_position():
    for example in EXAMPLES.values():
        won = game.replay(
            game.new(example["code"]), map(game.Move.from_text, example["line"].split())
        )
        link = read_hash(replay_hash(example["code"], link_moves(won)))
        assert str(link.code) == example["code"] and link.replay is not None
        replay = Replay(link.code, link.replay)
        assert replay.broken is None and len(replay.moves) == len(won.line)
        replay.jump(len(replay.moves))
        assert replay.game.position().split("\n", 1)[1] == won.position().split("\n", 1)[1]
        assert replay.game.status == "won"
        assert replay.playable().position() == replay.game.position()


def test_a_damaged_or_illegal_move_stops_the_replay_and_says_which():
    line = EXAMPLES["FT1-N"]["line"].split()
    bad = Replay("FT1-N-AAAAAVS", [*line[:5], "t9-x7", *line[5:]])
    assert bad.broken == Broken(6, "t9-x7", "not_a_move") and len(bad.moves) == 5
    illegal = Replay("FT1-N-AAAAAVS", [*line[:3], "t1-f1"])
    assert illegal.broken is not None and illegal.broken.number == 4
    assert illegal.broken.reason in game.REASONS and len(illegal.moves) == 3
    assert Replay("FT1-N-AAAAAVS", ["redeal"]).broken == Broken(1, "redeal", "no_redeals")


def test_a_hostile_replay_hash_is_data():
    assert read_hash("#CR1-N-AAAAAAB/" + "t1-f2," * 3000).bad is not None  # too long
    link = read_hash("#CR1-N-AAAAAAB/%3Cscript%3E,,t1-f2")
    assert link.replay == ("<script>", "t1-f2")
    assert Replay(link.code, link.replay).broken == Broken(1, "<script>", "not_a_move")
    assert read_hash("#XX1-N-AAAAAAB/t1-f2").bad is not None


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**35 - 1), st.randoms(use_true_random=False), st.data())
def test_stepping_back_and_forth_matches_the_checked_replay(deal, rnd, data):
    g = game.new(game.GameCode("CR1", "N", deal) if deal % 2 else game.GameCode("FT1", "N", deal))
    for _ in range(40):
        moves = g.legal_moves() + ([game.REDEAL] if g.redeal_allowed else [])
        if not moves:
            break
        g.play_move(rnd.choice(moves))
    replay = Replay(g.code, link_moves(g))
    assert replay.broken is None
    steps = data.draw(st.lists(st.integers(0, len(replay.moves)), max_size=5))
    for step in steps:
        replay.jump(step)
        expected = game.replay(game.new(g.code), replay.moves[:step])
        assert replay.game.position().split("\n", 1)[1] == expected.position().split("\n", 1)[1]


def test_move_kinds_for_the_captions():
    kinds = set()
    for example in EXAMPLES.values():
        g = game.new(example["code"])
        for word in example["line"].split():
            move = game.Move.from_text(word)
            kinds.add((g.GAME, move_kind(g, move)))
            g.play_move(move)
    assert {("CR1", k) for k in ("pile", "wrap", "f2f", "redeal", "home")} <= kinds
    assert {("FT1", k) for k in ("draw", "pile", "home")} <= kinds


def test_the_shipped_examples_win_and_show_every_kind_of_move_they_explain():
    """static/data/examples.json (tools/examples.py): the Examples page's captions."""
    examples = json.loads((Path(__file__).parent.parent / "static/data/examples.json").read_text())
    explained = {
        "CR1": {"pile", "wrap", "f2f", "redeal", "home"},
        "FT1": {"draw", "pile", "home", "back"},
    }
    for example in examples.values():
        g = game.new(example["code"])
        kinds = set()
        for text in example["line"].split():
            move = Move.from_text(text)
            kinds.add(move_kind(g, move))
            g.play_move(move)
        assert g.status == "won", example["code"]
        assert explained[g.GAME] <= kinds, (example["code"], explained[g.GAME] - kinds)


@pytest.mark.parametrize(
    ("hash_", "quoted"),
    [
        ("#CR1-N-AAAAATH/%E2%80%AEyalp,t4-f7", "?yalp"),  # a right-to-left override
        ("#CR1-N-AAAAATH/t1%00-f2", "t1?-f2"),  # NUL
        ("#CR1-N-AAAAATH/t1%E2%80%8D-f2", "t1?-f2"),  # a zero-width joiner
        ("#CR1-N-AAAAATH/%E2%81%A6x%E2%81%A9", "?x?"),  # directional isolates
        ("#CR1-N-AAAAATH/" + "x" * 40, "x" * 24 + "…"),  # capped
    ],
)
def test_a_broken_moves_text_is_quoted_as_bad_codes_are(hash_, quoted):
    """The move is shown inside the app's own sentence: no control or format character
    reaches it (a right-to-left override would mirror the rest of the sentence)."""
    link = read_hash(hash_)
    broken = Replay(link.code, link.replay).broken
    assert broken is not None and broken.text == quoted


def test_a_game_resumed_from_a_position_has_no_replay_link():
    """Its moves from the deal are not known (an old save kept a position): no link can say
    them, so the page offers the deal's own link and no replay."""
    from game.ui.records.storage import LEGACY_GAME_KEY, MemoryStore, Storage

    store = MemoryStore()
    g = game.replay(game.new("CR1-N-AAAAAAB"), [Move("t6", "f5")])
    store.set(LEGACY_GAME_KEY, json.dumps({"code": g.code, "position": g.position()}))
    resumed = Storage(store).load_game("CR1-N-AAAAAAB").game
    assert resumed is not None and resumed.origin == g.position()
    resumed.play(*resumed.legal_moves()[0])
    assert link_moves(resumed) is None and link_moves(g) == ["t6-f5"]


def test_a_replay_counts_moves_as_the_game_does_a_redeal_being_none():
    """The won dialog said 148 moves and the replay 'before its 151 moves': its redeals were
    counted as moves."""
    g = game.new("CR1-N-AAAAAAB")
    line: list[game.Move] = []
    for _ in range(3):  # a few moves, then a redeal, three times over
        for _ in range(2):
            move = g.legal_moves()[0]
            g.play_move(move)
            line.append(move)
        g.redeal()
        line.append(game.REDEAL)
    r = Replay("CR1-N-AAAAAAB", [m.text() for m in line])
    assert len(r.moves) == len(line) and r.total == g.moves == len(line) - 3
    counts = []
    while r.forward() is not None:
        counts.append(r.counted)
    assert counts[-1] == r.total and counts == [1, 2, 2, 3, 4, 4, 5, 6, 6]


def test_a_replay_with_runs_and_fills_plays_as_the_game_did():
    """Courtyard: runs move as one (a run is checked with its size, not as its top card alone)
    and emptied columns fill from the waste; each step says which column it filled."""
    rnd = random.Random(5)
    g = game.new("FT2-Y-AAAAAAB")
    filled: list[str | None] = []  # after each move: the column it filled, if any
    while not (any(m.size > 1 for m in g.line) and any(filled)):
        moves = g.legal_moves()
        runs = [m for m in moves if m.size > 1]
        g.play_move(rnd.choice(runs or moves))
        filled.append(g.last_fill)
    replay = Replay("FT2-Y-AAAAAAB", link_moves(g))
    assert replay.broken is None and len(replay.moves) == len(g.line)
    fills = []
    while replay.forward():
        fills.append(replay.filled())
    assert fills == filled
    assert replay.game.position() == g.position()
    # Waterloo: a "run" of mixed suits does not move as one (its top card alone might)
    bad = Replay("FT2-W-AAAAAAB", ["t1-t6x2"])
    assert bad.broken is not None and bad.broken.reason == "not_a_run"
