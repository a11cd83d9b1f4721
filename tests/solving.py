"""Positions and a brute-force search the solver's tests share (tests/test_solver.py,
test_proofs, test_nested, test_assist, e2e/test_page_solver): a test module never imports
another."""

from __future__ import annotations

import random

import game

RANKS = "A23456789TJQK"


def replay(start: game.Solitaire, moves: list[game.Move]) -> game.Solitaire:
    """Play a solver line on a copy through the engine's checked path."""
    return game.replay(start.copy(), moves)


def brute_force(start: game.Solitaire, limit: int = 100_000) -> bool | None:
    """Is a won position reachable? Depth-first over the engine's moves (and redeals), keyed
    by the exact layout (Forty Thieves: columns in any order): none of the solver's other
    reductions (no safe moves, no draw macros, no merged foundations, no dominance). Moves to
    a foundation are tried first, which only changes how soon a win turns up. ``None`` if it
    needs more than ``limit`` positions."""

    columns = [f"t{i}" for i in range(1, 11)]
    others = [p for p in start.PLACES if p not in columns]

    def key(g: game.Solitaire) -> tuple:
        """The exact layout as cards (ints), not text: cheap to hash, as exact."""
        if isinstance(g, game.FortyThieves):
            return tuple(sorted(g.cards(p) for p in columns)), tuple(g.cards(p) for p in others)
        return tuple(g.cards(p) for p in g.PLACES), getattr(g, "redeals_left", 0)

    todo, seen = [start.copy()], {key(start)}
    while todo:
        g = todo.pop()
        if g.status == "won":
            return True
        if len(seen) > limit:
            return None
        children = []
        if getattr(g, "redeals_left", 0):
            child = g.copy()
            child.redeal()
            children.append(child)
        moves = sorted(g.legal_moves(), key=lambda m: (m.dst[0] == "f", m.src[0] != "f"))
        for move in moves:  # last pushed, first searched: foundations first, from them last
            child = g.copy()
            child.play(*move)
            children.append(child)
        for child in children:
            child_key = key(child)
            if child_key not in seen:
                seen.add(child_key)
                todo.append(child)
    return False


def small_crescent(rng: random.Random) -> game.Crescent:
    """A Crescent endgame: most of each suit home, a few cards spread over a few piles."""
    rest: list[str] = []
    while not 5 <= len(rest) <= 9:
        places, rest = {}, []
        for s, suit in enumerate("SHDC"):
            up, down = rng.randint(9, 13), rng.randint(1, 4)
            places[f"f{s + 1}"] = " ".join(r + suit for r in RANKS[:up])
            places[f"f{s + 5}"] = " ".join(r + suit for r in reversed(RANKS[down - 1 :]))
            for r in range(1, 14):
                rest += [RANKS[r - 1] + suit] * (2 - (r <= up) - (r >= down))
    rng.shuffle(rest)
    piles = rng.sample(range(1, 17), rng.randint(2, 5))
    for i in range(1, 17):
        places[f"t{i}"] = ""
    for card in rest:
        p = f"t{rng.choice(piles)}"
        if len(places[p].split()) < 13:
            places[p] = (places[p] + " " + card).strip()
        else:
            places[f"t{next(i for i in piles if len(places[f't{i}'].split()) < 13)}"] += " " + card
    body = "\n".join(f"{p}: {c}".rstrip() for p, c in places.items())
    return game.from_position(f"CR1 redeals={rng.randint(0, 2)} moves=0\n{body}\n")


def small_forty_thieves(rng: random.Random) -> game.FortyThieves:
    """A Forty Thieves endgame: a few cards left in columns, the stock and the waste."""
    places = {f"t{i}": [] for i in range(1, 11)} | {"stock": [], "waste": []}
    rest: list[str] = []
    while not 28 <= len(rest) <= 32:  # three cards a column: no free space for a while
        found, rest = {}, []
        for s, suit in enumerate("SHDC"):
            a, b = rng.randint(4, 13), rng.randint(6, 13)
            found[f"f{s + 1}"], found[f"f{s + 5}"] = RANKS[:a], RANKS[:b]
            for r in range(1, 14):
                rest += [RANKS[r - 1] + suit] * (2 - (r <= a) - (r <= b))
    rng.shuffle(rest)
    for i, card in enumerate(rest):
        places[f"t{i % 10 + 1}" if i < 30 else "stock"].append(card)
    lines = [
        f"{f}: {' '.join(r + 'SHDC'[(int(f[1:]) - 1) % 4] for r in ranks)}".rstrip()
        for f, ranks in found.items()
    ]
    lines += [f"{p}: {' '.join(c)}".rstrip() for p, c in places.items()]
    return game.from_position("FT1 score=0 moves=0\n" + "\n".join(lines) + "\n")


def ft_foundations(height) -> str:
    """Forty Thieves foundation lines: f1..f8 each holding Ace up to ``height(suit)`` cards."""
    return "\n".join(
        f"f{i}: " + " ".join(r + "SHDC"[(i - 1) % 4] for r in RANKS[: height((i - 1) % 4)])
        for i in range(1, 9)
    )


def spades_and_hearts_from_six(columns: list[str], stock: str) -> game.FortyThieves:
    """Forty Thieves with spades and hearts home up to the five, the other suits complete."""
    rest = [c + s for s in "SH" for c in "6789TJQK" for _ in range(2)]
    for card in " ".join(columns + [stock]).split():
        rest.remove(card)
    assert rest == [], rest
    found = ft_foundations(lambda suit: 5 if suit < 2 else 13)
    cols = "\n".join(f"t{i}: {c}" for i, c in enumerate(columns, start=1))
    return game.from_position(f"FT1 score=0 moves=0\n{found}\n{cols}\nstock: {stock}\nwaste:\n")


BLOCKING = [
    "6S QH KS",
    "6S QH KS",
    "6H QS JS",
    "6H QS JS",
    "7H TS 9S",
    "7H TS 9S",
    "8H 8S 7S",
    "8H 8S 7S",
    "9H KH",
    "TH KH",
]


# Hearts home but for the two, the three and the spare Ace, dealt with the Ace on top and no
# redeal left: the Ace goes down only onto the two, which lies under it; the only other two is
# on the ascending foundation already; no pile can take the Ace (the Kings are home).
LOST = (
    """CR1 redeals=0 moves=0
f1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
f2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
f3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
f4: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
f5: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
f6: KH QH JH TH 9H 8H 7H 6H 5H 4H
f7: KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD
f8: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC
"""
    + "".join(f"t{i}:\n" for i in range(1, 16))
    + "t16: 2H 3H AH\n"
)
