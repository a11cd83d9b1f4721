"""Solver throughput on fixed deals and state budgets: ``python -m bench.solver`` (make
bench-solver). Deterministic work (a state budget, not seconds), so two trees can be compared
by running this in each, one after the other, on a quiet machine.

Prints, per game, the deals won and the states searched per second of CPU time: the fastest of
``--repeat`` runs (3), since on a shared machine a run is only ever slowed, never sped up, by
what else runs (the same work took 6.9 s and 11.2 s of CPU minutes apart here). The games run
by turns, so a quiet spell of the machine falls on both, not on one game's runs only. For a figure
no neighbour can move, count instructions: ``valgrind --tool=callgrind
--callgrind-out-file=/dev/null .venv/bin/python -m bench.solver --repeat 1 ...`` (docs/SOLVER.md).
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
    parser.add_argument("--repeat", type=int, default=3, help="runs; the fastest is shown")
    args = parser.parse_args()
    deals = parse_range(args.deals)
    kinds = args.game or GAMES
    runs: dict[str, list[tuple[int, int, float]]] = {kind: [] for kind in kinds}
    for _ in range(max(1, args.repeat)):  # the games by turns: each meets the same quiet spells
        for kind in kinds:
            runs[kind].append(measure(kind, deals, args.states))
    for kind in kinds:
        assert len({run[:2] for run in runs[kind]}) == 1, runs  # the same work each time
        won, states, seconds = min(runs[kind], key=lambda run: run[2])
        print(
            f"{kind}: deals {args.deals} at {args.states:,} states: {won} won, "
            f"{states:,} states in {seconds:.1f} s CPU = {states / seconds:,.0f} states/s"
        )


if __name__ == "__main__":
    main()
