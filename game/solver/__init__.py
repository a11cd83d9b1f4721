"""A solver for Crescent, Crescent Four and Forty Thieves on the engine's own rules.

    from game.solver import solve
    result = solve(game.new("FT1-N-AAAAAAB"), seconds=10)
    result.verdict  # "winnable" (with result.moves), "unwinnable" (proven) or "unknown"

:class:`Search` is the same search in resumable slices, for the page.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core import Solitaire
from ..crescent import Crescent
from ..forty_thieves import FortyThieves
from .result import UNKNOWN, UNWINNABLE, WINNABLE, Result

if TYPE_CHECKING:
    from .crescent import CrescentAdapter
    from .forty_thieves import FortyThievesAdapter
    from .nested import Nested, Portfolio
    from .playouts import Playing
    from .proofs import Proof, prove_unwinnable
    from .searches import Beam, Restarts, Search

# The search's classes, each from its module when first asked for (PEP 562): the page imports
# this package at boot for its verdicts, and the search only for a Hint or a check; a first
# visit does not compile it (docs/PERFORMANCE.md). The boot snapshot holds it all the same.
LAZY = {
    "Beam": "searches",
    "Restarts": "searches",
    "Playing": "playouts",
    "Search": "searches",
    "Nested": "nested",
    "Portfolio": "nested",
    "Proof": "proofs",
    "prove_unwinnable": "proofs",
}


def __getattr__(name: str) -> Any:
    if name in LAZY:
        return getattr(importlib.import_module(f".{LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "UNKNOWN",
    "UNWINNABLE",
    "WINNABLE",
    "Beam",
    "Nested",
    "Playing",
    "Portfolio",
    "Proof",
    "Restarts",
    "Result",
    "Search",
    "adapter_for",
    "alternating_orders",
    "prove_unwinnable",
    "search",
    "solve",
]


def adapter_for(game: Solitaire, seed: int = 0) -> CrescentAdapter | FortyThievesAdapter:
    """The search's view of a game (a copy: the game itself is never touched)."""
    from .crescent import CrescentAdapter
    from .forty_thieves import FortyThievesAdapter

    if isinstance(game, Crescent):
        return CrescentAdapter(game, seed)
    if isinstance(game, FortyThieves):
        return FortyThievesAdapter(game, seed)
    raise TypeError(f"no solver for {type(game).__name__}")


def search(
    game: Solitaire,
    states: int | None = None,
    seconds: float | None = None,
    for_proofs: bool = False,
) -> Portfolio | Restarts | Beam:
    """A search of ``game``'s position that its ``run(steps)`` advances in slices.

    Crescent: depth-first searches restarted on Luby budgets, which alone can prove a loss,
    taking turns (1 to 3) with a nested Monte Carlo search (nested.py), which finds more wins
    (its searches in the graded move order and the plain one by turns, graded first); with
    ``for_proofs`` (the page's quiet look), only the restarts, on the unit that proves small
    lost trees sooner (:class:`Restarts`). Forty Thieves and its family: beams of doubling
    width (its wins are long and narrow) taking turns with random-greedy playouts, which win
    many deals the beam misses (playouts.py; see docs/SOLVER.md for the measurements).
    """
    from .forty_thieves import FortyThievesAdapter
    from .nested import Nested, Portfolio
    from .playouts import Playing
    from .searches import Beam, Restarts

    if isinstance(game, FortyThieves):
        if for_proofs:  # the quiet look: the beam alone (a playout proves nothing)
            return Beam(FortyThievesAdapter(game), states=states, seconds=seconds)
        beam = Beam(FortyThievesAdapter(game))
        return Portfolio([(beam, 1), (Playing(game), 1)], states=states, seconds=seconds)

    def make(seed: int) -> CrescentAdapter | FortyThievesAdapter:
        return adapter_for(game, seed)

    if not isinstance(game, Crescent):
        raise TypeError(f"no solver for {type(game).__name__}")
    if for_proofs:
        return Restarts(make, states=states, seconds=seconds, unit=Restarts.PROOF_UNIT)
    # the restarts' turn first: a small lost tree is proven before the nested search starts
    return Portfolio(
        [(Restarts(make), 1), (Nested(alternating_orders(game)), 3)],
        states=states,
        seconds=seconds,
    )


def alternating_orders(game: Crescent) -> Callable[[int], CrescentAdapter]:
    """The nested search's adapters: the graded move order for odd seeds (the first search: the
    most wins soon, what a Hint needs), the plain one for even seeds (other wins later)
    (docs/SOLVER.md, sixth pass)."""
    from .crescent import CrescentAdapter

    def make(seed: int) -> CrescentAdapter:
        return CrescentAdapter(game, seed, graded=seed % 2 == 1)

    return make


def solve(game: Solitaire, states: int | None = None, seconds: float | None = None) -> Result:
    """A proof of loss (``prove_unwinnable``) if one is found, else a search of ``game``'s
    position to a verdict within the budget (none given: no limit)."""
    from .proofs import prove_unwinnable

    started = time.perf_counter()
    proof = prove_unwinnable(game)
    if proof is not None:
        return Result(UNWINNABLE, seconds=time.perf_counter() - started, proof=proof)
    result = search(game, states, seconds).run()
    assert result is not None  # no step limit: the search ran to a verdict
    return result
