"""The shipped lists of proven winnable deals, with each deal's difficulty (pure).

``static/data/winnable-<slug>.txt`` (``tools/winnable.py``): one deal a line, its code and
its grade, ``CR1-N-AAAAAAB easy``. The grade is the solver's (docs/SOLVER.md, "Difficulty
grades"). New deal draws from a list when "Winnable deals only" is on, of the chosen grade.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from game import CodeError, GameCode
from game.codes import kind_slug

GRADES = ("easy", "medium", "hard")
ANY = "any"


def list_path(kind: str) -> str:
    return f"./static/data/winnable-{kind_slug(kind)}.txt"


def parse_list(text: str, kind: str) -> dict[str, str]:
    """A list's deals of ``kind`` by code, each with its grade; a line that is not a code of
    that kind and a grade is left out."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        words = line.split()
        if len(words) != 2 or words[1] not in GRADES:
            continue
        try:
            code = GameCode.parse(words[0])
        except CodeError:
            continue
        if code.kind == kind:
            out[str(code)] = words[1]
    return out


def pick(
    deals: Mapping[str, str], grade: str, other_than: str | None, rng: random.Random
) -> tuple[str | None, bool]:
    """A deal of ``grade`` (or of any grade) from ``deals``, not ``other_than`` when there is
    another; and whether the grade asked for was found (else: any winnable deal)."""
    wanted = [c for c, g in deals.items() if grade == ANY or g == grade]
    found = bool(wanted)
    pool = wanted or list(deals)
    codes = sorted(c for c in pool if c != other_than) or sorted(pool)
    return (rng.choice(codes) if codes else None), found
