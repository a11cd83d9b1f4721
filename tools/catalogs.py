"""The message catalogs: gettext ``locale/<lang>.po`` (the source), compiled with Babel.

Each catalog's msgids are the page's message keys (``msgid "undo"``); a count-dependent
message has a ``msgid_plural`` and one form per plural category of its language. The
``Plural-Forms`` header comes from Babel's CLDR data, never written by hand.

    python -m tools.catalogs compile [DIR]       the .mo files (make site: static/messages/)
    python -m tools.catalogs check               every catalog against English (the tests too)
    python -m tools.catalogs import FILE.json    {"key": {"en": …, "ar": …, …}} into the .po
    python -m tools.catalogs convert FILE.json   a flat {key: English} catalog into en.po
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.plural import to_gettext

from game.ui.text.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
COMPILED = ROOT / "static" / "messages"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
Text = str | tuple[str, ...]
HEADER = (
    "# The page's messages, {lang}: msgid = the message key (game/ui/text/messages.py).\n"
    "# Edit here; `python -m tools.catalogs check` compares it with en.po."
)
STABLE_DATE = datetime(2026, 1, 1, tzinfo=UTC)


def plural_forms(lang: str) -> str:
    """The gettext ``Plural-Forms`` of ``lang``, from CLDR (Babel). CLDR's ``e`` operand (a
    compact number's exponent) is 0 for every count the game shows, and Python's ``gettext``
    knows only ``n``, so it is written as 0."""
    header = to_gettext(Locale.parse(lang).plural_form)
    return re.sub(r"\be\b", "0", header)


def count_of_forms(lang: str) -> int:
    return int(re.search(r"nplurals=(\d+)", plural_forms(lang))[1])  # type: ignore[index]


def path(lang: str, locale: Path = LOCALE) -> Path:
    return locale / f"{lang}.po"


def new_catalog(lang: str) -> Catalog:
    catalog = Catalog(locale=lang, project="Crescent & Forty Thieves", fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", plural_forms(lang))]
    return catalog


def read(lang: str, locale: Path = LOCALE) -> Catalog:
    with path(lang, locale).open("rb") as f:
        catalog = read_po(f, locale=lang)
    # no date in the header (Babel would write today's): the same sources, the same .mo
    catalog.creation_date = catalog.revision_date = STABLE_DATE
    return catalog


def write(catalog: Catalog, lang: str, locale: Path = LOCALE) -> None:
    """Write ``catalog`` as ``locale/<lang>.po``, sorted by key, with CLDR's plural header."""
    catalog.mime_headers = [("Plural-Forms", plural_forms(lang))]
    catalog.header_comment = HEADER.format(lang=lang)
    catalog.version, catalog.msgid_bugs_address = "1", "the project's issues"
    catalog.last_translator = catalog.language_team = "the project"
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False, sort_output=True)
    text = out.getvalue().decode("utf-8")
    # Babel writes its own dates into the header: keep the file stable between runs
    text = re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*"\n', "", text)
    path(lang, locale).parent.mkdir(parents=True, exist_ok=True)
    path(lang, locale).write_text(text, encoding="utf-8")


def texts(catalog: Catalog) -> dict[str, Text]:
    """Key -> its text (a tuple of forms for a plural message)."""
    out: dict[str, Text] = {}
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        out[key] = tuple(message.string) if isinstance(message.string, tuple) else message.string
    return out


def words(lang: str, locale: Path = LOCALE) -> dict[str, str]:
    """The language's plain messages (no plural ones): what the build writes into pages."""
    return {key: text for key, text in texts(read(lang, locale)).items() if isinstance(text, str)}


