"""Solver throughput on fixed deals and state budgets: ``python -m bench.solver`` (make
bench-solver). Deterministic work (a state budget, not seconds), so two trees can be compared
by running this in each, one after the other, on a quiet machine.

Prints, per game, the deals won and the states searched per second of CPU time.
"""

from __future__ import annotations

import argparse
import time

from game.solver.batch import parse_range, solve_deals

GAMES = ("CR1-N", "FT1-N")


def measure(kind: str, deals: range, states: int) -> tuple[int, int, float]:
    """(deals won, states searched, CPU seconds) for ``deals`` of ``kind``."""
    started = time.process_time()
    rows = list(solve_deals(kind, deals, states=states))
    seconds = time.process_time() - started
    won = sum(row["verdict"] == "winnable" for row in rows)
    return won, sum(int(row["states"]) for row in rows), seconds


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.solver", description=__doc__)
    parser.add_argument("--deals", default="0-19", help="deal range (default 0-19)")
    parser.add_argument("--states", type=int, default=60_000, help="budget per deal")
    parser.add_argument("--game", action="append", help="CR1-N, CR1-F, FT1-N (default: both)")
    args = parser.parse_args()
    deals = parse_range(args.deals)
    for kind in args.game or GAMES:
        won, states, seconds = measure(kind, deals, args.states)
        print(
            f"{kind}: deals {args.deals} at {args.states:,} states: {won} won, "
            f"{states:,} states in {seconds:.1f} s CPU = {states / seconds:,.0f} states/s"
        )


if __name__ == "__main__":
    main()
