"""The daily deals: winning lines checked at build time, and the pools the page draws from.

    python -m tools.daily lines     # solve every Crescent deal to list: docs/results/lines/
    python -m tools.daily deeper    # the deals the uniform budget did not win, at a bigger one
    python -m tools.daily check     # replay Crescent's lines in each variant's own engine
    python -m tools.daily playouts  # the Forty Thieves family: deals won by playouts, lines kept
    python -m tools.daily pools     # static/data/daily-<slug>.txt, append-only
    python -m tools.daily rates     # the playouts' win rate on a range, with its Wilson interval

The grades are ``tools/grades.py``'s; the lists ``tools/winnable.py``'s, from the batch results
read here (:func:`winnable`).

**Lines.** Every deal Crescent's and Crescent Four's winnable lists hold (``tools/winnable.py``
lists them from the batch results) is solved at one fixed state budget (:data:`UNIFORM`): a
state budget gives the same verdict and line on any machine, so the states a win took are a
difficulty measure comparable from deal to deal. The rows go to
``docs/results/lines/<KIND>.csv.gz`` (code, verdict, states, budget, line: the moves'
``Move.text()``, space-separated, a redeal written ``redeal``), a subfolder so that
``tools/winnable.py``'s glob of batch results does not read them. ``deeper`` gives the deals the
uniform budget left unknown a bigger budget, so that most listed deals have a line; those rows
keep their budget, and a deal won above the uniform budget grades as hard. Both commands skip
the rows already written (resumable; a row is written to the file every few deals).

**Carried lines.** Crescent face down and Open Crescent deal Crescent's cards in Crescent's
piles (a face-down card changes no move, fanned piles neither), and Crescent Four is Crescent
with one redeal more: a Crescent line is a line of each (:data:`CARRIED`). So with Streets'
lines in Emperor, Number Ten and Rank and File (its deal with rows face down, and runs: a card
moves from a column's top, which is face up), and Forty Thieves' in Josephine (runs only add
moves). ``check`` proves it
line by line in each kind's own engine; :func:`stored_lines` gives a kind's lines, and the pools
take only lines that replay to a won game there.

**Pools.** ``static/data/daily-<slug>.txt`` holds one code a line; line ``i`` is the daily deal
of day ``i`` counted from :data:`EPOCH` (UTC), and the page cycles (day ``i`` plays line
``i mod len``). A pool holds distinct deals, each with a stored line that wins in that kind's
engine, in a fixed pseudo-random order seeded per kind; where two kinds share a deal number,
no day shows the same deal in two of them (within the pools' first cycle). A pool is filled
up to :data:`POOL_FULL` deals. **A pool is
append-only once shipped**: regenerating keeps every existing line in place and only appends
deals not yet in it (a date's deal never changes after release); a shipped deal that no longer
has a winning line stops the build instead of being dropped. Appended lines keep the dates
after the old end only if they ship before that end's date (the cycle's length changes with
them). A kind has a pool when its record says ``daily=True`` (game/kinds.py): every Crescent,
Forty Thieves and the relatives whose playouts won 400 deals or more; the others' lists are
too short yet (docs/SOLVER.md, "The shelf and every relative's daily", says what they cost).
"""

from __future__ import annotations

import argparse
import csv
import datetime
import gzip
import io
import os
import random
import sys
import time
from collections.abc import Iterable
from pathlib import Path

import game
from game.codes import GameCode, kind_slug
from game.kinds import REGISTRY
from game.solver import WINNABLE, playouts, solve
from game.solver.batch import wilson
from game.ui.daily import daily
from game.ui.daily.daily import PROVEN

ROOT = Path(__file__).resolve().parent.parent
LINES = ROOT / "docs" / "results" / "lines"
DATA = ROOT / "static" / "data"
UNIFORM = 60_000  # the batch's usual budget: ~0.25 s a won Crescent deal
DEEPER = 1_000_000  # for the deals the uniform budget leaves unknown (~20 s a deal at most)
SOLVED = ("CR1-N", "CR1-F")  # the kinds solved here; the others' lines are carried over
# a kind: the kind whose wins are its wins too (the same cards in the same places, and rules
# that only add moves or turn cards face down under a top that moves: game/kinds.py)
CARRIED = {kind.code: kind.wins_of for kind in REGISTRY if kind.wins_of}  # (game/kinds.py)
POOLED = PROVEN  # the kinds with a proven daily deal (the page's list: game/ui/daily/daily.py)
POOL_MIN = 400  # more than a year: no deal twice within a year
# where a pool stops growing: a year and six weeks of dailies; a proven deal more would only
# cost its Hint line (static/data/lines/, ~6 kB raw a deal); pools shipped longer stay so
POOL_FULL = 410
FIELDS = ("code", "verdict", "states", "budget", "line")


