"""Find Crescent deal starts that ``prove_unwinnable`` proves lost, among millions of deals.

    python -m tools.scan_proofs --deals 0-99999999 --jobs 2 --csv docs/results/proofs-CR1-N.csv

The engine deals a game in about 1 ms of pure Python, and the argument proves about one deal
start in millions (docs/SOLVER.md, "Proofs of loss"), so the scan deals in numpy: SplitMix64
and Fisher-Yates for 20 000 deals at a time, exact to the bit (checked against the engine's
``shuffled_pack`` on the first deals of every run), then the part of the argument that needs
no foundations: the greatest set of cards whose neighbours all lie home or in cores under cards
of the set. A deal with no such card has no proof; the few that have one are dealt by the engine and
given to ``prove_unwinnable`` itself, whose verdict is the one written. numpy is a tool's
dependency only (requirements-dev.txt): the game never loads it.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

import game
from game.codes import DEAL_COUNT, GameCode
from game.crescent import NEIGHBOURS, PILES, REDEALS
from game.solver import prove_unwinnable
from game.solver.batch import parse_range

BLOCK = 20_000  # deals dealt at once: about 40 MB of numpy arrays
HEIGHT = 6  # cards a pile is dealt; its core: heights REDEALS["N"] up
HOME = PILES * HEIGHT  # a spot index standing for "on a foundation" (the bases)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1, _MIX2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_BASES = [s * 13 for s in range(4)] + [s * 13 + 12 for s in range(4)]
_NEIGHBOURS = np.array(NEIGHBOURS)


def deal_piles(deals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The 96 pile cards of each deal (spot ``h * 16 + i``: pile ``i``, height ``h``), as
    ``Crescent.deal`` lays them, and which deals hit SplitMix64's rejection (about 1 in 10**17;
    those are left to the engine)."""
    n = len(deals)
    rows = np.arange(n)
    state = deals.astype(np.uint64)
    cards = np.tile(np.arange(104, dtype=np.int16) % 52, (n, 1))
    rejected = np.zeros(n, dtype=bool)
    with np.errstate(over="ignore"):
        for i in range(103, 0, -1):
            state = state + _GOLDEN
            z = (state ^ (state >> np.uint64(30))) * _MIX1
            z = (z ^ (z >> np.uint64(27))) * _MIX2
            x = z ^ (z >> np.uint64(31))
            limit = (1 << 64) - (1 << 64) % (i + 1)
            if limit < 1 << 64:
                rejected |= x >= np.uint64(limit)
            j = (x % np.uint64(i + 1)).astype(np.int64)
            swap = cards[rows, i].copy()
            cards[rows, i] = cards[rows, j]
            cards[rows, j] = swap
    bases = np.zeros(cards.shape, dtype=bool)
    for base in _BASES:  # the first copy in shuffled order is set aside
        bases[rows, np.argmax(cards == base, axis=1)] = True
    return cards[~bases].reshape(n, HOME), rejected


def may_have_proof(piles: np.ndarray) -> np.ndarray:
    """Deals with a nonempty greatest set of cards each of whose neighbours' copies lie home
    or in a core under a core card of the set: a proof's cards are such a set, so a deal
    without one has no proof."""
    n = len(piles)
    rows = np.arange(n)
    where = np.full((n, 52, 2), HOME, dtype=np.int64)  # the spots of each card's copies
    for spot in range(HOME):
        card = piles[:, spot].astype(np.int64)
        first = where[rows, card, 0] == HOME
        where[rows[first], card[first], 0] = spot
        where[rows[~first], card[~first], 1] = spot
    near = _NEIGHBOURS[piles.astype(np.int64)]  # (deal, spot, 2 neighbours)
    stay = np.ones((n, HOME), dtype=bool)
    while True:
        by_height = stay.reshape(n, HEIGHT, PILES)
        buried = np.zeros((n, HEIGHT, PILES), dtype=bool)
        above = np.zeros((n, PILES), dtype=bool)
        for h in range(HEIGHT - 1, REDEALS["N"] - 1, -1):
            buried[:, h] = above
            above |= by_height[:, h]
        buried_or_home = np.concatenate([buried.reshape(n, HOME), np.ones((n, 1), bool)], 1)
        kept = stay.copy()
        for side in range(2):
            for copy in range(2):
                spots = where[rows[:, None], near[:, :, side], copy]
                kept &= np.take_along_axis(buried_or_home, spots, axis=1)
        if (kept == stay).all():
            return stay.any(axis=1)
        stay = kept


def check_shuffle(first: int, count: int = 200) -> None:
    """The numpy deal is the engine's, card for card."""
    count = min(count, DEAL_COUNT - first)
    piles, _ = deal_piles(np.arange(first, first + count, dtype=np.uint64))
    for k in range(count):
        start = game.Crescent.deal(GameCode("CR1", "N", first + k))
        want = [int(start.layout[8 + s % PILES][s // PILES]) for s in range(HOME)]
        if piles[k].tolist() != want:
            raise SystemExit(f"numpy's deal {first + k} differs from the engine's")


def scan(block: tuple[int, int]) -> tuple[int, list[dict[str, str]]]:
    """The proofs among deals ``block[0]`` to ``block[1] - 1``, and how many deals the
    filter passed to the engine."""
    piles, rejected = deal_piles(np.arange(*block, dtype=np.uint64))
    passed = np.flatnonzero(may_have_proof(piles) | rejected) + block[0]
    found = []
    for deal in passed.tolist():
        code = GameCode("CR1", "N", deal)
        proof = prove_unwinnable(game.Crescent.deal(code))
        if proof is not None:
            found.append(
                {
                    "deal": str(deal),
                    "code": str(code),
                    "card": str(proof.card),
                    "pile": str(proof.pile),
                    "reason": str(proof),
                }
            )
    return len(passed), found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="0-999999", help="a range of deal numbers, A-B")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--csv", type=Path, help="append the proofs found here")
    args = parser.parse_args(argv)
    deals = parse_range(args.deals)
    first, last = deals.start, deals.stop
    check_shuffle(first)
    blocks = [(a, min(a + BLOCK, last)) for a in range(first, last, BLOCK)]
    start, passed, proofs = time.perf_counter(), 0, []
    with ProcessPoolExecutor(args.jobs) as pool:
        for count, found in pool.map(scan, blocks):
            passed += count
            proofs += found
            for row in found:
                print(row["code"], row["reason"], flush=True)
    seconds = time.perf_counter() - start
    print(
        f"{last - first} deals, {passed} passed the filter, {len(proofs)} proven lost, "
        f"{seconds:.0f} s",
        file=sys.stderr,
    )
    if args.csv and proofs:
        new = not args.csv.exists()
        with args.csv.open("a", newline="") as f:
            out = csv.DictWriter(f, fieldnames=list(proofs[0]))
            if new:
                out.writeheader()
            out.writerows(proofs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
