"""The daily deals' winning lines for the page's Hint: ``python -m tools.lines``.

A daily deal is proven by a stored line (``tools/daily.py``), and on it Hint follows that line
(``game/ui/solving/hints.py``): a search in the page's second and a half may find none, or a
playout's wandering one. The lines of every deal of the daily pools are written to
``static/data/lines/<slug>-<n>.txt``, a deal in file ``n = deal number mod LINE_FILES``
(``DEAL move move …`` a line, the deal part of the code first, sorted), each line with its loops
cut out (``assist.loop_free``: shorter, and never back to a position) and replayed to a won game
first. Crescent face down and Open Crescent deal Crescent's cards and play its lines (a
record's ``lines_of``, game/kinds.py). The page fetches one file on a deal's first Hint, never
before: the service worker keeps them only once used (``tools/site.py``'s ``later_files``), so
a first visit does not grow.
"""

from __future__ import annotations

import sys
from pathlib import Path

import game
from game.codes import GameCode
from game.ui.solving.assist import loop_free
from game.ui.solving.hints import LINE_FILES, SHIPPED, lines_file, lines_kind
from tools.daily import DATA, POOLED, moves_of, read_pool, retarget, stored_lines

FOLDER = DATA / "lines"


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
        moves = loop_free(start, moves_of(lines[code]))
        if game.replay(start.copy(), moves).status != "won":
            sys.exit(f"{code}: its stored line, loops cut out, does not win")
        parsed = GameCode.parse(code)
        deal = code.rsplit("-", 1)[1]
        files[parsed.deal % LINE_FILES].append(" ".join([deal, *(m.text() for m in moves)]))
    return files


def write(folder: Path = FOLDER) -> dict[str, int]:
    """Every shipped kind's files (written whole: the same pools, the same bytes); kind ->
    deals."""
    folder.mkdir(parents=True, exist_ok=True)
    counts = {}
    for kind in SHIPPED:
        files = shipped_rows(kind)
        for n, rows in files.items():
            (folder.parent / lines_file(kind, n)).write_text("".join(r + "\n" for r in rows))
        counts[kind] = sum(map(len, files.values()))
    return counts


if __name__ == "__main__":
    for shipped, deals in write().items():
        print(f"{shipped}: {deals} lines in {LINE_FILES} files")
