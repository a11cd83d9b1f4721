"""The shipped daily pools and the grades of the winnable lists (tools/daily.py writes the one,
tools/winnable.py the other): each daily deal listed with a stored line (its shipped copy is
replayed to a win in its own kind's engine by test_hints), every listed deal graded."""

from __future__ import annotations

import datetime
import re

import pytest

from game.codes import KINDS, GameCode, kind_slug
from game.ui.daily import daily
from game.ui.daily.daily import EPOCH
from tools.daily import (
    DATA,
    POOL_FULL,
    POOL_MIN,
    POOLED,
    daily_code,
    deal_of,
    extend_pool,
    listed,
    rates,
    read_pool,
    stored_lines,
)
from tools.grades import GRADES, tertiles

LINE = re.compile(r"([A-Z0-9]+-[A-Z0-9]+-[A-Z2-7]{7}) (easy|medium|hard)")


@pytest.mark.parametrize("kind", POOLED)
def test_every_daily_deal_is_listed_distinct_and_won_by_its_stored_line(kind):
    pool = read_pool(kind)
    assert len(pool) >= POOL_MIN  # no deal twice within a year
    assert len(set(pool)) == len(pool)
    on_list = listed(kind)
    lines = stored_lines(kind)
    for code in pool:  # its proof, the shipped line, replays in test_hints (not twice here)
        assert code in on_list, code
        assert code in lines, code


def test_only_the_proven_kinds_have_a_pool():
    shipped = {p.name for p in DATA.glob("daily-*.txt")}
    assert shipped == {f"daily-{kind_slug(kind)}.txt" for kind in POOLED}


def test_no_day_shows_one_deal_in_two_games():
    pools = {kind: read_pool(kind) for kind in POOLED}
    for day in range(min(len(p) for p in pools.values())):
        deals = [GameCode.parse(p[day]).deal for p in pools.values()]
        assert len(set(deals)) == len(deals), day
    assert daily_code("CR1-N", EPOCH) == pools["CR1-N"][0]
    later = EPOCH + datetime.timedelta(days=len(pools["CR1-N"]) + 2)
    assert daily_code("CR1-N", later) == pools["CR1-N"][2]  # the page cycles


@pytest.mark.parametrize("kind", KINDS)
def test_every_listed_deal_has_a_grade(kind):
    lines = (DATA / f"winnable-{kind_slug(kind)}.txt").read_text().splitlines()
    parsed = [LINE.fullmatch(line) for line in lines]
    assert all(parsed), [line for line, m in zip(lines, parsed) if not m][:3]
    codes = [m[1] for m in parsed if m]
    assert codes == sorted(set(codes))
    assert all(GameCode.parse(c).kind == kind for c in codes)
    grades = [m[2] for m in parsed if m]
    if len(grades) >= 3:
        assert set(grades) == set(GRADES)


def test_tertiles_split_a_measure_in_thirds():
    assert tertiles({"a": 5.0})[0] == {"a": "medium"}
    assert tertiles({"a": 1.0, "b": 2.0, "c": 3.0})[0] == {"a": "easy", "b": "medium", "c": "hard"}
    grades, (low, high) = tertiles({str(i): float(i) for i in range(9)})
    assert (low, high) == (2.0, 5.0)
    assert [grades[str(i)] for i in range(9)] == ["easy"] * 3 + ["medium"] * 3 + ["hard"] * 3
    inf = float("inf")  # not won within the uniform budget: hard, never easy
    grades, _ = tertiles({"a": 1.0, "b": 1.0, "c": inf, "d": inf, "e": 7.0, "f": 2.0})
    assert grades == dict(a="easy", b="easy", f="medium", e="medium", c="hard", d="hard")


def test_a_pool_is_append_only():
    shipped = ["CR1-N-AAAAAAD", "CR1-N-AAAAAAB"]
    proven = {"CR1-N-AAAAAAB", "CR1-N-AAAAAAC", "CR1-N-AAAAAAD", "CR1-N-AAAAAAE"}
    pool = extend_pool("CR1-N", shipped, proven, [])
    assert pool[:2] == shipped and sorted(pool) == sorted(proven)
    assert pool == extend_pool("CR1-N", shipped, proven, [])  # seeded: the same order
    # a deal number another game shows that day waits for a later day
    other = ["CR1-F-AAAAAAX", "CR1-F-AAAAAAX", "CR1-F-" + pool[2][len("CR1-N-") :]]
    assert extend_pool("CR1-N", shipped, proven, [other])[2] != pool[2]
    with pytest.raises(SystemExit):  # a shipped deal is never dropped
        extend_pool("CR1-N", shipped, proven - {"CR1-N-AAAAAAD"}, [])
    many = {str(GameCode("CR1", "N", n)) for n in range(POOL_FULL + 50)}
    assert len(many) == POOL_FULL + 50
    full = extend_pool("CR1-N", [], many, [])
    assert len(full) == POOL_FULL  # a year and six weeks: a deal more would only cost lines
    longer = sorted(many)[: POOL_FULL + 10]
    assert extend_pool("CR1-N", longer, many, []) == longer  # a longer pool shipped stays
    # two kinds on the same deals (Streets and Emperor): no day shows one deal in both, and
    # where only such deals are left, the pool ends (a year long at least)
    first = extend_pool("CR1-N", [], set(sorted(many)[: POOL_MIN + 5]), [])
    same = extend_pool("CR1-F", [], {c.replace("CR1-N", "CR1-F") for c in first}, [first])
    assert POOL_MIN <= len(same) <= len(first)
    assert all(deal_of(a) != deal_of(b) for a, b in zip(first, same))


@pytest.mark.parametrize("kind", POOLED)
def test_every_day_of_the_shipped_range_has_a_proven_daily_and_it_goes_on_cycling(kind):
    """Day by day through the whole pool (and past its end), by the page's own rule: each
    day's deal is in the kind's winnable list and has a stored winning line (replayed above)."""
    pool = read_pool(kind)
    on_list, lines = listed(kind), stored_lines(kind)
    days = [EPOCH + datetime.timedelta(days=i) for i in range(len(pool) + 400)]
    codes = [daily.daily(kind, day, pool).code for day in days]
    assert all(code in on_list and code in lines for code in codes)
    for i in range(len(codes) - 365):  # never the same deal twice within a year
        assert len(set(codes[i : i + 366])) == 366, days[i]


def test_the_published_rates_count_the_listed_deals_of_a_range():
    """``tools.daily rates`` (docs/SOLVER.md's tables) counts what the winnable list holds: for
    a game listed from its playouts alone, the wins of a range are its listed deals there."""
    won, played = rates("FT1-Z", 0, 199)
    in_range = [c for c in listed("FT1-Z") if GameCode.parse(c).deal <= 199]
    assert (won, played) == (len(in_range), 200)
    assert rates("FT1-Z", 10**6, 10**6 + 9) == (0, 0)  # never played: nothing counted
