"""The difficulty grades of the winnable lists, and their check against playouts.

    python -m tools.grades show      # the grades' thresholds and counts per kind
    python -m tools.grades validate  # random-greedy playouts per grade (docs/SOLVER.md)

**Grades.** Every listed deal is ``easy``, ``medium`` or ``hard`` by tertiles of a per-kind
measure (:func:`tertiles`): Crescent and Crescent Four, the states their uniform solve took (a
deal not won within it is hard); Crescent face down and Open Crescent take Crescent's grade;
the Forty Thieves family, the playouts the first win took (``tools.daily playouts``: a deal no
playout won is hard; where every deal was won at the same playout, the winning line's length).
``tools/winnable.py`` writes them into the winnable lists (``CODE GRADE`` a line). ``validate``
checks them against an independent measure, random-greedy playouts (docs/SOLVER.md,
"Difficulty grades").
"""

from __future__ import annotations

import argparse
import csv
import math
import random
import sys
import time
from collections.abc import Callable, Iterable

import game
from game.codes import KINDS
from game.solver import WINNABLE, playouts
from game.solver.batch import wilson
from game.ui.records.deals import GRADES
from tools.daily import CARRIED, ROOT, SOLVED, UNIFORM, listed, read_lines, retarget


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
    taken = {
        c: float(rows[c]["states"]) if rows[c]["verdict"] == WINNABLE else math.inf for c in codes
    }
    values = set(taken.values())
    if len(taken) >= 3 and len(values) == 1 and all(map(math.isfinite, values)):
        # every deal won at the same playout (Zebra's, all at the first): that says nothing,
        # so the winning line's length does (a longer line: more to do, redeals included)
        return {c: float(len(rows[c]["line"].split())) for c in codes}
    return taken


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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.grades", description=__doc__)
    parser.add_argument("command", choices=("show", "validate"))
    parser.add_argument("--kinds", default=None, help="comma-separated kinds (default: all)")
    parser.add_argument("--deals", type=int, default=50, help="validate: deals a grade")
    parser.add_argument("--playouts", type=int, default=100, help="validate: playouts a deal")
    parser.add_argument("--seed", type=int, default=1, help="validate: the sample's seed")
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",") if args.kinds else None
    started = time.monotonic()
    if args.command == "show":
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