# --- the lists and the lines ----------------------------------------------------------------
def listed(kind: str) -> dict[str, str]:
    """The shipped winnable list of ``kind``: code -> grade ("" in a list without grades)."""
    path = DATA / f"winnable-{kind_slug(kind)}.txt"
    out: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if line.strip():
            code, _, grade = line.strip().partition(" ")
            out[code] = grade
    return out


def lines_path(kind: str) -> Path:
    return LINES / f"{kind}.csv.gz"


def read_lines(kind: str) -> dict[str, dict[str, str]]:
    """The rows written for ``kind`` (none before the first run), by code."""
    path = lines_path(kind)
    if not path.exists():
        return {}
    with gzip.open(path, "rt", newline="") as f:
        return {row["code"]: row for row in csv.DictReader(f)}


def write_lines(kind: str, rows: dict[str, dict[str, str]]) -> None:
    """All rows, sorted by code, gzip without a time stamp (the same rows, the same bytes);
    written beside and renamed, so that a stopped run leaves the last whole file."""
    text = io.StringIO()
    writer = csv.DictWriter(text, FIELDS, lineterminator="\n")
    writer.writeheader()
    for code in sorted(rows):
        writer.writerow(rows[code])
    path = lines_path(kind)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    with partial.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write(text.getvalue().encode())
    os.replace(partial, path)


def moves_of(line: str) -> list[game.Move]:
    """A stored line back into engine moves (``Move.from_text`` reads what ``text()`` wrote)."""
    return [game.Move.from_text(word) for word in line.split()]


def wins(code: str, line: str) -> bool:
    """Whether ``line`` replays to a won game of ``code`` through the checked API."""
    try:
        return game.replay(game.new(code), moves_of(line)).status == "won"
    except (ValueError, game.IllegalLine):
        return False


def retarget(code: str, kind: str) -> str:
    """The same deal as a code of ``kind``: ``CR1-N-AAAAAAB`` -> ``CR1-D-AAAAAAB``."""
    return kind + code[len(kind) :]


def stored_lines(kind: str) -> dict[str, str]:
    """Every stored winning line of ``kind``: code -> line (not yet replayed: :func:`wins`).
    Crescent and Crescent Four their own solves' lines, a Crescent Four deal its own solve did
    not win Crescent's line; Crescent face down and Open Crescent Crescent's lines."""
    out: dict[str, str] = {}
    head = CARRIED.get(kind)
    if head is not None:
        for code, row in read_lines(head).items():
            if row["verdict"] == WINNABLE:
                out[retarget(code, kind)] = row["line"]
    if kind in SOLVED or kind not in CARRIED:  # its own solves' or playouts' lines
        for code, row in read_lines(kind).items():
            if row["verdict"] == WINNABLE:
                out[code] = row["line"]
    return out


def row_for(code: str, states: int) -> dict[str, str]:
    """One deal solved at ``states``: its row, the line replayed before it is kept."""
    result = solve(game.new(code), states=states)
    line = " ".join(move.text() for move in result.moves)
    if result.verdict == WINNABLE and not wins(code, line):
        sys.exit(f"{code}: the solver's line does not replay to a won game")
    return {
        "code": code,
        "verdict": result.verdict,
        "states": str(result.states),
        "budget": str(states),
        "line": line,
    }


def solve_rows(kind: str, codes: list[str], states: int, every: int = 25) -> None:
    """Solve ``codes`` at ``states`` each into ``kind``'s rows, writing them every few deals."""
    rows = read_lines(kind)
    started = time.monotonic()
    for n, code in enumerate(codes, start=1):
        rows[code] = row_for(code, states)
        if n % every == 0 or n == len(codes):
            write_lines(kind, rows)
            won = sum(rows[c]["verdict"] == WINNABLE for c in codes[:n])
            sys.stderr.write(
                f"\r{kind}: {n}/{len(codes)} at {states} states, {won} won, "
                f"{time.monotonic() - started:.0f} s "
            )
    sys.stderr.write("\n")


def results(kind: str) -> list[Path]:
    """The batch results of ``kind``: the published run (``<KIND>.csv``) and any longer runs
    beside it (``<KIND>-<budget>.csv``, e.g. Forty Thieves at 1.8 million states a deal)."""
    folder = ROOT / "docs" / "results"
    return sorted([*folder.glob(f"{kind}.csv"), *folder.glob(f"{kind}-*.csv")])


def rows(kind: str) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for source in results(kind):
        with source.open(newline="") as f:
            out += csv.DictReader(f)
    return out


