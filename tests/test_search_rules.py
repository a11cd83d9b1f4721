"""The solver reads the rules: on small random endgames of every game (and of the family's
rules no game declares yet), no search and no proof calls a position lost that brute force
over the engine's own actions (``legal_actions``: moves, draws, redeals) wins, and every line
it calls winning replays to a win through the checked API.

Brute force finishes on few cards, so the endgames are small; hypothesis draws them, seeded,
so a failure names its seed. The family's search once assumed one pass through the stock:
with a redeal it said "unwinnable" of winnable positions (issue "One declaration per game")."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

import game
from game.forty_thieves import rules_class
from game.kinds import REGISTRY
from game.rules import ANY_SUIT, COLOUR, KING, NOTHING, OTHER_SUIT, WASTE, FortyRules
from game.solver import UNWINNABLE, WINNABLE, search, solve
from tests.solving import RANKS, exhaust, needs_a_pass, replay, small_of

# the engine's class of each game, and of rules the family may need that no game has yet
GAMES: dict[str, type[game.Solitaire]] = {
    kind.code: game.new(f"{kind.code}-AAAAAAB").__class__ for kind in REGISTRY
}
AXES = {
    "redeal": FortyRules(8, redeals=1),
    "two-redeals-draw-3": FortyRules(8, redeals=2, draw=3),
    "draw-3-runs": FortyRules(draw=3, runs=True),
    "kings-only-any-suit": FortyRules(12, builds=ANY_SUIT, empty=KING, runs=True),
    "waste-only-colour": FortyRules(12, builds=COLOUR, empty=WASTE),
    "stays-empty-aces-home": FortyRules(12, up=3, bases_home=True, empty=NOTHING),
    "twos-colour-runs": FortyRules(10, up=2, builds=COLOUR, runs=True, base=1),
    "twos-home-no-return": FortyRules(8, up=2, base=1, bases_home=True, home_out=False),
    # (autofill: Corona, Courtyard, Triple Line and Octagon are games, checked as such)
    "no-return-redeal": FortyRules(8, redeals=1, home_out=False),
    # any suit builds, only runs in suit move (Waterloo's columns; Little Forty's, filled)
    "spider-runs-autofill": FortyRules(
        8, up=2, builds=ANY_SUIT, runs=True, runs_in_suit=True, autofill=True, redeals=1
    ),
    # both ways in suit, nothing back from a foundation (Foothold's columns build by colour)
    "both-ways-suit-kept-home": FortyRules(8, up=2, both_ways=True, home_out=False),
    # runs into empty columns only, in suit, a King only there (Forty-Nine's: by colour, any)
    "runs-to-empty-kings": FortyRules(8, up=2, runs=True, runs_to_empty=True, empty=KING),
    # rows dealt face up and face down in turn (Interchange's columns: no game offers them)
    "in-turn-runs-kings": FortyRules(7, down=1, up=2, interleaved=True, runs=True, empty=KING),
    # emptied columns refilled from the stock, lone cards held while it lasts (Indian
    # Patience's, on other suits; here in suit, where more endgames are won)
    "refill-lone": FortyRules(4, down=1, up=2, refill=3, lone=True),
    "refill-lone-other-suit": FortyRules(4, down=1, up=2, builds=OTHER_SUIT, refill=3, lone=True),
    # free cells (Squadron's, Jacks in the Box's) with a pass more, three cards a draw
    "cells-redeal-draw-3": FortyRules(6, up=2, cells=2, redeals=1, draw=3),
    "cells-colour-kings": FortyRules(6, up=2, builds=COLOUR, empty=KING, cells=1),
    # foundations to the Queen beside one of Kings (Floradora's: any suit, one pass), here in
    # suit with runs and a redeal, and by colour with three cards a draw
    "kings-apart-suit-runs-redeal": FortyRules(6, up=2, runs=True, redeals=1, kings_apart=True),
    "kings-apart-colour-draw-3": FortyRules(6, up=2, builds=COLOUR, draw=3, kings_apart=True),
    # cards turned up by the player, any card onto a face-down one (Blind Patience's: by
    # colour, one pass), here in suit with three cards a draw and a redeal
    "blind-suit-draw-3-redeal": FortyRules(6, down=2, up=0, draw=3, redeals=1, blind=True),
}
GAMES |= {name: rules_class(rules) for name, rules in AXES.items()}


def searches(g: game.Solitaire) -> dict[str, object]:
    """Every verdict the page and the batch can give of ``g``: the Hint's and the check's
    search, the quiet look's (the one that proves), and ``solve`` (proofs first). Without a
    proof ``solve`` is that very search, seeded alike (``test_solve_is_a_proof_or_the_search``):
    it is not run twice."""
    solved = solve(g, states=STATES)
    return {
        "search": search(g, states=STATES).run() if solved.proof is not None else solved,
        "proving search": search(g, states=STATES, for_proofs=True).run(),
        "solve": solved,
    }


def test_solve_is_a_proof_or_the_search():
    """What lets ``searches`` skip a run: ``solve`` without a proof gives the search's very
    verdict, line and states."""
    for name in ("FT2-J", "CR1-N"):
        for seed in range(2):
            start = endgame(GAMES[name], seed)
            solved = solve(start, states=STATES)
            if solved.proof is None:
                alone = search(start, states=STATES).run()
                assert (alone.verdict, alone.moves, alone.states) == (
                    solved.verdict,
                    solved.moves,
                    solved.states,
                ), (name, seed)


SEEDS = 6  # random endgames a game: loose and tight, one in three needing a pass where one may
STATES = 10_000  # each search's budget: a small endgame's verdict comes far sooner


def endgame(cls: type[game.Solitaire], seed: int) -> game.Solitaire:
    """The ``seed``-th endgame of a game: a few cards in play, or every column taken; and, in
    a game with redeals and 8 columns, one of three is won only through another pass."""
    rng = random.Random(seed)
    family = issubclass(cls, game.FortyThieves)
    rules = cls.RULES if family else None  # (needs_a_pass's foundations are by suit)
    if (
        rules
        and rules.redeals
        and cls.COLUMN_COUNT == 8
        and seed % 3 == 2
        and not rules.home_colours
    ):
        return needs_a_pass(cls, rng)
    if rules and (rules.refill or rules.lone):  # (no column is empty while the stock lasts)
        return small_of(cls, rng, tight=True)
    if rules and rules.blind:  # (tight, ten columns half face down end "unknown" at this
        return small_of(cls, rng)  # budget: the searches spend it all, and nothing is checked)
    return small_of(cls, rng, tight=seed % 2 == 1)


LIMIT = 8_000  # positions brute force may visit before it gives up on a proof of loss


@pytest.mark.parametrize("name", list(GAMES))
def test_no_search_calls_lost_what_brute_force_wins(name):
    """Brute force is asked only where a search says "lost": a win it finds there is the
    fault this test is for. (Proving a loss by brute force is rarely within reach: a card may
    come back from a foundation, and with it a whole suit.) The wins found replay."""
    seen = {"won": 0, "lost, and brute force agrees": 0, "lost, too big": 0}
    for seed in range(SEEDS):
        start = endgame(GAMES[name], seed)
        verdicts = searches(start)
        for label, result in verdicts.items():
            if result.verdict == WINNABLE:  # type: ignore[attr-defined]
                won = replay(start, result.moves)  # type: ignore[attr-defined]
                assert won.is_won(), (name, label, seed, start.position())
                seen["won"] += 1
        if any(r.verdict == UNWINNABLE for r in verdicts.values()):  # type: ignore[attr-defined]
            truth = exhaust(start, LIMIT)
            assert truth is not True, (name, seed, start.position(), verdicts)
            seen["lost, and brute force agrees" if truth is False else "lost, too big"] += 1
    assert seen["won"], seen  # (a test of nothing otherwise)
    if name in AXES and AXES[name].refill:  # (its endgames are lost too: brute force checks)
        assert seen["lost, and brute force agrees"], seen


# where ranks wrap and foundations keep their cards, the base card and the one over it have
# safe-move rules of their own; where cards come back, none goes home unasked (``safe_needs``:
# the chain goes round the suit), so the endgames ``small_of`` makes check them all
WRAPPING = [
    name
    for name, cls in GAMES.items()
    if getattr(cls, "RULES", None) and cls.RULES.wraps and not cls.RULES.home_out
]


def near_the_base(cls: type[game.FortyThieves], rng: random.Random) -> game.FortyThieves:
    """An endgame of a game whose ranks wrap, with one suit's lower foundation at its base
    card or just above (the base card and the one over it have safe-move rules of their own,
    and ``small_of`` keeps foundations high): that suit's other cards out once, at random in
    a few columns, the stock and the waste; every other foundation complete."""
    rules = cls.RULES
    up = [RANKS[(rules.base + k) % 13] for k in range(13)]
    suit = rng.randrange(4)
    low = rng.randint(1 if rules.bases_home else 0, 2)
    out = [r + "SHDC"[suit] for r in up[low:]]
    rng.shuffle(out)
    columns = [f"t{i}" for i in range(1, cls.COLUMN_COUNT + 1)]
    used = rng.sample(columns, min(len(columns), rng.randint(3, 5)))
    cells = [p for p in cls.PLACES if p.startswith("c")]  # (free cells: the first holds one)
    places: dict[str, list[str]] = {p: [] for p in [*columns, "stock", "waste", *cells]}
    places["stock"], places["waste"] = out[:2], out[2:3]
    if cells:
        places[cells[0]].append(out.pop())
    for card in out[3:]:
        places[rng.choice(used)].append(card)
    lines = []
    for f in range(8):
        height = low if f == suit else 13
        lines.append(f"f{f + 1}: {' '.join(r + 'SHDC'[f % 4] for r in up[:height])}".rstrip())
    lines += [f"{p}: {' '.join(cards)}".rstrip() for p, cards in places.items()]
    header = f"{cls.WORD} score=0 moves=0" + (" redeals=0" if rules.redeals else "")
    return cls.from_position(header + "\n" + "\n".join(lines) + "\n")


@pytest.mark.parametrize("name", WRAPPING)
def test_where_ranks_wrap_no_search_calls_lost_what_brute_force_wins_near_the_base(name):
    """The same check as above where ``small_of`` never goes: a suit just above its base."""
    seen = {"won": 0, "lost": 0}
    for seed in range(SEEDS):
        start = near_the_base(GAMES[name], random.Random(seed))  # type: ignore[arg-type]
        for label, result in searches(start).items():
            if result.verdict == WINNABLE:  # type: ignore[attr-defined]
                assert replay(start, result.moves).is_won(), (name, label, seed)  # type: ignore[attr-defined]
                seen["won"] += 1
            elif result.verdict == UNWINNABLE:  # type: ignore[attr-defined]
                assert exhaust(start, LIMIT) is not True, (name, label, seed, start.position())
                seen["lost"] += 1
    assert seen["won"], seen


def test_where_columns_build_both_ways_a_card_is_safe_home_only_with_the_next_rank_home_too():
    """Foothold's columns, nothing back from a foundation: a Six of the other colour goes onto
    a Five in a column (up), so the Five goes home unasked only once both copies of those
    Sixes are home as well as the Fours. Here every Four is home but a Six of each red suit
    and of spades is out: nothing is safe; with the Sixes home too, the Fives are (brute force
    cannot reach this many cards). In Foothold itself, where cards come back, not even then:
    a red Six back onto the Five would take an out black Seven (``safe_needs``' chains)."""
    from game.solver.forty_thieves import FortyThievesAdapter
    from tests.test_rules_axes import position

    own = next(kind.rules for kind in REGISTRY if kind.code == "FT2-H")
    assert isinstance(own, FortyRules) and own.home_out
    foothold = dataclasses.replace(own, home_out=False)

    def spread(cards: list[str], tops: list[str]) -> dict[str, list[str]]:
        columns = {f"t{i + 1}": cards[i::8] for i in range(8)}
        for i, top in enumerate(tops):
            columns[f"t{i + 1}"].append(top)
        return columns

    out = [r + s for s in "SHD" for r in "6789TJQK"]  # one copy of each: the other is home
    fives = position(foothold, spread(out, ["5S", "5H", "5D"]))
    assert FortyThievesAdapter(fives).start() == []  # the red Sixes could go onto 5S, and so on
    out = [r + s for s in "SHD" for r in "6789TJQK" if r + s not in ("6H", "6D")]
    safe = position(foothold, spread(out, ["5S"]))
    adapter = FortyThievesAdapter(safe)
    assert adapter.start() == [(8, 0, 0)] and len(adapter.p[0]) == 5  # t1's 5S onto f1, alone
    assert FortyThievesAdapter(position(own, spread(out, ["5S"]))).start() == []


def test_where_foundations_alternate_colours_and_keep_their_cards_a_card_is_safe_home_late():
    """Zebra: a Five goes home by itself only once every Four of the other colour is home
    (all four foundations that take that colour there are past it): until then one could go
    onto it in a column. (Brute force cannot reach this many cards.)"""
    from game.solver.forty_thieves import FortyThievesAdapter

    cls = game.new("FT2-Z-AAAAAAB").__class__
    black = ["AS 2H 3C 4D", "AC 2D 3S 4H", "AS 2H 3S 4D", "AC 2D 3C 4H"]  # f1 f4 f5 f8
    red = ["AH 2S 3D 4C", "AD 2C 3H 4S", "AH 2S 3D 4C", "AD 2C 3H 4S"]  # f2 f3 f6 f7

    def adapter(last_black: str) -> FortyThievesAdapter:
        homes = [black[0], red[0], red[1], black[1], black[2], red[2], red[3], last_black]
        home = [c for text in homes for c in text.split()]
        rest = [r + s for r in RANKS for s in "SHDC" for _ in range(2)]
        for card in [*home, "5S"]:
            rest.remove(card)
        lines = [f"f{i + 1}: {text}" for i, text in enumerate(homes)]
        lines += [f"t1: {rest[0]} 5S"] + [f"t{i}: {rest[i - 1]}" for i in range(2, 9)]
        lines += [f"stock: {' '.join(rest[8:])}", "waste:"]
        text = "FT2-Z score=0 moves=0 redeals=1\n" + "\n".join(lines) + "\n"
        return FortyThievesAdapter(cls.from_position(text))

    safe = adapter(black[3])
    assert safe.moves(safe.start())[:1] == [game.Move("t1", "f1")]  # (f1, f4, f5, f8: alike)
    early = adapter("AC 2D 3C")  # a red Four is out: it could go onto the Five of spades
    assert all(m.src != "t1" for m in early.moves(early.start()))


# Found by hunting random endgames with the search's stock actions into a cell taken out: once
# the Four and the Five are home, the one cell must take the Ten of hearts as it is drawn; the
# Six lies four cards deeper, and the Jack and Queen drawn over the Ten would bury it in the
# waste for good (the Queen and the Eight go nowhere, the columns stay empty).
CELL_FROM_THE_STOCK = """FT1-Z score=0 moves=0
f1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
f2: AH 2H 3H
f3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
f4: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
f5: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
f6: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
f7: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD
f8: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
t1: 9H 5H
t2: KD 7H
stock: 6H 8H QH JH TH
waste: KH
c1: 4H
"""


def test_a_stock_card_drawn_straight_into_a_cell_is_searched():
    """A card drawn may have to go into a free cell at once (not later, from under the cards
    drawn after it): the search's actions include it, and prove this endgame won."""
    start = rules_class(FortyRules(2, up=3, cells=1, empty=NOTHING)).from_position(
        CELL_FROM_THE_STOCK
    )
    assert exhaust(start, LIMIT) is True
    for label, result in searches(start).items():
        assert result.verdict == WINNABLE, label  # type: ignore[attr-defined]
        assert replay(start, result.moves).is_won()  # type: ignore[attr-defined]


# Found by a second reader hunting endgames: a card sent home "safely" that a chain of cards
# back from the foundations needed in a column. Jacks in the Box: the Three of hearts kept in
# column 6 takes the Two, Ace, King, Queen and Jack back from foundation 6, and the Jack the
# out Ten. Ranks wrapping from the Jacks, two columns: the same through the spades.
CHAINS = {
    "FT2-J": ("FT2-J", "jib4147"),
    "wrapping-from-the-jacks": (FortyRules(2, up=1, base=10), "c9279"),
}


@pytest.mark.parametrize("name", list(CHAINS))
def test_a_card_a_chain_back_from_the_foundations_needs_is_not_sent_home(name):
    """Where a card may come back from a foundation, a card is safe home only once every
    card that could be built on it, and on those, and so on, is home (``safe_needs``): here
    brute force wins, and every search must too."""
    rules, stem = CHAINS[name]
    text = (Path(__file__).parent / "golden" / f"chain-{stem}.txt").read_text()
    start = (
        game.from_position(text)
        if isinstance(rules, str)
        else rules_class(rules).from_position(text)
    )
    assert exhaust(start, 20_000) is True
    for label, result in searches(start).items():
        assert result.verdict != UNWINNABLE, label  # type: ignore[attr-defined]
    proving = search(start, states=30_000, for_proofs=True).run()
    assert proving.verdict == WINNABLE and replay(start, proving.moves).is_won()


def test_by_colour_with_a_cell_a_chain_back_from_the_foundations_is_searched():
    """By colour (a black Queen back onto a red King kept in a column takes an out red Jack):
    the endgames a second reader found past the check's first seeds."""
    for seed in (5271, 4749):
        start = endgame(GAMES["cells-colour-kings"], seed)
        assert exhaust(start, 20_000) is True
        assert search(start, states=STATES, for_proofs=True).run().verdict == WINNABLE


def test_one_cell_short_is_proven_lost_and_with_the_cells_it_needs_won():
    """Every card home but the spades from the Ten up, in one column with the King on top and
    the Ten at the bottom; empty columns stay empty. Three cells free the Ten; one does not,
    and every search proves the loss, as brute force does (a beam that dies out with cells)."""
    ranks = "A23456789TJQK"
    homes = [
        " ".join(r + "SHDC"[f % 4] for r in (ranks[:9] if f == 0 else ranks)) for f in range(8)
    ]
    lines = [f"f{f + 1}: {cards}" for f, cards in enumerate(homes)]
    text = "FT1-Z score=0 moves=0\n" + "\n".join([*lines, "t1: TS JS QS KS", "t2:", "stock:"])
    for cells, won in ((1, False), (3, True)):
        rules = FortyRules(2, up=2, cells=cells, empty=NOTHING)
        places = "\nwaste:\n" + "".join(f"c{k}:\n" for k in range(1, cells + 1))
        start = rules_class(rules).from_position(text + places)
        assert exhaust(start, LIMIT) is won
        for label, result in searches(start).items():
            assert result.verdict == (WINNABLE if won else UNWINNABLE), (cells, label)  # type: ignore[attr-defined]


# Floradora's rule, on two columns: the King of hearts tops column 2 over a Queen of diamonds
# that no foundation takes yet; the other Queen of diamonds must go onto that King so that the
# Jacks under it go home. Sent to the Kings' foundation first, the King leaves both Queens
# stuck (no empty column, Queens go onto Kings only): the game is lost.
# every suit home to its Queens but the diamonds, to their Tens; one King of hearts out
TO_THE_QUEENS = """f1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS
f2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH
f3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD
f4: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC
f5: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS
f6: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH
f7: AD 2D 3D 4D 5D 6D 7D 8D 9D TD
f8: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC
"""
KINGS_HOME = "f9: KS KS KH KD KD KC KC\n"
KING_NEEDED = f"""FT1-Z score=0 moves=0
{TO_THE_QUEENS}t1: JD JD QD
t2: QD KH
stock:
waste:
{KINGS_HOME}"""


def test_a_king_a_queen_needs_is_not_sent_to_the_kings_foundation():
    """A King goes to the Kings' foundation unasked only off the waste, alone in its column
    (an empty column takes what it would) or once no card could come onto it: here a Queen
    needs it, and every search must win as brute force does."""
    rules = FortyRules(2, up=2, builds=ANY_SUIT, kings_apart=True)
    start = rules_class(rules).from_position(KING_NEEDED)
    assert exhaust(start, LIMIT) is True
    moved = start.copy()
    moved.apply(game.Move("t2", "f9"))
    assert exhaust(moved, LIMIT) is False  # (the King sent home first loses)
    for label, result in searches(start).items():
        assert result.verdict == WINNABLE, label  # type: ignore[attr-defined]
        assert replay(start, result.moves).is_won()  # type: ignore[attr-defined]


# Three cards a draw: the one draw turns both Jacks of diamonds under the King of hearts,
# which only the Kings' foundation takes (no column is empty): the search must draw and send
# a King there (an action of its own), or the Jacks never show.
KING_DRAWN = f"""FT1-Z score=0 moves=0
{TO_THE_QUEENS}t1: QD
t2: QD
stock: KH JD JD
waste:
{KINGS_HOME}"""


def test_a_king_drawn_goes_to_the_kings_foundation_as_it_is_drawn():
    """The k-th draw's King to the Kings' foundation is one of the search's actions: here
    every search wins, as brute force does."""
    rules = FortyRules(2, up=2, builds=ANY_SUIT, draw=3, kings_apart=True)
    start = rules_class(rules).from_position(KING_DRAWN)
    assert exhaust(start, LIMIT) is True
    for label, result in searches(start).items():
        assert result.verdict == WINNABLE, label  # type: ignore[attr-defined]
        assert replay(start, result.moves).is_won()  # type: ignore[attr-defined]
