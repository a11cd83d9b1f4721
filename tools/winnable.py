"""Write the page's lists of proven winnable deals from the solver's batch results.

    python -m tools.winnable   # docs/results/<KIND>[-*].csv -> static/data/winnable-<slug>.txt

One list per kind of game (game.codes.KINDS), one deal a line as ``CODE GRADE``
(``CR1-N-AAAAAAB easy``), sorted by code: a contract the page's parser relies on. The grade
(``easy``, ``medium``, ``hard``) is ``tools/grades.py``'s: tertiles of the states a solve took,
per kind (docs/SOLVER.md, "Difficulty grades"); Crescent's kinds need its rows
(``python -m tools.daily lines`` first). Only deals whose verdict is "winnable" go in:
the solver found a line that replays to a won game
(``test_shipped_winnable_lists_hold_codes_the_solver_wins`` in tests/test_assist.py solves a
sample of each list again and replays it to the end). Crescent Four, Crescent face down and
Open Crescent carry Crescent's wins over: the same deal (one redeal more, cards face down that
change no move, the piles fanned), so a Crescent line is a line of each.
"""

from __future__ import annotations

from pathlib import Path

from game.codes import KINDS, kind_slug
from tools.daily import CARRIED, results, rows, to_list, winnable
from tools.grades import GRADES, grade

__all__ = ["CARRIED", "GRADES", "main", "results", "rows", "winnable"]

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    out = ROOT / "static" / "data"
    out.mkdir(parents=True, exist_ok=True)
    for kind in KINDS:
        codes = to_list(kind)
        grades = grade(kind, codes)
        target = out / f"winnable-{kind_slug(kind)}.txt"
        target.write_text("".join(f"{c} {grades[c]}\n" for c in codes))
        counts = ", ".join(f"{list(grades.values()).count(g)} {g}" for g in GRADES)
        print(f"{target.relative_to(ROOT)}: {len(codes)} deals ({counts})")


if __name__ == "__main__":
    main()
