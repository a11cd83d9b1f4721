"""The six languages: complete catalogs, CLDR plurals through gettext, the choice of language,
and the board's words (card and place names) in each language."""

from __future__ import annotations

import gettext
import json
import re
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game
from game.cards import Card
from game.codes import GameCode
from game.solver.proofs import Proof
from game.ui import board, names
from game.ui.text.languages import (
    LANGUAGES,
    NATIVE,
    choose,
    direction,
    from_query,
    supported,
    with_language,
)
from game.ui.text.messages import Messages
from tools import catalogs
from tools.site import ROOT, static_keys

WORDS = {lang: Messages.load(lang) for lang in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_is_complete_and_agrees_with_english(lang):
    assert catalogs.problems(lang) == []


def test_the_check_finds_a_missing_extra_empty_fuzzy_or_misnamed_message(tmp_path):
    shutil.copytree(ROOT / "locale", tmp_path, dirs_exist_ok=True)
    fr = catalogs.read("fr", tmp_path)
    del fr["undo"]
    catalogs.set_text(fr, "not_in_english", "x")
    catalogs.set_text(fr, "redo", "")
    fr["close"].flags.add("fuzzy")
    catalogs.set_text(fr, "moved", "{card} sur {lieu}.")
    catalogs.set_text(fr, "cards", ("{n} carte", "{n} cartes"))  # French has 3 forms
    catalogs.write(fr, "fr", tmp_path)
    found = catalogs.problems("fr", tmp_path)
    for wrong in (
        "fr: missing undo",
        "fr: extra not_in_english",
        "fr: empty redo",
        "fr: fuzzy 'close'",
        "fr: moved placeholders differ from English",
        "fr: empty cards",  # its third form (Babel reads the missing one as empty)
    ):
        assert wrong in found
    with pytest.raises(SystemExit):
        catalogs.compile_all(tmp_path / "mo", tmp_path)


def test_plural_headers_are_cldrs_and_match_the_forms():
    assert catalogs.count_of_forms("ar") == 6 and catalogs.count_of_forms("ru") == 4
    assert catalogs.count_of_forms("fr") == 3 and catalogs.count_of_forms("kk") == 2
    for lang in LANGUAGES:
        header = catalogs.read(lang).plural_forms
        assert header == catalogs.plural_forms(lang)
        forms = catalogs.texts(catalogs.read(lang))["cards"]
        assert len(forms) == catalogs.count_of_forms(lang)


def test_ngettext_picks_the_russian_and_arabic_forms():
    ru, ar = WORDS["ru"], WORDS["ar"]
    assert [ru.count("cards", n) for n in (1, 2, 5, 21)] == [
        "1 карта",
        "2 карты",
        "5 карт",
        "21 карта",
    ]
    assert [ar.count("cards", n) for n in (0, 1, 2, 3, 11, 100)] == [
        "لا أوراق",
        "ورقة واحدة",
        "ورقتان",
        "3 أوراق",
        "11 ورقة",
        "100 ورقة",
    ]
    assert isinstance(ru.translations, gettext.GNUTranslations)  # the standard library's
    assert WORDS["en"].count("moves_count", 1) == "1 move"
    assert WORDS["en"].count("positions", 12345, n="12,345") == "12,345 positions"
    assert WORDS["fr"].number(1234567) == "1\u202f234\u202f567"
    assert WORDS["ru"].count("positions", 12345, n=WORDS["ru"].number(12345)) == (
        "12\u00a0345 позиций"
    )


def test_a_missing_key_is_an_error_and_an_unknown_refusal_says_not_allowed():
    with pytest.raises(KeyError):
        WORDS["bg"].text("no_such_key")
    assert WORDS["bg"].refusal("pile_full") == "Тази колона е пълна; изберете друго място"
    assert WORDS["ar"].refusal("base_locked") == "قاعدة الأساس مقفلة"
    assert WORDS["bg"].refusal("what") == "Не е позволено."


def test_the_language_is_the_links_then_the_stored_then_the_browsers_then_english():
    assert choose("?lang=ar", "bg", ["fr-FR"]) == "ar"
    assert choose("?test&lang=ru", None, []) == "ru"
    assert choose("?lang=xx", "bg", ["fr-FR"]) == "bg"  # not ours: the next one
    assert choose("", "kk", ["fr-FR"]) == "kk"
    assert choose("", "klingon", ["de-DE", "fr-CA", "ru"]) == "fr"
    assert choose("", None, ["de", "RU"]) == "ru"
    assert choose("?lang=", None, ["de", None, 3]) == "en"
    assert supported("kk_KZ") == "kk" and supported("") is None and supported(None) is None
    assert from_query("?a=1&lang=bg") == "bg" and from_query("?lang") is None
    # one reading, as static/watchdog.js's (e2e/test_page_languages.py): the first not blank
    assert from_query("?lang=&lang=ar") == "ar" and from_query("?lang=%20&lang=ar") == "ar"
    assert from_query("?lang=xx&lang=ar") is None and choose("?lang=xx&lang=ar", "bg", []) == "bg"
    assert direction("ar") == "rtl" and direction("fr") == "ltr"


def test_the_picker_keeps_a_lang_that_was_in_the_link_and_adds_none():
    assert with_language("?lang=ar&test", "fr") == "?lang=fr&test"
    assert with_language("?test&lang=ar", "ru") == "?test&lang=ru"
    assert with_language("?test", "ru") == "?test"
    assert with_language("", "bg") == ""


def test_each_language_is_named_in_itself():
    assert list(NATIVE) == list(LANGUAGES)
    assert NATIVE["ar"] == "العربية" and NATIVE["kk"] == "Қазақша"


def test_cards_and_places_are_spoken_in_each_language():
    queen, eight = Card.parse("QS"), Card.parse("8H")
    assert WORDS["en"].card(queen) == "queen of spades"
    assert WORDS["ar"].card(queen) == "ملكة البستوني"  # the seeds' words
    assert WORDS["ar"].card(eight) == "الثمانية من الكوبة"
    assert WORDS["ru"].card(queen) == "дама пик"
    assert WORDS["fr"].card(eight) == "huit de cœur"
    cr = game.new("CR1-N-AAAAAAB")
    assert names.place_name(cr, "t3", WORDS["ar"]) == "الكومة 3"
    assert names.place_name(cr, "f1", WORDS["ar"]) == "أساس تصاعدي للبستوني"
    ft = game.new("FT1-N-AAAAAAB")
    for lang, words in WORDS.items():
        for g in (cr, ft):
            for place in g.PLACES:
                label = names.place_label(g, place, words)
                assert label and "{" not in label, (lang, place)
    assert names.place_label(ft, "stock", WORDS["en"]) == ft.place_label("stock")
    assert names.place_label(cr, "t1", WORDS["en"]) == cr.place_label("t1")
    assert names.place_label(ft, "t1", WORDS["en"]) == ft.place_label("t1")


@settings(max_examples=30, deadline=None)
@given(
    code=st.sampled_from(["CR1-N", "CR1-F", "FT1-N", "FT2-R"]),  # (FT2-R: homes in colours)
    deal=st.integers(0, 10_000),
    picks=st.lists(st.integers(0, 1_000), min_size=0, max_size=150),
)
def test_the_board_in_words_is_the_engines_in_english_and_complete_in_each_language(
    code, deal, picks
):
    """Along a random game (redeals too, and a Crescent game with none left): English is the
    engine's ``describe()`` word for word; every language says every place and the counts."""
    g = game.new(str(GameCode(*code.split("-"), deal)))
    for pick in picks:
        moves = g.legal_moves()
        if not moves:
            break
        g.apply(moves[pick % len(moves)])
    assert names.describe(g, WORDS["en"]) == g.describe()
    for lang, words in WORDS.items():
        lines = names.describe(g, words).split("\n")
        assert len(lines) == len(g.PLACES) + 1, lang
        assert lines[:-1] == [names.place_label(g, p, words) + "." for p in g.PLACES]
        assert "{" not in lines[-1] and str(g.moves) in lines[-1], (lang, lines[-1])


def test_the_board_in_words_counts_redeals_in_the_languages_forms():
    cr = game.new("CR1-N-AAAAAAB")
    last = {lang: names.describe(cr, words).rsplit("\n", 1)[1] for lang, words in WORDS.items()}
    assert last["en"] == "Moves: 0; 3 redeals left."
    assert last["ru"] == "Ходы: 0; осталось 3 пересдачи."
    assert last["ar"] == "الحركات: 0؛ بقيت 3 عمليات إعادة توزيع."
    while cr.redeals_left:  # a redeal is no move
        cr.apply(game.REDEAL)
    assert names.describe(cr, WORDS["fr"]).endswith("Coups : 0 ; plus de redonne.")
    ft = game.new("FT1-N-AAAAAAB")
    assert names.describe(ft, WORDS["bg"]).endswith("Точки: 0; ходове: 0.")


def test_a_proof_of_loss_is_said_in_each_language():
    """The solver's proof is facts (card, pile, the ranks each foundation waits for); the page
    words it: the English of the CLI's reason, and each language's own sentences."""
    proof = Proof(Card.parse("AH"), 16, None, 1)
    assert WORDS["en"].proof(proof) == (
        "No winning line exists: the ace of hearts on pile 16 can never leave it. The "
        "ascending foundation can never take it. The descending foundation needs another two "
        "of hearts first, and that card stays under cards that cannot move while this one "
        "stays. No pile can ever take it."
    )
    assert "الكوبة" in WORDS["ar"].proof(proof) and "16" in WORDS["ar"].proof(proof)
    assert "двойка червей" in WORDS["ru"].proof(proof)
    both = Proof(Card.parse("7S"), 3, 5, 7)
    for lang, words in WORDS.items():
        for p in (proof, both):
            text = words.proof(p)
            assert "{" not in text and str(p.pile) in text and words.card(p.card) in text, lang
        assert words.card(Card.parse("6S")) in words.proof(both), (
            lang
        )  # what the ascending waits for
        assert words.card(Card.parse("8S")) in words.proof(both), lang


def test_the_board_speaks_and_letters_the_cards_in_the_language():
    g = game.new("CR1-N-AAAAAAB")
    layout = board.layout_for(g, 1.0)
    markup = board.render(g, layout, board.View(), WORDS["bg"])
    assert 'aria-label="Колона 1: 6 карти, ' in markup
    ranks = {text for text in WORDS["bg"].ranks}
    assert {"V", "D", "R"} <= ranks and "J" not in ranks
    assert len(WORDS["ru"].ranks) == len(WORDS["fr"].ranks) == 13


def test_the_pages_static_words_exist_in_every_language():
    keys = static_keys((ROOT / "index.html").read_text())
    assert {"new", "undo", "language", "loading", "boot_failed"} <= keys
    words = catalogs.static_words(keys | {"game_FT1-N"})
    assert set(words) == set(LANGUAGES) - {"en"}
    assert words["ar"]["game_FT1-N"] == "الأربعون لصًا"  # Ali Baba's, not the French name
    assert words["bg"]["redeal"] == "Преразпредели ({n})"


def test_pending_keys_import_into_every_catalog_in_one_command(tmp_path):
    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    pending = tmp_path / "pending.json"
    text = {lang: f"Menu ({lang})" for lang in LANGUAGES}
    forms = {lang: ["{n} x"] * catalogs.count_of_forms(lang) for lang in LANGUAGES}
    pending.write_text(json.dumps({"menu": text, "things": forms}), encoding="utf-8")
    assert catalogs.import_file(pending, tmp_path / "locale") == ["menu", "things"]
    for lang in LANGUAGES:
        assert catalogs.problems(lang, tmp_path / "locale") == []
        assert catalogs.texts(catalogs.read(lang, tmp_path / "locale"))["menu"] == text[lang]
    pending.write_text(json.dumps({"menu": {"en": "Menu"}}), encoding="utf-8")
    with pytest.raises(SystemExit, match="menu has no ar text"):
        catalogs.import_file(pending, tmp_path / "locale")


def sample_values(template: str) -> dict[str, object]:
    """Every placeholder of ``template`` filled with lower-case words, ``n`` with a number."""
    names = catalogs.placeholders(template)
    return {name: 5 if name == "n" else "queen of spades" for name in names}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sentence_that_begins_with_a_value_begins_with_a_capital(lang):
    """Issue 48, 4: "queen of spades to column 2." was said at the foot of the page. Over every
    message of the catalog: a sentence (it ends as one) whose first word is a value begins with
    a capital where the script has them; Arabic, which has none, is left as it is; a piece of
    another message ("{card} to {place}", a replay caption's move) keeps its value's case."""
    words = WORDS[lang]
    sentences = 0
    for key, text in catalogs.texts(catalogs.read(lang)).items():
        plural = not isinstance(text, str)
        t = words.translations
        template = t.ngettext(key, key, 5) if plural else t.gettext(key)
        values = sample_values(template)
        said = words.count(key, 5, **values) if plural else words.text(key, **values)
        plain = template.format(**values)
        if template.startswith("{") and template.rstrip().endswith((".", "!", "?", "…", "؟")):
            sentences += plain[0].isalpha()
            expected = plain if lang == "ar" else plain[0].upper() + plain[1:]
            assert said.replace("\u2068", "").replace("\u2069", "") == expected, key
        elif not said.startswith(("\u2068", "Queen")):
            assert said[0] == plain[0], key  # no other message changes its first letter
    assert sentences >= 1  # "moved" at least: "{card} to {place}."
    card = words.card(Card.parse("QS"))
    cr = game.new("CR1-N-AAAAAAB")
    moved = words.text("moved", card=card, place=names.place_name(cr, "t2", words))
    assert moved[0] == (card[0] if lang == "ar" else card[0].upper()) and moved[1:4] == card[1:4]
    caption = words.text("move_card", card=card, place="x")
    assert caption.startswith(card)  # a piece of a replay's caption: as it is
    assert words.alone(card)[0] == moved[0]  # the card the keyboard points at, said alone


def test_the_move_said_at_the_foot_of_the_page_begins_with_a_capital():
    assert WORDS["en"].text("moved", card="queen of spades", place="column 2") == (
        "Queen of spades to column 2."
    )
    assert WORDS["ru"].text("moved", card="дама пик", place="столбец 2").startswith("Дама пик")
    assert WORDS["en"].text("replay_caption", n=1, total=9, move="x", caption="redeal.") == (
        "Move 1 of 9: x. Redeal."  # a sentence inside a message begins with a capital too
    )


def test_a_latin_value_in_an_arabic_sentence_is_isolated_and_nothing_else_is():
    """Issue 48, 11: a game code, a link or a Latin name inside an Arabic sentence is set
    apart in Unicode isolates (FSI … PDI) where it is filled in, so the punctuation after it
    stays where the sentence puts it; an Arabic value, a number, and every value in a
    left-to-right language are left as they are."""
    ar, fsi, pdi = WORDS["ar"], "\u2068", "\u2069"
    label = ar.text("board_label", game="Crescent", code="CR1-N-AAAAAAB")
    template = ar.translations.gettext("board_label")
    assert label == template.format(game=f"{fsi}Crescent{pdi}", code=f"{fsi}CR1-N-AAAAAAB{pdi}")
    opened = ar.text("daily_opened", date="14 مارس", game="Crescent Four")
    assert opened.endswith(f"{fsi}Crescent Four{pdi}.")  # the full stop after the name
    assert ar.text("link_copied", url="https://x.example/#CR1-N-AAAAAAB").endswith(
        f"{fsi}https://x.example/#CR1-N-AAAAAAB{pdi}"
    )
    card = ar.card(Card.parse("QS"))
    moved = ar.text("moved", card=card, place="العمود 2")
    assert fsi not in moved and moved == ar.translations.gettext("moved").format(
        card=card, place="العمود 2"
    )
    assert fsi not in ar.count("moves_count", 12) and fsi not in ar.text("stat_moves", n=3)
    for lang in set(LANGUAGES) - {"ar"}:
        assert fsi not in WORDS[lang].text("board_label", game="Crescent", code="CR1-N-AAAAAAB")


def test_a_region_name_wider_than_a_card_is_condensed_to_it():
    """Issue 48, 12: Russian "Колода" (six letters, wider than a card at the region's size)
    ran into "Сброс" beside it; now a name of more than five letters is condensed to a little
    less than a card's width (the browser test measures every language's names on screen)."""
    g = game.new("FT1-N-AAAAAAB")
    markup = board.render(g, board.layout_for(g, 1.0), board.View(), WORDS["ru"])
    stock = re.search(r'<text class="region"[^>]*>Колода</text>', markup)
    assert stock is not None and 'textLength="88"' in stock[0]  # a space to its neighbour
    waste = re.search(r'<text class="region"[^>]*>Сброс</text>', markup)
    assert waste is not None and "textLength" not in waste[0]  # five letters fit


def test_a_foundation_in_alternate_colours_says_so_in_each_language():
    """Red and Black: a foundation named by its Ace's suit may hold a heart on a spade, so its
    label says how it builds (the engine's English word for word)."""
    g = game.new("FT2-R-AAAAAAB")
    assert (
        g.place_label("f1")
        == "Foundation 1, spades, up in alternate colours: ace of spades on top, 1 card"
    )
    assert names.place_label(g, "f1", WORDS["en"]) == g.place_label("f1")
    for lang, words in WORDS.items():
        assert names.place_label(g, "f1", words) != names.place_label(
            game.new("FT1-A-AAAAAAB"), "f1", words
        ), lang
