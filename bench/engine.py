"""Engine throughput: ``python -m bench.engine`` (numbers and targets: docs/PERFORMANCE.md).

For each game it prints
- ``legal_moves()`` time on mid-game positions (median and p90 over positions, each position
  timed as the best of several repeats of a batch of calls),
- play+undo pairs per second over every legal move of those positions,
- random full games per second (random legal moves, Crescent redeals when stuck, until the game
  is won or blocked, no move is left, or 1,000 actions).
Targets (CPython 3.11, 2 cores): median ``legal_moves()`` < 25 us, >= 100,000 play+undo pairs/s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit

import game
from game.codes import GameCode

GAMES = {"Crescent": ("CR1", "N"), "Forty Thieves": ("FT1", "N")}
MAX_ACTIONS = 1000


def random_action(g: game.Solitaire, rng: random.Random) -> bool:
    """One random legal action; False when none is left."""
    moves = g.legal_moves()
    if not moves:
        if g.redeal_allowed:
            g.redeal()
            return True
        return False
    g.play(*rng.choice(moves))
    return True


def mid_game_positions(kind: tuple[str, str], count: int, seed: int) -> list[game.Solitaire]:
    """Positions 10-60 random actions into random deals, each with at least one legal move."""
    rng = random.Random(seed)
    out: list[game.Solitaire] = []
    while len(out) < count:
        g = game.new(GameCode(kind[0], kind[1], rng.randrange(2**35)))
        for _ in range(rng.randrange(10, 60)):
            if not random_action(g, rng):
                break
        if g.legal_moves():
            out.append(g.copy())
    return out


def time_legal_moves(positions: list[game.Solitaire], batch: int = 200) -> list[float]:
    """Seconds per ``legal_moves()`` call, one number per position (best of 5 batches)."""
    return [min(timeit.repeat(g.legal_moves, number=batch, repeat=5)) / batch for g in positions]


def play_undo_rate(positions: list[game.Solitaire], rounds: int = 20) -> float:
    """play+undo pairs per second, over every legal move of every position."""
    pairs = [(g, m.src, m.dst) for g in positions for m in g.legal_moves()]
    start = time.perf_counter()
    for _ in range(rounds):
        for g, src, dst in pairs:
            g.play(src, dst)
            g.undo()
    return rounds * len(pairs) / (time.perf_counter() - start)


def full_game_rate(kind: tuple[str, str], games: int, seed: int) -> tuple[float, float]:
    """(random full games per second, mean actions per game)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        g = game.new(GameCode(kind[0], kind[1], rng.randrange(2**35)))
        for _ in range(MAX_ACTIONS):
            if g.status != "playing" or not random_action(g, rng):
                break
            actions += 1
    return games / (time.perf_counter() - start), actions / games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300, help="mid-game positions per game")
    parser.add_argument("--games", type=int, default=200, help="random full games per game")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    print(
        f"Python {sys.version.split()[0]} on {sys.platform}; "
        f"{args.positions} mid-game positions and {args.games} random games per game"
    )
    header = (
        f"{'game':<14} {'legal_moves median':>19} {'p90':>8} {'moves/pos':>9} "
        f"{'play+undo/s':>12} {'games/s':>8} {'actions/game':>12}"
    )
    print(header)
    print("-" * len(header))
    for name, kind in GAMES.items():
        positions = mid_game_positions(kind, args.positions, args.seed)
        per_call = sorted(time_legal_moves(positions))
        median = statistics.median(per_call)
        p90 = per_call[int(0.9 * (len(per_call) - 1))]
        branching = statistics.mean(len(g.legal_moves()) for g in positions)
        rate = play_undo_rate(positions)
        games_per_s, length = full_game_rate(kind, args.games, args.seed)
        print(
            f"{name:<14} {median * 1e6:>16.2f} us {p90 * 1e6:>5.2f} us {branching:>9.1f} "
            f"{rate:>12,.0f} {games_per_s:>8.1f} {length:>12.0f}"
        )


if __name__ == "__main__":
    main()
