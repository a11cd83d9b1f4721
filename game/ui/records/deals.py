"""The shipped lists of proven winnable deals, with each deal's difficulty (pure).

``static/data/winnable-<slug>.txt`` (``tools/winnable.py``): one deal a line, its code and
its grade, ``CR1-N-AAAAAAB easy``. The grade is the solver's (docs/SOLVER.md, "Difficulty
grades"). New deal draws from a list when "Winnable deals only" is on, of the chosen grade.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Pick:
    """New deal's choice: a listed deal (None: no listed deal is left to deal, a random deal
    then), and the message key that says why it is not what was asked, if it is not."""

    code: str | None
    notice: str | None = None


def pick(deals: Mapping[str, str], grade: str, avoid: Collection[str], rng: random.Random) -> Pick:
    """A deal of ``grade`` (or of any grade) from ``deals``, never one of ``avoid`` (the deal
    on the table, the deals already played, the coming dailies): never the same deal again,
    never a finished game. Of another grade when none of the grade asked is left, saying so;
    none when every listed deal is played, saying so."""
    wanted = [c for c, g in deals.items() if grade == ANY or g == grade]
    left = sorted(c for c in wanted if c not in avoid)
    if left:
        return Pick(rng.choice(left))
    others = sorted(c for c in deals if c not in avoid)
    if others:
        return Pick(rng.choice(others), "grade_played" if wanted else "grade_missing")
    return Pick(None, "winnable_played" if deals else "winnable_missing")
