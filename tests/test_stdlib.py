"""tools/stdlib.py: the trimmed standard library the page boots on."""

from __future__ import annotations

import importlib.util
import types
import zipfile
import zipimport
from pathlib import Path

from tools.stdlib import entries_for, imports_in, module_of, trim, without_docstrings

LIBRARY = {
    "json/__init__.py": '"""JSON."""\nfrom .decoder import x\n',
    "json/decoder.py": "x = 1  # a comment\n",
    "json/tool.py": "import argparse\n",
    "random.py": (
        '"""Random."""\n\ndef f():\n    """Doc."""\n\nclass C:\n    """Doc."""\n    y = 2\n'
    ),
    "big.py": "z = 3\n" * 1000,
}


def library(tmp_path: Path) -> Path:
    path = tmp_path / "full.zip"
    with zipfile.ZipFile(path, "w") as out:
        out.writestr("json/", "")
        for name, text in LIBRARY.items():
            out.writestr(name, text)
    return path


def test_a_module_needs_its_file_and_its_packages():
    names = set(LIBRARY) | {"json/"}
    assert entries_for("json.decoder", names) == ["json/__init__.py", "json/", "json/decoder.py"]
    assert entries_for("random", names) == ["random.py"]
    assert entries_for("game.core", names) == []  # not the library's
    assert entries_for("json.nothing", names) == []


def test_a_file_of_the_library_names_its_module_as_source_or_bytecode():
    assert module_of("json/__init__.py") == module_of("json/__init__.pyc") == "json"
    assert module_of("json/decoder.pyc") == "json.decoder"
    assert module_of("encodings/cp437.py") == "encodings.cp437"


def test_the_trimmed_library_holds_exactly_what_was_imported(tmp_path):
    out = tmp_path / "trimmed.zip"
    held = trim(library(tmp_path), ["json", "json.decoder", "random", "sys", "game"], out)
    assert held == ["json", "json.decoder", "random"]
    with zipfile.ZipFile(out) as trimmed:
        assert sorted(trimmed.namelist()) == [
            "json/",
            "json/__init__.py",
            "json/decoder.py",
            "random.py",
        ]
        assert trimmed.read("random.py").decode() == LIBRARY["random.py"]  # not stripped


def test_stripped_modules_keep_their_code_and_lose_their_docstrings(tmp_path):
    out = tmp_path / "trimmed.zip"
    trim(library(tmp_path), ["random", "json.decoder"], out, strip=True)
    with zipfile.ZipFile(out) as trimmed:
        text = trimmed.read("random.py").decode()
        assert "Doc" not in text and "Random" not in text
        assert "a comment" not in trimmed.read("json/decoder.py").decode()
    space: dict[str, object] = {}
    exec(compile(text, "random.py", "exec"), space)
    assert space["C"].y == 2 and space["f"]() is None  # type: ignore[attr-defined]


def test_compiled_modules_import_from_the_zip_with_no_source(tmp_path):
    """What every boot imports is bytecode (of the Python running the build: here CPython,
    in the build Pyodide's): zipimport runs it with no source beside it, its docstrings are
    gone, and a traceback names the library's path and the source's own line. The rest
    stays source."""
    out = tmp_path / "trimmed.zip"
    held = trim(
        library(tmp_path),
        ["json", "json.decoder", "random"],
        out,
        strip=True,
        compiled={"json", "random"},
    )
    assert held == ["json", "json.decoder", "random"]
    with zipfile.ZipFile(out) as trimmed:
        assert sorted(trimmed.namelist()) == [
            "json/",
            "json/__init__.pyc",
            "json/decoder.py",
            "random.pyc",
        ]
        assert trimmed.read("random.pyc")[:4] == importlib.util.MAGIC_NUMBER
        assert "a comment" not in trimmed.read("json/decoder.py").decode()
    finder = zipimport.zipimporter(str(out))
    assert finder.get_source("random") is None  # no source shipped
    module = types.ModuleType("random")
    exec(finder.get_code("random"), module.__dict__)
    assert module.C.y == 2 and module.f() is None
    assert module.__doc__ is None and module.C.__doc__ is None and module.f.__doc__ is None
    assert module.f.__code__.co_firstlineno == 3  # as in the source, docstrings and all
    init = finder.get_code("json")
    assert init.co_filename == f"{tmp_path / 'full.zip'}/json/__init__.py"


def test_a_function_left_with_only_its_docstring_still_parses():
    assert without_docstrings('def f():\n    """Only this."""\n') == "def f():\n    pass\n"


def test_lazy_imports_anywhere_in_the_game_are_found(tmp_path):
    (tmp_path / "a.py").write_text(
        "import os, json.decoder\nfrom game import core\nfrom . import b\n"
        "def f():\n    import heapq\n    from collections import deque\n    import js\n"
    )
    assert imports_in(tmp_path) == {"os", "json.decoder", "heapq", "collections"}
