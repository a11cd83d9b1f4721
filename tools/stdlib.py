"""The page's standard library: Pyodide's ``python_stdlib.zip`` (2.5 MB of source) cut down
to the modules the game really imports and compiled, for a first visit's bytes and its boot.

The list is recorded at build time, not kept by hand: ``tools/snapshot.mjs`` boots
Pyodide with the full library, imports everything the page imports at boot (game.ui.boot)
and :data:`SAFETY`, and prints ``sys.modules``. :func:`trim` writes the zip of those
modules' files; those its boot imports (the page's boot's, and ``tomllib``, with which
the build reads ``pyscript.toml``) as bytecode of that same Python:
Pyodide's own library is source, which every first visit compiled (3.4 s of a desktop's
plain boot, most of a phone's blocking time). The snapshot is then made on the trimmed
library, after importing every recorded module from it: a module missing from the zip fails
the build (``make site``), not a player's game. The e2e run checks that nothing the page
imports comes from elsewhere.
"""

from __future__ import annotations

import ast
import importlib.util
import marshal
import zipfile
from collections.abc import Collection, Iterable
from pathlib import Path

# Imported lazily by the standard library or by PyScript in paths the boot does not take
# (an error's traceback, a text codec by name, a time parsed from text), so always shipped.
SAFETY = (
    "encodings.ascii",
    "encodings.cp437",
    "encodings.idna",
    "encodings.latin_1",
    "encodings.punycode",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_32",
    "encodings.unicode_escape",
    "encodings.raw_unicode_escape",
    "_strptime",
    "calendar",
    "copy",
    "pprint",
    "string",
    "textwrap",
    "traceback",
    "linecache",
    "tokenize",
    "codeop",
    "json",
    "base64",
    "hashlib",
    "weakref",
    "contextlib",
    "asyncio",
)

# Whole packages shipped as they are: Pyodide's own runtime (it imports parts of it on
# demand, e.g. pyodide.http for a fetch) and the event loop PyScript runs on.
PACKAGES = ("pyodide", "_pyodide", "asyncio")


def entries_for(module: str, names: set[str]) -> list[str]:
    """The zip entries that make ``module`` importable (its file, or its package's
    ``__init__.py``, and every parent package's), or [] for a module not in the zip."""
    parts = module.split(".")
    found: list[str] = []
    for depth in range(1, len(parts) + 1):
        stem = "/".join(parts[:depth])
        for candidate in (f"{stem}/__init__.py", f"{stem}.py"):
            if candidate in names:
                found.append(candidate)
                if candidate.endswith("__init__.py"):
                    found.append(f"{stem}/")
                break
        else:
            return []  # a builtin module, or one from outside the library (game, js, …)
    return found


def docstrings_dropped(tree: ast.Module) -> ast.Module:
    """``tree`` without the docstrings of its module, classes and functions (as ``python -OO``
    would drop them, but keeping ``assert``), every other node on its own line still."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            first = body[0].value if body and isinstance(body[0], ast.Expr) else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                del body[0]
                if not body:
                    body.append(ast.copy_location(ast.Pass(), first))
    return tree


def without_docstrings(source: str) -> str:
    """``source`` re-written from its syntax tree, without comments and docstrings: ~40%
    fewer bytes to download. Run under the Python the page runs (Pyodide's), which parses
    its own library's syntax."""
    return ast.unparse(docstrings_dropped(ast.parse(source))) + "\n"


def compiled_module(source: bytes, runtime_path: str) -> bytes:
    """``source`` without docstrings as a ``.pyc`` of the running Python, which must be the
    page's: an unchecked hash-based one (PEP 552), since the zip holds no source to check
    against. Its line numbers are the source's (a traceback's lines are Python's own
    library's), and its code names ``runtime_path``."""
    tree = docstrings_dropped(ast.parse(source, runtime_path))
    code = compile(tree, runtime_path, "exec", dont_inherit=True)
    unchecked_hash = (0b01).to_bytes(4, "little")  # PEP 552's flags: hash-based, not checked
    header = importlib.util.MAGIC_NUMBER + unchecked_hash + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


OUTSIDE = ("game", "js", "pyscript", "_pyscript", "polyscript", "__future__")


def imports_in(folder: Path) -> set[str]:
    """Every module the Python files under ``folder`` name in an import statement, wherever
    it is (a function's lazy import too), except the game's own and the page's runtime."""
    names: set[str] = set()
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    return {name for name in names if name.split(".")[0] not in OUTSIDE}


def import_safety() -> None:
    """Import SAFETY and every module of PACKAGES (under the full library, at build time),
    so that they and whatever they import are recorded in ``sys.modules``. A module of a
    package that cannot be imported in the browser at all (it needs a module Pyodide
    removed) is left out: nobody can use it, so nobody will miss it."""
    import contextlib
    import importlib
    import pkgutil

    for name in SAFETY:
        importlib.import_module(name)
    for package in PACKAGES:
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            if not info.name.endswith("__main__"):
                with contextlib.suppress(ImportError):
                    importlib.import_module(info.name)


def module_of(entry: str) -> str:
    """The module a library file (source or bytecode) is: ``json/__init__.pyc`` is ``json``."""
    source = entry.removesuffix("c") if entry.endswith(".pyc") else entry
    return source.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def trim(
    full: Path,
    modules: Iterable[str],
    out: Path,
    strip: bool = False,
    compiled: Collection[str] = (),
) -> list[str]:
    """Write ``out``: the entries of ``full`` that make ``modules`` importable, compressed
    as tightly as zip allows: as bytecode (without docstrings) for the modules named in
    ``compiled``, which every boot imports; as source, without docstrings if ``strip``, for
    the rest, which only some paths import and which would cost more to download compiled
    than to compile once there. Returns the module names it holds (those of ``modules``
    that come from the library)."""
    with zipfile.ZipFile(full) as source:
        names = set(source.namelist())
        wanted: set[str] = {"site-packages/"} & names
        held: set[str] = set()
        for module in modules:
            if entries := entries_for(module, names):
                wanted.update(entries)
                held.add(module)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
            for info in source.infolist():  # the full zip's order: packages before modules
                if info.filename in wanted:
                    name, data = info.filename, source.read(info)
                    if name.endswith(".py") and module_of(name) in compiled:
                        data, name = compiled_module(data, f"{full}/{name}"), f"{name}c"
                    elif strip and name.endswith(".py"):
                        data = without_docstrings(data.decode("utf-8")).encode("utf-8")
                    entry = zipfile.ZipInfo(name, date_time=info.date_time)
                    entry.external_attr = info.external_attr
                    entry.compress_type = (
                        zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
                    )
                    target.writestr(entry, data, compresslevel=9)
    return sorted(held)
