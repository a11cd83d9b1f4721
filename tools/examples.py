"""Write ``static/data/examples.json``: for each game and variant, a won game found by the
solver, for the Examples page (``python -m tools.examples``). Each deal was picked because its
line shows the moves the captions explain (a pile move, a wrap from King to Ace, a
foundation-to-foundation move, a redeal; a draw); the line is checked by replaying it through
the engine's checked API before it is written.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import game
from game.solver import WINNABLE, solve

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "data" / "examples.json"
DEALS = {"CR1-N": "CR1-N-AAAAATH", "CR1-F": "CR1-F-AAAAAKH", "FT1-N": "FT1-N-AAAAAVS"}


def main(out: Path = OUT) -> None:
    examples = {}
    for kind, code in DEALS.items():
        result = solve(game.new(code), seconds=60)
        if result.verdict != WINNABLE:
            sys.exit(f"{code}: no win found ({result.verdict})")
        line = [m if isinstance(m, game.Move) else game.Move(*m) for m in result.moves]
        if game.replay(game.new(code), line).status != "won":
            sys.exit(f"{code}: the line does not win")
        examples[kind] = {"code": code, "line": " ".join(m.text() for m in line)}
        print(f"{code}: {len(line)} moves")
    out.write_text(json.dumps(examples, indent=1) + "\n")


if __name__ == "__main__":
    main()
