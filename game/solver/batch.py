"""Solve a range of deals into a CSV, resumably, on several cores or on a Dask cluster.

:func:`solve_deals` is the unit of work: a plain function from a deal range to result rows;
:func:`run_batch` adds the local process pool (or, given ``dask``, chunks of deals sent to a
``dask.distributed`` scheduler: an optional dependency), the CSV (rows already there are
skipped, whichever ran them) and a progress line.
"""

from __future__ import annotations

import contextlib
import csv
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

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


def solve_codes(
    codes: list[str], states: int | None, seconds: float | None
) -> list[dict[str, str]]:
    """The rows of a chunk of codes: what one Dask task runs."""
    return [solve_code(code, states, seconds) for code in codes]


DASK_CHUNK = 8  # deals per Dask task: long enough to hide the scheduler's cost (~1 ms a task)


def _rows_from_dask(
    scheduler: Any, work: list[tuple[str, int | None, float | None]]
) -> Iterator[dict[str, str]]:
    """Rows as the cluster finishes them. ``scheduler``: an address such as
    ``tcp://host:8786`` or a ``distributed.Client``; the workers must import this package (start
    them from the repository's root, or with it installed: docs/SOLVER.md)."""
    import distributed  # optional: only a --dask run needs it

    dist: Any = distributed  # its functions are untyped
    client = scheduler if isinstance(scheduler, dist.Client) else dist.Client(scheduler)
    try:
        chunks = [work[i : i + DASK_CHUNK] for i in range(0, len(work), DASK_CHUNK)]
        futures = [
            client.submit(solve_codes, [code for code, _, _ in chunk], *chunk[0][1:], pure=False)
            for chunk in chunks
        ]
        for future in dist.as_completed(futures):
            yield from future.result()
    finally:
        if client is not scheduler:
            client.close()


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
    dask: Any = None,
) -> dict[str, dict[str, str]]:
    """Solve every deal not yet in ``out``, appending rows as they finish; all rows by code.
    ``dask``: a scheduler's address (or a ``distributed.Client``) to run on instead of
    ``jobs`` local processes."""
    done = read_rows(out)
    todo = [code_for(prefix, d) for d in deals if code_for(prefix, d) not in done]
    fresh = not out.exists() or out.stat().st_size == 0
    out.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with out.open("a", newline="") as f:
        writer = csv.DictWriter(f, FIELDS)
        if fresh:
            writer.writeheader()
        work = [(code, states, seconds) for code in todo]
        with contextlib.ExitStack() as stack:
            if dask is not None:
                rows = _rows_from_dask(dask, work)
            else:
                pool = stack.enter_context(multiprocessing.Pool(jobs or os.cpu_count() or 1))
                rows = pool.imap_unordered(_solve_one, work)
            for n, row in enumerate(rows, start=1):
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


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % for z = 1.96) of a share of ``k`` in ``n``: honest near
    0 and 1 and for small ``n``, unlike the normal approximation."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(rows: Iterable[dict[str, str]]) -> dict[str, float]:
    """Shares of each verdict (the winnable share with its Wilson 95 % interval: a lower
    bound on the win rate, since unknown deals may be won too), states per second and the
    median seconds to a verdict."""
    rows = list(rows)
    n = len(rows) or 1
    share = {
        v: sum(r["verdict"] == v for r in rows) / n for v in ("winnable", "unwinnable", "unknown")
    }
    low, high = wilson(sum(r["verdict"] == "winnable" for r in rows), len(rows))
    states = sum(int(r["states"]) for r in rows)
    seconds = sum(float(r["seconds"]) for r in rows)
    settled = sorted(float(r["seconds"]) for r in rows if r["verdict"] != "unknown")
    median = settled[len(settled) // 2] if settled else float("nan")
    return {
        **share,
        "winnable_95_low": low,
        "winnable_95_high": high,
        "deals": len(rows),
        "states_per_second": states / seconds if seconds else 0,
        "median_seconds_to_verdict": median,
    }
