"""Write the page's lists of proven winnable deals from the solver's batch results.

    python -m tools.winnable   # docs/results/<KIND>[-*].csv -> static/data/winnable-<slug>.txt

One list per kind of game (game.codes.KINDS). Only deals whose verdict is "winnable" go in:
the solver found a line that replays to a won game
(``test_shipped_winnable_lists_hold_codes_the_solver_wins`` in tests/test_assist.py solves a
sample of each list again and replays it to the end). Crescent Four, Crescent face down and
Open Crescent carry Crescent's wins over: the same deal (one redeal more, cards face down that
change no move, the piles fanned), so a Crescent line is a line of each.
"""

from __future__ import annotations

import csv
from pathlib import Path

from game.codes import KINDS, kind_slug

ROOT = Path(__file__).resolve().parent.parent
# a kind: the kind whose wins are its wins too (Crescent's variants deal the same cards in the
# same piles: a face-down card changes no move, and Crescent Four has one redeal more)
CARRIED = {"CR1-F": "CR1-N", "CR1-D": "CR1-N", "CR1-O": "CR1-N"}


def results(kind: str) -> list[Path]:
    """The batch results of ``kind``: the published run (``<KIND>.csv``) and any longer runs
    beside it (``<KIND>-<budget>.csv``, e.g. Forty Thieves at 1.8 million states a deal)."""
    folder = ROOT / "docs" / "results"
    return sorted([*folder.glob(f"{kind}.csv"), *folder.glob(f"{kind}-*.csv")])


def rows(kind: str) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for source in results(kind):
        with source.open(newline="") as f:
            out += csv.DictReader(f)
    return out


def winnable(kind: str) -> set[str]:
    """The deals of ``kind`` its batch results found winnable, as codes of ``kind``."""
    return {r["code"] for r in rows(kind) if r["verdict"] == "winnable"}


def main() -> None:
    out = ROOT / "static" / "data"
    out.mkdir(parents=True, exist_ok=True)
    for kind in KINDS:
        codes = winnable(kind)
        if kind in CARRIED:
            codes |= {kind + c[len(CARRIED[kind]) :] for c in winnable(CARRIED[kind])}
        codes = sorted(codes)
        target = out / f"winnable-{kind_slug(kind)}.txt"
        target.write_text("".join(c + "\n" for c in codes))
        print(f"{target.relative_to(ROOT)}: {len(codes)} deals")


if __name__ == "__main__":
    main()
