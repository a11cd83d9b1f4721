"""Every game the site offers, declared once: a record each (pure).

Like PySolFC's ``registerGame(GameInfo(...))``, a game is one record: its code's game and
variant letter, its English name (the catalogs' ``game_<KIND>`` name it in each language), its
rules (``rules.py``: what its family's engine reads), the view that draws it and the help page
that explains it (its family's unless it says otherwise), whether the installed app has a
shortcut to it, and a deal the page's search wins within a second (for the browser tests).
Every list of games is derived from :data:`REGISTRY`: the codes, the engine's classes, the
views, the solver's adapters, the picker, the toolbar's controls, the help tables, the app's
manifests, the winnable lists, the daily pools and the tests' parametrisations. Adding a
game is adding its record here, its words in the catalogs and help pages, and its data.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import ANY_SUIT, COLOUR, KING, OTHER_SUIT, WASTE, CrescentRules, FortyRules, Rules


@dataclass(frozen=True)
class Family:
    """What the games of one engine share: its name, its view and its help page."""

    game: str  # the codes' first part: "CR1"
    name: str
    view: str  # the view's key (game/ui/games)
    help: str  # help/<lang>/<help>.md


CRESCENT = Family("CR1", "Crescent", "crescent", "crescent")
FORTY_THIEVES = Family("FT1", "Forty Thieves family", "forty-thieves", "forty-thieves")
# a code's first part -> its family. A family may have more than one: a published code never
# changes what it deals, so when a family's letters run out its next games take the next
# ruleset digit (FT2), on the same engine, the same shuffle and the same pages.
FAMILIES = {"CR1": CRESCENT, "FT1": FORTY_THIEVES, "FT2": FORTY_THIEVES}


@dataclass(frozen=True)
class Kind:
    """One game: see the module's docstring."""

    code: str  # "FT1-J": its codes' first part (its family's, ruleset digit included) and letter
    name: str  # in English
    rules: Rules
    shortcut: bool = False  # the installed app has a shortcut to a new deal of it
    # a deal the page's check wins fast: in every game in the worker's code on CPython
    # (tests/test_solver_worker.py), in a game of each engine in the browser
    quick_win: str = ""
    view: str = ""  # the view's key when not its family's
    help: str = ""  # the help page when not its family's
    daily: bool = False  # a pool of proven deals ships for its daily (daily-<slug>.txt)
    # a kind whose every win wins this one too (the same cards in the same places, a rule
    # that only adds): its wins are listed here as well (tools/daily.py)
    wins_of: str = ""
    # where its daily's stored lines come from, when another kind's ship for it
    lines_of: str = ""

    @property
    def game(self) -> str:
        return self.code.split("-")[0]

    @property
    def variant(self) -> str:
        return self.code.split("-")[1]

    @property
    def family(self) -> Family:
        return FAMILIES[self.game]

    @property
    def view_key(self) -> str:
        return self.view or self.family.view

    @property
    def help_page(self) -> str:
        return self.help or self.family.help

    @property
    def slug(self) -> str:
        """Its name in file names: ``"crescent-four"``."""
        name = self.name.lower().replace(",", "").replace("'", "")
        return name.replace(" ", "-")


