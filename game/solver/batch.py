"""Solve a range of deals into a CSV, resumably, on several cores.

:func:`solve_deals` is the unit of work: a plain function from a deal range to result rows,
so the same batch can later run on any distributed engine; :func:`run_batch` adds the local
process pool, the CSV (rows already there are skipped) and a progress line.
"""

from __future__ import annotations

import csv
import multiprocessing
import os
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..codes import GameCode

FIELDS = ("code", "verdict", "states", "seconds", "moves")


def code_for(prefix: str, deal: int) -> str:
    """``("CR1-N", 5)`` -> ``"CR1-N-AAAAAAF"``."""
    game, variant = prefix.split("-")
    return str(GameCode(game, variant, deal))


def parse_range(text: str) -> range:
    """``"0-999"`` -> ``range(0, 1000)``; ``"7"`` -> ``range(7, 8)``."""
    first, _, last = text.partition("-")
    start = int(first)
    stop = int(last) if last else start
    if stop < start or start < 0:
        raise ValueError(f"bad deal range {text!r}: expected FIRST-LAST such as 0-999")
    return range(start, stop + 1)


def solve_code(code: str, states: int | None, seconds: float | None) -> dict[str, str]:
    """One deal's CSV row."""
    from .. import new
    from . import solve

    result = solve(new(code), states=states, seconds=seconds)
    return {
        "code": code,
        "verdict": result.verdict,
        "states": str(result.states),
        "seconds": f"{result.seconds:.3f}",
        "moves": str(len(result.moves)),
    }


def solve_deals(
    prefix: str, deals: Iterable[int], states: int | None = None, seconds: float | None = None
) -> Iterator[dict[str, str]]:
    """The rows for ``deals`` of ``prefix`` (``"CR1-N"``), one after another."""
    for deal in deals:
        yield solve_code(code_for(prefix, deal), states, seconds)


def _solve_one(args: tuple[str, int | None, float | None]) -> dict[str, str]:
    return solve_code(*args)


def read_rows(path: Path) -> dict[str, dict[str, str]]:
    """The rows already in a CSV, by code (none if the file does not exist)."""
    if not path.exists():
        return {}
    with path.open(newline="") as f:
        return {row["code"]: row for row in csv.DictReader(f)}


def run_batch(
    prefix: str,
    deals: range,
    out: Path,
    states: int | None = None,
    seconds: float | None = None,
    jobs: int | None = None,
    progress: bool = True,
) -> dict[str, dict[str, str]]:
    """Solve every deal not yet in ``out``, appending rows as they finish; all rows by code."""
    done = read_rows(out)
    todo = [code_for(prefix, d) for d in deals if code_for(prefix, d) not in done]
    fresh = not out.exists() or out.stat().st_size == 0
    out.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with out.open("a", newline="") as f:
        writer = csv.DictWriter(f, FIELDS)
        if fresh:
            writer.writeheader()
        jobs = jobs or os.cpu_count() or 1
        work = [(code, states, seconds) for code in todo]
        with multiprocessing.Pool(jobs) as pool:
            for n, row in enumerate(pool.imap_unordered(_solve_one, work), start=1):
                writer.writerow(row)
                f.flush()
                done[row["code"]] = row
                if progress:
                    _progress(n, len(work), started, done.values())
    if progress and todo:
        sys.stderr.write("\n")
    return done


def _progress(n: int, total: int, started: float, rows: Iterable[dict[str, str]]) -> None:
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    for row in rows:
        counts[row["verdict"]] += 1
    width = 30
    filled = width * n // total
    elapsed = time.monotonic() - started
    eta = elapsed / n * (total - n)
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {n}/{total} "
        f"won {counts['winnable']} lost {counts['unwinnable']} "
        f"unknown {counts['unknown']}  {elapsed:.0f}s, ~{eta:.0f}s left "
    )
    sys.stderr.flush()


def summary(rows: Iterable[dict[str, str]]) -> dict[str, float]:
    """Shares of each verdict, states per second and the median seconds to a verdict."""
    rows = list(rows)
    n = len(rows) or 1
    share = {
        v: sum(r["verdict"] == v for r in rows) / n for v in ("winnable", "unwinnable", "unknown")
    }
    states = sum(int(r["states"]) for r in rows)
    seconds = sum(float(r["seconds"]) for r in rows)
    settled = sorted(float(r["seconds"]) for r in rows if r["verdict"] != "unknown")
    median = settled[len(settled) // 2] if settled else float("nan")
    return {
        **share,
        "deals": len(rows),
        "states_per_second": states / seconds if seconds else 0,
        "median_seconds_to_verdict": median,
    }
