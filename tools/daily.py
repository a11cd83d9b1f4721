"""The daily deals and the difficulty grades: winning lines checked at build time.

    python -m tools.daily lines     # solve every Crescent deal to list: docs/results/lines/
    python -m tools.daily deeper    # the deals the uniform budget did not win, at a bigger one
    python -m tools.daily check     # replay Crescent's lines in each variant's own engine
    python -m tools.daily pools     # static/data/daily-<slug>.txt, append-only
    python -m tools.daily grades    # the grades' thresholds and counts per kind
    python -m tools.daily validate  # random-greedy playouts per grade (docs/SOLVER.md)

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
with one redeal more: a Crescent line is a line of each (:data:`CARRIED`). ``check`` proves it
line by line in each kind's own engine; :func:`stored_lines` gives a kind's lines, and the pools
take only lines that replay to a won game there.

**Pools.** ``static/data/daily-<slug>.txt`` holds one code a line; line ``i`` is the daily deal
of day ``i`` counted from :data:`EPOCH` (UTC), and the page cycles (day ``i`` plays line
``i mod len``). A pool holds distinct deals, each with a stored line that wins in that kind's
engine, in a fixed pseudo-random order seeded per kind; where two kinds share a deal number,
no day shows the same deal in two of them (within the pools' first cycle). **A pool is
append-only once shipped**: regenerating keeps every existing line in place and only appends
deals not yet in it (a date's deal never changes after release); a shipped deal that no longer
has a winning line stops the build instead of being dropped. Appended lines keep the dates
after the old end only if they ship before that end's date (the cycle's length changes with
them). No pool for the Forty Thieves family: its proven lists are far too short
(docs/SOLVER.md says what 366 deals would cost).

**Grades.** Every listed deal is ``easy``, ``medium`` or ``hard`` by tertiles of a per-kind
measure (:func:`tertiles`): Crescent and Crescent Four, the states their uniform solve took (a
deal not won within it is hard); Crescent face down and Open Crescent take Crescent's grade;
the Forty Thieves family, the fewest states of a winnable row of its batch results.
``tools/winnable.py`` writes them into the winnable lists (``CODE GRADE`` a line). ``validate``
checks them against an independent measure, random-greedy playouts (docs/SOLVER.md,
"Difficulty grades").
"""

from __future__ import annotations

import argparse
import csv
import datetime
import gzip
import io
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import game
from game.codes import KINDS, GameCode, kind_slug
from game.solver import WINNABLE, playouts, solve
from game.solver.batch import wilson
from game.ui import daily
from game.ui.daily import PROVEN

ROOT = Path(__file__).resolve().parent.parent
LINES = ROOT / "docs" / "results" / "lines"
DATA = ROOT / "static" / "data"
UNIFORM = 60_000  # the batch's usual budget: ~0.25 s a won Crescent deal
DEEPER = 1_000_000  # for the deals the uniform budget leaves unknown (~20 s a deal at most)
SOLVED = ("CR1-N", "CR1-F")  # the kinds solved here; the others' lines are carried over
# a kind: the kind whose wins are its wins too (Crescent's variants deal the same cards in the
# same piles: a face-down card changes no move, and Crescent Four has one redeal more)
CARRIED = {"CR1-F": "CR1-N", "CR1-D": "CR1-N", "CR1-O": "CR1-N"}
POOLED = PROVEN  # the kinds with a proven daily deal (the page's list: game/ui/daily.py)
POOL_MIN = 400  # more than a year: no deal twice within a year
GRADES = ("easy", "medium", "hard")
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


def to_list(kind: str) -> list[str]:
    """The deals ``tools/winnable.py`` lists for ``kind`` from the batch results (its own
    wins and those of the kind it carries), sorted: what the grades need rows for."""
    from tools.winnable import winnable  # it imports this module: imported when used

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
    """``shipped`` (kept as it is: append-only) and then every other deal of ``proven`` in an
    order shuffled by a seed of ``kind``'s own; a deal goes to a day where no pool of
    ``others`` shows the same deal number (the next in the shuffled order that does not)."""
    lost = [c for c in shipped if c not in proven]
    if lost:
        sys.exit(f"{kind}: shipped daily deals without a winning line: {' '.join(lost[:5])}")
    fresh = sorted(proven - set(shipped))
    random.Random(f"daily {kind}").shuffle(fresh)
    pool = list(shipped)
    while fresh:
        day = len(pool)
        taken = {deal_of(o[day % len(o)]) for o in others if o}
        pick = next((i for i, c in enumerate(fresh) if deal_of(c) not in taken), 0)
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


