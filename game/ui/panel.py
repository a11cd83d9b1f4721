"""What the page says and shows around the board: the toolbar's state, the stats, the
announcement after an input, the end of a game. Pure: the browser layer only copies it out.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import game

from .games import kind_or_default, view_of
from .input.controller import Outcome
from .names import place_name
from .records.stats import Record, Stats
from .text.messages import Messages, clock


@dataclass(frozen=True)
class Toolbar:
    """The buttons' state and the words of the stats line and of the board's label."""

    can_undo: bool
    can_redo: bool
    redeal: str  # the Redeal button's words: how many redeals are left
    can_redeal: bool
    can_draw: bool
    moves: str
    score: str
    board_label: str
    code: str  # the deal's code, shown on its own button (tap: copy the link)
    code_label: str


def toolbar(g: game.Solitaire, words: Messages) -> Toolbar:
    left = g.redeals_left
    # a position names its game where its first word says its kind (a relative of Forty
    # Thieves: "FT2-C"); else its family's code ("CR1": Crescent Four's rules read the same)
    named = g.code or "-" in g.WORD
    name = words.text(f"game_{g.kind}") if named else g.GAME
    return Toolbar(
        can_undo=g.can_undo,
        can_redo=g.can_redo,
        redeal=words.text("redeal", n=left) if left else words.text("no_redeals"),
        can_redeal=g.redeal_allowed and g.status != "won",  # a redeal then only spends one
        can_draw="stock" in g.PLACES and bool(g.cards("stock")),
        moves=words.text("stat_moves", n=g.moves),
        score=words.text("stat_score", n=g.score),
        board_label=words.text("board_label", game=name, code=g.code or "-"),
        code=g.code or "",
        code_label=words.text("code_label", code=g.code or "-"),
    )


def resumed_text(g: game.Solitaire, elapsed_ms: float, words: Messages) -> str:
    """What the page says when a saved game comes back: where it was left."""
    return words.text("resumed_at", moves=g.moves, time=clock(elapsed_ms))


def moves_left(g: game.Solitaire) -> int:
    """How many moves the rules allow now, a redeal aside: what a redeal would throw away."""
    return sum(1 for move in g.legal_moves() if not move.is_redeal)


def redeal_question(g: game.Solitaire, words: Messages) -> str | None:
    """The question Redeal asks first ("N moves are still possible — redeal anyway?"), or
    None when no move is left (a redeal is then the only way on)."""
    left = moves_left(g)
    if not left:
        return None
    return words.count("redeal_text", left)


def announcement(result: Outcome, g: game.Solitaire, words: Messages, explain: bool) -> str | None:
    """What to say after an input (``g`` as it is now); None leaves the last words up.
    ``explain`` is the interactive-rules setting: say why a move is refused, or just no."""
    if result.kind == "moved" and result.move is not None:
        src, dst, size = result.move
        card = words.card(g.cards(dst)[-size])  # a run's lowest card names it
        if src == "stock":  # (three a draw: how many, and the one on top, the one that plays)
            drawn = g.last_drawn
            if drawn > 1:
                return words.count("drawn_several", drawn, card=card)
            return words.text("drawn", card=card)
        if result.move.turns_up:
            return words.text("turned_up", card=card)
        return words.text("moved", card=card, place=place_name(g, dst, words)) + filled(g, words)
    if result.kind == "refused":
        if not explain:
            return words.text("refused")
        if result.reason == "no_destination" and result.place:
            return words.text("no_destination", card=taken(g, result.place, result.size, words))
        return words.refusal(result.reason or "")
    if result.kind == "selected" and result.place:
        return words.text("selected", card=taken(g, result.place, result.size, words))
    if result.kind == "deselected":
        return words.text("deselected")
    return None


def filled(g: game.Solitaire, words: Messages) -> str:
    """The words after a move that the rules followed with a fill (" Column 3 filled from the
    waste: …"), else none."""
    column = g.last_fill
    if column is None:
        return ""
    card = words.card(g.cards(column)[-1])
    if g.fill_source == "stock":  # (several cards: the one on top plays)
        count = len(g.cards(column))
        return " " + words.count("refilled", count, column=g.place(column).number, card=card)
    return " " + words.text("filled", n=g.place(column).number, card=card)


def taken(g: game.Solitaire, place: str, size: int, words: Messages) -> str:
    """The card an input took from ``place``, and the run on it where it took one."""
    card = words.card(g.cards(place)[-size])
    return card if size == 1 else words.count("run_cards", size - 1, card=card)


def won_text(g: game.Solitaire, elapsed_ms: float, words: Messages) -> str:
    """The won dialog's line: time and moves, and the score in Forty Thieves."""
    return words.count("won_text", g.moves, time=clock(elapsed_ms)) + view_of(g).won_extra(g, words)


def stats_line(kind: str, rec: Record, words: Messages) -> str:
    """One line of statistics, for the won dialog."""
    return words.text(
        "stats_line",
        game=words.text(f"game_{kind}"),
        won=rec.won,
        played=rec.played,
        rate=rec.win_rate,
        streak=rec.streak,
        best=rec.best_streak,
    )


def stats_kinds(stats: Stats, kinds: tuple[str, ...], current: str | None) -> tuple[str, ...]:
    """The games the Statistics table shows, in the records' order: those played, and the one
    on the table (fifteen columns would not read on a phone)."""
    shown = tuple(k for k in kinds if stats.record(k).played or k == current)
    return shown or kinds[:1]


def scored(kind: str) -> bool:
    """Whether a kind keeps a score (its engine's rule)."""
    return game.CLASSES[kind_or_default(kind).code].SCORED


def all_games(stats: Stats) -> Record:
    """Every game's games together: played, won and their rate (a streak, a time or a score
    belongs to one game: the sum has none)."""
    records = stats.kinds.values()
    return Record(played=sum(r.played for r in records), won=sum(r.won for r in records))


STATS_ROWS = (
    "stats_played",
    "stats_won",
    "stats_rate",
    "stats_streak",
    "stats_best_streak",
    "stats_best_time",
    "stats_fewest_moves",
    "stats_best_score",
)


def stats_column(rec: Record, words: Messages, scores: bool, one_game: bool = True) -> list[str]:
    """One game's column of the Statistics table, row by row (:data:`STATS_ROWS`); all games
    together (``one_game`` off) have only their counts and rate, the other cells empty."""
    none = words.text("stats_none")
    counts = [str(rec.played), str(rec.won), words.text("stats_percent", n=rec.win_rate)]
    if not one_game:
        return [*counts, "", "", "", "", ""]
    best_time = none if rec.best_time_ms is None else clock(rec.best_time_ms)
    fewest = none if rec.fewest_moves is None else str(rec.fewest_moves)
    score = (none if rec.best_score is None else str(rec.best_score)) if scores else ""
    return [*counts, str(rec.streak), str(rec.best_streak), best_time, fewest, score]


def stats_table(stats: Stats, kinds: tuple[str, ...], words: Messages) -> str:
    """The Statistics dialog's table (markup): one column per game and variant, and, once
    two games have been played, one for all games together. Only numbers and the catalog's
    words go in, escaped all the same."""
    heads = [words.text(f"game_{k}") for k in kinds]
    columns = [stats_column(stats.record(k), words, scored(k)) for k in kinds]
    if sum(1 for r in stats.kinds.values() if r.played) >= 2:
        heads.append(words.text("stats_all"))
        columns.append(stats_column(all_games(stats), words, False, one_game=False))
    head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in heads)
    body = "".join(
        f'<tr data-stat="{key}"><th scope="row">{html.escape(words.text(key))}</th>'
        + "".join(f"<td>{html.escape(column[n])}</td>" for column in columns)
        + "</tr>"
        for n, key in enumerate(STATS_ROWS)
    )
    return f"<table><thead><tr><td></td>{head}</tr></thead><tbody>{body}</tbody></table>"
