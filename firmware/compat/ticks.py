# Wrap-safe arithmetic on time.ticks_ms values, pure integers on the device and on CPython alike.
from compat.const import const

# MicroPython's ticks_ms() wraps at 2**30 on every port (TICKS_MAX + 1); ticks_diff uses the
# same modular arithmetic, so intervals shorter than 2**29 ms (about 6.2 days) come out right.
TICKS_PERIOD = const(1 << 30)
_TICKS_HALF = const(1 << 29)
_TICKS_MASK = const((1 << 30) - 1)


def ticks_diff(later: int, earlier: int) -> int:
    """Signed ms from earlier to later, correct across one wrap of the tick counter."""
    return ((later - earlier + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF


def ticks_add(ticks: int, delta: int) -> int:
    return (ticks + delta) & _TICKS_MASK
