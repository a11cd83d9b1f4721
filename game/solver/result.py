"""A search's answer: the verdict, the winning line and the cost. Light on purpose: the page
imports it at boot (its verdicts, what the solver's worker sends back), the search itself only
when a Hint or a check needs it (game/solver/__init__.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core import Move
    from .proofs import Proof

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"


@dataclass
class Result:
    """A verdict, the winning line (engine moves from the position searched) and the cost."""

    verdict: str
    moves: list[Move] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0
    proof: Proof | None = None  # an unwinnable verdict's argument, when one gave it

    @property
    def reason(self) -> str:
        """The proof in English words ("" without one): the CLI's JSON says it."""
        return str(self.proof) if self.proof is not None else ""

    def as_json(self) -> dict[str, Any]:
        """Moves as ``[src, dst]``, a redeal as ``["redeal"]``; ``reason`` only if there is one."""
        out: dict[str, Any] = {
            "verdict": self.verdict,
            "moves": [[m.text()] if m.is_redeal else [m.src, m.dst] for m in self.moves],
            "states": self.states,
            "seconds": round(self.seconds, 3),
        }
        if self.reason:
            out["reason"] = self.reason
        return out
