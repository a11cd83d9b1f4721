"""make site: exactly the files to deploy, and a service worker listing each one's hash."""

import gzip
import hashlib
import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from game.codes import KINDS, kind_slug
from game.ui.board import escape
from game.ui.boot import IMPORT_ORDER, START
from game.ui.games import controls_by_kind
from game.ui.text.languages import LANGUAGES
from tools import catalogs, manifests, snapshots
from tools.imports import leaf_first
from tools.site import (
    ARCHIVE,
    ENTRY,
    NOT_IN_THE_PAGE,
    ROOT,
    archive_members,
    boot_files,
    build,
    copy_sources,
    later_files,
    localize,
    words_block,
)
from tools.snapshots import intact

# (@pytest.mark.build: a test that builds a whole site, ~1 s, or ~12 s where the snapshot is
# made under Node (inputs no build here made before: tools/snapshots.py keeps them in
# .cache/snapshots/); make test runs it, make check does not)
CATALOG = catalogs.texts(catalogs.read("en"))  # the English catalog (locale/en.po)


def worker_files(site: Path) -> tuple[str, list]:
    text = (site / "sw.js").read_text()
    version = re.search(r'const VERSION = "(\w+)"', text).group(1)
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text).group(1))
    return version, files


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One site built from the sources, for the tests that read it."""
    site = tmp_path_factory.mktemp("built") / "site"
    build(site)
    return site


@pytest.mark.skipif(
    not (ROOT / "static" / "vendor" / "pyodide").is_dir(), reason="needs `make build`"
)
@pytest.mark.build
def test_the_site_holds_the_page_and_nothing_else(built):
    site = built
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
        ARCHIVE,
        ENTRY,
        *(f"static/data/winnable-{kind_slug(kind)}.txt" for kind in KINDS),
    ]:
        assert needed in names, needed
    assert not [
        n
        for n in names
        if n.startswith(("tests/", "e2e/", "bench/", "node_modules/", "tools/", "docs/", ".venv/"))
    ]
    assert [n for n in names if n.endswith(".py")] == [ENTRY]  # the rest is in the archive:
    with zipfile.ZipFile(site / ARCHIVE) as archive:
        assert archive.namelist() == [*archive_members(), IMPORT_ORDER]
        order = json.loads(archive.read(IMPORT_ORDER))  # the entry script's, at boot
        assert order == leaf_first([START]) and order[-1] == START
        assert {f"static/messages/{lang}.mo" for lang in LANGUAGES} <= set(archive.namelist())
        assert not [n for n in archive.namelist() if n.endswith(NOT_IN_THE_PAGE)]
    assert "game/__main__.py" not in names and not [n for n in names if n.endswith(".map")]
    page = (site / "index.html").read_text()
    total = sum((site / rel).stat().st_size for rel in boot_files(site))  # the loading screen's
    words = localize((ROOT / "index.html").read_text(), CATALOG)  # the words are in it
    words = words_block(words, ROOT / "locale")  # and the other languages' static words
    controls = escape(json.dumps(controls_by_kind()))  # each kind's optional controls
    words = words.replace("__CONTROLS__", controls).replace("__DEFAULT_CONTROLS__", "redeal")
    assert page == words.replace("__BOOT_BYTES__", str(total))
    root = BeautifulSoup(page, "html.parser").html
    assert root["data-has"] == "redeal"  # before static/watchdog.js has read the link
    table = json.loads(str(root["data-controls"]))
    assert table[""] == table["CR1-N"] == "redeal"  # a link that names no game: the default's
    assert table["FT1-N"] == "auto-place double-click draw score"
    assert set(table) == {"", *KINDS}  # every kind's: a kind with a Redeal shows it from the start
    assert 6_000_000 < total < 14_000_000
    vendored = [p for p in (site / "static/vendor").rglob("*") if p.suffix in (".js", ".mjs")]
    assert not [p for p in vendored if b"sourceMappingURL" in p.read_bytes()]  # maps not shipped
    later = later_files(site)  # what the service worker keeps only once the page used it
    assert "static/vendor/pyodide/python_stdlib.zip" in later
    assert {"static/snapshot.bin.gz", "static/snapshot.json"} <= set(later)  # the page's, later
    lines = {p.relative_to(site).as_posix() for p in site.glob("static/data/lines/*.txt")}
    assert lines and lines <= set(later)  # a deal's, on its first Hint (not before)
    assert any("codemirror" in p for p in later) and any("xterm" in p for p in later)
    assert not [p for p in later if re.search(r"/core[-.]", p)]  # core.js and its chunk: always
    assert "<option" not in (ROOT / "index.html").read_text()  # only there: one list of games


@pytest.mark.skipif(
    not (ROOT / "static" / "vendor" / "pyodide").is_dir(), reason="needs `make build`"
)
@pytest.mark.build
def test_the_worker_lists_every_file_with_its_hash_and_versions_change(
    built, tmp_path, monkeypatch
):
    # each build's snapshot is the first one's: making one for new game code is Node's ~15 s
    # on a fresh clone, and its revision, what this test reads, is that of its inputs
    # (tools/site.py), whatever the bytes (e2e/test_page_snapshot.py boots real ones)
    first: list[tuple[str, str]] = []  # (game hash, inputs hash) of the first build
    make = snapshots.make

    def first_snapshot(out: Path, game_hash: str, inputs_hash: str) -> None:
        if not first:
            first.append((game_hash, inputs_hash))
        make(out, *first[0])

    monkeypatch.setattr(snapshots, "make", first_snapshot)
    site = built
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
    sources = copy_sources(tmp_path / "src")  # the same sources, one file changed: a new version
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
    build(recompiled, root=sources)  # new game code: a new snapshot (made, or kept from a
    # run before), a new revision for it
    changed_paths = {p for p, h in worker_files(recompiled)[1] if dict(new_files).get(p) != h}
    assert {
        ARCHIVE,  # (game/cards.py in it)
        "static/snapshot.bin.gz",
        "static/snapshot.json",
        "static/pyodide-snapshot.mjs",
    } <= changed_paths


def test_the_page_is_built_with_every_word_in_it():
    page = localize((ROOT / "index.html").read_text(), CATALOG)
    # the picker's button names the default game (Python names the game dealt, once ready)
    assert '<span class="game-name" data-msg="game_CR1-N">Crescent</span>' in page
    assert 'data-msg-placeholder="picker_search" placeholder="Find a game by name"' in page
    assert '<title data-msg="title">Crescent &amp; Forty Thieves</title>' in page
    for key, attrs, text in re.findall(r'data-msg="([\w-]+)"([^>]*)>([^<]*)<', page):
        values = dict(re.findall(r'data-msg-(\w+)="([^"]*)"', attrs))
        assert text, f"{key} is empty"
        assert text == CATALOG[key].format(**values).replace("&", "&amp;"), key
    assert ">Time 0:00</span>" in page and ">Moves 0</span>" in page  # no shift when filled in
    labels = re.findall(r'data-msg-label="([\w-]+)" aria-label="([^"]*)"', page)
    assert ("game_picker", "Game") in labels
    assert all(text == CATALOG[key].replace("&", "&amp;") for key, text in labels)
    assert "Redeal (3)</button>" in page  # its {n} from data-msg-n


def test_words_are_escaped_and_a_missing_picker_is_an_error():
    catalog = {"a": 'x < "y" & z', "b": "{n} left", "label": "L&L"}
    html = (
        '<select data-action="language"></select>'
        '<p data-msg="a"></p><b data-msg="b" data-msg-n="2">'
        '</b><i data-msg-label="label"></i><input data-msg-placeholder="a">'
    )
    page = localize(html, catalog)
    assert '<p data-msg="a">x &lt; &quot;y&quot; &amp; z</p>' in page
    assert '<b data-msg="b" data-msg-n="2">2 left</b>' in page
    assert '<i data-msg-label="label" aria-label="L&amp;L"></i>' in page
    assert 'placeholder="x &lt; &quot;y&quot; &amp; z"' in page
    with pytest.raises(SystemExit):
        localize('<p data-msg="a"></p>', catalog)


def test_the_english_manifest_says_what_the_english_catalog_says():
    """manifest.webmanifest is the source of the others: its words are the catalog's."""
    source = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifests.localized(source, catalogs.words("en", ROOT / "locale"), "en") == source


