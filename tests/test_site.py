"""make site: exactly the files to deploy, and a service worker listing each one's hash."""

import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest

from tools.site import ROOT, build, page_python_files

pytestmark = pytest.mark.skipif(
    not (ROOT / "static" / "vendor" / "pyodide").is_dir(), reason="needs `make build`"
)


def worker_files(site: Path) -> tuple[str, list]:
    text = (site / "sw.js").read_text()
    version = re.search(r'const VERSION = "(\w+)"', text).group(1)
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text).group(1))
    return version, files


def test_the_site_holds_the_page_and_nothing_else(tmp_path):
    site = tmp_path / "site"
    build(site)
    names = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    for needed in [
        "index.html",
        "pyscript.toml",
        "sw.js",
        "manifest.webmanifest",
        ".nojekyll",
        "static/vendor/pyodide/pyodide.asm.wasm",
        "static/vendor/pyscript/core.js",
        "static/icons/icon-512.png",
        "static/messages/en.json",
        *page_python_files(),
        "static/data/winnable-crescent.txt",
        "static/data/winnable-crescent-four.txt",
        "static/data/winnable-forty-thieves.txt",
    ]:
        assert needed in names, needed
    assert not [
        n
        for n in names
        if n.startswith(("tests/", "e2e/", "bench/", "node_modules/", "tools/", "docs/", ".venv/"))
    ]
    assert not [n for n in names if n.endswith(".py") and n not in page_python_files()]
    assert "game/__main__.py" not in names and not [n for n in names if n.endswith(".map")]


def test_the_worker_lists_every_file_with_its_hash_and_versions_change(tmp_path):
    site = tmp_path / "a"
    build(site)
    version, files = worker_files(site)
    on_disk = {
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and p.name not in (".nojekyll", "sw.js")
    }  # the browser updates sw.js
    assert {path for path, _ in files} == on_disk
    for path, digest in files:
        if not path.startswith("static/snapshot."):  # their revision is that of their inputs
            assert hashlib.sha256((site / path).read_bytes()).hexdigest()[:16] == digest
    again = tmp_path / "b"
    build(again)
    assert worker_files(again)[0] == version  # same files, same version
    sources = tmp_path / "src"  # the same sources with one file changed: a new version
    for rel in [
        "index.html",
        "pyscript.toml",
        "manifest.webmanifest",
        "sw.template.js",
        "game",
        "static",
    ]:
        (sources / rel).parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / rel).is_dir():
            shutil.copytree(ROOT / rel, sources / rel)
        else:
            shutil.copy2(ROOT / rel, sources / rel)
    (sources / "static" / "app.css").write_text("body { color: red }")
    changed = tmp_path / "c"
    build(changed, root=sources)
    new_version, new_files = worker_files(changed)
    assert new_version != version
    assert [p for p, h in new_files if dict(files).get(p) != h] == ["static/app.css"]
    (sources / "game" / "cards.py").write_text(
        (ROOT / "game" / "cards.py").read_text() + "\n# v2\n"
    )
    recompiled = tmp_path / "d"
    build(recompiled, root=sources)  # new game code: a new snapshot, a new revision for it
    changed_paths = {p for p, h in worker_files(recompiled)[1] if dict(new_files).get(p) != h}
    assert {
        "game/cards.py",
        "static/snapshot.bin.gz",
        "static/snapshot.json",
        "static/pyodide-snapshot.mjs",
    } <= changed_paths
