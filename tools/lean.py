"""The page's Python as it ships: without its comments and docstrings, every line where it was.

A first visit downloads the game's modules (``static/game.zip``); a third of their bytes are
words for their readers. The page never reads them (no module of the page looks at a
``__doc__``), so the build leaves them out, and keeps each remaining line on its own line
number: a traceback from a player's page points at the line in the repository.
"""

from __future__ import annotations

import ast
import io
import tokenize


def docstring_lines(source: str) -> dict[int, tuple[int, bool]]:
    """Each docstring that has its lines to itself: its first line -> (its last line, whether
    its body needs a statement in its place)."""
    lines = source.split("\n")  # as ast and tokenize count lines (not splitlines: \f, \x85)
    found: dict[int, tuple[int, bool]] = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        body = node.body
        first = body[0] if body else None
        if not (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
            and first.end_lineno is not None
            and first.end_col_offset is not None
        ):
            continue
        start, end = first.lineno, first.end_lineno
        alone = not lines[start - 1][: first.col_offset].strip() and not lines[end - 1][
            first.end_col_offset :
        ].strip(" \t;")
        if alone:
            found[start] = (end, len(body) == 1)
    return found


def lean(source: str) -> str:
    """``source`` without comments and docstrings, with the same number of lines, each code
    line on the line it had (a docstring alone in its body becomes ``pass``)."""
    lines = source.split("\n")  # as ast and tokenize count lines (not splitlines: \f, \x85)
    comments: dict[int, int] = {}  # line -> the column its comment starts at
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.start[1]
    for row, column in comments.items():
        lines[row - 1] = lines[row - 1][:column].rstrip()
    for start, (end, needs_statement) in docstring_lines(source).items():
        indent = lines[start - 1][: len(lines[start - 1]) - len(lines[start - 1].lstrip())]
        for row in range(start, end + 1):
            lines[row - 1] = ""
        if needs_statement:
            lines[start - 1] = indent + "pass"
    return "\n".join(lines)
