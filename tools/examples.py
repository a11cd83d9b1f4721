"""Write ``static/data/examples.json``: for each game and variant, a won game found by the
solver, for the Examples page (``python -m tools.examples``). Each deal was picked because its
line shows the moves the captions explain (a pile move, a wrap from King to Ace, a
foundation-to-foundation move, a redeal; a draw); the line is checked by replaying it through
the engine's checked API before it is written.

Forty Thieves' winning lines never need to take a card back from a foundation, so the line
gets one such move as a detour, with the move that sends the card home again right after
(:func:`with_a_card_back`): the Examples page shows every kind of move it explains.
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


def with_a_card_back(code: str, line: list[game.Move]) -> list[game.Move]:
    """``line`` with a foundation card moved back to a column, and home again, at the first
    point where the rules allow both; still a won game (checked by the caller's replay)."""
    g = game.new(code)
    for i, move in enumerate(line):
        for back in g.legal_moves():
            if back.src.startswith("f") and back.dst.startswith("t"):
                home = game.Move(back.dst, back.src)
                g.play_move(back)
                if home in g.legal_moves():
                    return [*line[:i], back, home, *line[i:]]
                g.undo()
        g.play_move(move)
    sys.exit(f"{code}: no point where a foundation card can go back to a column")


def main(out: Path = OUT) -> None:
    examples = {}
    for kind, code in DEALS.items():
        result = solve(game.new(code), seconds=60)
        if result.verdict != WINNABLE:
            sys.exit(f"{code}: no win found ({result.verdict})")
        line = [m if isinstance(m, game.Move) else game.Move(*m) for m in result.moves]
        if game.replay(game.new(code), line).status != "won":
            sys.exit(f"{code}: the line does not win")
        if kind.startswith("FT1"):
            line = with_a_card_back(code, line)
        examples[kind] = {"code": code, "line": " ".join(m.text() for m in line)}
        print(f"{code}: {len(line)} moves")
    out.write_text(json.dumps(examples, indent=1) + "\n")


if __name__ == "__main__":
    main()