def placeholders(text: Text) -> set[str]:
    forms = (text,) if isinstance(text, str) else text
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def problems(lang: str, locale: Path = LOCALE) -> list[str]:
    """What is wrong with one catalog, measured against English: a missing or extra key, an
    empty or fuzzy translation, other placeholders, a plural with the wrong number of forms
    or a header that is not CLDR's."""
    english = texts(read("en", locale))
    catalog = read(lang, locale)
    mine = texts(catalog)
    found = [f"{lang}: missing {key}" for key in sorted(english.keys() - mine.keys())]
    found += [f"{lang}: extra {key}" for key in sorted(mine.keys() - english.keys())]
    if catalog.plural_forms != plural_forms(lang):
        found.append(f"{lang}: Plural-Forms {catalog.plural_forms!r} is not CLDR's")
    for message in catalog:
        if message.id and message.fuzzy:
            found.append(f"{lang}: fuzzy {message.id!r}")
    for key in sorted(english.keys() & mine.keys()):
        theirs, ours = english[key], mine[key]
        forms = (ours,) if isinstance(ours, str) else ours
        if any(not form for form in forms):  # (a space may be the word: a separator)
            found.append(f"{lang}: empty {key}")
        if isinstance(theirs, tuple) != isinstance(ours, tuple):
            found.append(f"{lang}: {key} is plural in one catalog only")
        elif isinstance(ours, tuple) and len(ours) != count_of_forms(lang):
            found.append(f"{lang}: {key} has {len(ours)} forms, not {count_of_forms(lang)}")
        # a form may leave a count out ("ورقتان": two cards), never add a name
        if isinstance(ours, tuple):
            if placeholders(ours) - placeholders(theirs) or not placeholders(ours):
                found.append(f"{lang}: {key} placeholders differ from English")
        elif placeholders(ours) != placeholders(theirs):
            found.append(f"{lang}: {key} placeholders differ from English")
    return found


def compile_all(dest: Path = COMPILED, locale: Path = LOCALE) -> list[Path]:
    """``dest/<lang>.mo`` for every language; a catalog with a problem fails the build."""
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in LANGUAGES:
        wrong = problems(lang, locale)
        if wrong:
            raise SystemExit("\n".join(wrong))
        target = dest / f"{lang}.mo"
        compiled = io.BytesIO()
        write_mo(compiled, read(lang, locale), use_fuzzy=False)
        if not target.is_file() or target.read_bytes() != compiled.getvalue():
            # written aside, then renamed: a reader beside this (a second pytest worker, a
            # build) sees the old catalog or the new one, never half of one
            aside = target.with_name(f".{lang}.mo.{os.getpid()}")
            aside.write_bytes(compiled.getvalue())
            os.replace(aside, target)
        written.append(target)
    return written


def static_words(keys: set[str], locale: Path = LOCALE) -> dict[str, dict[str, str]]:
    """The page's static words in each language but English (the built page holds those):
    what ``static/watchdog.js`` writes into the page before its first paint."""
    out = {}
    for lang in LANGUAGES[1:]:
        mine = texts(read(lang, locale))
        out[lang] = {key: str(mine[key]) for key in sorted(keys)}
    return out


def set_text(catalog: Catalog, key: str, text: Text | list[str]) -> None:
    """Set (or replace: Babel would only merge into an existing message) one message."""
    if key in catalog:
        del catalog[key]
    if isinstance(text, str):
        catalog[key] = Message(key, text)
    else:
        catalog[key] = Message((key, key), tuple(text))


def import_file(file: Path, locale: Path = LOCALE) -> list[str]:
    """Add or replace keys from ``{"key": {"en": …, "ar": …, …}}`` (a list of forms for a
    plural); the English may come from a ``static/messages/en.json`` of the merged branch
    instead. Returns the keys imported."""
    pending = json.loads(file.read_text(encoding="utf-8"))
    flat = ROOT / "static" / "messages" / "en.json"
    english = json.loads(flat.read_text(encoding="utf-8")) if flat.exists() else {}
    catalogs = {lang: read(lang, locale) for lang in LANGUAGES}
    for key, by_lang in pending.items():
        by_lang = {"en": english.get(key), **by_lang}
        for lang in LANGUAGES:
            if not by_lang.get(lang):
                raise SystemExit(f"{file}: {key} has no {lang} text")
            set_text(catalogs[lang], key, by_lang[lang])
    for lang, catalog in catalogs.items():
        write(catalog, lang, locale)
    return list(pending)


def convert(file: Path, locale: Path = LOCALE) -> None:
    """A flat ``{key: English}`` JSON catalog as ``en.po`` (the move to gettext, once)."""
    catalog = new_catalog("en")
    for key, text in json.loads(file.read_text(encoding="utf-8")).items():
        set_text(catalog, key, text)
    write(catalog, "en", locale)


def main(argv: list[str]) -> None:
    command, *args = argv or ["compile"]
    if command == "compile":
        written = compile_all(Path(args[0]) if args else COMPILED)
        print(f"catalogs: {', '.join(p.stem for p in written)}")
    elif command == "check":
        wrong = [line for lang in LANGUAGES for line in problems(lang)]
        print("\n".join(wrong) or "catalogs: all complete")
        sys.exit(1 if wrong else 0)
    elif command == "import":
        print(f"imported {len(import_file(Path(args[0])))} keys into {LOCALE}")
    elif command == "convert":
        convert(Path(args[0]))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
