"""The one door to the browser's storage: whatever it holds, the page gets a valid game or a
"set aside" notice, never an exception; games are kept per deal code; a full quota evicts old
games and never breaks a move."""

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game
from game.ui.records.storage import (
    CORRUPT,
    GAME_PREFIX,
    LEGACY_GAME_KEY,
    MAX_GAMES,
    MAX_LINE,
    SETTINGS_KEY,
    Damaged,
    MemoryStore,
    SavedGame,
    Storage,
    read_json,
    read_settings,
)

DEFAULTS = {"interactive_rules": True, "double_click": True, "winnable_only": False}
CODE = "CR1-N-AAAAAAB"


def played(code: str, n: int, seed: int = 1) -> game.Solitaire:
    """A game of ``code`` after ``n`` random actions, with undos, redos and a redeal."""
    g, rng = game.new(code), random.Random(seed)
    for i in range(n):
        if i % 7 == 6:
            g.undo()
        elif i == n // 2 and g.redeal_allowed:
            g.redeal()
        elif g.legal_moves():
            g.play(*rng.choice(g.legal_moves()))
    g.undo()
    return g


def storage(**kw) -> tuple[Storage, MemoryStore, list[str]]:
    store, logged = MemoryStore(**kw), []
    return Storage(store, logged.append), store, logged


@pytest.mark.parametrize("code", ["CR1-N-AAAAAAB", "CR1-F-AAAAAAC", "FT1-N-AAAAAAD"])
def test_a_saved_game_comes_back_exactly_with_its_history(code):
    s, _, logged = storage()
    g = played(code, 40)
    assert s.save_game(g, 61_500.0, now_ms=1.0)
    loaded = s.load_game(code)
    back = loaded.game
    assert back is not None and loaded.notice is None and loaded.elapsed_ms == 61_500.0
    assert back.position() == g.position() and back.code == code
    assert back.line == g.line and back.redo_line == g.redo_line
    while g.undo():
        assert back.undo() and back.position() == g.position()
    assert not back.undo() and not logged


def test_a_deal_not_played_yet_is_not_kept():
    s, store, _ = storage()
    assert s.save_game(game.new(CODE), 0, now_ms=1) and store.data == {}


def test_two_deals_keep_two_games():
    s, _, _ = storage()
    a, b = played("CR1-N-AAAAAAB", 10), played("FT1-N-AAAAAAB", 10)
    s.save_game(a, 1000, now_ms=1)
    s.save_game(b, 2000, now_ms=2)
    assert s.load_game(a.code).game.position() == a.position()
    assert s.load_game(b.code).game.position() == b.position()
    assert s.saved_codes() == [b.code, a.code]
    assert s.load_game("CR1-N-AAAAAAC").game is None


BAD_ELAPSED = ["NaN", "Infinity", "-Infinity", "1e400", '"abc"', "[1]", "-1e7", "true", "{}"]


@pytest.mark.parametrize("elapsed", BAD_ELAPSED)
def test_a_save_with_a_bad_time_is_set_aside_once_and_the_deal_starts_afresh(elapsed):
    s, store, logged = storage()
    text = SavedGame.of(played(CODE, 5), 10, 1).to_json()
    store.set(GAME_PREFIX + CODE, text.replace('"elapsed": 10', f'"elapsed": {elapsed}'))
    first = s.load_game(CODE)
    assert first.game is None and first.notice == "damaged_save"
    assert GAME_PREFIX + CODE + CORRUPT in store.data and GAME_PREFIX + CODE not in store.data
    assert len(logged) == 1 and CODE in logged[0]
    assert s.load_game(CODE) == type(first)()  # the next visit: nothing saved, nothing said


