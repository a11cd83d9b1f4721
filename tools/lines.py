"""The daily deals' winning lines for the page's Hint: ``python -m tools.lines``.

A daily deal is proven by a stored line (``tools/daily.py``), and on it Hint follows that line
(``game/ui/solving/hints.py``): a search in the page's second and a half may find none, or a
playout's wandering one. The lines of every deal of the daily pools are written to
``static/data/lines/<slug>-<n>.txt``, a deal in file ``n = deal number mod LINE_FILES``
(``DEAL move move …`` a line, the deal part of the code first, sorted), each line with its loops
cut out (``assist.loop_free``: shorter, and never back to a position), its detours taken out
(:func:`shortcut`) and replayed to a won game first. Crescent face down and Open Crescent deal
Crescent's cards and play its lines (a record's ``lines_of``, game/kinds.py). The page fetches
one file on a deal's first Hint, never before: the service worker keeps them only once used
(``tools/site.py``'s ``later_files``), so a first visit does not grow.
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import game
from game.codes import GameCode
from game.core import REDEAL, Move, Solitaire
from game.ui.solving.assist import StateKey, loop_free, state_key
from game.ui.solving.hints import LINE_FILES, SHIPPED, lines_file, lines_kind
from tools.daily import DATA, POOLED, moves_of, read_pool, retarget, stored_lines

FOLDER = DATA / "lines"


def shortcut(start: Solitaire, moves: list[Move]) -> list[Move]:
    """``moves`` (a winning line from ``start``) with its detours taken out, as long as it
    still wins: a card moved from A to B and on from B to C, nothing else touching B between,
    goes from A to C in one move (where C is A, neither move is left). A playout's win parks
    cards on the way (in an empty column, a free cell) that a hint need not show: this takes
    a third of the moves off the stored lines (docs/SOLVER.md). Each fold is kept only if it
    reaches the position the line reached (so the rest of it still wins); loops it makes are
    cut out (``loop_free``). Passes are made until one folds nothing (a fold lets an earlier
    move fold in turn: a card parked so that another could pass goes straight home once that
    other card no longer stops there)."""
    while True:
        shorter = _shortcut_pass(start, moves)
        if len(shorter) == len(moves):
            return shorter
        moves = shorter


BACK = 3  # after a fold, the moves before it tried again (a fold lets earlier ones fold)


def _shortcut_pass(start: Solitaire, moves: list[Move]) -> list[Move]:
    """One pass of :func:`shortcut` from the first move; after each fold the ``BACK`` moves
    before it are tried again. A fold of moves i and j stands when its moves replay through
    the checked API to the very position the line had after move j (``state_key``): the rest
    of the line then wins as it did, unreplayed."""
    moves = list(moves)
    g = start.copy()  # the position before moves[i]
    after = _positions(g, moves)  # after[k]: the position after moves[k]
    i = 0
    while i < len(moves):
        fold = _fold(g, moves, i, after)
        if fold is None:
            g.play_move(moves[i])
            i += 1
            continue
        between, keys, j = fold
        moves[i:] = between + moves[j + 1 :]
        after[i:] = keys + after[j + 1 :]
        if len(set(after[i:])) < len(after) - i or state_key(g) in after[i:]:  # a loop: cut it
            moves[i:] = loop_free(g, moves[i:])
            after[i:] = _positions(g, moves[i:])
        back = min(i, BACK)
        for _ in range(back):
            if not g.undo():  # (the history keeps the last 100 moves: played again instead)
                g = game.replay(start.copy(), moves[: i - back])
                break
        i -= back
    return loop_free(start, moves)  # (a position that a fold made may be one from before i)


def _positions(start: Solitaire, moves: list[Move]) -> list[StateKey]:
    """The position after each of ``moves`` from ``start``, played through the checked API
    (``IllegalMove`` where one is refused)."""
    g = start.copy()
    keys = []
    for move in moves:
        g.play_move(move)
        keys.append(state_key(g))
    return keys


def _fold(
    g: Solitaire, moves: list[Move], i: int, after: list[StateKey]
) -> tuple[list[Move], list[StateKey], int] | None:
    """``moves[i]`` folded into the next move of its card(s), ``moves[j]``: the moves that
    take the place of moves i to j and the positions after each, if they reach from ``g`` the
    position the line had after move j (``after[j]``); else None."""
    move = moves[i]
    if move == REDEAL or move.src == "stock":
        return None
    for j in range(i + 1, len(moves)):
        later = moves[j]
        if later == REDEAL:
            return None
        if later.src == move.dst and later.size == move.size:
            ahead = [] if later.dst == move.src else [Move(move.src, later.dst, move.size)]
            between = moves[i + 1 : j] + ahead
            try:
                keys = _positions(g, between)
            except (game.IllegalMove, game.UnknownPlace):
                return None
            reached = keys[-1] if keys else state_key(g)
            return (between, keys, j) if reached == after[j] else None
        if move.dst in (later.src, later.dst):
            return None
    return None


def shipped_rows(kind: str) -> dict[int, list[str]]:
    """``kind``'s rows by file number: every deal of each pool that plays ``kind``'s lines."""
    deals = {
        retarget(code, kind)
        for pooled in POOLED
        if lines_kind(pooled) == kind
        for code in read_pool(pooled)
    }
    lines = stored_lines(kind)
    files: dict[int, list[str]] = {n: [] for n in range(LINE_FILES)}
    for code in sorted(deals):
        start = game.new(code)
        moves = shortcut(start, loop_free(start, moves_of(lines[code])))
        if game.replay(start.copy(), moves).status != "won":
            sys.exit(f"{code}: its stored line, loops and detours cut out, does not win")
        parsed = GameCode.parse(code)
        deal = code.rsplit("-", 1)[1]
        files[parsed.deal % LINE_FILES].append(" ".join([deal, *(m.text() for m in moves)]))
    return files


def write(folder: Path = FOLDER, jobs: int = 2, kinds: tuple[str, ...] = SHIPPED) -> dict[str, int]:
    """Every shipped kind's files, or those of ``kinds`` (written whole: the same pools, the
    same bytes; a new game's alone need not redo the others); kind -> deals. The kinds are
    worked out by ``jobs`` processes (the detours' search is the cost: ~10 minutes of both
    cores here for every game)."""
    unknown = set(kinds) - set(SHIPPED)
    if unknown:
        sys.exit(f"no shipped lines for {', '.join(sorted(unknown))} (shipped: {SHIPPED})")
    folder.mkdir(parents=True, exist_ok=True)
    counts = {}
    with ProcessPoolExecutor(jobs) as pool:
        made = dict(zip(kinds, pool.map(shipped_rows, kinds)))
    for kind, files in made.items():
        for n, rows in files.items():
            (folder.parent / lines_file(kind, n)).write_text("".join(r + "\n" for r in rows))
        counts[kind] = sum(map(len, files.values()))
    return counts


if __name__ == "__main__":  # python -m tools.lines [KIND …]: every shipped kind, or these
    for shipped, deals in write(kinds=tuple(sys.argv[1:]) or SHIPPED).items():
        print(f"{shipped}: {deals} lines in {LINE_FILES} files")
