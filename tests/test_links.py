"""Links are data: any hash gives a code or a short excerpt to quote, never an exception."""

import json
from pathlib import Path
from urllib.parse import parse_qs
from urllib.parse import unquote as reference

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.codes import KINDS
from game.kinds import REGISTRY
from game.ui.address.links import EXCERPT, excerpt, hooks_on, read_hash, solver_starts_when_idle
from game.ui.text.query import query_values, unquote


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("#CR1-N-AAAAAAB", "CR1-N-AAAAAAB"),
        ("#cr1-n-aaaaaab", "CR1-N-AAAAAAB"),
        ("#%20FT1-N-AAAAAAB%20", "FT1-N-AAAAAAB"),
        ("CR1-F-AAAAAAC", "CR1-F-AAAAAAC"),
    ],
)
def test_a_code_is_read_and_written_the_canonical_way(raw, code):
    link = read_hash(raw)
    assert str(link.code) == code and link.bad is None and link.canonical == "#" + code


@pytest.mark.parametrize("raw", ["", "#", "#   "])
def test_an_empty_hash_is_no_code_and_no_complaint(raw):
    assert read_hash(raw).code is None and read_hash(raw).bad is None


@pytest.mark.parametrize(
    "raw",
    [
        "#CR1-N-AAAAAAB%",
        "#%",
        "#100%",
        "#%zz",
        "#%E0%A4%A",
        "#CR1-N-AAAAA%C5%BFB",  # the long s: upper-cases to S
        "#CR1-N-AAAAAAB%00",
        "#<script>alert(1)</script>",
        "#XX9-N-AAAAAAB",
        "#" + "A" * 100_000,
    ],
)
def test_anything_else_is_bad_with_a_short_printable_excerpt(raw):
    link = read_hash(raw)
    assert link.code is None and link.bad is not None and link.canonical == ""
    assert len(link.bad) <= EXCERPT + 1 and link.bad.isprintable()


@given(st.text(max_size=300))
def test_no_hash_at_all_makes_it_raise(raw):
    link = read_hash(raw)
    assert (link.code is None) or (link.bad is None)
    if link.bad is not None:
        assert len(link.bad) <= EXCERPT + 1 and link.bad.isprintable()


def test_the_excerpt_hides_control_characters():
    assert excerpt("a\x00b\nc") == "a?b?c"


@pytest.mark.parametrize(
    ("search", "on"),
    [
        ("?test", True),
        ("?test=1", True),
        ("?lang=ar&test", True),
        ("", False),
        ("?utm_campaign=contest", False),
        ("?testing=1", False),
        ("?x=test", False),
        ("?test=0", False),
        ("?x=1&test=0", False),
        ("?test=true", False),
        ("?test=0&test=1", True),
    ],
)
def test_the_hooks_switch_on_for_an_exact_test_parameter_only(search, on):
    assert hooks_on(search) is on


@pytest.mark.parametrize(
    "search, idle",
    [
        ("", True),
        ("?test=1", True),
        ("?idle-solver=0", True),  # a player's link: the switch is the tests' only
        ("?test=0&idle-solver=0", True),
        ("?test=1&idle-solver=1", True),
        ("?test=1&idle-solver=0", False),
        ("?idle-solver=0&lang=ar&test", False),
    ],
)
def test_the_solver_starts_when_idle_unless_a_test_says_not(search, idle):
    assert solver_starts_when_idle(search) is idle


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_without_a_deal_asks_for_a_new_deal_of_it(kind):
    """The installed app's shortcuts (manifest.webmanifest) open "#CR1-N": a random deal."""
    link = read_hash(f"#{kind}")
    assert (link.kind, link.code, link.bad) == (kind, None, None)
    assert read_hash("#CR1-X").bad == "CR1-X"


def test_every_shortcut_of_the_app_names_a_game():
    manifest = json.loads((Path(__file__).parent.parent / "manifest.webmanifest").read_text())
    *games, daily = [read_hash(s["url"].split("#", 1)[1]) for s in manifest["shortcuts"]]
    assert [link.kind for link in games] == [k.code for k in REGISTRY if k.shortcut]
    assert daily.daily  # "#daily": today's deal of the game last played


# game.ui.text.query reads the address as urllib.parse does, without importing it (and ipaddress)
# at every first visit: the standard library is the oracle, on any text
QUERY_TEXT = st.text(alphabet=st.sampled_from("ab=&+%20FfGC3A9é€\x00?;"), max_size=40)


@given(QUERY_TEXT)
def test_unquote_decodes_as_urllib_does(text):
    assert unquote(text) == reference(text)
    try:
        expected = reference(text, errors="strict")
    except UnicodeDecodeError:
        with pytest.raises(UnicodeDecodeError):
            unquote(text, errors="strict")
    else:
        assert unquote(text, errors="strict") == expected


@given(QUERY_TEXT, st.sampled_from(["a", "b", "a b", "é", "", "test"]))
def test_query_values_are_urllib_parse_qs_values(query, name):
    expected = parse_qs(query.removeprefix("?"), keep_blank_values=True).get(name, [])
    assert query_values(query, name) == expected


@pytest.mark.parametrize(
    ("search", "values"),
    [("?test", [""]), ("?a=1&test=1&test", ["1", ""]), ("?contest=1", []), ("?te%73t=%31", ["1"])],
)
def test_query_values_by_example(search, values):
    assert query_values(search, "test") == values
