"""Build positions for tests: name the places that matter, the rest of the cards go elsewhere."""

from __future__ import annotations

from collections import Counter

import game
from game.cards import CARDS, parse_cards


def rest_of_cards(used: list[str]) -> list[str]:
    """The cards of the two decks not in ``used`` (card texts), in a fixed order."""
    count = Counter(used)
    out = []
    for c in CARDS:
        missing = 2 - count[str(c)]
        assert missing >= 0, f"{c} used {count[str(c)]} times"
        out += [str(c)] * missing
    return out


def build(
    header: str, places: dict[str, str], fill: list[str] | None = None, limit: int = 13
) -> game.Solitaire:
    """A game from ``header`` and the places given; other cards dealt into ``fill`` places.

    Crescent foundations may be given as a top card only ("f1": "5S" means AS..5S).
    """
    cls = game.POSITION_WORDS[header.split()[0]]
    text = dict.fromkeys(cls.PLACES, "")
    if cls is game.Crescent:
        text.update({f"f{i + 1}": "A" + "SHDC"[i] for i in range(4)})
        text.update({f"f{i + 5}": "K" + "SHDC"[i] for i in range(4)})
    for place, cards in places.items():
        if place.startswith("f") and cards and len(cards.split()) == 1 and cls is game.Crescent:
            cards = foundation_run(place, cards)
        text[place] = cards
    used = [c for cards in text.values() for c in cards.split() if c != "|"]  # (face down: |)
    rest = rest_of_cards(used)
    fill = list(fill or [])
    if "stock" in fill:  # the stock first, up to its 64 cards; the rest spread evenly
        room = getattr(cls, "STOCK_SIZE", 64) - len(text["stock"].split())
        text["stock"] = " ".join(text["stock"].split() + rest[:room])
        rest, fill = rest[room:], [p for p in fill if p != "stock"]
    size = {p: len(text[p].split()) for p in fill}
    for card in rest:
        if not fill:
            raise AssertionError("no place given for the rest of the cards")
        place = min(fill, key=lambda p: size[p])  # even spread, first place wins ties
        if size[place] >= limit:
            raise AssertionError("not enough room to fill the rest of the cards")
        text[place] = (text[place] + " " + card).strip()
        size[place] += 1
    body = "\n".join(f"{p}: {c}" if c else f"{p}:" for p, c in text.items())
    return game.from_position(f"{header}\n{body}\n")


def foundation_run(place: str, top: str) -> str:
    """Crescent: the whole foundation sequence from its base up (or down) to ``top``."""
    i = int(place[1:]) - 1
    suit = "SHDC"[i % 4]
    (card,) = parse_cards(top)
    ranks = "A23456789TJQK"
    if i < 4:
        return " ".join(r + suit for r in ranks[: card.rank])
    return " ".join(r + suit for r in reversed(ranks[card.rank - 1 :]))


def layout(g: game.Solitaire) -> str:
    """The position without the counters line: what undo must restore exactly."""
    return g.position().split("\n", 1)[1]


def perft(g: game.Solitaire, depth: int) -> int:
    """The number of legal move sequences of length ``depth`` (plays and undoes each one)."""
    if depth == 0:
        return 1
    total = 0
    for move in g.legal_moves():
        g.play(*move)
        total += perft(g, depth - 1)
        g.undo()
    return total


def refused(g: game.Solitaire, src: str, dst: str) -> str:
    """The reason ``src -> dst`` is refused, after checking play raises it and changes nothing."""
    r = g.refusal(src, dst)
    assert r is not None, f"{src}->{dst} should be refused"
    before = g.position()
    try:
        g.play(src, dst)
    except game.IllegalMove as err:
        assert err.reason == r.reason
    else:
        raise AssertionError(f"{src}->{dst} was refused but played")
    assert g.position() == before
    return r.reason


def one_move_from_won() -> game.Solitaire:
    """Crescent with every card home but the King of spades on pile 1."""
    lines = ["CR1 redeals=2 moves=95"]
    lines += [
        f"f{i + 1}: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC")
    ]
    lines[1] = "f1: " + " ".join(r + "S" for r in "A23456789TJQ")
    lines += [
        f"f{i + 5}: " + " ".join(r + s for r in "KQJT98765432A") for i, s in enumerate("SHDC")
    ]
    lines += ["t1: KS"] + [f"t{i}:" for i in range(2, 17)]
    return game.from_position("\n".join(lines))
