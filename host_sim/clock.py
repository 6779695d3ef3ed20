"""Virtual time for the simulator: a clock, ticks_ms on it, and an asyncio loop that never waits.

The loop is CPython's own selector loop with two changes: loop.time() reads the virtual clock,
and when the loop would block until its next timer, the clock jumps there instead. So the
firmware's real asyncio tasks run in the same order they would on the device, as fast as the
PC allows, and a test that waits 61 s takes milliseconds.

Besides the loop's own timers, the clock keeps a queue of hardware events: what happens on the
chip whether or not the firmware's tasks run (a machine.Timer interrupt, a key going down at an
exact moment). Every advance of the clock fires the events it passes, each at its own time, in
order. `busy_us` is the firmware computing (device-time mode charges each step's cost on the
chip this way): the clock moves on and interrupts still fire, but no task can run meanwhile.
"""

import asyncio
import heapq
import itertools
import math
import selectors

TICKS_MASK = (1 << 30) - 1  # MicroPython's ticks_ms() period


class VirtualClock:
    """Counts whole microseconds, so repeated small sleeps do not drift as floats would."""

    def __init__(self, start_ms: int = 0) -> None:
        self.now_us = start_ms * 1000
        self._events: list = []  # heap of [at_us, order, callback]; callback None: cancelled
        self._order = itertools.count()
        self.busy_total_us = 0  # time charged by busy_us since the clock started
        self.until_us: int | None = None  # where the advance_to under way stops (None: none)
        self.asleep_total_us = 0  # time passed in light sleep (sleep_us)

    @property
    def now_s(self) -> float:
        return self.now_us / 1e6

    def advance_s(self, seconds: float) -> None:
        self.advance_to(self.now_us + round(seconds * 1e6))

    def ticks_ms(self) -> int:
        return (self.now_us // 1000) & TICKS_MASK

    def ticks_us(self) -> int:
        return self.now_us & TICKS_MASK

    def ms(self) -> int:
        """Milliseconds since the clock started, never wrapping (for logs)."""
        return self.now_us // 1000

    # ---- hardware events ----------------------------------------------------------------------

    def call_at(self, at_us: int, callback) -> list:
        """callback() at virtual time at_us (not before now); returns a handle for cancel()."""
        entry = [max(int(at_us), self.now_us), next(self._order), callback]
        heapq.heappush(self._events, entry)
        return entry

    def call_later_us(self, delay_us: int, callback) -> list:
        return self.call_at(self.now_us + delay_us, callback)

    @staticmethod
    def cancel(handle: list) -> None:
        handle[2] = None

    def next_event_us(self) -> int | None:
        events = self._events
        while events and events[0][2] is None:
            heapq.heappop(events)
        return events[0][0] if events else None

    def advance_to(self, at_us: int, stop=None) -> bool:
        """Move the clock to at_us, firing every event due on the way at its own time. stop:
        a callable asked after each event; when it says True the clock stays at that event's
        time and this returns True (something woke up)."""
        events = self._events
        outer, self.until_us = self.until_us, at_us  # a callback may advance too (busy_us)
        try:
            while events and events[0][0] <= at_us:
                when, _, callback = heapq.heappop(events)
                if callback is None:
                    continue
                if when > self.now_us:
                    self.now_us = when
                callback()
                if stop is not None and stop():
                    return True
        finally:
            self.until_us = outer
        if at_us > self.now_us:
            self.now_us = at_us
        return False

    def sleep_us(self, us: int) -> None:
        """machine.lightsleep: the firmware stops for `us` with the chip's clocks off (neither
        busy nor idle in asyncio); hardware events still fire on the way."""
        if us <= 0:
            return
        self.asleep_total_us += us
        self.advance_to(self.now_us + us)

    def busy_us(self, us: int) -> None:
        """The firmware computes (or waits in a blocking call) for `us`: time passes, hardware
        events fire, and nothing else of the firmware runs until it returns."""
        if us <= 0:
            return
        self.busy_total_us += us
        self.advance_to(self.now_us + us)


class _JumpingSelector(selectors.DefaultSelector):
    def __init__(self, clock: VirtualClock, ready) -> None:
        super().__init__()
        self.clock = clock
        self._ready = ready  # True when a hardware event has made a callback ready to run

    def select(self, timeout: float | None = None):
        clock = self.clock
        if timeout is None:
            upcoming = clock.next_event_us()
            if upcoming is None:
                raise RuntimeError("virtual-time loop would wait forever: nothing is scheduled")
            clock.advance_to(upcoming, self._ready)
        elif timeout > 0:
            # Round up, and at least 1 us: a timer due a fraction of a microsecond ahead would
            # otherwise get a 0 us jump and the loop would spin on it for ever.
            clock.advance_to(clock.now_us + max(1, math.ceil(timeout * 1e6)), self._ready)
        return super().select(0)


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    def __init__(self, clock: VirtualClock) -> None:
        super().__init__(_JumpingSelector(clock, self._has_ready))
        self.clock = clock

    def _has_ready(self) -> bool:
        return bool(self._ready)  # a hardware event's callback woke a task

    def time(self) -> float:
        return self.clock.now_s
