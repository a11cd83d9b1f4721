"""Playout throughput: ``python -m bench.playouts`` (the daily pools' batch, ``tools.daily
playouts``, is this loop: its cost decides how many deals a game's pool takes an hour).

For each game it plays seeded random-greedy playouts from deals 7000 on and prints playouts
per second and a digest of every playout's result and moves: the digest is the same before
and after a change that only makes the playouts faster (the published rates stay theirs).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

import game
from game.codes import GameCode
from game.solver.playouts import playout


def measure(kind: str, deals: int, tries: int) -> tuple[float, str]:
    """Playouts a second over ``deals`` deals of ``tries`` playouts each, and their digest."""
    digest = hashlib.sha256()
    ruleset, variant = kind.split("-")
    start = time.perf_counter()
    for n in range(deals):
        g = game.new(str(GameCode(ruleset, variant, 7000 + n)))
        rng = random.Random(n)
        for _ in range(tries):
            done = playout(g, rng)
            digest.update(repr((done.won, done.home, [m.text() for m in done.moves])).encode())
    return deals * tries / (time.perf_counter() - start), digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.playouts", description=__doc__)
    parser.add_argument("--game", action="append", help="kinds (default FT1-N, FT2-S, FT2-R)")
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--tries", type=int, default=8)
    args = parser.parse_args()
    for kind in args.game or ["FT1-N", "FT2-S", "FT2-R"]:
        rate, digest = measure(kind, args.deals, args.tries)
        print(f"{kind}: {rate:7.1f} playouts/s  digest {digest}")


if __name__ == "__main__":
    main()
