"""Game codes (``CR1-N-AAAAAAB``) and the versioned, language-independent deal shuffle.

The shuffle is specified in ``docs/CODES.md`` precisely enough to re-implement elsewhere; the
golden tests pin it. Never change what a published code deals: add a new ruleset digit instead.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from .cards import PACK, Card
from .kinds import KINDS_BY_CODE, REGISTRY

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # RFC 4648 base32
DEAL_CHARS = 7
DEAL_COUNT = 32**DEAL_CHARS  # 2**35 deals per game

# game prefix -> variant letter -> name of the variant, from the games' records (kinds.py)
VARIANTS: dict[str, dict[str, str]] = {}
for _kind in REGISTRY:
    VARIANTS.setdefault(_kind.game, {})[_kind.variant] = _kind.name
# Every game and variant as one word, in the order the page's picker lists them: the picker,
# the winnable lists, the solver's batch results and their tests all derive from the records.
KINDS: tuple[str, ...] = tuple(kind.code for kind in REGISTRY)


def kind_slug(kind: str) -> str:
    """A kind's name in file names: ``"CR1-F"`` -> ``"crescent-four"``."""
    return KINDS_BY_CODE[kind].slug


_SHAPE = re.compile(r"([A-Z0-9]+)-([A-Z0-9]+)-([A-Z0-9]*)")


class CodeError(ValueError):
    """A game code that cannot be read; the message names the code and the faulty part."""


class BadCodeFormat(CodeError):
    """Not of the form GAME-VARIANT-DEAL."""


class UnknownGame(CodeError):
    """The prefix names no game (``CR1``, ``FT1`` and ``FT2`` exist)."""


class UnknownVariant(CodeError):
    """The variant letter does not exist for that game."""


class BadDeal(CodeError):
    """The deal part is not 7 characters of the base32 alphabet."""


@dataclass(frozen=True)
class GameCode:
    """A parsed game code: which game, which rules variant, which deal."""

    game: str
    variant: str
    deal: int

    def __post_init__(self) -> None:
        if self.game not in VARIANTS:
            raise UnknownGame(f"unknown game {self.game!r} (known: {', '.join(VARIANTS)})")
        if self.variant not in VARIANTS[self.game]:
            known = ", ".join(VARIANTS[self.game])
            raise UnknownVariant(
                f"unknown variant {self.variant!r} for {self.game} (known: {known})"
            )
        if not (isinstance(self.deal, int) and 0 <= self.deal < DEAL_COUNT):
            raise BadDeal(f"deal number {self.deal!r} is outside 0..{DEAL_COUNT - 1}")

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Read a code; lower case and surrounding white space are accepted."""
        if not isinstance(text, str):
            raise BadCodeFormat(f"a game code is text, not {type(text).__name__}")
        shown = text if len(text) <= 40 else text[:40] + "..."  # a message never echoes 100 kB
        if not text.isascii():  # "ſ".upper() is "S": look-alikes must not become a code
            raise BadCodeFormat(f"bad game code {shown!r}: only ASCII letters and digits")
        norm = text.strip(" \t\r\n").upper()
        m = _SHAPE.fullmatch(norm)
        if not m:
            raise BadCodeFormat(
                f"bad game code {shown!r}: expected GAME-VARIANT-DEAL such as CR1-N-AAAAAAB"
            )
        game, variant, deal = m.groups()
        if game not in VARIANTS:
            raise UnknownGame(
                f"unknown game {game!r} in game code {shown!r} (known: {', '.join(VARIANTS)})"
            )
        if variant not in VARIANTS[game]:
            known = ", ".join(VARIANTS[game])
            raise UnknownVariant(
                f"unknown variant {variant!r} for {game} in game code {shown!r} (known: {known})"
            )
        if len(deal) != DEAL_CHARS or any(ch not in ALPHABET for ch in deal):
            raise BadDeal(
                f"bad deal {deal[:12]!r} in game code {shown!r}: "
                f"expected {DEAL_CHARS} characters of A-Z and 2-7"
            )
        number = 0
        for ch in deal:
            number = number * 32 + ALPHABET.index(ch)
        return cls(game, variant, number)

    @property
    def kind(self) -> str:
        """The game and variant, one of :data:`KINDS`: ``"CR1-N"``."""
        return f"{self.game}-{self.variant}"

    def __str__(self) -> str:
        chars = []
        n = self.deal
        for _ in range(DEAL_CHARS):
            n, digit = divmod(n, 32)
            chars.append(ALPHABET[digit])
        return f"{self.game}-{self.variant}-{''.join(reversed(chars))}"

    @property
    def name(self) -> str:
        """The variant's name for people: 'Crescent Four'."""
        return VARIANTS[self.game][self.variant]


def random_code(
    game: str = "CR1", variant: str = "N", rng: random.Random | None = None
) -> GameCode:
    """A fresh deal. Pass ``rng`` to make it reproducible (tests); the default is the OS's."""
    rng = rng or random.SystemRandom()
    return GameCode(game, variant, rng.randrange(DEAL_COUNT))


# --- The shuffle (docs/CODES.md): SplitMix64 seeded with the deal number, Fisher-Yates. ---

_MASK = (1 << 64) - 1


class SplitMix64:
    """The reference SplitMix64 generator (Steele, Lea, Flood 2014), exact to the bit."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in [0, n), without modulo bias: reject the top partial block."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled_pack(deal: int) -> list[Card]:
    """The 104 cards of two decks in the order deal number ``deal`` puts them."""
    if not 0 <= deal < DEAL_COUNT:
        raise BadDeal(f"deal number {deal!r} is outside 0..{DEAL_COUNT - 1}")
    cards = list(PACK)
    rng = SplitMix64(deal)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards
