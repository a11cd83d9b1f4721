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
    """Is a won position reachable? :func:`exhaust` (every action the rules allow, none of
    the solver's reductions); ``None`` if it needs more than ``limit`` positions."""
    return exhaust(start, limit)


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


def exhaust(start: game.Solitaire, limit: int = 60_000) -> bool | None:
    """Is a won position reachable, by every action the rules allow (``legal_actions``:
    moves, draws and redeals)? Depth-first, keyed by the exact position (a family's columns
    in any order, each with its face-down count), with none of the solver's reductions.
    ``None`` if it needs more than ``limit`` positions."""
    columns = [p for p in start.PLACES if start.place(p).kind == "column"]
    others = [p for p in start.PLACES if p not in columns]

    def key(g: game.Solitaire) -> tuple:
        down = g.face_down_counts()
        cols = sorted((g.cards(p), down[g.index(p)]) for p in columns)
        rest = tuple((g.cards(p), down[g.index(p)]) for p in others)
        return tuple(cols), rest, g.redeals_left

    def first(move: game.Move) -> tuple[bool, bool]:
        """Pushed last, searched first: moves home; searched last: cards off foundations
        (which only changes how soon a win turns up, and makes wins turn up soon)."""
        return move.dst[0] == "f", move.src[0] != "f"

    todo, seen = [start.copy()], {key(start)}
    while todo:
        g = todo.pop()
        if g.is_won():
            return True
        if len(seen) > limit:
            return None
        for action in sorted(g.legal_actions(), key=first):
            child = g.copy()
            child.play_move(action)
            child_key = key(child)
            if child_key not in seen:
                seen.add(child_key)
                todo.append(child)
    return False


def small_of(cls: type[game.Solitaire], rng: random.Random, tight: bool = False) -> game.Solitaire:
    """A random endgame of the game ``cls`` (a class of the engine, with its rules): most of
    each suit home, the rest in a few columns, the stock and the waste (a Forty Thieves game,
    face-down cards and redeals left as its rules have them), or in a few piles (Crescent).
    ``tight``: every column holds two cards or three, dealt at random (a low card may lie
    under a high one), and the stock and the waste a few more, so that which card the stock
    brings up when matters: few columns empty soon, and only their tops take what comes."""
    if issubclass(cls, game.Crescent):
        return small_crescent(rng)
    assert issubclass(cls, game.FortyThieves)
    rules = cls.RULES
    base = rng.randrange(13) if rules.base_drawn else rules.base  # (Quadrangle's: the deal's)
    count = cls.COLUMN_COUNT
    least, most = (2 * count + 2, 2 * count + 8) if tight else (4, 11)
    rest: list[str] = []
    top = 12 if rules.kings_apart else 13  # (Floradora's stop at the Queen: the Kings apart)
    kings: list[str] = []
    while not least <= len(rest) <= most:
        heights, rest = {}, []
        for s, suit in enumerate("SHDC"):
            low = 1 if rules.bases_home else 0
            if tight:  # some foundations low, the others complete: long runs of a suit in play
                a, b = (rng.choice([top, rng.randint(low + 2, top - 1)]) for _ in "ab")
            else:
                a, b = rng.randint(max(low, 8), top), rng.randint(max(low, 9), top)
            heights[s], heights[s + 4] = a, b
            for k in range(top):  # the k-th card up from the base: out unless both hold it
                rest += [RANKS[(base + k) % 13] + suit] * (2 - (k < a) - (k < b))
        if rules.kings_apart:  # each King out (a third of them) or on the Kings' foundation
            out = [rng.random() < 1 / 3 for _ in range(8)]
            kings = ["K" + suit for suit, away in zip("SHDCSHDC", out) if not away]
            rest += ["K" + suit for suit, away in zip("SHDCSHDC", out) if away]
        if rules.home_colours:  # the same heights, each rank's suits mixed within its colour
            stacks = alternate_colour_foundations(heights, rng)
            home = [card for stack in stacks for card in stack]
            rest = [r + s for r in RANKS for s in "SHDC" for _ in range(2)]
            for card in home:
                rest.remove(card)
    rng.shuffle(rest)
    columns = [f"t{i}" for i in range(1, cls.COLUMN_COUNT + 1)]
    used = columns if tight else rng.sample(columns, min(len(columns), rng.randint(2, 4)))
    cells = [p for p in cls.PLACES if p.startswith("c")]  # free cells: half hold a card
    places: dict[str, list[str]] = {p: [] for p in [*columns, "stock", "waste", *cells]}
    room = 2 * count + 2 if tight else 3  # (what the columns, the stock and the waste need)
    for cell in cells:
        if len(rest) > room and rng.random() < 0.5:
            places[cell].append(rest.pop())
    if tight:
        spare = len(rest) - 2 * count  # the columns' two cards each first, round the columns
        cut = rng.randint(0, spare)
        places["stock"], places["waste"] = rest[:cut], rest[cut:spare]
        for i, card in enumerate(rest[spare:]):
            places[used[i % count]].append(card)
    else:
        stock = rng.randint(0, min(4, len(rest) - 1))
        waste = rng.randint(0, min(3, len(rest) - 1 - stock))
        for i, card in enumerate(rest):
            if i < stock:
                places["stock"].append(card)
            elif i < stock + waste:
                places["waste"].append(card)
            else:
                places[rng.choice(used)].append(card)
    up = [RANKS[(base + k) % 13] for k in range(13)]  # a foundation's ranks in order
    lines = [
        f"f{f + 1}: {' '.join(r + 'SHDC'[f % 4] for r in up[: heights[f]])}".rstrip()
        for f in range(8)
    ]
    if rules.home_colours:
        lines = [f"f{f + 1}: {' '.join(stacks[f])}".rstrip() for f in range(8)]
    if rules.kings_apart:
        lines.append(f"f9: {' '.join(kings)}".rstrip())
    for p, cards in places.items():
        if rules.blind and p in columns and cards and rng.random() < 0.5:
            cards = [*cards, "|"]  # all face down, the top too (only the player turns it up)
        elif rules.down and p in columns and len(cards) > 1 and rng.random() < 0.6:
            k = rng.randint(1, len(cards) - 1)  # the lowest k face down, never the top card
            if cls.DOWN_STEP == 2:  # rows in turn: an even k, every other one face down
                k -= k % 2
                if not k:
                    k = 2 if len(cards) > 2 else 0
            cards = [*cards[:k], "|", *cards[k:]] if k else cards
        lines.append(f"{p}: {' '.join(cards)}".rstrip())
    header = f"{cls.WORD} score=0 moves=0"
    if rules.redeals:
        header += f" redeals={rng.randint(0, rules.redeals)}"
    return cls.from_position(header + "\n" + "\n".join(lines) + "\n")