REGISTRY: tuple[Kind, ...] = (
    # Crescent: 16 piles in a horseshoe, foundations up from the Aces and down from the Kings
    Kind(
        "CR1-N", "Crescent", CrescentRules(3), shortcut=True, quick_win="CR1-N-AAAAAAT", daily=True
    ),
    Kind(
        "CR1-F",
        "Crescent Four",
        CrescentRules(4),
        quick_win="CR1-F-AAAAAAT",
        daily=True,
        wins_of="CR1-N",
    ),
    Kind(
        "CR1-D",
        "Crescent, face down",
        CrescentRules(3, down=5),
        quick_win="CR1-D-AAAAAAT",
        daily=True,
        wins_of="CR1-N",
        lines_of="CR1-N",
    ),
    Kind(
        "CR1-O",
        "Open Crescent",
        CrescentRules(3),
        view="open-crescent",
        quick_win="CR1-O-AAAAAAT",
        daily=True,
        wins_of="CR1-N",
        lines_of="CR1-N",
    ),
    # the Forty Thieves family: columns, a stock turned onto a waste, foundations up by suit
    Kind(
        "FT1-N", "Forty Thieves", FortyRules(), shortcut=True, quick_win="FT1-N-AAAAAAB", daily=True
    ),
    # Forty Thieves with runs, a rule that only adds moves: each of its lines plays here too
    Kind(
        "FT1-J",
        "Josephine",
        FortyRules(runs=True),
        quick_win="FT1-J-AAAAAAB",
        daily=True,
        wins_of="FT1-N",
        lines_of="FT1-N",
    ),
    Kind(
        "FT1-Q",
        "Napoleon's Square",
        FortyRules(12, runs=True),
        quick_win="FT1-Q-AAAAAGC",
        daily=True,
    ),
    Kind("FT1-B", "Busy Aces", FortyRules(12, up=1), quick_win="FT1-B-AAAAAA7", daily=True),
    Kind("FT1-L", "Limited", FortyRules(12, up=3), quick_win="FT1-L-AAAAAA5", daily=True),
    Kind("FT1-S", "Streets", FortyRules(builds=COLOUR), quick_win="FT1-S-AAAAACM", daily=True),
    Kind("FT1-M", "Maria", FortyRules(9, builds=COLOUR), quick_win="FT1-M-AAAAAVV", daily=True),
    # Streets' deal with rows face down (and runs): a card moves from a column's top, always
    # face up, so each of Streets' single-card lines plays here (each replayed before it ships)
    Kind(
        "FT1-T",
        "Number Ten",
        FortyRules(down=2, up=2, builds=COLOUR, runs=True),
        quick_win="FT1-T-AAAAACM",
        daily=True,
        wins_of="FT1-S",
        lines_of="FT1-S",
    ),
    Kind(
        "FT1-R",
        "Rank and File",
        FortyRules(down=3, up=1, builds=COLOUR, runs=True),
        quick_win="FT1-R-AAAAACM",
        daily=True,
        wins_of="FT1-S",
        lines_of="FT1-S",
    ),
    Kind(
        "FT1-E",
        "Emperor",
        FortyRules(down=3, up=1, builds=COLOUR),
        quick_win="FT1-E-AAAAACM",
        daily=True,
        wins_of="FT1-S",
        lines_of="FT1-S",
    ),
    Kind(
        "FT1-I",
        "Indian",
        FortyRules(down=1, up=2, builds=OTHER_SUIT),
        quick_win="FT1-I-AAAAAAA",
        daily=True,
    ),
    Kind("FT1-U", "Lucas", FortyRules(13, runs=True), quick_win="FT1-U-AAAAADB", daily=True),
    Kind(
        "FT1-H", "Forty and Eight", FortyRules(8, redeals=1), quick_win="FT1-H-AAAAAFP", daily=True
    ),
    # from PySolFC's shelf (docs/RULES.md, "The Forty Thieves shelf"): its rules, as it has them
    Kind("FT1-W", "Waning Moon", FortyRules(13), quick_win="FT1-W-AAAAAAB", daily=True),
    Kind("FT1-K", "Thirty-Nine Steps", FortyRules(13, up=3), quick_win="FT1-K-AAAAAAB", daily=True),
    Kind("FT1-Y", "Famous Fifty", FortyRules(up=5), quick_win="FT1-Y-AAAAAAU", daily=True),
    Kind(
        "FT1-A", "San Juan Hill", FortyRules(bases_home=True), quick_win="FT1-A-AAAAAAB", daily=True
    ),
    Kind(
        "FT1-P",
        "Midshipman",
        FortyRules(9, down=2, up=2, builds=OTHER_SUIT),
        quick_win="FT1-P-AAAAAAI",
        daily=True,
    ),
    Kind(
        "FT1-G",
        "Napoleon's Folly",
        FortyRules(builds=OTHER_SUIT),
        quick_win="FT1-G-AAAAAAD",
        daily=True,
    ),
    Kind(
        "FT1-X",
        "Napoleon's Exile",
        FortyRules(builds=ANY_SUIT),
        quick_win="FT1-X-AAAAAAR",
        daily=True,
    ),
    Kind(
        "FT1-Z",
        "Napoleon's Shoulder",
        FortyRules(12, builds=ANY_SUIT, empty=WASTE),
        quick_win="FT1-Z-AAAAAAT",
        daily=True,
    ),
    # foundations from the Twos, ranks wrapping from King to Ace (a King goes onto an Ace)
    Kind(
        "FT1-C",
        "Deuces",
        FortyRules(up=1, base=1, bases_home=True),
        quick_win="FT1-C-AAAAAAQ",
        daily=True,
    ),
    Kind("FT1-V", "Pluto", FortyRules(12, up=1, base=1), quick_win="FT1-V-AAAAAAB", daily=True),
    # FT1's letters are all taken: the family's next games are FT2's (the same deal procedure).
    # An emptied column takes the waste's top card at once (a card drawn first if need be)
    Kind(
        "FT2-C",
        "Corona",
        FortyRules(12, up=3, autofill=True, home_out=False),
        quick_win="FT2-C-AAAAAAR",
        daily=True,
    ),
    Kind(
        "FT2-Y",
        "Courtyard",
        FortyRules(12, up=1, runs=True, autofill=True),
        quick_win="FT2-Y-AAAAADY",
        daily=True,
    ),
    Kind(
        "FT2-T",
        "Triple Line",
        FortyRules(12, up=3, builds=COLOUR, runs=True, redeals=1, autofill=True, home_out=False),
        quick_win="FT2-T-AAAAACJ",
        daily=True,
    ),
    # 4 columns of 5, the Aces home, the stock's first card on the waste, three redeals
    Kind(
        "FT2-G",
        "Octagon",
        FortyRules(4, up=5, redeals=3, bases_home=True, autofill=True, waste_first=True),
        quick_win="FT2-G-AAAAAAN",
        daily=True,
    ),
    # the columns build down in any suit, but only a run in suit moves as one
    Kind(
        "FT2-W",
        "Waterloo",
        FortyRules(
            6,
            up=1,
            builds=ANY_SUIT,
            runs=True,
            runs_in_suit=True,
            bases_home=True,
            waste_first=True,
        ),
        quick_win="FT2-W-AAAAAAE",
        daily=True,
    ),
    # a column builds up or down, in alternate colours (one card at a time)
    Kind(
        "FT2-H",
        "Foothold",
        FortyRules(8, up=5, builds=COLOUR, both_ways=True),
        quick_win="FT2-H-AAAAAAK",
        daily=True,
    ),
    # Waterloo's columns, 10 of 4, three cards a draw, three redeals, emptied columns filled
    Kind(
        "FT2-L",
        "Little Forty",
        FortyRules(builds=ANY_SUIT, runs=True, runs_in_suit=True, redeals=3, draw=3, autofill=True),
        quick_win="FT2-L-AAAAAAV",
        daily=True,
    ),
    # the Aces home, 8 single cards, alternate colours in the columns and on the foundations
    Kind(
        "FT2-R",
        "Red and Black",
        FortyRules(8, up=1, builds=COLOUR, runs=True, bases_home=True, home_colours=True),
        quick_win="FT2-R-AAAAAAO",
        daily=True,
    ),
    Kind(
        "FT2-Z",
        "Zebra",
        FortyRules(
            8,
            up=1,
            builds=COLOUR,
            redeals=1,
            bases_home=True,
            home_colours=True,
            autofill=True,
            home_out=False,
        ),
        quick_win="FT2-Z-AAAAAAD",
        daily=True,
    ),
    # Corona with the base rank drawn at the deal: the stock's first card starts its foundation
    Kind(
        "FT2-Q",
        "Quadrangle",
        FortyRules(12, up=3, autofill=True, home_out=False, base_drawn=True),
        quick_win="FT2-Q-AAAAAAD",
        daily=True,
    ),
    # the Aces home, 12 columns of 4 dealt row by row, the cards a foundation takes going home
    # after each row; a King to an empty column, the stock's first card on the waste
    Kind(
        "FT2-S",
        "Carre Napoleon",
        FortyRules(12, empty=KING, bases_home=True, waste_first=True, home_in_deal=True),
        quick_win="FT2-S-AAAAADB",
        daily=True,
    ),
    # Indian's deal and builds; an emptied column takes three stock cards at once (the first
    # face down), and while the stock lasts a lone card neither moves onto a card nor takes one
    Kind(
        "FT2-I",
        "Indian Patience",
        FortyRules(down=1, up=2, builds=OTHER_SUIT, refill=3, lone=True),
        quick_win="FT2-I-AAAAADI",
        daily=True,
    ),
    # free cells: the eight Jacks home first, the foundations going on to the Ten (ranks
    # wrap), one card in each of 6 columns, four empty cells
    Kind(
        "FT2-J",
        "Jacks in the Box",
        FortyRules(6, up=1, base=10, bases_home=True, cells=4, waste_first=True),
        quick_win="FT2-J-AAAAAAO",
        daily=True,
    ),
    # free cells: three dealt a card each, then 10 columns of 4 built down in suit
    Kind(
        "FT2-A",
        "Squadron",
        FortyRules(cells=3, cells_dealt=True, waste_first=True),
        quick_win="FT2-A-AAAAAAB",
        daily=True,
    ),
    # the foundations stop at the Queen, a ninth takes the Kings; 6 columns of 6, any suit
    Kind(
        "FT2-F",
        "Floradora",
        FortyRules(6, up=6, builds=ANY_SUIT, waste_first=True, kings_apart=True),
        quick_win="FT2-F-AAAAAAM",
        daily=True,
    ),
    # every card dealt face down, turned up by the player; any card onto a face-down one
    Kind(
        "FT2-B",
        "Blind Patience",
        FortyRules(down=4, up=0, builds=COLOUR, waste_first=True, blind=True),
        quick_win="FT2-B-AAAAAA3",
        daily=True,
    ),
)
KINDS_BY_CODE = {kind.code: kind for kind in REGISTRY}
# the kinds whose own stored winning lines ship (a daily's, for Hint: tools/lines.py)
LINES_SHIPPED = tuple(kind.code for kind in REGISTRY if kind.daily and not kind.lines_of)


def kind_of(code: str) -> Kind:
    """The record of a kind (``"FT1-J"``) or of a whole code (``"FT1-J-AAAAAAB"``);
    ``KeyError`` if there is none."""
    return KINDS_BY_CODE["-".join(code.split("-")[:2])]
