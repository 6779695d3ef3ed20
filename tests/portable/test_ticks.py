# Wrap-safe tick arithmetic matches MicroPython's time.ticks_diff (portable).
from compat.ticks import TICKS_PERIOD, ticks_add, ticks_diff


def test_plain_difference():
    assert ticks_diff(1500, 1000) == 500
    assert ticks_diff(1000, 1500) == -500


def test_difference_across_the_wrap():
    before = TICKS_PERIOD - 100
    after = ticks_add(before, 300)
    assert after == 200
    assert ticks_diff(after, before) == 300
    assert ticks_diff(before, after) == -300
