"""The engine's behaviour under Pyodide (Python 3.14), run by tests/pyodide/run.mjs.

Plain Python (pytest and hypothesis are not in the offline Pyodide): the same golden deals,
perft counts and play invariants as the CPython suite, so both runtimes provably agree.
"""

import json
import random
import sys
from collections import Counter
from pathlib import Path

import game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from helpers import perft

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
checks = 0


def check(condition, what):
    global checks
    if not condition:
        raise AssertionError(what)
    checks += 1


def main():
    check(sys.version_info[:2] >= (3, 12), f"expected Pyodide's Python, got {sys.version}")
    for path in sorted(GOLDEN.glob("??[0-9]-*.txt")):
        check(game.new(path.stem).position() == path.read_text(), f"golden deal {path.stem}")
    for name, counts in json.loads((GOLDEN / "perft.json").read_text()).items():
        g = (
            game.from_position((GOLDEN / f"{name}.txt").read_text())
            if name.startswith("midgame")
            else game.new(name)
        )
        check([perft(g, d) for d in (1, 2, 3)] == counts, f"perft {name}")
    rng = random.Random(314)
    for n in range(30):
        g = game.new(
            f"{['CR1-N', 'CR1-F', 'FT1-N'][n % 3]}-{'ABCDEFGHIJ'[n % 10]}AAAAA{'Q7'[n % 2]}"
        )
        start = g.position()
        for _ in range(80):
            moves = g.legal_moves()
            if not moves:
                break
            g.play(*rng.choice(moves))
            text = g.position()
            check(game.from_position(text).position() == text, "position round-trip")
            check(set(Counter(c for p in g.PLACES for c in g.cards(p)).values()) == {2}, "cards")
        while g.undo():
            pass
        if not g.UNDO_KEEPS_COUNT:
            check(g.position() == start, "undo to the start")
    for bad in ("CR1-N-AAAAAA1", "FT1-F-AAAAAAB", "XX1-N-AAAAAAB"):
        try:
            game.new(bad)
        except game.CodeError as err:
            check(isinstance(err, ValueError) and bad in str(err), f"{bad}: {err}")
        else:
            check(False, f"{bad} accepted")
    print(f"pyodide engine check: Python {sys.version.split()[0]}, {checks} checks passed")


main()
