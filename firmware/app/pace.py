# How often the shell's periodic work runs (issue 31): the readers' cycle and the tick, fast
# while a game is played, slow once the unit has been quiet a minute or is in standby.
#
# On the chip most of an idle unit's CPU is wake-ups and reader polls: each task wake-up costs
# about 1.25 ms beside its step, a poll of an empty reader about 1.8 ms (tools/bench/
# chip_profile.json), so at the game's pace (a cycle every 120 ms, a tick every 100 ms) an idle
# unit is 7-8 % busy. "Quiet" is 10 s with no key event and nothing new on the screen: a blink,
# a countdown, a scrolling text or a turning market screen keep a unit busy, so nothing the
# players watch ever runs at the slow pace, and every deadline the tick keeps while quiet (a
# question's 15 s, the standby's minute) may fall up to a second late. The issue asked for a
# quiet minute; Electronic Banking goes to standby after one, so the awake unit would never
# have been quiet. Functions of the unit, bound as its methods (app.unit).
from compat.const import const
from compat.ticks import ticks_diff

QUIET_MS = 10000  # this long without a key or a change on the screen: the slow pace
# The readers' cycle once quiet, and in standby: a card laid in is still read within 300 ms
# (the cycle, as its field comes on at most one cycle after the card arrives).
QUIET_POLL_MS = 280
QUIET_TICK_MS = const(1000)
# Light-sleeping in standby (app.power): the readers are not polled, and the readers' task
# wakes this often (the tick runs then); a key wakes the unit at once.
_ASLEEP_MS = const(1000)


def quiet(unit, now: int) -> bool:
    """Whether the unit has been left alone QUIET_MS: no key, no card, nothing new drawn."""
    return ticks_diff(now, unit.busy_at) >= QUIET_MS


def poll_period_ms(unit, now: int) -> int:
    """From one cycle of the readers to the next (both read in each)."""
    if unit.parked:
        return _ASLEEP_MS
    if unit.active.awake and not quiet(unit, now):
        return unit.reader_poll_ms
    return QUIET_POLL_MS


def tick_period_ms(unit, now: int) -> int:
    """From one tick to the next: the slow pace also in standby, where nothing is shown."""
    if quiet(unit, now) or not unit.active.awake:
        return QUIET_TICK_MS
    return unit.tick_ms