def winnable(kind: str) -> set[str]:
    """The deals of ``kind`` its batch results found winnable, and those the playouts won
    (:func:`play_deals`: their lines replayed before they were kept)."""
    played = {c for c, row in read_lines(kind).items() if row["verdict"] == WINNABLE}
    return {r["code"] for r in rows(kind) if r["verdict"] == WINNABLE} | played


def to_list(kind: str) -> list[str]:
    """The deals ``tools/winnable.py`` lists for ``kind`` from the batch results (its own
    wins and those of the kind it carries), sorted: what the grades need rows for."""
    codes = winnable(kind)
    if kind in CARRIED:
        codes |= {retarget(c, kind) for c in winnable(CARRIED[kind])}
    return sorted(codes)


def solve_listed(kinds: Iterable[str], states: int) -> None:
    """Every deal to list without a row yet, at the uniform budget."""
    for kind in kinds:
        rows = read_lines(kind)
        solve_rows(kind, [c for c in to_list(kind) if c not in rows], states)


def solve_deeper(kinds: Iterable[str], states: int) -> None:
    """The listed deals no row has won yet, again at ``states`` (rows at that budget or more
    are not tried again)."""
    for kind in kinds:
        rows = read_lines(kind)
        todo = [
            c
            for c in to_list(kind)
            if c in rows and rows[c]["verdict"] != WINNABLE and int(rows[c]["budget"]) < states
        ]
        solve_rows(kind, todo, states, every=1)


def check() -> dict[str, tuple[int, int]]:
    """Every stored line of every pooled kind replayed in that kind's engine: kind -> (won,
    lines). Crescent's lines in Crescent face down, Open Crescent and Crescent Four included."""
    out: dict[str, tuple[int, int]] = {}
    for kind in POOLED:
        lines = stored_lines(kind)
        out[kind] = (sum(wins(code, line) for code, line in lines.items()), len(lines))
    carried = stored_lines("CR1-N")
    as_four = sum(wins(retarget(c, "CR1-F"), line) for c, line in carried.items())
    out["CR1-N lines in CR1-F"] = (as_four, len(carried))
    return out


# --- the Forty Thieves family: playouts ------------------------------------------------------
def play_deal(job: tuple[str, int]) -> dict[str, str]:
    """One deal's row from up to ``tries`` seeded playouts (the deal number seeds them): states
    is the playouts it took, budget the playouts allowed; a win's line is replayed first."""
    code, tries = job
    result = playouts.playouts(game.new(code), tries, seed=GameCode.parse(code).deal)
    line = " ".join(move.text() for move in result.moves)
    if result.verdict == WINNABLE and not wins(code, line):
        raise SystemExit(f"{code}: a playout's line does not replay to a won game")
    return {
        "code": code,
        "verdict": result.verdict,
        "states": str(result.states),
        "budget": str(tries),
        "line": line,
    }


def play_deals(kind: str, codes: list[str], tries: int, jobs: int, until: int | None) -> None:
    """Playouts on ``codes`` of ``kind`` into its rows (resumable: a deal with a row at this
    many tries or more is skipped), on ``jobs`` processes; stops once ``until`` are won."""
    from multiprocessing import Pool

    rows = read_lines(kind)
    todo = [c for c in codes if c not in rows or int(rows[c]["budget"]) < tries]
    started = time.monotonic()
    with Pool(jobs) as pool:
        for n, row in enumerate(pool.imap(play_deal, [(c, tries) for c in todo], 4), start=1):
            rows[row["code"]] = row
            won = sum(r["verdict"] == WINNABLE for r in rows.values())
            if n % 50 == 0 or n == len(todo) or (until is not None and won >= until):
                write_lines(kind, rows)
                sys.stderr.write(
                    f"\r{kind}: {n}/{len(todo)} deals, {won} won in all, "
                    f"{time.monotonic() - started:.0f} s "
                )
            if until is not None and won >= until:
                pool.terminate()
                break
    sys.stderr.write("\n")


# --- the pools -------------------------------------------------------------------------------
def pool_path(kind: str) -> Path:
    return DATA / f"daily-{kind_slug(kind)}.txt"


def read_pool(kind: str) -> list[str]:
    path = pool_path(kind)
    return path.read_text().split() if path.exists() else []


def deal_of(code: str) -> int:
    return GameCode.parse(code).deal


