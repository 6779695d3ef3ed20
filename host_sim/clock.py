"""Virtual time for the simulator: a clock, ticks_ms on it, and an asyncio loop that never waits.

The loop is CPython's own selector loop with two changes: loop.time() reads the virtual clock,
and when the loop would block until its next timer, the clock jumps there instead. So the
firmware's real asyncio tasks run in the same order they would on the device, as fast as the
PC allows, and a test that waits 61 s takes milliseconds.
"""

import asyncio
import math
import selectors

TICKS_MASK = (1 << 30) - 1  # MicroPython's ticks_ms() period


class VirtualClock:
    """Counts whole microseconds, so repeated small sleeps do not drift as floats would."""

    def __init__(self, start_ms: int = 0) -> None:
        self.now_us = start_ms * 1000

    @property
    def now_s(self) -> float:
        return self.now_us / 1e6

    def advance_s(self, seconds: float) -> None:
        self.now_us += round(seconds * 1e6)

    def ticks_ms(self) -> int:
        return (self.now_us // 1000) & TICKS_MASK

    def ms(self) -> int:
        """Milliseconds since the clock started, never wrapping (for logs)."""
        return self.now_us // 1000


class _JumpingSelector(selectors.DefaultSelector):
    def __init__(self, clock: VirtualClock) -> None:
        super().__init__()
        self.clock = clock

    def select(self, timeout: float | None = None):
        if timeout is None:
            raise RuntimeError("virtual-time loop would wait forever: nothing is scheduled")
        if timeout > 0:
            # Round up, and at least 1 us: a timer due a fraction of a microsecond ahead would
            # otherwise get a 0 us jump and the loop would spin on it for ever.
            self.clock.now_us += max(1, math.ceil(timeout * 1e6))
        return super().select(0)


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    def __init__(self, clock: VirtualClock) -> None:
        super().__init__(_JumpingSelector(clock))
        self.clock = clock

    def time(self) -> float:
        return self.clock.now_s
