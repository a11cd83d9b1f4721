"""The page's state on CPython: the timer, the saved game, settings, the pointer, the guard."""

import asyncio
import inspect
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import game
from game.ui import session
from game.ui.guard import guard
from game.ui.input.pointer import DRAG_START_PX, Drag, Press
from game.ui.records.settings import Settings
from game.ui.records.storage import GAME_PREFIX, SETTINGS_KEY, MemoryStore, Storage, read_settings

CR = "CR1-N-AAAAAAB"


# --- the timer -----------------------------------------------------------------------------------
def test_the_clock_starts_with_the_first_move_and_stops_at_the_end():
    clock = session.Clock()
    assert clock.elapsed(5_000) == 0
    clock.start(1_000)
    clock.start(2_000)  # a later move does not restart it
    assert clock.elapsed(4_500) == 3_500
    assert clock.finish(6_000) is True
    assert clock.finish(7_000) is False  # the end is shown once
    assert clock.elapsed(60_000) == 5_000


def test_an_undo_after_the_end_lets_the_clock_go_on():
    clock = session.Clock()
    clock.start(0)
    clock.finish(1_000)
    clock.reopen()
    assert clock.elapsed(3_000) == 3_000
    assert clock.finish(4_000) is True


def test_a_resumed_clock_runs_on_from_its_elapsed_time():
    clock = session.Clock(elapsed_ms=90_000, now_ms=10_000)
    assert clock.elapsed(10_000) == 90_000 and clock.elapsed(11_000) == 91_000
    clock.start(12_000)  # the first move after a reload does not reset it
    assert clock.elapsed(12_000) == 92_000
    assert session.Clock(elapsed_ms=0, now_ms=10_000).elapsed(20_000) == 0  # not started yet


def test_a_paused_clock_stands_still_and_leaves_the_pause_out():
    clock = session.Clock()
    clock.start(0)
    clock.pause(1_000)
    clock.pause(2_000)  # pausing again changes nothing
    assert clock.paused and clock.elapsed(9_000) == 1_000
    clock.resume(10_000)
    assert not clock.paused and clock.elapsed(11_000) == 2_000
    clock.pause(12_000)
    clock.start(15_000)  # a move ends a pause
    assert clock.elapsed(15_000) == 3_000


@given(st.lists(st.tuples(st.sampled_from("psrf"), st.integers(0, 1_000)), max_size=30))
def test_the_clock_never_runs_backwards_nor_counts_a_pause(steps):
    """Whatever the order of pauses, moves and ends, the time shown never decreases and
    grows only while running."""
    clock, now, shown = session.Clock(), 0, 0.0
    for kind, gap in steps:
        was_running = clock.started_ms is not None and not clock.paused
        was_running = was_running and clock.finished_ms is None
        now += gap
        assert clock.elapsed(now) - shown <= (gap if was_running else 0)
        {"p": clock.pause, "s": clock.start, "r": clock.resume, "f": clock.finish}[kind](now)
        assert clock.elapsed(now) >= shown
        shown = clock.elapsed(now)


# --- the saved game and the settings, through storage -----------------------------------------
def test_a_saved_game_comes_back_with_its_position_and_time():
    g = game.new(CR)
    g.play("t6", "f5")
    store = Storage(MemoryStore())
    store.save_game(g, 61_500, now_ms=1)
    saved = store.load_game(CR)
    assert saved.game is not None
    assert saved.game.position() == g.position() and saved.game.code == CR
    assert saved.elapsed_ms == 61_500


def test_a_free_position_is_not_saved():
    store = MemoryStore()
    assert Storage(store).save_game(game.from_position(game.new(CR).position()), 0, now_ms=1)
    assert store.data == {}


@pytest.mark.parametrize(
    "stored",
    [
        "",
        "not json",
        "[1, 2]",
        json.dumps({"v": 2, "code": CR}),
        json.dumps({"v": 2, "code": CR, "line": "t99-f1"}),
        json.dumps({"v": 2, "code": CR, "line": "", "elapsed": "soon"}),
        json.dumps({"v": 2, "code": "CR1-N-AAAAAAC", "line": ""}),
    ],
)
def test_nothing_damaged_or_for_another_deal_is_restored(stored):
    store = MemoryStore()
    store.set(GAME_PREFIX + CR, stored)
    assert Storage(store).load_game(CR).game is None


def test_settings_round_trip_through_their_stored_text():
    settings = Settings().changed("auto_placement", True).changed("interactive_rules", False)
    store = MemoryStore()
    Storage(store).save_settings(settings.values())
    assert Settings(**read_settings(store.data[SETTINGS_KEY], Settings().values())) == settings
    assert '"interactive_rules": false' in store.data[SETTINGS_KEY]


@pytest.mark.parametrize(
    "stored", [None, "", "{", "[true]", "null", '{"interactive_rules": "no", "double_click": 0}']
)
def test_damaged_settings_give_the_defaults(stored):
    store = MemoryStore()
    if stored is not None:
        store.set(SETTINGS_KEY, stored)
    assert Settings(**Storage(store).load_settings(Settings().values())[0]) == Settings()


def test_only_known_switches_with_bool_values_are_read():
    stored = json.dumps({"winnable_only": True, "__class__": True, "load": False, "x": True})
    assert Settings(**read_settings(stored, Settings().values())) == Settings(winnable_only=True)


def test_an_unknown_switch_cannot_be_set():
    with pytest.raises(KeyError):
        Settings().changed("dump", True)
    assert Settings.names() == (
        "interactive_rules",
        "double_click",
        "auto_placement",
        "winnable_only",
        "grade",
        "four_colour",
        "large_index",
        "sound",
        "theme",
        "auto_finish",
        "ask_redeal",
        "animation",
        "left_handed",
        "calm",
    )


# --- the pointer ---------------------------------------------------------------------------------
def test_a_press_becomes_a_drag_only_past_the_threshold():
    press = Press("t1", 100, 200, pointer_id=1)
    assert not press.travelled(100 + DRAG_START_PX - 1, 200)
    assert press.travelled(100, 200 + DRAG_START_PX)
    assert press.offset(130, 240) == (0, 0)  # not dragging: the card has not moved
    press.drag = Drag(lift=object(), scale=0.5)
    assert press.offset(130, 240) == (15, 20)


# --- the error guard -----------------------------------------------------------------------------
def test_the_guard_reports_an_error_once_and_returns_none():
    reports = []

    def broken(_event):
        raise ZeroDivisionError("boom")

    assert guard(broken, reports.append)("click") is None
    assert len(reports) == 1 and "ZeroDivisionError: boom" in reports[0]
    assert reports[0].startswith("Traceback")
    assert guard(lambda event: event * 2, reports.append)(21) == 42 and len(reports) == 1


def test_the_guard_catches_errors_after_an_await():
    reports = []

    async def broken(_event):
        await asyncio.sleep(0)
        raise KeyError("late")

    async def fine(event):
        await asyncio.sleep(0)
        return event

    handler = guard(broken, reports.append)
    assert inspect.iscoroutinefunction(handler)  # PyScript awaits it
    assert asyncio.run(handler("click")) is None
    assert len(reports) == 1 and "KeyError: 'late'" in reports[0]
    assert asyncio.run(guard(fine, reports.append)("ok")) == "ok" and len(reports) == 1