@pytest.mark.parametrize(
    "damage",
    [
        lambda t: "[" * 100_000 + "]" * 100_000,  # the parser would recurse 100k levels
        lambda t: t.replace('"line": "', '"line": "t1-t99 '),  # a move of no place
        lambda t: t.replace('"line": "', '"line": "f1-t1 '),  # a refused move
        lambda t: t.replace(CODE, "FT1-N-AAAAAAB"),  # another deal's save under this key
        lambda t: t.replace('"v": 2', '"v": 9'),
        lambda t: t[:-5],
        lambda t: "",
        lambda t: "x" * 200_000,
        lambda t: t.replace('"moves": ', '"moves": -'),
    ],
)
def test_every_kind_of_damage_is_set_aside(damage):
    s, store, _ = storage()
    store.set(GAME_PREFIX + CODE, damage(SavedGame.of(played(CODE, 5), 10, 1).to_json()))
    loaded = s.load_game(CODE)
    assert loaded.game is None and loaded.notice == "damaged_save"


def test_the_schema_1_save_is_migrated_for_its_own_code_only():
    s, store, _ = storage()
    g = played(CODE, 12)
    store.set(LEGACY_GAME_KEY, json.dumps({"code": CODE, "position": g.position(), "elapsed": 5}))
    assert s.load_game("CR1-N-AAAAAAC").game is None and LEGACY_GAME_KEY in store.data
    loaded = s.load_game(CODE)
    assert loaded.game.position() == g.position() and loaded.elapsed_ms == 5
    assert LEGACY_GAME_KEY not in store.data


def test_a_migrated_game_played_on_comes_back_where_it_was():
    """The defect: the migrated game was saved as moves from the deal, so a reload replayed
    them from the wrong position (set aside, or silently another game)."""
    s, store, logged = storage()
    g = played(CODE, 12)
    legacy = {"code": CODE, "position": g.position(), "elapsed": 65000}
    store.set(LEGACY_GAME_KEY, json.dumps(legacy))
    back = s.load_game(CODE).game
    assert back.position() == g.position()
    assert LEGACY_GAME_KEY not in store.data and GAME_PREFIX + CODE in store.data  # kept at once
    assert Storage(store).load_game(CODE).game.position() == g.position()  # a reload, no move
    back.play(*back.legal_moves()[0])
    assert s.save_game(back, 70000, now_ms=2)
    again = Storage(store).load_game(CODE)
    assert again.notice is None and again.game.position() == back.position()
    assert again.game.undo() and again.game.position() == g.position()
    assert not logged


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["CR1-N-AAAAAAB", "CR1-F-AAAAAAC", "FT1-N-AAAAAAD", "FT1-N-AAAAATH"]),
    st.integers(0, 30),
    st.integers(0, 30),
    st.integers(0, 2**16),
)
def test_an_old_format_save_played_on_after_migration_restores_exactly(code, before, after, seed):
    """Schema 1 (a position, no moves) migrated, then moves played, undone and redone after it,
    saved and loaded again and again: always the same position, counters and undo history."""
    s, store, _ = storage()
    old = played(code, before, seed) if before else game.new(code)
    store.set(LEGACY_GAME_KEY, json.dumps({"code": code, "position": old.position()}))
    g = s.load_game(code).game
    assert g is not None and g.position() == old.position()
    rng, back = random.Random(seed), Storage(store).load_game(code)
    for i in range(after):
        if i % 5 == 4:
            g.undo()
        elif i % 9 == 8:
            g.redo()
        elif g.legal_moves():
            g.play(*rng.choice(g.legal_moves()))
        assert s.save_game(g, 1000.0 * i, now_ms=i)
        back = Storage(store).load_game(code)
        assert back.notice is None and back.game is not None
        assert back.game.position() == g.position() and back.game.moves == g.moves
        assert back.game.line == g.line and back.game.redo_line == g.redo_line
    while g.undo():
        assert back.game.undo() and back.game.position() == g.position()
    assert back.game.layout == old.layout and not back.game.undo()  # (FT counts undos as moves)


