"""The address's query string and percent-escapes, read as ``urllib.parse`` reads them (pure).

Not ``urllib.parse`` itself: it imports ``ipaddress``, and the two cost a first visit ~90 ms of
compiling (~0.4 s on a slow phone) to read ``?lang=ar``. tests/test_links.py checks these
against ``urllib.parse`` on any text.
"""

from __future__ import annotations

import re

ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")  # a run of escapes: the bytes of one or more chars


def unquote(text: str, errors: str = "replace") -> str:
    """``urllib.parse.unquote``: each run of ``%XX`` escapes decoded as UTF-8 (``errors`` as
    ``bytes.decode`` takes it: ``"strict"`` raises :class:`UnicodeDecodeError`); a ``%`` that
    starts no escape stays as it is."""
    if "%" not in text:
        return text

    def decoded(run: re.Match[str]) -> str:
        return bytes.fromhex(run[0].replace("%", "")).decode(errors=errors)

    return ESCAPES.sub(decoded, text)


def query_values(search: str, name: str) -> list[str]:
    """Every value of ``name`` in a query string (``"?a=1&test"``, the ``?`` optional), in
    order, blanks kept: ``urllib.parse.parse_qs(query, keep_blank_values=True).get(name, [])``."""
    query = search[1:] if search.startswith("?") else search
    values = []
    for field in query.split("&"):
        if not field:
            continue
        key, _, value = field.partition("=")
        if unquote(key.replace("+", " ")) == name:
            values.append(unquote(value.replace("+", " ")))
    return values
