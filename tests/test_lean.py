"""The page's Python as it ships (tools/lean.py): the same program, line for line."""

import ast
from pathlib import Path

import pytest

from tools.lean import lean
from tools.site import archive_members
from tools.stdlib import docstrings_dropped

ROOT = Path(__file__).resolve().parent.parent
MODULES = [rel for rel in archive_members(ROOT) if rel.endswith(".py")]


def statements(tree: ast.AST) -> list[tuple[str, int]]:
    return [(type(n).__name__, n.lineno) for n in ast.walk(tree) if isinstance(n, ast.stmt)]


@pytest.mark.parametrize("rel", MODULES)
def test_a_shipped_module_is_its_source_without_words_on_the_same_lines(rel):
    source = (ROOT / rel).read_text()
    shipped = lean(source)
    assert len(shipped.splitlines()) == len(source.splitlines())
    assert "#" not in "".join(line.split('"')[0].split("'")[0] for line in shipped.splitlines())
    ours, reference = ast.parse(shipped), docstrings_dropped(ast.parse(source))
    assert ast.dump(ours) == ast.dump(reference)  # the same program
    assert statements(ours) == statements(reference)  # every statement on its own line


def test_what_lean_keeps_and_drops():
    source = (
        '"""Module."""\n'
        "import os  # why\n"
        "\n"
        "def f():\n"
        '    """Only words:\n'
        '    two lines."""\n'
        "\n"
        "def g():\n"
        '    """Words."""  # and a comment\n'
        '    return "# not a comment"\n'
    )
    assert lean(source) == (
        "\nimport os\n\ndef f():\n    pass\n\n\ndef g():\n"
        '    """Words."""\n    return "# not a comment"\n'
    )


def test_lines_are_counted_as_python_counts_them():
    """A form feed or a line separator inside a line is not a line end for Python."""
    assert lean("\x0clong_name = 1\nb = 2  # c\nprint(long_name, b)\n") == (
        "\x0clong_name = 1\nb = 2\nprint(long_name, b)\n"
    )
    assert lean('s = "x\u2028y"\nt = "#"  # note\nu = 4\n') == 's = "x\u2028y"\nt = "#"\nu = 4\n'