def extend_pool(
    kind: str, shipped: list[str], proven: set[str], others: list[list[str]]
) -> list[str]:
    """``shipped`` (kept as it is: append-only) and then other deals of ``proven``, up to
    :data:`POOL_FULL` in all, in an order shuffled by a seed of ``kind``'s own; a deal goes to
    a day where no pool of ``others`` shows the same deal number (the next in the shuffled
    order that does not; where none is left but such deals, a pool of :data:`POOL_MIN` or
    more ends there)."""
    lost = [c for c in shipped if c not in proven]
    if lost:
        sys.exit(f"{kind}: shipped daily deals without a winning line: {' '.join(lost[:5])}")
    fresh = sorted(proven - set(shipped))
    random.Random(f"daily {kind}").shuffle(fresh)
    pool = list(shipped)
    while fresh and len(pool) < POOL_FULL:
        day = len(pool)
        taken = {deal_of(o[day % len(o)]) for o in others if o}
        pick = next((i for i, c in enumerate(fresh) if deal_of(c) not in taken), None)
        if pick is None:  # only deals another game shows that day are left (kinds that
            if len(pool) >= POOL_MIN:  # share their deals): the pool ends, a year long
                break
            pick = 0
        pool.append(fresh.pop(pick))
    return pool


def write_pools() -> dict[str, int]:
    """Each pooled kind's pool, extended by its deals whose stored line wins in its engine and
    which its winnable list holds; kind -> pool size."""
    sizes: dict[str, int] = {}
    pools: dict[str, list[str]] = {kind: read_pool(kind) for kind in POOLED}
    for kind in POOLED:
        on_list = listed(kind)
        proven = {c for c, line in stored_lines(kind).items() if c in on_list and wins(c, line)}
        others = [pools[k] for k in POOLED if k != kind]
        pool = extend_pool(kind, pools[kind], proven, others)
        if len(pool) < POOL_MIN:
            sys.exit(f"{kind}: {len(pool)} proven deals, fewer than {POOL_MIN}")
        pools[kind] = pool
        pool_path(kind).write_text("".join(c + "\n" for c in pool))
        sizes[kind] = len(pool)
    return sizes


def daily_code(kind: str, day: datetime.date) -> str:
    """The daily deal of ``kind`` on ``day``, by the page's own rule over the shipped pool."""
    return daily.daily(kind, day, read_pool(kind)).code


def rates(kind: str, first: int, last: int) -> tuple[int, int]:
    """Of the deals ``first``..``last`` of ``kind`` played out, how many a playout won: (won,
    played), a lower bound of the win rate (docs/SOLVER.md's tables)."""
    rows = read_lines(kind)
    game_id, variant = kind.split("-")
    codes = [str(GameCode(game_id, variant, n)) for n in range(first, last + 1)]
    played = [rows[c] for c in codes if c in rows]
    return sum(row["verdict"] == WINNABLE for row in played), len(played)


# --- the command line --------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.daily", description=__doc__)
    parser.add_argument(
        "command",
        choices=("lines", "deeper", "playouts", "check", "pools", "rates"),
    )
    parser.add_argument("--range", default="0-99", help="playouts, rates: deals, FIRST-LAST")
    parser.add_argument("--tries", type=int, default=100, help="playouts: playouts a deal")
    parser.add_argument("--jobs", type=int, default=2, help="playouts: processes")
    parser.add_argument("--until", type=int, default=None, help="playouts: stop at this many won")
    parser.add_argument("--kinds", default=None, help="comma-separated kinds (default: all)")
    parser.add_argument("--states", type=int, default=None, help="the solve's budget")
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",") if args.kinds else None
    started = time.monotonic()
    if args.command == "lines":
        solve_listed(kinds or SOLVED, args.states or UNIFORM)
    elif args.command == "deeper":
        solve_deeper(kinds or SOLVED, args.states or DEEPER)
    elif args.command == "playouts":  # a range of deals, then every listed deal not played
        first, last = (int(n) for n in args.range.split("-"))
        for kind in kinds or ["FT1-N"]:
            game_id, variant = kind.split("-")
            deals = [str(GameCode(game_id, variant, n)) for n in range(first, last + 1)]
            play_deals(kind, deals, args.tries, args.jobs, args.until)
            play_deals(kind, to_list(kind), args.tries, args.jobs, None)
    elif args.command == "rates":
        first, last = (int(n) for n in args.range.split("-"))
        for kind in kinds or ["FT1-N"]:
            won, played = rates(kind, first, last)
            low, high = wilson(won, played)
            share = won / played if played else 0.0
            print(f"{kind}: {won} of {played} ({share:.1%}; Wilson 95 % {low:.1%}-{high:.1%})")
    elif args.command == "check":
        for what, (won, total) in check().items():
            print(f"{what}: {won} of {total} lines replay to a won game")
    else:
        for kind, size in write_pools().items():
            print(f"{pool_path(kind).relative_to(ROOT)}: {size} deals")
    print(f"{time.monotonic() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