def test_every_other_language_gets_its_own_manifest(tmp_path):
    shutil.copy(ROOT / "manifest.webmanifest", tmp_path)
    written = manifests.write_all(tmp_path, ROOT / "locale")
    assert sorted(p.name for p in written) == sorted(
        f"manifest-{lang}.webmanifest" for lang in LANGUAGES if lang != "en"
    )
    source = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    arabic = json.loads((tmp_path / "manifest-ar.webmanifest").read_text(encoding="utf-8"))
    words = catalogs.words("ar", ROOT / "locale")
    assert (arabic["lang"], arabic["dir"], arabic["name"]) == ("ar", "rtl", words["title"])
    assert arabic["description"] == words["description"] != source["description"]
    assert arabic["shortcuts"][1]["short_name"] == "الأربعون لصًا"  # the catalog's name
    assert [s["url"] for s in arabic["shortcuts"]] == [s["url"] for s in source["shortcuts"]]
    assert arabic["icons"] == source["icons"] and arabic["start_url"] == source["start_url"]
    for path in written:
        text = path.read_text(encoding="utf-8")
        assert "{" not in text.replace("{\n", "").replace('{"', ""), path.name  # all filled


def test_a_kept_snapshot_is_used_only_when_its_bytes_are_the_ones_described(tmp_path):
    """A rebuild from the same inputs takes the snapshot made before (tools/site.py), unless
    the copy kept in .cache/ is damaged: then it is made again."""
    snapshot, library = b"memory image" * 100, b"PK library"
    (tmp_path / "snapshot.bin.gz").write_bytes(gzip.compress(snapshot))
    (tmp_path / "stdlib.zip").write_bytes(library)
    info = {"sha256": hashlib.sha256(snapshot).hexdigest()}
    info["stdlib"] = {"sha256": hashlib.sha256(library).hexdigest()}
    (tmp_path / "snapshot.json").write_text(json.dumps(info))
    assert intact(tmp_path)
    (tmp_path / "stdlib.zip").write_bytes(library + b"!")
    assert not intact(tmp_path)
    (tmp_path / "stdlib.zip").write_bytes(library)
    (tmp_path / "snapshot.bin.gz").write_bytes(b"not gzip")
    assert not intact(tmp_path)
    (tmp_path / "snapshot.bin.gz").unlink()
    assert not intact(tmp_path)
    (tmp_path / "snapshot.bin.gz").write_bytes(gzip.compress(snapshot))
    (tmp_path / "snapshot.json").write_text('{"sha256": null}')  # JSON, but not the build's
    assert not intact(tmp_path)
