"""The rules engine for Crescent and Forty Thieves: pure Python, no browser imports.

import game
g = game.new("CR1-N-AAAAAAB")
g.legal_moves(); g.play("t3", "f1"); g.undo(); g.position()
game.replay(game.new(code), [game.Move("t3", "f1"), game.REDEAL])  # a line, checked

The solver's unchecked fast path (``apply``/``unapply``, ``layout``, ``snapshot``) is in
``core.py``'s docstring and docs/ENGINE.md.
"""

from __future__ import annotations

from .cards import CARDS, BadCard, Card
from .codes import (
    BadCodeFormat,
    BadDeal,
    CodeError,
    GameCode,
    UnknownGame,
    UnknownVariant,
    random_code,
)
from .core import (
    REASONS,
    REDEAL,
    BadMoveText,
    IllegalLine,
    IllegalMove,
    Move,
    Place,
    Refusal,
    Solitaire,
    UnknownPlace,
    replay,
)
from .crescent import Crescent
from .finish import finishing_line
from .forty_thieves import VARIANT_CLASSES, FortyThieves
from .kinds import FAMILIES, REGISTRY, Kind, kind_of
from .position import PositionError, position_lines

# a family's engine, by the family's first code part; a code's first part -> its family's engine
ENGINES: dict[str, type[Crescent | FortyThieves]] = {"CR1": Crescent, "FT1": FortyThieves}
GAMES: dict[str, type[Crescent | FortyThieves]] = {
    first: ENGINES[family.game] for first, family in FAMILIES.items()
}
# every kind's engine: its family's class, or the family's class made on its own rules
CLASSES: dict[str, type[Crescent | FortyThieves]] = {
    kind.code: VARIANT_CLASSES.get(kind.code) or GAMES[kind.game] for kind in REGISTRY
}
# a position's first word -> its class: a game's, or a variant's whose rules differ (FT1-J)
POSITION_WORDS: dict[str, type[Crescent | FortyThieves]] = {Crescent.WORD: Crescent} | {
    cls.WORD: cls for cls in VARIANT_CLASSES.values()
}

__all__ = [
    "CARDS",
    "CLASSES",
    "REGISTRY",
    "Kind",
    "kind_of",
    "GAMES",
    "POSITION_WORDS",
    "REASONS",
    "REDEAL",
    "BadCard",
    "BadCodeFormat",
    "BadDeal",
    "BadMoveText",
    "Card",
    "CodeError",
    "Crescent",
    "FortyThieves",
    "GameCode",
    "IllegalLine",
    "IllegalMove",
    "Move",
    "PositionError",
    "Place",
    "Refusal",
    "Solitaire",
    "UnknownGame",
    "UnknownPlace",
    "UnknownVariant",
    "from_position",
    "finishing_line",
    "new",
    "random_code",
    "replay",
]


def new(code: str | GameCode) -> Crescent | FortyThieves:
    """The starting position of a game code such as ``"CR1-N-AAAAAAB"``."""
    parsed = code if isinstance(code, GameCode) else GameCode.parse(code)
    return GAMES[parsed.game].deal(parsed)


def from_position(text: str) -> Crescent | FortyThieves:
    """Any position written by ``position()``; strict, raises :class:`PositionError`."""
    first = position_lines(text)[0].split(" ")[0]
    if first not in POSITION_WORDS:
        raise PositionError(
            f"line 1 {position_lines(text)[0]!r}: unknown game {first!r} "
            f"(known: {', '.join(POSITION_WORDS)})"
        )
    return POSITION_WORDS[first].from_position(text)
