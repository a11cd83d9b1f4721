"""The help pages (tools/help.py): every language's page of every game, standalone, with its
language and direction, the rules' refusal quotes of the seeds, the keys, and links that all
lead to files of the built site; and the game's Help link (game.ui.address.links.help_href)."""

import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from game.codes import KINDS
from game.forty_thieves import FAMILY as FORTY
from game.kinds import FORTY_THIEVES, REGISTRY
from game.ui.address.links import HELP_LANGUAGES, help_href
from tools import catalogs, help
from tools.site import STATIC

KEYS = ["Tab", "←", "→", "↑", "↓", "Home", "End", "Enter", "Esc", "U", "Z", "Shift", "Y"]
KEYS += ["R", "D", "H", "N", "Ctrl"]
# the reference app's refusals, as the seeds word them (000 Arabic, 001 Bulgarian)
QUOTES = {
    "ar": [
        "«هذه الكومة ممتلئة؛ اختر وجهة أخرى»",
        "«يجب أن تكون من النوع نفسه»",
        "«يجب أن تكون برتبة أعلى أو أدنى»",
        "«لا يمكن الوضع على كومة فارغة»",
        "«قاعدة الأساس مقفلة»",
        "«لا توجد إعادة توزيع»",
    ],
    "bg": [
        "„Тази колона е пълна; изберете друго място“",
        "„Трябва да е от същата боя“",
        "„Трябва да е със стойност по-висока или по-ниска“",
        "„Не може да се постави върху празна колона“",
        "„Базата на основата е заключена“",
        "„Няма преразпределения“",
    ],
}