# --- the grades --------------------------------------------------------------------------------
def tertiles(measure: dict[str, float]) -> tuple[dict[str, str], tuple[float, float]]:
    """Grades by a measure where more is harder: a deal's third is the third its rank's
    midpoint falls in (``(i + 1/2) / n`` of the sorted list: 1 deal is medium, 3 are one of
    each), and equal measures take the lower grade. Returns the grades and the two thresholds
    (easy up to the first, medium up to the second; minus infinity: no easy deal)."""
    ordered = sorted(measure.values())
    n = len(ordered)
    low = high = -math.inf
    for i, value in enumerate(ordered):
        third = 3 * (2 * i + 1) // (2 * n)
        if third == 0:
            low = value
        if third <= 1:
            high = value
    grades = {}
    for code, value in measure.items():
        if math.isinf(value):  # never won within the measure's own budget: hard, whatever ties
            grades[code] = GRADES[2]
        else:
            grades[code] = GRADES[0] if value <= low else GRADES[1] if value <= high else GRADES[2]
    return grades, (low, high)


def uniform_states(kind: str, codes: Iterable[str]) -> dict[str, float]:
    """The states the uniform solve of each deal took to win (infinite: not won within the
    uniform budget). Crescent face down and Open Crescent: Crescent's. Stops if a deal has
    no row (``python -m tools.daily lines`` first)."""
    head = kind if kind in SOLVED else CARRIED[kind]
    rows = read_lines(head)
    out: dict[str, float] = {}
    missing = []
    for code in codes:
        row = rows.get(retarget(code, head))
        if row is None:
            missing.append(code)
            continue
        won = row["verdict"] == WINNABLE and int(row["budget"]) <= UNIFORM
        out[code] = int(row["states"]) if won else math.inf
    if missing:
        sys.exit(
            f"{kind}: {len(missing)} listed deals without a solved row ({missing[0]}, ...): "
            "run python -m tools.daily lines"
        )
    return out


