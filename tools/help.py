"""Build the help and rules pages: ``help/<lang>/<game>.md`` (plus the language's shared
``app.md``: the controls and the keys) -> ``_site/help/<lang>/<game>.html``.

One Markdown source per language and game, so a translator edits prose, not HTML; the page
around it (title, back link, links between games and languages) comes from
``help/chrome.json``. The pages load only the site's stylesheet and ``static/help.js``
(which carries the deal's code from ``#CODE`` to the back link): no inline style or script,
so they keep the game's Content-Security-Policy. ``python -m tools.help [OUT]``.
"""

from __future__ import annotations

import json
import re
import sys
from html import escape, unescape
from pathlib import Path

import markdown

from game.kinds import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
SOURCE = "help"
GAMES = tuple(dict.fromkeys(kind.help_page for kind in REGISTRY))  # the help pages, in order
RTL = {"ar"}
ARIA_CURRENT = ' aria-current="page"'
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'none'"
)


def chrome(root: Path = ROOT) -> dict[str, dict[str, str]]:
    """Each language's words around the text: ``{lang: {key: text}}``, languages in order."""
    data: dict[str, dict[str, str]] = json.loads(
        (root / SOURCE / "chrome.json").read_text(encoding="utf-8")
    )
    return data


# a key combination, <kbd>Ctrl</kbd>+<kbd>Z</kbd>: kept on one line, left to right even in
# an Arabic page (each <kbd> box is an inline block, which the bidi algorithm would reorder)
COMBO = re.compile(r"<kbd>[^<]+</kbd>(?:\+<kbd>[^<]+</kbd>)+")


# In a right-to-left page, what is written left to right inside a sentence: a card (A♠,
# 10♥), or Latin words with the codes' hyphens and a code's trailing "-…" or "-" (CR1-N-…,
# Crescent Four, La Belle Lucie). Each is isolated (<bdi>), or the bidi algorithm sends its
# trailing punctuation to the other side ("…FT1-N-", "♠A"); a list of cards stays a list read
# right to left, each card a unit. Not after "&" (an entity) nor inside <code> or <kbd>.
_WORD = r"[A-Za-z][A-Za-z0-9]*(?:['’][A-Za-z]+)?"
LATIN_RUN = re.compile(
    rf"(?<![&\w])(?:(?:10|[2-9AKQJ])[♠♥♦♣]|{_WORD}(?:[- ]{_WORD}|-[0-9]+)*(?:-…|-(?=\s)|…)?)"
)
_TAG = re.compile(r"(<[^>]+>)")
# a table's cell that holds a game's code (FT1-J): kept on one line, not broken at its hyphen
CODE_CELL = re.compile(r"<td>([A-Z]{2}\d-[A-Z])</td>")


def isolate_latin(html: str) -> str:
    """``html`` of a right-to-left page with each left-to-right run of its text in <bdi>."""
    out, inside = [], 0  # inside <code> or <kbd>: kept as it is (the stylesheet isolates it)
    for part in _TAG.split(html):
        if part.startswith("<"):
            name = re.match(r"</?(\w+)", part)
            if name and name[1] in ("code", "kbd"):
                inside += -1 if part.startswith("</") else 1
        elif not inside:
            part = LATIN_RUN.sub(lambda m: f"<bdi>{m[0]}</bdi>", part)
        out.append(part)
    return "".join(out)


def body(lang: str, game: str, root: Path = ROOT) -> str:
    """The page's text as HTML: the game's rules, then the controls and keys of the app."""
    folder = root / SOURCE / lang
    text = (folder / f"{game}.md").read_text(encoding="utf-8")
    text += "\n\n" + (folder / "app.md").read_text(encoding="utf-8")
    html = markdown.markdown(text, extensions=["tables", "sane_lists"], output_format="html")
    html = COMBO.sub(lambda m: f'<span class="combo">{m[0]}</span>', html)
    html = CODE_CELL.sub(r'<td class="code">\1</td>', html)
    return isolate_latin(html) if lang in RTL else html


def scrolling_tables(html: str, label: str) -> str:
    """Each table in a region of its own that scrolls sideways when the table is wider than
    a phone (the family's has seven columns), so the page itself never does; it takes
    focus, so a keyboard can scroll it too. A region is named by the section it is in
    (landmarks have names of their own)."""
    out, heading, names = [], "", set()
    for part in re.split(r"(<h2>.*?</h2>|<table>)", html):
        if part.startswith("<h2>"):
            heading = escape(unescape(re.sub(r"<[^>]+>", "", part)))
        elif part == "<table>":
            name = f"{heading}: {escape(label)}" if heading else escape(label)
            while name in names:
                name += " ·"
            names.add(name)
            part = f'<div class="wide" role="region" tabindex="0" aria-label="{name}"><table>'
        out.append(part)
    return "".join(out).replace("</table>", "</table></div>")


def page(lang: str, game: str, words: dict[str, dict[str, str]], root: Path = ROOT) -> str:
    """One standalone page, with links back to the game (``../../``, the deal's code added by
    help.js) and to the other game's page and the other languages' pages."""
    w = words[lang]
    rtl = lang in RTL
    title = w["title"].format(game=w[game])
    games = "".join(
        f'<a href="{g}.html"{ARIA_CURRENT if g == game else ""}>{escape(w[g])}</a>' for g in GAMES
    )
    langs = "".join(
        f'<li><a href="../{code}/{game}.html" lang="{code}" hreflang="{code}"'
        f"{ARIA_CURRENT if code == lang else ''}>{escape(other['name'])}</a></li>"
        for code, other in words.items()
    )
    alternates = "".join(
        f'\n<link rel="alternate" hreflang="{code}" href="../{code}/{game}.html">'
        for code in words
        if code != lang
    )
    return f"""<!doctype html>
<html lang="{lang}" dir="{"rtl" if rtl else "ltr"}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{escape(title)} · {escape(w["site"])}</title>
<link rel="icon" href="../../static/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="../../static/help.css">{alternates}
<script src="../../static/help.js" defer></script>
</head>
<body>
<header class="help-bar">
<a class="back" href="../../" data-back>{"→" if rtl else "←"} {escape(w["back"])}</a>
<nav class="games" aria-label="{escape(w["games"])}">{games}</nav>
</header>
<main>
<h1>{isolate_latin(escape(title)) if rtl else escape(title)}</h1>
{scrolling_tables(body(lang, game, root), w["table"])}
</main>
<footer>
<nav class="languages" aria-label="{escape(w["languages"])}"><ul>{langs}</ul></nav>
</footer>
</body>
</html>
"""


def build(out: Path, root: Path = ROOT) -> list[Path]:
    """Write every language's page of every game under ``out/help/``; returns their paths."""
    words = chrome(root)
    written = []
    for lang in words:
        folder = out / "help" / lang
        folder.mkdir(parents=True, exist_ok=True)
        for game in GAMES:
            path = folder / f"{game}.html"
            path.write_text(page(lang, game, words, root), encoding="utf-8")
            written.append(path)
    return written


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "_site"
    pages = build(out)
    print(f"{out}/help: {len(pages)} pages, {sum(p.stat().st_size for p in pages)} bytes")


if __name__ == "__main__":
    main()
