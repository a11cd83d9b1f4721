"""Game codes, the shuffle and the golden deals that pin it."""

import random
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import game
from game.codes import DEAL_COUNT, KINDS, GameCode, SplitMix64, random_code, shuffled_pack

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "golden").glob("??[0-9]-*.txt"))


def test_deal_numbers_are_big_endian_base32():
    assert GameCode.parse("CR1-N-AAAAAAA").deal == 0
    assert GameCode.parse("CR1-N-AAAAAAB").deal == 1
    assert GameCode.parse("CR1-N-AAAAABA").deal == 32
    assert GameCode.parse("FT1-N-7777777").deal == DEAL_COUNT - 1 == 2**35 - 1
    assert str(GameCode("FT1", "N", 32)) == "FT1-N-AAAAABA"


def test_parsing_accepts_lower_case_and_surrounding_spaces():
    code = GameCode.parse("  cr1-f-aaaaaab \n")
    assert (code.game, code.variant, code.deal, str(code)) == ("CR1", "F", 1, "CR1-F-AAAAAAB")
    assert code.name == "Crescent Four"


@pytest.mark.parametrize(
    "text, error, names",
    [
        ("", game.BadCodeFormat, "''"),
        ("CR1N-AAAAAAB", game.BadCodeFormat, "CR1N-AAAAAAB"),
        ("CR1-N-AAAA-AAB", game.BadCodeFormat, "CR1-N-AAAA-AAB"),
        ("CR1 - N - AAAAAAB", game.BadCodeFormat, "CR1 - N - AAAAAAB"),
        ("XX1-N-AAAAAAB", game.UnknownGame, "'XX1'"),
        ("CR2-N-AAAAAAB", game.UnknownGame, "'CR2'"),
        ("FT1-F-AAAAAAB", game.UnknownVariant, "'F' for FT1"),
        ("CR1-Q-AAAAAAB", game.UnknownVariant, "'Q' for CR1"),
        ("CR1-N-AAAAAB", game.BadDeal, "'AAAAAB'"),
        ("CR1-N-AAAAAAAB", game.BadDeal, "'AAAAAAAB'"),
        ("CR1-N-AAAAAA1", game.BadDeal, "'AAAAAA1'"),
        ("CR1-N-AAAAAA8", game.BadDeal, "'AAAAAA8'"),
        ("CR1-N-", game.BadDeal, "''"),
        ("CR1-N-AAAAAÄB", game.BadCodeFormat, "AAAAAÄB"),
    ],
)
def test_bad_codes_raise_a_clear_value_error(text, error, names):
    with pytest.raises(error) as err:
        game.new(text)
    assert isinstance(err.value, ValueError) and isinstance(err.value, game.CodeError)
    assert names in str(err.value)


def test_game_code_objects_check_their_fields():
    with pytest.raises(game.BadDeal):
        GameCode("CR1", "N", DEAL_COUNT)
    with pytest.raises(game.BadDeal):
        GameCode("CR1", "N", -1)
    with pytest.raises(game.UnknownVariant):
        GameCode("FT1", "F", 0)
    with pytest.raises(game.BadCodeFormat):
        GameCode.parse(12)


def test_random_code_is_reproducible_with_an_rng_and_valid():
    a = random_code("FT1", "N", random.Random(7))
    assert a == random_code("FT1", "N", random.Random(7))
    assert GameCode.parse(str(a)) == a and a.game == "FT1"
    assert random_code().game == "CR1"


@given(st.sampled_from([("CR1", "N"), ("CR1", "F"), ("FT1", "N")]), st.integers(0, DEAL_COUNT - 1))
def test_codes_round_trip(kind, deal):
    code = GameCode(kind[0], kind[1], deal)
    text = str(code)
    assert len(text) == 13 and GameCode.parse(text) == code
    assert GameCode.parse(text.lower()) == code
    assert game.new(text).code == text


def test_splitmix64_matches_the_published_reference_outputs():
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_the_shuffle_is_a_permutation_of_two_decks():
    for deal in (0, 1, 12345, DEAL_COUNT - 1):
        cards = shuffled_pack(deal)
        assert sorted(cards) == sorted(game.CARDS + game.CARDS)
    assert shuffled_pack(1) != shuffled_pack(2)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_an_independent_javascript_shuffle_deals_the_same_cards():
    for deal in (0, 1, 77, 2**20 + 3, DEAL_COUNT - 1):
        out = subprocess.run(
            ["node", str(ROOT / "docs" / "shuffle.mjs"), str(deal)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        assert out == [str(c) for c in shuffled_pack(deal)]


def test_golden_files_cover_three_codes_or_more_per_game():
    names = [p.stem for p in GOLDEN]
    assert sum(n.startswith("CR1") for n in names) >= 3
    assert sum(n.startswith("FT1") for n in names) >= 3
    assert {"-".join(n.split("-")[:2]) for n in names} == set(KINDS)  # every game's deal


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_deals_never_change(path):
    assert game.new(path.stem).position() == path.read_text()


def test_crescent_deal_follows_the_documented_procedure():
    cards = shuffled_pack(5)
    for base in ("AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC"):
        cards.remove(game.Card.parse(base))
    g = game.new("CR1-N-AAAAAAF")
    for k in range(16):
        assert list(g.cards(f"t{k + 1}")) == cards[k::16]


def test_forty_thieves_deal_follows_the_documented_procedure():
    cards = shuffled_pack(5)
    g = game.new("FT1-N-AAAAAAF")
    for k in range(10):
        assert list(g.cards(f"t{k + 1}")) == cards[k:40:10]
    assert list(g.cards("stock")) == cards[40:]
    top = g.cards("stock")[-1]
    g.play("stock", "waste")
    assert g.cards("waste") == (top,) and top == cards[103]


@pytest.mark.parametrize(
    "text", ["CR1-N-AAAAAſB", "CR1-N-AAAAAıB", "ＣR1-N-AAAAAAB", "CR1-N-AAAAAAB\u00a0"]
)
def test_look_alikes_of_a_code_are_not_read_as_it(text):
    """Unicode upper-casing would turn these into a real code ("ſ" -> "S", "ı" -> "I")."""
    with pytest.raises(game.BadCodeFormat, match="ASCII"):
        GameCode.parse(text)


def test_a_long_bad_code_is_not_echoed_whole():
    with pytest.raises(game.CodeError) as caught:
        GameCode.parse("CR1-N-" + "A" * 100_000)
    assert len(str(caught.value)) < 200
