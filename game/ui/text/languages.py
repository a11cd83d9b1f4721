"""The page's languages and which one a visit shows. Pure (no browser import).

The choice, in order: ``?lang=xx`` in the address (a link can force it), the player's stored
choice (the picker), the browser's ``navigator.languages`` (the first one we have, by its
primary subtag), English. ``static/watchdog.js`` makes the same choice before the first paint
(it sets ``<html lang dir>`` and the static words); the e2e tests check that the two agree.
"""

from __future__ import annotations

from collections.abc import Iterable

from .query import query_values

LANGUAGES = ("en", "ar", "bg", "kk", "fr", "ru")
DEFAULT = "en"
RTL = frozenset({"ar"})
LANG_KEY = "solitaire.lang"  # localStorage: the picker's choice
# each language named in itself, as the picker shows it
NATIVE = {
    "en": "English",
    "ar": "العربية",
    "bg": "Български",
    "kk": "Қазақша",
    "fr": "Français",
    "ru": "Русский",
}


def supported(tag: object) -> str | None:
    """The language of a BCP 47 tag (``"ru-KZ"`` -> ``"ru"``) if we have it, else None."""
    if not isinstance(tag, str):
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else None


def from_query(search: str) -> str | None:
    """The ``lang`` of a URL's query string (``"?lang=ar&test"``), if it names one we have:
    the first that is not blank (``?lang=&lang=ar`` is Arabic), as static/watchdog.js reads
    it before the first paint."""
    values = query_values(search.lstrip("?"), "lang")
    given = [value for value in values if value.strip()]
    return supported(given[0]) if given else None


def choose(search: str, stored: str | None, preferred: Iterable[object]) -> str:
    """The language of this visit: the URL's, the stored one, the browser's, or English."""
    for candidate in (from_query(search), supported(stored), *map(supported, preferred)):
        if candidate:
            return candidate
    return DEFAULT


def direction(lang: str) -> str:
    """``rtl`` or ``ltr``, for ``<html dir>``."""
    return "rtl" if lang in RTL else "ltr"


def with_language(search: str, lang: str) -> str:
    """The query string after the picker chose ``lang``: a ``lang`` that was in the address is
    replaced (a copied link keeps saying it); none is added when there was none."""
    parts = [part for part in search.lstrip("?").split("&") if part]
    changed = [f"lang={lang}" if part.split("=")[0] == "lang" else part for part in parts]
    return "?" + "&".join(changed) if changed != parts else search