class Page(HTMLParser):
    """What a test reads in a page: <html>'s attributes, h1s, kbds, links, scripts, styles."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.html: dict[str, str | None] = {}
        self.h1: list[str] = []
        self.kbd: list[str] = []
        self.links: list[str] = []
        self.loads: list[str] = []
        self.inline = 0  # style attributes and inline scripts: the CSP forbids them
        self.title = ""
        self._in: str | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.html = a
        if "style" in a:
            self.inline += 1
        if tag == "script":
            self.inline += "src" not in a
            self.loads.append(a.get("src") or "")
        if tag == "link" and a.get("rel") in ("stylesheet", "icon", "alternate"):
            self.loads.append(a["href"] or "")
        if tag == "a":
            self.links.append(a["href"] or "")
        if tag in ("h1", "kbd", "title"):
            self._in = tag
            if tag != "title":
                getattr(self, tag).append("")

    def handle_endtag(self, tag):
        self._in = None if tag == self._in else self._in

    def handle_data(self, data):
        if self._in == "title":
            self.title += data
        elif self._in:
            getattr(self, self._in)[-1] += data


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    written = help.build(out)
    assert len(written) == len(HELP_LANGUAGES) * len(help.GAMES)
    return out


def read(site: Path, lang: str, game: str) -> Page:
    return Page((site / "help" / lang / f"{game}.html").read_text(encoding="utf-8"))


def test_the_languages_are_the_apps_and_the_games_the_codes():
    assert tuple(help.chrome()) == HELP_LANGUAGES
    assert sorted({kind.help_page for kind in REGISTRY}) == sorted(help.GAMES)
    assert "static/help.css" in STATIC and "static/help.js" in STATIC  # shipped by make site


@pytest.mark.parametrize("lang", HELP_LANGUAGES)
@pytest.mark.parametrize("game", help.GAMES)
def test_every_page_is_whole_in_its_language(site, lang, game):
    page = read(site, lang, game)
    assert page.html == {"lang": lang, "dir": "rtl" if lang == "ar" else "ltr"}
    words = help.chrome()[lang]
    assert len(page.h1) == 1 and words[game] in page.h1[0]
    assert page.title.startswith(page.h1[0])
    assert set(KEYS) <= {part for k in page.kbd for part in k.split("+")}, page.kbd
    assert len(page.kbd) >= 22  # the space bar too, named in the language
    assert page.inline == 0
    text = (site / "help" / lang / f"{game}.html").read_text(encoding="utf-8")
    assert "<table>" in text  # the keys (and, for Forty Thieves, the score)
    if game == "forty-thieves":
        assert "1185" in text and "+10" in text and "−15" in text.replace("-15", "−15")
        # the family's codes: one line each (help.css), not "FT1-" over "J" on a phone
        family = [kind for kind in REGISTRY if kind.family is FORTY_THIEVES]
        codes = re.findall(r'<td class="code">(?:<bdi>)?FT\d-\w(?:</bdi>)?</td>', text)
        assert len(codes) == len(family)
    else:
        assert "Crescent Four" in text and "13" in text


@pytest.mark.parametrize("lang", sorted(QUOTES))
def test_the_seeds_refusals_are_quoted(site, lang):
    text = " ".join((site / "help" / lang / "crescent.html").read_text(encoding="utf-8").split())
    for quote in QUOTES[lang]:
        assert quote in text, quote


def test_bulgarian_cards_are_written_as_the_seed_writes_them(site):
    text = (site / "help" / "bg" / "crescent.html").read_text(encoding="utf-8")
    assert "R♠" in text and "2♥ 9♣ V♦ V♦" in text and "Поп" in text and "Преразпредели" in text
    assert "إعادة التوزيع" in (site / "help" / "ar" / "crescent.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", HELP_LANGUAGES)
@pytest.mark.parametrize("game", help.GAMES)
def test_every_link_leads_to_a_file_of_the_site(site, lang, game):
    """The back link, the other game, the other languages, the stylesheet and script: all
    relative, all files of the built site (index.html for ``../../``)."""
    page = read(site, lang, game)
    here = f"http://site/help/{lang}/{game}.html"
    shipped = {"index.html", *(p for p in STATIC if "." in p.rsplit("/", 1)[-1])}
    targets = page.links + page.loads
    assert "../../" in page.links
    assert {f"../{other}/{game}.html" for other in HELP_LANGUAGES} <= set(page.links)
    assert {f"{g}.html" for g in help.GAMES} <= set(page.links)
    for href in targets:
        url = urlsplit(urljoin(here, href))
        assert url.netloc == "site", href  # nothing from another host
        path = url.path.lstrip("/") or "index.html"
        path = path + "index.html" if path.endswith("/") else path
        assert (site / path).is_file() or path in shipped, href


@pytest.mark.parametrize(
    ("lang", "code", "href"),
    [
        ("en", "CR1-N-AAAAAAB", "./help/en/crescent.html#CR1-N-AAAAAAB"),
        ("ar", "CR1-F-7777777", "./help/ar/crescent.html#CR1-F-7777777"),
        ("bg", "FT1-N-AAAABCD", "./help/bg/forty-thieves.html#FT1-N-AAAABCD"),
        ("fr-CA", "FT1-N-AAAABCD", "./help/fr/forty-thieves.html#FT1-N-AAAABCD"),
        ("de", "FT1-N-AAAABCD", "./help/en/forty-thieves.html#FT1-N-AAAABCD"),
        ("", None, "./help/en/crescent.html"),
    ],
)
def test_the_help_link_names_the_game_the_language_and_the_deal(lang, code, href):
    assert help_href(lang, code) == href


def test_the_back_link_script_takes_only_a_deal_code():
    script = (help.ROOT / "static" / "help.js").read_text()
    pattern = re.search(r"/(\^#.*?\$)/i", script).group(1)
    assert re.fullmatch(pattern, "#CR1-N-AAAAAAB", re.I)
    assert not re.fullmatch(pattern, "#CR1-N-AAAAAAB/t1-f2")
    assert not re.fullmatch(pattern, "#<script>")


# a name that is the same word in the language as in English (a first name)
# (Maria, Lucas, Waterloo, Floradora: PySolFC's French catalog keeps it)
SAME_AS_ENGLISH = {("fr", "FT1-M"), ("fr", "FT1-U"), ("fr", "FT2-W"), ("fr", "FT2-F")}


@pytest.mark.parametrize("lang", HELP_LANGUAGES)
def test_each_game_has_one_name_in_each_language(lang):
    """Issue 48, 11: Forty Thieves was "Quarante Voleurs" in Arabic and its relatives English
    in Arabic, Bulgarian and Kazakh, and Kazakh named Forty Thieves two ways. Each game has
    one name in each language: the catalog's (the picker, the manifest's shortcuts), which
    the help's header, its tables of the games and its paragraphs on each relative use. Only
    Crescent keeps its name (the reference app's, in every language)."""
    names = {kind: catalogs.texts(catalogs.read(lang))[f"game_{kind}"] for kind in KINDS}
    english = {kind: catalogs.texts(catalogs.read("en"))[f"game_{kind}"] for kind in KINDS}
    words = help.chrome()[lang]
    assert (words["crescent"], words["forty-thieves"]) == (names["CR1-N"], names["FT1-N"])
    tabled, described = {}, {}
    for game in help.GAMES:
        text = (help.ROOT / "help" / lang / f"{game}.md").read_text(encoding="utf-8")
        tabled |= dict(
            (kind, name) for name, kind in re.findall(r"^\| ([^|]+?) \| (\w+-\w) \|", text, re.M)
        )
        described |= {
            kind: name for name, kind in re.findall(r"\*\*([^*]+)\*\* \((\w+-\w)\)", text)
        }
    assert tabled == names  # every game in a table, by its name
    assert described == {k: names[k] for k in described} and len(described) >= 10
    for kind in KINDS:
        if kind in FORTY and lang != "en":
            assert names[kind] != english[kind] or (lang, kind) in SAME_AS_ENGLISH, kind
            if lang != "fr":  # a name in a language not written in Latin letters has none
                assert not any("a" <= c.lower() <= "z" for c in names[kind]), kind


@pytest.mark.parametrize("game", help.GAMES)
def test_latin_inside_an_arabic_page_is_isolated(site, game):
    """Issue 48, 11: inside an Arabic sentence a code's trailing "-…", a card's suit or a
    Latin name's punctuation went to the wrong side. Every left-to-right run of an Arabic
    page's text is in <bdi> (a code in <code>, a key in <kbd>, isolated by the stylesheet); a
    list of cards stays a list, each card a unit; a left-to-right page has no <bdi>."""
    text = (site / "help" / "ar" / f"{game}.html").read_text(encoding="utf-8")
    main = text.split("<main>")[1].split("</main>")[0]
    for run in ("FT1-N-…", "CR1-N-AAAAAAB", "Crescent Four", "CR1-F-…"):
        assert f"<bdi>{run}</bdi>" in main, run
    if game == "crescent":
        assert "<bdi>A♠</bdi>" in main and "<bdi>2♥</bdi> <bdi>9♣</bdi> <bdi>J♦</bdi>" in main
    bare = re.sub(r"<(bdi|code|kbd)>.*?</\1>", "", main)
    bare = unescape(re.sub(r"<[^>]+>", "", bare))
    assert re.findall(r"[A-Za-z]+", bare) == []
    assert "<bdi>" not in (site / "help" / "fr" / f"{game}.html").read_text(encoding="utf-8")
    assert "code { direction: ltr; unicode-bidi: isolate; }" in (
        help.ROOT / "static" / "help.css"
    ).read_text(encoding="utf-8")
