"""New deal's pick from a winnable list: never the deal on the table again, deals not played
first, and words for every way it cannot give what was asked."""

from __future__ import annotations

import random

from game.ui.records.deals import Pick, pick

MARIA = {  # a short list, as Maria's: one easy deal
    "FT1-M-AAAAAA5": "easy",
    "FT1-M-AAAAAAG": "medium",
    "FT1-M-AAAAAAM": "medium",
    "FT1-M-AAAAACP": "hard",
}


def test_new_deal_never_deals_the_deal_on_the_table_again():
    """Easy, New deal five times (the page avoids the deals it dealt): the only easy deal
    once, then the others, then a random deal, each said (it gave FT1-M-AAAAAA5 each time,
    and restarted the player's game on it)."""
    rng, dealt, notices = random.Random(3), [], []
    for _ in range(5):
        chosen = pick(MARIA, "easy", set(dealt), rng)
        assert chosen.code not in dealt
        dealt.append(chosen.code)
        notices.append(chosen.notice)
    assert dealt[0] == "FT1-M-AAAAAA5" and notices[0] is None
    assert set(dealt[1:4]) == set(MARIA) - {"FT1-M-AAAAAA5"}
    assert notices[1:] == ["grade_played"] * 3 + ["winnable_played"]
    assert dealt[4] is None  # every listed deal dealt: a random deal


def test_deals_played_come_last_and_when_all_are_played_new_deal_says_so():
    rng = random.Random(1)
    played = {"FT1-M-AAAAAA5", "FT1-M-AAAAAAG", "FT1-M-AAAAAAM"}
    assert pick(MARIA, "any", played, rng) == Pick("FT1-M-AAAAACP")
    assert pick(MARIA, "easy", played, rng) == Pick("FT1-M-AAAAACP", "grade_played")
    assert pick(MARIA, "any", set(MARIA), rng) == Pick(None, "winnable_played")  # a random deal
    assert pick({}, "any", set(), rng) == Pick(None, "winnable_missing")
    assert pick({"FT1-M-AAAAAAG": "medium"}, "easy", set(), rng).notice == "grade_missing"
