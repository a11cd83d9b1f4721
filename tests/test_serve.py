"""tools/serve.py: the built site as GitHub Pages serves it, gzip-encoded when asked."""

import gzip
import urllib.error
import urllib.request

from tools.serve import serve


def fetch(url: str, encoding: str | None) -> tuple[str | None, bytes]:
    headers = {"Accept-Encoding": encoding} if encoding else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
        return response.headers.get("Content-Encoding"), response.read()


def fetch_range(url: str, wanted: str) -> tuple[int, str | None, bytes]:
    request = urllib.request.Request(url, headers={"Range": wanted, "Accept-Encoding": "gzip"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers.get("Content-Range"), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Range"), b""


def test_gzip_is_sent_as_pages_sends_it_and_only_when_asked(tmp_path):
    page, snapshot = b"<!doctype html>" + b"<p>words</p>" * 200, gzip.compress(b"memory" * 100)
    (tmp_path / "index.html").write_bytes(page)
    (tmp_path / "snapshot.bin.gz").write_bytes(snapshot)
    server, url = serve(tmp_path, gzip=True)
    try:
        encoding, body = fetch(f"{url}index.html", "gzip, deflate")
        assert encoding == "gzip" and gzip.decompress(body) == page and len(body) < len(page)
        assert fetch(f"{url}index.html", None) == (None, page)  # a client that did not ask
        assert fetch(f"{url}snapshot.bin.gz", "gzip") == (None, snapshot)  # the page inflates it
    finally:
        server.shutdown()
    server, url = serve(tmp_path)  # the tests' server: as the files are
    try:
        assert fetch(f"{url}index.html", "gzip") == (None, page)
    finally:
        server.shutdown()


def test_a_range_of_a_file_is_sent_as_asked_and_logged_with_its_bytes(tmp_path):
    """The page downloads the boot snapshot in ranges (static/boot.js), as Pages serves them."""
    packed = bytes(range(256)) * 40  # 10 240 bytes
    (tmp_path / "snapshot.bin.gz").write_bytes(packed)
    server, url = serve(tmp_path, gzip=True)
    try:
        assert fetch_range(f"{url}snapshot.bin.gz", "bytes=0-4095") == (
            206,
            "bytes 0-4095/10240",
            packed[:4096],
        )
        assert fetch_range(f"{url}snapshot.bin.gz", "bytes=8192-99999") == (
            206,
            "bytes 8192-10239/10240",
            packed[8192:],
        )
        assert fetch_range(f"{url}snapshot.bin.gz", "bytes=20000-") == (416, "bytes */10240", b"")
        assert [(status, size) for _path, status, size in server.log] == [
            (206, 4096),
            (206, 2048),
            (416, 0),
        ]
    finally:
        server.shutdown()
