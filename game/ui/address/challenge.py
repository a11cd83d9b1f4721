"""A challenge to a friend (pure): a link that carries a deal and a result to beat.

``#CR1-N-AAAAAAB~142~391``: the deal, then the moves and the seconds of the winner's game.
The numbers come from whoever sent the link: they are read as digits in checked ranges, and
shown only as text filled into the catalog's words, never as markup. A forged or broken
result is dropped and the deal opens all the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text.messages import Messages, clock

MARK = "~"
MAX_MOVES = 5_000  # a saved line's limit (storage.MAX_LINE)
MAX_SECONDS = 100 * 60 * 60  # 100 hours
BEAT, TIE, LOST = "beat", "tie", "lost"


@dataclass(frozen=True)
class Challenge:
    """A result to beat: fewer moves wins; with as many moves, less time."""

    moves: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Challenge | None:
        """``142~391`` (what follows the code's ``~``), or None for anything else."""
        parts = text.split(MARK)
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
            return None
        moves, seconds = int(parts[0]), int(parts[1])
        if not (1 <= moves <= MAX_MOVES and 1 <= seconds <= MAX_SECONDS):
            return None
        return cls(moves, seconds)

    @classmethod
    def of(cls, moves: int, elapsed_ms: float) -> Challenge:
        """A finished game's result, clamped into the link's ranges; its seconds as the timer
        and the won dialog show them (whole seconds elapsed: 68.9 s is 1:08, not 1:09)."""
        seconds = max(1, min(MAX_SECONDS, int(elapsed_ms // 1000)))
        return cls(max(1, min(MAX_MOVES, moves)), seconds)

    def suffix(self) -> str:
        return f"{MARK}{self.moves}{MARK}{self.seconds}"

    def verdict(self, moves: int, elapsed_ms: float) -> str:
        """How a win of ``moves`` in ``elapsed_ms`` compares: beat, tie or lost."""
        mine = Challenge.of(moves, elapsed_ms)
        if (mine.moves, mine.seconds) == (self.moves, self.seconds):
            return TIE
        return BEAT if (mine.moves, mine.seconds) < (self.moves, self.seconds) else LOST

    def banner(self, words: Messages) -> str:
        """ "Beat 142 moves in 6:31", in the page's language."""
        return words.count("challenge_banner", self.moves, time=clock(self.seconds * 1000))

    def result(self, moves: int, elapsed_ms: float, words: Messages) -> str:
        """After the win: both results and the verdict."""
        mine = Challenge.of(moves, elapsed_ms)
        return words.text(
            f"challenge_{self.verdict(moves, elapsed_ms)}",
            mine=words.count("challenge_result", mine.moves, time=clock(mine.seconds * 1000)),
            theirs=words.count("challenge_result", self.moves, time=clock(self.seconds * 1000)),
        )


def split(text: str) -> tuple[str, Challenge | None]:
    """A hash's text cut at its first ``~``: the code part, and the challenge if it is sound."""
    head, mark, tail = text.partition(MARK)
    return head, (Challenge.parse(tail) if mark else None)