def test_a_game_longer_than_its_reader_replays_is_kept_from_where_it_stands():
    """Whatever is written is read back: a game of more moves than a save's line holds (a
    card moved to and fro) comes back where it was, without its undo history."""
    s, _, logged = storage()
    to_and_fro = [game.Move.from_text(m) for m in ("t16-t6", "t6-t16")] * (MAX_LINE // 2 + 1)
    g = game.replay(game.new("CR1-N-AAAAAAD"), to_and_fro[:-1])
    assert len(g.line) > MAX_LINE
    assert s.save_game(g, 3_600_000.0, now_ms=1.0)
    loaded = s.load_game("CR1-N-AAAAAAD")
    assert loaded.notice is None and not logged and loaded.game is not None
    assert loaded.game.position() == g.position() and loaded.game.moves == g.moves
    assert loaded.elapsed_ms == 3_600_000.0
    loaded.game.play("t6", "t16")  # it plays on, and is kept again as any game
    assert s.save_game(loaded.game, 3_601_000.0, now_ms=2.0)
    back = s.load_game("CR1-N-AAAAAAD").game
    assert back is not None and back.position() == loaded.game.position() and back.line


def test_a_game_continued_from_a_replay_stays_marked_with_its_save():
    """Play from here: the game is kept, marked as not the player's own, across visits; the
    same deal dealt afresh, or another game, is the player's."""
    s, store, _ = storage()
    g = played(CODE, 12)
    s.from_replay(g)
    assert s.continued(g) and not s.continued(played(CODE, 12))
    assert s.save_game(g, 1_000.0, now_ms=1.0)
    later = Storage(store)  # the next visit
    back = later.load_game(CODE).game
    assert back is not None and later.continued(back)
    later.forget_game(CODE)  # Restart: the deal afresh is the player's own
    fresh = game.new(CODE)
    fresh.play(*fresh.legal_moves()[0])
    assert not later.continued(fresh) and later.save_game(fresh, 1.0, now_ms=2.0)
    again = Storage(store)
    assert not again.continued(again.load_game(CODE).game)
    assert "replayed" not in store.data[GAME_PREFIX + CODE]


def test_a_save_that_starts_from_a_position_is_checked_like_any_other():
    s, store, _ = storage()
    store.set(LEGACY_GAME_KEY, json.dumps({"code": CODE, "position": played(CODE, 6).position()}))
    s.load_game(CODE)
    text = store.data[GAME_PREFIX + CODE]
    ft = game.new("FT1-N-AAAAAAB").position()
    for damage in [
        text.replace('"start": "', '"start": "x'),  # not a position
        json.dumps({**json.loads(text), "start": ft}),  # another game's position
        json.dumps({**json.loads(text), "start": None}),
    ]:
        store.set(GAME_PREFIX + CODE, damage)
        assert Storage(store).load_game(CODE).notice == "damaged_save", damage


def test_a_schema_1_save_of_the_other_game_is_set_aside():
    s, store, _ = storage()
    ft = game.new("FT1-N-AAAAAAB").position()
    store.set(LEGACY_GAME_KEY, json.dumps({"code": CODE, "position": ft, "elapsed": 5}))
    assert s.load_game(CODE).notice == "damaged_save"
    assert LEGACY_GAME_KEY + CORRUPT in store.data


def test_a_full_quota_evicts_old_games_first_and_never_raises():
    one = len(SavedGame.of(played(CODE, 30), 1, 1).to_json()) + 40
    s, store, _ = storage(quota=one * 3)
    codes = [f"CR1-N-AAAAAA{c}" for c in "BCDEF"]
    for t, code in enumerate(codes):
        assert s.save_game(played(code, 30), 1, now_ms=t)
    assert s.saved_codes() == codes[::-1][:3]  # the newest three fit
    store.quota = 10  # nothing fits any more: the move is still fine, the save is not
    assert s.save_game(played(codes[0], 31), 1, now_ms=9) is False and s.save_failed


def test_only_the_newest_games_are_kept():
    s, store, _ = storage()
    for t in range(MAX_GAMES + 3):
        g = game.new(game.GameCode("CR1", "N", t))
        g.play(*g.legal_moves()[0])
        s.save_game(g, 1, now_ms=t)
    kept = s.saved_codes()
    assert len(kept) == MAX_GAMES and kept[-1] == str(game.GameCode("CR1", "N", 3))


def test_restart_forgets_the_deal():
    s, _, _ = storage()
    s.save_game(played(CODE, 5), 1, now_ms=1)
    s.forget_game(CODE)
    assert s.load_game(CODE).game is None


@pytest.mark.parametrize(
    "text",
    [
        '{"__class__": true, "__dict__": false, "double_click": false}',
        '{"double_click": "no", "winnable_only": 1}',
    ],
)
def test_settings_take_known_names_with_true_false_values_only(text):
    got = read_settings(text, DEFAULTS)
    assert set(got) == set(DEFAULTS)
    assert got["double_click"] is ("__class__" not in text)
    assert got["winnable_only"] is False


@pytest.mark.parametrize("text", ["[true]", '"x"', "[" * 50_000, "{" + '"a":' * 10 + "1}", "NaN"])
def test_damaged_settings_are_set_aside_and_the_defaults_used(text):
    s, store, _ = storage()
    store.set(SETTINGS_KEY, text)
    settings_, notice = s.load_settings(DEFAULTS)
    assert settings_ == DEFAULTS and notice == "damaged_settings"
    assert SETTINGS_KEY not in store.data and SETTINGS_KEY + CORRUPT in store.data


class Broken(MemoryStore):
    """A store that fails every call, as a browser with storage switched off may."""

    def get(self, key):
        raise RuntimeError("SecurityError")

    set = remove = names = get


def test_a_store_that_fails_every_call_only_means_nothing_is_kept():
    s = Storage(Broken())
    assert s.load_game(CODE).game is None
    assert s.load_settings(DEFAULTS) == (DEFAULTS, None)
    assert s.save_game(played(CODE, 3), 1, now_ms=1) is False
    assert s.save_settings(DEFAULTS) is False


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.sampled_from(["v", "code", "line", "redo", "moves", "elapsed", "saved", "__class__"])
            | st.text(max_size=8),
            children,
            max_size=8,
        )
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(json_values, st.booleans())
def test_any_json_at_all_gives_a_game_or_a_set_aside_verdict(value, as_save):
    """Arbitrary JSON (NaN, Infinity, huge and nested values), alone or mixed into a real
    save: the result is a valid game of this code, nothing, or a notice; it never raises."""
    if as_save and isinstance(value, dict):
        base = json.loads(SavedGame.of(played(CODE, 4), 10, 1).to_json())
        value = {**base, **value}
    text = json.dumps(value, allow_nan=True)
    s, store, _ = storage()
    store.set(GAME_PREFIX + CODE, text)
    loaded = s.load_game(CODE)
    if loaded.game is not None:
        assert loaded.game.code == CODE and loaded.notice is None
        assert math.isfinite(loaded.elapsed_ms) and loaded.elapsed_ms >= 0
        game.from_position(loaded.game.position())  # a real position
    else:
        assert loaded.notice == "damaged_save"
    settings_, _ = Storage(MemoryStore()).load_settings(DEFAULTS)
    assert settings_ == DEFAULTS
    store.set(SETTINGS_KEY, text)
    got, _ = s.load_settings(DEFAULTS)
    assert set(got) == set(DEFAULTS) and all(isinstance(v, bool) for v in got.values())


@pytest.mark.parametrize(
    "text", ["NaN", "[Infinity]", '{"a": -Infinity}', "1e999", "[" * 9 + "]" * 9]
)
def test_read_json_refuses_what_python_would_accept(text):
    with pytest.raises(Damaged):
        read_json(text)


def test_read_json_counts_brackets_inside_strings_as_text():
    assert read_json(json.dumps({"a": "[[[[[[[[[[[[[[[[", "b": '\\"[{'})) is not None
