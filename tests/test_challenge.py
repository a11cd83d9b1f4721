"""A challenge's result says the time the won dialog says."""

from __future__ import annotations

import pytest

from game.ui.address.challenge import Challenge
from game.ui.text.messages import Messages, clock

WORDS = Messages.load()


@pytest.mark.parametrize("ms", [68_900.0, 68_000.0, 68_499.0, 59_999.0, 3_600_999.0])
def test_a_challenges_time_is_the_won_dialogs(ms):
    """The won dialog said 1:08 and the challenge 1:09 (it rounded, the timer truncates)."""
    mine = Challenge.of(140, ms)
    assert clock(mine.seconds * 1000) == clock(ms)
    assert clock(ms) in Challenge(150, 999).result(140, ms, WORDS)
