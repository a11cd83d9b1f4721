"""``python -m game.solver CODE`` solves one deal; ``--game CR1-N --deals 0-999`` a batch.

python -m game.solver CR1-N-AAAAAAE --json --seconds 10
python -m game.solver --game FT1-N --deals 0-999 --states 100000 --jobs 2 --csv ft.csv
python -m game.solver --game CR1-N --deals 0-999999 --seconds 10 --dask tcp://HOST:8786
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .. import CodeError, new, replay
from . import WINNABLE, solve
from .batch import parse_range, run_batch, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.solver",
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("code", nargs="?", help="a game code such as CR1-N-AAAAAAB")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, help="time budget per deal")
    parser.add_argument("--states", type=int, help="state budget per deal (deterministic)")
    parser.add_argument("--game", help="batch: CR1-N, CR1-F or FT1-N")
    parser.add_argument("--deals", help="batch: a deal range such as 0-999")
    parser.add_argument("--jobs", type=int, help="batch: processes (default: all cores)")
    parser.add_argument("--csv", type=Path, help="batch: results file (resumed if present)")
    parser.add_argument(
        "--dask", metavar="ADDRESS", help="batch: run on a Dask scheduler (tcp://HOST:8786)"
    )
    args = parser.parse_args(argv)
    if args.seconds is None and args.states is None:
        args.seconds = 10.0
    if args.game or args.deals:
        if args.code or not (args.game and args.deals):
            parser.error("a batch needs --game and --deals, and no CODE")
        try:
            deals = parse_range(args.deals)
            out = args.csv or Path(f"solver-{args.game}.csv")
            rows = run_batch(
                args.game, deals, out, args.states, args.seconds, args.jobs, dask=args.dask
            )
        except (ValueError, CodeError) as err:
            parser.error(str(err))
        wanted = {row for row in rows if row.startswith(args.game + "-")}
        print(json.dumps(summary(rows[c] for c in sorted(wanted)), indent=1))
        return 0
    if not args.code:
        parser.error("give a game code, or --game and --deals for a batch")
    try:
        game = new(args.code.upper())
    except CodeError as err:
        parser.error(str(err))
    result = solve(game, states=args.states, seconds=args.seconds)
    if result.verdict == WINNABLE and not replay(game.copy(), result.moves).is_won():
        raise AssertionError(f"{game.code}: the winning line does not win")  # never: a bug
    if args.json:
        print(json.dumps(result.as_json()))
    else:
        print(f"{game.code}: {result.verdict} ({result.states} states, {result.seconds:.2f} s)")
        if result.reason:
            print(result.reason)
        if result.moves:
            print(" ".join(m.text() for m in result.moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
