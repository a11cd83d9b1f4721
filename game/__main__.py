"""Play in a terminal: ``python -m game [CODE]`` (a random Crescent deal without a code).

Type a move as two places (``t3 f1`` or ``t3-f1``); ``d`` draws, ``u`` undoes, ``r`` redoes,
``redeal``, ``m`` lists the legal moves, ``p`` prints the position text, ``q`` quits.
"""

from __future__ import annotations

import sys

import game

KINDS_OF_PLACES = ("foundation", "pile", "column", "stock", "waste", "cell")


def board(g: game.Crescent | game.FortyThieves) -> str:
    """A compact text board: every place with its top card (Forty Thieves columns in full)."""

    def top(place: str) -> str:
        cards = g.cards(place)
        return str(cards[-1]) if cards else "--"

    of = {kind: [p for p in g.PLACES if g.place(p).kind == kind] for kind in KINDS_OF_PLACES}
    counters = f"score {g.score}" if g.SCORED else ""
    if g.redeals_left:
        counters += f"  redeals {g.redeals_left}"
    rows = ["  ".join(f"{f} {top(f)}" for f in of["foundation"])]
    if of["stock"]:
        rows[0] += f"   stock {len(g.cards('stock'))}  waste {top('waste')}"
    piles = of["pile"]  # Crescent's: top cards, eight to a row
    for start in range(0, len(piles), 8):
        rows.append("  ".join(f"{p} {top(p)}({len(g.cards(p))})" for p in piles[start : start + 8]))
    rows += [f"{c:<3} " + " ".join(map(str, g.cards(c))) for c in of["column"]]  # in full
    if of["cell"]:  # free cells, a card or none each
        rows.append("  ".join(f"{c} {top(c)}" for c in of["cell"]))
    head = f"{g.code or 'position'}  moves {g.moves}  {counters.strip()}  {g.status}"
    return "\n".join([head, *rows])


def command(g: game.Crescent | game.FortyThieves, line: str) -> str:
    """Carry out one typed command; return what to print."""
    words = line.replace("-", " ").split()
    if not words:
        return ""
    verb = words[0].lower()
    if verb in ("u", "undo"):
        return board(g) if g.undo() else "Nothing to undo."
    if verb in ("r", "redo"):
        return board(g) if g.redo() else "Nothing to redo."
    if verb == "redeal":
        g.redeal()
        return board(g)
    if verb in ("m", "moves"):
        return " ".join(m.text() for m in g.legal_moves()) or "No legal move."
    if verb in ("p", "position"):
        return g.position()
    if verb in ("d", "draw"):
        words = ["stock", "waste"]
    if len(words) != 2:
        return __doc__.split("\n\n", 1)[1].strip()
    g.play(words[0], words[1])
    return board(g)


def main(argv: list[str]) -> int:
    g = game.new(argv[0] if argv else str(game.random_code()))
    print(board(g))
    for line in sys.stdin:
        if line.strip().lower() in ("q", "quit"):
            break
        try:
            print(command(g, line))
        except game.IllegalMove as err:
            print(f"Refused: {err.reason}")
        except ValueError as err:
            print(f"Error: {err}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except game.CodeError as err:
        sys.exit(f"Error: {err}")
