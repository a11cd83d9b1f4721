"""Write the page's lists of proven winnable deals from the solver's batch results.

    python tools/winnable.py   # docs/results/<GAME>.csv -> static/data/winnable-<name>.txt

Only deals whose verdict is "winnable" go in: the solver found a line that replays to a won
game (tests/test_winnable_lists.py replays a sample of each list again).
"""

from __future__ import annotations

import csv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LISTS = {"CR1-N": "crescent", "CR1-F": "crescent-four", "FT1-N": "forty-thieves"}


def main() -> None:
    out = ROOT / "static" / "data"
    out.mkdir(parents=True, exist_ok=True)
    for kind, name in LISTS.items():
        source = ROOT / "docs" / "results" / f"{kind}.csv"
        codes = []
        if source.exists():
            with source.open(newline="") as f:
                codes = sorted(r["code"] for r in csv.DictReader(f) if r["verdict"] == "winnable")
        (out / f"winnable-{name}.txt").write_text("".join(c + "\n" for c in codes))
        print(f"static/data/winnable-{name}.txt: {len(codes)} deals")


if __name__ == "__main__":
    main()
