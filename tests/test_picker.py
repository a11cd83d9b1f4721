"""The game picker's decisions (game/ui/picker.py) and its memory (records/picks.py): groups
by family and by what a game changes, the search, the notes in every language, the keys, and
the favourites and games played lately read back strictly."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.codes import KINDS
from game.kinds import REGISTRY
from game.rules import FortyRules
from game.ui import picker
from game.ui.games import VIEWS
from game.ui.panel import stats_table
from game.ui.records.picks import RECENT_KEPT, Picks
from game.ui.records.stats import Stats
from game.ui.records.storage import Damaged
from game.ui.text.languages import NATIVE
from game.ui.text.messages import Messages

EN = Messages.load("en")
LANGS = tuple(NATIVE)


def codes(groups: tuple[picker.Group, ...]) -> list[str]:
    return [row.kind for group in groups for row in group.rows]


def test_every_game_is_in_exactly_one_group_of_its_family_in_the_records_order():
    groups = picker.groups(EN)
    assert sorted(codes(groups)) == sorted(KINDS)
    assert [(g.title, g.level) for g in groups] == [
        ("Crescent", 3),
        ("Forty Thieves family", 3),
        ("Built down by suit", 4),
        ("Built down in alternate colours", 4),
        ("Built down on any other suit", 4),
        ("Built down regardless of suit", 4),
        ("Built up or down in alternate colours", 4),
    ]
    for group in groups:  # each group's games in the records' order
        order = [KINDS.index(row.kind) for row in group.rows]
        assert order == sorted(order)
    by_build = {row.kind: g.key for g in groups for row in g.rows}
    for kind in REGISTRY:  # a relative's group is what its columns build on, and which way
        if isinstance(kind.rules, FortyRules):
            both = "_both_ways" if kind.rules.both_ways else ""
            assert by_build[kind.code] == f"picker_builds_{kind.rules.builds}{both}"


def test_favourites_then_played_lately_head_the_list():
    groups = picker.groups(EN, favourites=("FT1-I", "CR1-O"), recent=("FT1-I", "FT1-U", "XX1-N"))
    assert [g.key for g in groups[:2]] == ["picker_favourites", "picker_recent"]
    assert codes(groups[:1]) == ["FT1-I", "CR1-O"]
    assert codes(groups[1:2]) == ["FT1-U"]  # not a favourite again, nor a game the site lacks
    recent = tuple(KINDS[:8])
    lately = picker.groups(EN, recent=recent)[0]
    assert [r.kind for r in lately.rows] == list(recent[: picker.RECENT_SHOWN])


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("napoleons", ["FT1-Q", "FT1-G", "FT1-X", "FT1-Z"]),
        ("Napoleon's  EXILE", ["FT1-X"]),
        ("sq nap", ["FT1-Q"]),  # every word, in any order
        ("ft1-w", ["FT1-W"]),  # its code
        ("thirtynine", ["FT1-K"]),
        ("crescent face", ["CR1-D"]),
        ("qwerty", []),
        ("' -", KINDS),  # punctuation alone searches nothing: every game, by family
    ],
)
def test_the_search_finds_every_word_of_the_name(query, found):
    groups = picker.groups(EN, favourites=("FT1-N",), recent=("CR1-N",), query=query)
    if picker.searching(query):
        assert codes(groups) == found  # and no favourites or recent groups while searching
        assert picker.shown(groups) == len(found)
    else:
        assert codes(groups)[:2] == ["FT1-N", "CR1-N"]
        assert sorted(codes(groups)[2:]) == sorted(found)
    assert all(g.rows or g.level == 3 for g in groups)


def test_the_search_reads_the_page_s_language_and_english_without_marks():
    ru = Messages.load("ru")
    name = ru.text("game_FT1-W")
    assert codes(picker.groups(ru, query=name.upper())) == ["FT1-W"]
    assert codes(picker.groups(ru, query="waning")) == ["FT1-W"]  # by its English name too
    assert picker.fold("Règle  d’Ésope — ЁЖ") == "regle desope еж"
    ar = Messages.load("ar")
    marked = ar.text("game_FT1-N")
    bare = "".join(c for c in marked if not "\u064b" <= c <= "\u0652")  # without vowel marks
    assert "FT1-N" in codes(picker.groups(ar, query=bare))


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_has_notes_in_every_language_and_the_markup_is_escaped(lang):
    words = Messages.load(lang)
    groups = picker.groups(words, favourites=("FT1-T",))
    rows = [row for g in groups for row in g.rows]
    assert all(row.notes and row.name for row in rows)
    told = {(g.key, row.notes) for g in groups[1:] for row in g.rows}  # (favourites aside)
    assert len(told) == len(KINDS)  # a game's group and notes tell it from every other
    page = picker.markup(groups, "FT1-T", ("FT1-T",), words)
    assert page.count('aria-current="true"') == 2  # among favourites and in its group
    assert page.count('aria-pressed="true"') == 2
    assert page.count("data-pick=") == len(rows)
    assert "{" not in page  # every placeholder filled


def test_notes_say_what_the_rules_change():
    view = VIEWS["forty-thieves"]
    notes = view.notes(FortyRules(12, down=2, up=2, runs=True, redeals=1, draw=3), EN)
    assert notes == (
        "12 columns of 4, 2 face down",
        "runs move as one",
        "1 redeal",
        "3 cards a turn",
    )
    extra = FortyRules(bases_home=True, empty="king", home_out=False)
    assert view.notes(extra, EN)[1:] == (
        "Aces dealt to the foundations",
        "an empty column takes a King",
        "foundation cards stay there",
    )
    crescent = [k for k in REGISTRY if k.code == "CR1-D"][0]
    assert VIEWS[crescent.view_key].notes(crescent.rules, EN) == (
        "3 redeals",
        "5 cards face down in each pile",
    )


def test_a_family_s_own_groups_are_inside_its_group():
    page = picker.markup(picker.groups(EN, recent=("CR1-N",)), "CR1-N", (), EN)
    opened: list[str] = []
    nesting = []
    for tag in re.finditer(r'<div role="group"|</div>|<h(\d)', page):
        if tag[0] == "</div>":
            opened.pop()
        elif tag[1] is None:
            opened.append(tag[0])
        else:
            nesting.append((tag[1], len(opened)))
    assert opened == []  # every group closed
    assert nesting == [("3", 1), ("3", 1), ("3", 1), *[("4", 2)] * 5]


def test_markup_escapes_names():
    words = Messages.load("en")
    row = picker.Row("FT1-N", "<b>&", "a < b")
    page = picker.markup((picker.Group("k", "T&T", (row,)),), "", (), words)
    assert "<b>" not in page and "&lt;b&gt;&amp;" in page and "T&amp;T" in page
    assert 'aria-label="Favourite: &lt;b&gt;&amp;"' in page


def test_the_keys():
    assert picker.step("ArrowDown", 0, 3) == 1
    assert picker.step("ArrowDown", 2, 3) == 2  # stops at the end
    assert picker.step("ArrowUp", 0, 3) == picker.SEARCH
    assert picker.step("ArrowUp", 2, 3) == 1
    assert (picker.step("Home", 2, 3), picker.step("End", 0, 3)) == (0, 2)
    assert picker.step("ArrowUp", 0, 0) == picker.SEARCH
    assert picker.step("a", 0, 3) is None
    assert (picker.across("ArrowRight", False), picker.across("ArrowLeft", False)) == (1, 0)
    assert (picker.across("ArrowLeft", True), picker.across("ArrowRight", True)) == (1, 0)
    assert picker.across("Enter", True) is None
    assert picker.types("m") and picker.types("Ж")
    assert not picker.types(" ") and not picker.types("Enter")


# --- the memory ---------------------------------------------------------------------------------
def test_played_and_toggled():
    picks = Picks().played("CR1-N").played("FT1-U").played("CR1-N")
    assert picks.recent == ("CR1-N", "FT1-U")
    assert picks.played("CR1-N") is picks  # already first: nothing to store
    assert picks.played("XX1-N") is picks
    liked = picks.toggled("FT1-I").toggled("CR1-O")
    assert liked.favourites == ("FT1-I", "CR1-O")
    assert liked.toggled("FT1-I").favourites == ("CR1-O",)
    many = Picks()
    for kind in KINDS:
        many = many.played(kind)
    assert len(many.recent) == RECENT_KEPT and many.recent[0] == KINDS[-1]


@given(
    st.lists(st.sampled_from(KINDS), max_size=30),
    st.lists(st.sampled_from(KINDS), max_size=30),
)
def test_whatever_is_stored_is_read_back(played, liked):
    picks = Picks()
    for kind in played:
        picks = picks.played(kind)
    for kind in liked:
        picks = picks.toggled(kind)
    assert Picks.from_json(picks.to_json()) == picks


@pytest.mark.parametrize(
    "text",
    [
        "[",
        "[]",
        '{"favourites": []}',
        '{"favourites": "FT1-N", "recent": []}',
        '{"favourites": [1], "recent": []}',
        '{"favourites": [], "recent": [], "x": 1}',
        json.dumps({"favourites": ["FT1-N"] * 2000, "recent": []}),  # too long
    ],
)
def test_a_damaged_record_is_refused(text):
    with pytest.raises(Damaged):
        Picks.from_json(text)


def test_a_game_the_site_no_longer_has_is_dropped():
    text = '{"favourites": ["ZZ1-Q", "FT1-N", "FT1-N"], "recent": ["CR1-N", "QQ"]}'
    assert Picks.from_json(text) == Picks(("FT1-N",), ("CR1-N",))
    assert Picks.from_json(None) == Picks()


# --- the statistics across all games --------------------------------------------------------
def cells(table: str, key: str) -> list[str]:
    row = re.search(rf'<tr data-stat="{key}">(.*?)</tr>', table)
    assert row
    return re.findall(r"<td>(.*?)</td>", row[1])


def test_two_games_played_add_a_column_for_all_games():
    one = Stats().won("FT1-N-AAAAAAB", 60_000, 300, score=900).played("FT1-N-AAAAAAC")
    assert "All games" not in stats_table(one, ("FT1-N",), EN)
    both = one.won("CR1-N-AAAAAAB", 90_000, 120).played("CR1-N-AAAAAAC").played("CR1-N-AAAAAAD")
    table = stats_table(both, ("CR1-N", "FT1-N"), EN)
    assert re.findall(r'<th scope="col">(.*?)</th>', table) == [
        "Crescent",
        "Forty Thieves",
        "All games",
    ]
    assert cells(table, "stats_played") == ["3", "2", "5"]
    assert cells(table, "stats_won") == ["1", "1", "2"]
    assert cells(table, "stats_rate") == ["33%", "50%", "40%"]
    assert cells(table, "stats_best_time") == ["1:30", "1:00", ""]  # one game's only
    assert cells(table, "stats_best_score") == ["", "900", ""]
