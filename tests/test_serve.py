"""tools/serve.py: the built site as GitHub Pages serves it, gzip-encoded when asked."""

import gzip
import urllib.request

from tools.serve import serve


def fetch(url: str, encoding: str | None) -> tuple[str | None, bytes]:
    headers = {"Accept-Encoding": encoding} if encoding else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
        return response.headers.get("Content-Encoding"), response.read()


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
