"""The boot snapshot of a build (tools/site.py): made under Node by ``tools/snapshot.mjs``, or
taken back from ``.cache/snapshots/`` where a build from the same inputs kept it (a rebuild,
the tests' builds: ~1 s instead of ~10 s). Each copy is checked by its SHA-256s before use.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide" / "package.json"
TOOL = ROOT / "tools" / "snapshot.mjs"  # the builder's own tool and node_modules
FILES = ("static/stdlib.zip", "static/snapshot.bin.gz", "static/snapshot.json")
KEPT = ROOT / ".cache" / "snapshots"  # made before, by their inputs (not committed)
KEEP = 4  # the checkout's and the tests' changed builds


def inputs(page_files: list[str], root: Path) -> str:
    """What the snapshot is made of: the page's files as they are unpacked (the Python and the
    catalogs, not the archive's compressed bytes, which depend on the zlib at hand), the tools
    that make it and Pyodide's version."""
    digest = hashlib.sha256()
    for rel in page_files:
        digest.update(rel.encode() + b"\0" + (root / rel).read_bytes())
    for tool in (TOOL, ROOT / "tools" / "stdlib.py", PYODIDE_PACKAGE):
        digest.update(tool.read_bytes())
    return digest.hexdigest()[:16]


def make(out: Path, game_hash: str, inputs_hash: str) -> None:
    """The trimmed library and the memory snapshot of the site in ``out``: the copy kept from
    the same inputs, checked by its SHA-256s once copied, or made under Node (~10 s) and kept
    for the next build."""
    kept = KEPT / inputs_hash
    try:
        os.utime(kept)  # recently used: kept longest
        for rel in FILES:
            shutil.copy2(kept / Path(rel).name, out / rel)
        if intact(out / "static"):  # the copies themselves: whole, and of one making
            return
    except OSError:  # none kept, or taken away meanwhile (another build's clean-up)
        pass
    subprocess.run(["node", str(TOOL), str(out), game_hash], check=True, cwd=ROOT)
    # written aside, then renamed into place: a build beside this one (make -j, pytest -n)
    # finds a whole copy or none, and a copy that checks is never replaced
    aside = KEPT / f".{inputs_hash}.{os.getpid()}"
    aside.mkdir(parents=True, exist_ok=True)
    for rel in FILES:
        shutil.copy2(out / rel, aside / Path(rel).name)
    if kept.is_dir() and not intact(kept):
        shutil.rmtree(kept, ignore_errors=True)
    elif kept.exists() and not kept.is_dir():
        kept.unlink()
    try:
        aside.rename(kept)
    except OSError:  # another build kept the same inputs' snapshot first
        shutil.rmtree(aside, ignore_errors=True)
    prune()


def prune() -> None:
    """Keep the KEEP used last (~6 MB each), and no copy left half-written by a build
    that was stopped (an hour old)."""

    def used(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:  # another build's clean-up took it
            return 0.0

    by_use = sorted(KEPT.glob("[!.]*"), key=used, reverse=True)
    stale = [p for p in KEPT.glob(".*") if used(p) < time.time() - 3600]
    for old in by_use[KEEP:] + stale:
        shutil.rmtree(old, ignore_errors=True)


def intact(kept: Path) -> bool:
    """Are the kept files the ones snapshot.json describes?"""
    try:
        info = json.loads((kept / "snapshot.json").read_text())
        snapshot = gzip.decompress((kept / "snapshot.bin.gz").read_bytes())
        library = (kept / "stdlib.zip").read_bytes()
        return bool(
            hashlib.sha256(snapshot).hexdigest() == info["sha256"]
            and hashlib.sha256(library).hexdigest() == info["stdlib"]["sha256"]
        )
    except (OSError, ValueError, EOFError, KeyError, TypeError):  # (BadGzipFile: an OSError)
        return False
