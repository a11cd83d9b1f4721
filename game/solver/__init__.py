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
from .result import UNKNOWN, UNWINNABLE, WINNABLE, Result

if TYPE_CHECKING:
    from ..crescent import Crescent
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


# each game's search, by the engine's game (a code's first part): its adapter module, which
# holds its adapter and its ``search`` (the one place that knows which searches suit it)
FAMILIES = {"CR1": "crescent", "FT1": "forty_thieves"}


def family(game: Solitaire) -> Any:
    """The adapter module of ``game``'s family (imported when first asked for)."""
    try:
        name = FAMILIES[game.GAME]
    except (KeyError, AttributeError):
        raise TypeError(f"no solver for {type(game).__name__}") from None
    return importlib.import_module(f".{name}", __name__)


def adapter_for(game: Solitaire, seed: int = 0) -> CrescentAdapter | FortyThievesAdapter:
    """The search's view of a game (a copy: the game itself is never touched)."""
    adapter: CrescentAdapter | FortyThievesAdapter = family(game).Adapter(game, seed)
    return adapter


def search(
    game: Solitaire,
    states: int | None = None,
    seconds: float | None = None,
    for_proofs: bool = False,
) -> Portfolio | Restarts | Beam:
    """A search of ``game``'s position that its ``run(steps)`` advances in slices, as its
    family's adapter module chooses it (``search`` there). ``for_proofs`` (the page's quiet
    look after each move): the search that proves a loss soonest."""
    found: Portfolio | Restarts | Beam = family(game).search(game, states, seconds, for_proofs)
    return found


def alternating_orders(game: Crescent) -> Callable[[int], CrescentAdapter]:
    """The nested search's adapters (Crescent's: ``crescent.alternating_orders``)."""
    from .crescent import alternating_orders as orders

    return orders(game)


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