def alternate_colour_foundations(heights: dict[int, int], rng: random.Random) -> list[list[str]]:
    """Foundations of these ``heights`` built in alternate colours from their Aces, each
    rank's suit drawn at random within the colour the foundation takes there."""
    red = {"S": False, "H": True, "D": True, "C": False}
    left = {r + s: 2 for r in RANKS for s in "SHDC"}
    stacks: list[list[str]] = [["A" + "SHDC"[f % 4]] if heights[f] else [] for f in range(8)]
    for card in (c[0] for c in stacks if c):
        left[card] -= 1
    for k in range(1, 13):
        for f in rng.sample(range(8), 8):
            if heights[f] > k:
                colour = red["SHDC"[f % 4]] == (k % 2 == 0)
                suits = [s for s in "SHDC" if red[s] == colour and left[RANKS[k] + s]]
                card = RANKS[k] + rng.choice(suits)
                left[card] -= 1
                stacks[f].append(card)
    return stacks


def needs_a_pass(cls: type[game.FortyThieves], rng: random.Random) -> game.FortyThieves:
    """A Forty Thieves endgame of 8 columns won only through another pass of the stock (with
    a redeal left; else lost). The columns: six Kings of hearts, diamonds and clubs (their
    foundations up to the Jack), the King of spades, and the Jack of spades on the ten. The
    stock is empty; the waste holds the six Queens and the Queen of spades, then the spades
    from the lower spade foundation's next card up to the nine, in rising order: its top goes
    nowhere. Turned over, it deals the Queens home (the Queen of spades onto its King), then
    each spade home, the Jack onto the Queen, and all goes home."""
    assert cls.COLUMN_COUNT == 8, "Eight columns: seven Kings and the Jack of spades"
    low = rng.randint(2, 5)  # the lower spade foundation: Ace to here
    heights = {f: 11 for f in range(8)}  # hearts, diamonds and clubs up to the Jack
    heights[0], heights[4] = (low, 13) if rng.random() < 0.5 else (13, low)
    kings = ["KH", "KH", "KD", "KD", "KC", "KC", "KS"]
    rng.shuffle(kings)
    columns = [[k] for k in kings] + [["TS", "JS"]]
    rng.shuffle(columns)
    queens = ["QH", "QH", "QD", "QD", "QC", "QC", "QS"]
    rng.shuffle(queens)
    waste = queens + [RANKS[r] + "S" for r in range(low, 9)]  # rising: its top goes nowhere
    up = [RANKS[(cls.RULES.base + k) % 13] for k in range(13)]  # a foundation's ranks in order
    lines = [
        f"f{f + 1}: {' '.join(r + 'SHDC'[f % 4] for r in up[: heights[f]])}".rstrip()
        for f in range(8)
    ]
    lines += [f"t{i + 1}: {' '.join(cards)}" for i, cards in enumerate(columns)]
    lines += ["stock:", f"waste: {' '.join(waste)}"]
    header = f"{cls.WORD} score=0 moves=0"
    if cls.RULES.redeals:
        header += f" redeals={rng.randint(0, cls.RULES.redeals)}"
    return cls.from_position(header + "\n" + "\n".join(lines) + "\n")
