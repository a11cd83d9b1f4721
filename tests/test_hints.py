"""Hint makes progress (issue "Found by players", item 7): played hint after hint through the
page's own pure code, no position comes back, and the daily deals are won.

On the Forty Thieves daily of 2026-12-03 the hints went round "seven of clubs to column 10, to
column 7, to column 4" for ever: a playout's winning line wandered in loops, and Hint followed
its first loop round; the guess offered a card to and fro just as well.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import game
from game.solver import UNKNOWN, Result
from game.ui.solving.assist import Line, heuristic_move, leads_to, loop_free, state_key
from game.ui.solving.hints import Hints, Played, lines_path, sees_hidden, stored_line
from game.ui.solving.solver_worker import Searches, result_of, start_message
from tests.solving import spades_and_hearts_from_six
from tools.daily import POOLED, moves_of, read_lines, read_pool

ROOT = Path(__file__).resolve().parent.parent
# the first four Forty Thieves dailies (2026-12-01 on): three went round in circles
DAILIES = ("FT1-N-AAAAEJS", "FT1-N-AAAAC7O", "FT1-N-AAAABBD")
HINT_STATES = 20_000  # stands in for the page's 1.5 s (the quiet look's 20 000 take ~0.5 s)


class FakeClock:
    """Milliseconds that advance a little at each reading: a state budget ends the search."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.01
        return self.now


def searched(g: game.Solitaire, states: int) -> Result:
    """A hint's search as the page's worker runs it (game/ui/solving/solver_worker.py), with a state
    budget for the page's time budget: the same messages, the same search."""
    worker = Searches(FakeClock())
    reply = worker.receive(start_message(1, "hint", g, states=states))
    while reply is None or json.loads(reply)["type"] != "done":
        reply = worker.work(50.0)
    return result_of(json.loads(reply))


def shipped_text(code: str) -> str:
    """The lines file the page fetches for ``code``'s first Hint."""
    path = lines_path(code)
    assert path is not None
    return (ROOT / path).read_text()


def play_hints(code: str, stored: bool, limit: int = 1500) -> tuple[game.Solitaire, Counter]:
    """Hint after hint, each hinted move played, as the page does (game/web/solver.py's
    ``hint`` and ``hint_found``): a known line's move at once, else a search, then the pure
    room's answer. Every position is new; what each hint said, counted."""
    g = game.new(code)
    hints = Hints()
    if stored:
        assert hints.stored_path(g) == lines_path(code)
        assert hints.take_stored(g, shipped_text(code))
    seen = {state_key(g)}
    said: Counter[str] = Counter()
    for _ in range(limit):
        move = hints.now(g)
        if move is not None:
            said["line"] += 1
        else:
            advice = hints.after(g, g.copy(), searched(g, HINT_STATES))
            said[advice.message] += 1
            move = advice.move
            if move is None:
                break
        g.play_move(move)
        key = state_key(g)
        assert key not in seen, (code, sum(said.values()), move, said)
        seen.add(key)
        if g.status == "won":
            break
    return g, said


@pytest.mark.parametrize("code", DAILIES)
def test_hints_win_the_forty_thieves_dailies_on_their_stored_lines(code):
    """With the deal's stored line (fetched on its first Hint), every hint is that line's
    move, and they win it: the shipped line (the stored one without its loops and detours,
    tools/lines.py), no position twice."""
    g, said = play_hints(code, stored=True)
    assert g.status == "won"
    shipped = stored_line((ROOT / str(lines_path(code))).read_text(), code)
    assert shipped is not None
    assert said == {"line": len(shipped)}
    assert len(shipped) < len(
        loop_free(game.new(code), moves_of(read_lines("FT1-N")[code]["line"]))
    )


@pytest.mark.parametrize("code", DAILIES)
def test_hints_without_the_stored_line_make_progress_to_a_win(code):
    """Offline with no line kept, each Hint searches (a state budget for its time): no
    position comes back, and the hints win these deals all the same."""
    g, said = play_hints(code, stored=False)
    assert g.status == "won", said
    assert said["hint_move"] >= 1  # a search's line, then followed


def test_a_wandering_line_is_followed_to_its_win_without_coming_back():
    """The stored line of 2026-12-03's daily comes back to a position 97 times (a playout's
    win); followed as Hint follows a line, it wins and never comes back."""
    code = "FT1-N-AAAAEJS"
    start = game.new(code)
    moves = moves_of(read_lines("FT1-N")[code]["line"])
    line = Line(start, moves)
    g, seen = start.copy(), {state_key(start)}
    while (move := line.next_move(g)) is not None and len(seen) <= len(moves):
        g.play_move(move)
        assert state_key(g) not in seen
        seen.add(state_key(g))
    assert g.status == "won"
    assert len(line.moves) == 358 < len(moves) == 488


@pytest.mark.parametrize("code", [*DAILIES, "FT1-N-AAAAAAB"])
def test_the_guess_never_leads_back_to_a_position_played(code):
    """Guesses alone (no line): the solver's first choice went to and fro within 32 to 137
    moves on these deals; the guess that skips positions played never comes back, and ends
    only where no move leads anywhere new."""
    g = game.new(code)
    played = {state_key(g)}
    for _ in range(3000):
        move = heuristic_move(g, played)
        if move is None:
            break
        g.play_move(move)
        assert state_key(g) not in played
        played.add(state_key(g))
    assert move is None or g.status == "won"
    assert all(leads_to(g, m) in played for m in g.legal_moves())  # every move goes back