# --- the validation: random-greedy playouts (game/solver/playouts.py) ------------------------
def playout(code: str, rng: random.Random) -> tuple[bool, int]:
    """One random-greedy game of ``code``: (won, cards home)."""
    done = playouts.playout(game.new(code), rng)
    return done.won, done.home


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (average ranks for ties)."""

    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / math.sqrt(vx * vy) if vx and vy else 0.0


def bootstrap(shares: list[float], seed: int, rounds: int = 2000) -> tuple[float, float]:
    """A 95 % percentile interval of the mean of ``shares`` over resampled deals: the playouts
    of one deal are not independent of each other, so this interval is the honest one."""
    rng = random.Random(seed)
    means = sorted(sum(rng.choices(shares, k=len(shares))) / len(shares) for _ in range(rounds))
    return means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def validate(kind: str, deals: int, playouts: int, seed: int, say: Callable[[str], None]) -> None:
    """``deals`` deals of each grade of ``kind``'s list (a seeded sample), ``playouts``
    random-greedy playouts each (:func:`playout`). Per grade: the share of playouts won (Wilson
    95 % over playouts, and a bootstrap over deals), the share of deals won at least once
    (Wilson 95 %) and the mean cards home. Over the sample: the Spearman correlation of the
    grade's measure with each deal's playout win share and with its mean cards home (negative:
    harder by the measure, fewer wins or cards home)."""
    grades = listed(kind)
    if not all(g in GRADES for g in grades.values()):
        sys.exit(f"{kind}: the list has no grades yet (python -m tools.winnable)")
    measure = measure_of(kind, grades)
    rng = random.Random(seed)
    xs: list[float] = []
    shares: list[float] = []
    homes: list[float] = []
    started = time.monotonic()
    for grade in GRADES:
        codes = sorted(c for c, g in grades.items() if g == grade)
        sample = rng.sample(codes, min(deals, len(codes)))
        if not sample:
            continue
        won: list[int] = []
        home: list[float] = []
        for code in sample:
            results = [playout(code, rng) for _ in range(playouts)]
            won.append(sum(r[0] for r in results))
            home.append(sum(r[1] for r in results) / playouts)
            xs.append(min(measure[code], 10 * UNIFORM))  # not won within the budget: tied
        shares += [w / playouts for w in won]
        homes += home
        n, k, once = len(sample) * playouts, sum(won), sum(w > 0 for w in won)
        low, high = wilson(k, n)
        blow, bhigh = bootstrap([w / playouts for w in won], seed)
        dlow, dhigh = wilson(once, len(sample))
        say(
            f"{kind} {grade}: {len(sample)} deals x {playouts} playouts: won {k}/{n} = "
            f"{k / n:.2%} (Wilson {low:.2%}-{high:.2%}; over deals {blow:.2%}-{bhigh:.2%}); "
            f"deals won at least once {once}/{len(sample)} (Wilson {dlow:.0%}-{dhigh:.0%}); "
            f"mean cards home {sum(home) / len(home):.1f}  [{time.monotonic() - started:.0f} s]"
        )
    say(
        f"{kind}: Spearman over {len(xs)} deals: measure vs playout win share "
        f"{spearman(xs, shares):.3f}, vs mean cards home {spearman(xs, homes):.3f}"
    )
    if kind not in SOLVED and kind not in CARRIED:  # the family: also against the beam's states
        beam = fewest_states(kind)
        both = [c for c in grades if c in beam and math.isfinite(measure[c])]
        if len(both) >= 3:
            rho = spearman([measure[c] for c in both], [beam[c] for c in both])
            say(f"{kind}: Spearman over {len(both)} deals: measure vs the beam's states {rho:.3f}")


def playouts_taken(kind: str, codes: Iterable[str]) -> dict[str, float]:
    """The Forty Thieves family's measure: the playouts the first win took (a hundred without
    one: infinite, hard). Stops if a listed deal was never played out."""
    rows = read_lines(kind)
    missing = [c for c in codes if c not in rows]
    if missing:
        sys.exit(f"{kind}: {len(missing)} listed deals never played out: tools.daily playouts")
    return {
        c: float(rows[c]["states"]) if rows[c]["verdict"] == WINNABLE else math.inf for c in codes
    }


def fewest_states(kind: str) -> dict[str, float]:
    """The Forty Thieves family's measure: the fewest states of a winnable row of the batch
    results (``docs/results/<KIND>[-*].csv``), by code."""
    out: dict[str, float] = {}
    folder = ROOT / "docs" / "results"
    for source in sorted([*folder.glob(f"{kind}.csv"), *folder.glob(f"{kind}-*.csv")]):
        with source.open(newline="") as f:
            for row in csv.DictReader(f):
                if row["verdict"] == WINNABLE:
                    states = float(row["states"])
                    out[row["code"]] = min(out.get(row["code"], math.inf), states)
    return out


def measure_of(kind: str, codes: Iterable[str]) -> dict[str, float]:
    """The grading measure of each of ``codes`` (more: harder)."""
    codes = list(codes)
    if kind in SOLVED or kind in CARRIED:
        return uniform_states(kind, codes)
    return playouts_taken(kind, codes)


def grade(kind: str, codes: Iterable[str]) -> dict[str, str]:
    """Each deal's grade (``tools/winnable.py`` writes them into the lists)."""
    return tertiles(measure_of(kind, codes))[0]


# --- the command line --------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.daily", description=__doc__)
    parser.add_argument(
        "command",
        choices=("lines", "deeper", "playouts", "check", "pools", "grades", "validate"),
    )
    parser.add_argument("--range", default="0-99", help="playouts: deal numbers, FIRST-LAST")
    parser.add_argument("--tries", type=int, default=100, help="playouts: playouts a deal")
    parser.add_argument("--jobs", type=int, default=2, help="playouts: processes")
    parser.add_argument("--until", type=int, default=None, help="playouts: stop at this many won")
    parser.add_argument("--kinds", default=None, help="comma-separated kinds (default: all)")
    parser.add_argument("--states", type=int, default=None, help="the solve's budget")
    parser.add_argument("--deals", type=int, default=50, help="validate: deals a grade")
    parser.add_argument("--playouts", type=int, default=100, help="validate: playouts a deal")
    parser.add_argument("--seed", type=int, default=1, help="validate: the sample's seed")
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
    elif args.command == "check":
        for what, (won, total) in check().items():
            print(f"{what}: {won} of {total} lines replay to a won game")
    elif args.command == "pools":
        for kind, size in write_pools().items():
            print(f"{pool_path(kind).relative_to(ROOT)}: {size} deals")
    elif args.command == "grades":
        for kind in kinds or KINDS:
            codes = listed(kind)
            grades, (low, high) = tertiles(measure_of(kind, codes))
            counts = " ".join(f"{g} {list(grades.values()).count(g)}" for g in GRADES)
            print(f"{kind}: {len(codes)} deals: {counts}; easy <= {low}, medium <= {high}")
    else:
        for kind in kinds or ["CR1-N"]:
            validate(kind, args.deals, args.playouts, args.seed, print)
    print(f"{time.monotonic() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