def two_way() -> game.Solitaire:
    """Forty Thieves where one move is possible, the jack of spades from column 3 onto the
    queen on column 4, and from there only its way back (the stock is empty)."""
    columns = [
        "6S 8S TS KH",
        "JS KS 6H KH",
        "QS JS",
        "7H 8H QS",
        "TH JH 9H",
        "QH 6S 9H",
        "8S TS 7S",
        "KS 6H 7S",
        "7H 8H 9S",
        "TH JH QH 9S",
    ]
    g = spades_and_hearts_from_six(columns, "")
    g.origin = g.position()  # resumed from this position (what the page's storage does)
    return g


def test_loops_are_cut_out_of_a_line_and_it_still_wins():
    for code in DAILIES:
        start = game.new(code)
        kept = loop_free(start, moves_of(read_lines("FT1-N")[code]["line"]))
        g, keys = start.copy(), [state_key(start)]
        for move in kept:
            g.play_move(move)
            keys.append(state_key(g))
        assert g.status == "won" and len(set(keys)) == len(keys)
    g = two_way()  # to and fro, and again: one move is left
    there, back = game.Move("t3", "t4"), game.Move("t4", "t3")
    assert loop_free(g, [there, back, there]) == [there]
    assert loop_free(g, [there, back]) == []


def test_where_every_move_leads_back_hint_says_so():
    g = two_way()
    assert g.legal_moves() == [game.Move("t3", "t4")]
    hints = Hints()
    advice = hints.after(g, g.copy(), Result(UNKNOWN))
    assert advice.move == game.Move("t3", "t4")
    g.play_move(advice.move)
    advice = hints.after(g, g.copy(), Result(UNKNOWN))
    assert advice.move is None and advice.message == "hint_back"
    g.undo()  # undone: that position is no longer played, so the move is offered again
    assert hints.after(g, g.copy(), Result(UNKNOWN)).move == game.Move("t3", "t4")


def test_a_line_that_leads_back_is_not_followed():
    """A winning line whose next move goes back to a position played (the player came here
    another way) is passed over for the guess: a line that wins but only via a position
    played would make the hints go round."""
    g = two_way()
    g.play("t3", "t4")
    hints = Hints()
    hints.learn(g, [game.Move("t4", "t3")])  # "winning" here: only its first move matters
    assert hints.now(g) is None
    assert hints.after(g, g.copy(), Result(UNKNOWN)).message == "hint_back"


def test_played_positions_follow_the_games_line_undos_and_resumes():
    g = game.new("FT1-N-AAAAAAB")
    played = Played()
    first = state_key(g)
    assert played.of(g) == {first}
    moves = []
    for _ in range(5):
        move = heuristic_move(g, played.of(g))
        assert move is not None
        moves.append(move)
        g.play_move(move)
    keys = played.of(g)
    assert len(keys) == 6 and first in keys
    g.undo()
    assert len(played.of(g)) == 5  # an undone position is not played any more
    resumed = game.replay(game.new("FT1-N-AAAAAAB"), moves[:3])
    assert played.of(resumed) <= keys and len(played.of(resumed)) == 4
    loose = game.from_position(resumed.position())  # no code, no origin: itself only
    assert played.of(loose) == {state_key(loose)}


def test_a_stored_line_is_learnt_only_if_it_wins_the_deal():
    code = DAILIES[0]
    text = shipped_text(code)
    assert stored_line(text, code)
    assert stored_line(text, "FT1-N-AAAAAAB") is None  # not a daily: not in the file
    hints = Hints()
    g = game.new(code)
    assert hints.stored_path(g) is not None and hints.stored_path(g) is None  # asked once
    damaged = text.replace("AAAAEJS ", "AAAAEJS t1-f1 ")  # its 8C onto the spades: refused
    assert not hints.take_stored(g, damaged) and hints.stored is None
    assert hints.take_stored(g, text) and hints.now(g) is not None
    # Crescent face down and Open Crescent play Crescent's lines, from the same files
    crescent = lines_path("CR1-N-AAAAAAB")
    assert lines_path("CR1-D-AAAAAAB") == lines_path("CR1-O-AAAAAAB") == crescent
    # Josephine plays Forty Thieves' (runs only add moves); Maria her own, since her pool
    assert lines_path("FT1-J-AAAAAAB") == lines_path("FT1-N-AAAAAAB")
    assert lines_path("FT1-M-AAAAAAB") == "./static/data/lines/maria-1.txt"


@pytest.mark.parametrize("kind", POOLED)
def test_every_daily_deal_has_its_line_shipped_and_it_wins(kind):
    """static/data/lines/ (``python -m tools.lines``): each deal of each daily pool has its
    stored line in the file the page fetches for it, without loops, winning in the pool's
    own kind (Crescent face down and Open Crescent: Crescent's lines)."""
    texts: dict[str, str] = {}
    for n, code in enumerate(read_pool(kind)):
        path = lines_path(code)
        assert path is not None
        if path not in texts:
            texts[path] = (ROOT / path).read_text()
        text = texts[path]
        moves = stored_line(text, code)
        assert moves, code
        start = game.new(code)
        assert game.replay(start.copy(), moves).status == "won", code
        if kind == "FT1-N" and n % 8 == 0:  # (a sample: each takes a replay more)
            assert loop_free(start, moves) == moves, code


def test_the_solver_is_said_to_see_the_face_down_cards_only_while_some_lie_face_down():
    assert sees_hidden(game.new("CR1-D-AAAAAAB")) and sees_hidden(game.new("FT1-E-AAAAAAB"))
    assert not sees_hidden(game.new("CR1-N-AAAAAAB")) and not sees_hidden(game.new("FT1-N-AAAAAAB"))
    g = game.new("CR1-D-AAAAAAB")
    for line in stored_line((ROOT / lines_path(g.code)).read_text(), g.code) or []:
        g.play_move(line)
    assert g.status == "won" and not sees_hidden(g)  # every card turned up: nothing unseen
