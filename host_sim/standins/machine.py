# CPython stand-in for MicroPython's machine module: the fake buses, so board files run unchanged.
from peripherals.bus import ADC, I2C, PWM, SPI, Pin

__all__ = ["ADC", "I2C", "PWM", "SPI", "Pin", "Timer", "freq", "lightsleep", "reset", "unique_id"]


class ResetRequested(Exception):
    """machine.reset() was called: the simulator reboots the unit instead of the process."""


class Timer:
    """machine.Timer on the simulator's virtual clock (host_sim.clock.VirtualClock, set as
    `clock` by VirtualUnit, as it sets the piezo's): the callback runs at its exact virtual
    times as a hardware event, also while a firmware step is busy. A periodic timer keeps its
    phase: the n-th call is at start + n * period, however late the firmware's tasks are."""

    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, **settings) -> None:
        self.id = id
        self.clock = None
        self.calls = 0  # callbacks run since power-up
        # Device-time mode (host_sim.device_time) runs each callback through this, to charge
        # the interrupt's cost on the clock: on_fire(callback, timer).
        self.on_fire = None
        self._handle = None
        self._callback = None
        self._mode = self.PERIODIC
        self._period_us = 0
        self._next_us = 0
        if settings.get("callback") is not None:
            self.init(**settings)

    def init(self, *, mode=PERIODIC, period=-1, freq=-1, callback=None, hard=True) -> None:
        """As on the chip: period in ms, or freq in Hz; a new init replaces the old one."""
        self.deinit()
        if self.clock is None:
            raise RuntimeError("the simulator's Timer has no clock: set timer.clock first")
        if freq is not None and freq > 0:
            period_us = round(1_000_000 / freq)
        elif period is not None and period > 0:
            period_us = int(period) * 1000
        else:
            raise ValueError("a Timer needs a period or a freq")
        self._mode = mode
        self._period_us = period_us
        self._callback = callback
        self._next_us = self.clock.now_us + period_us
        self._handle = self.clock.call_at(self._next_us, self._fire)

    def deinit(self) -> None:
        if self._handle is not None:
            self.clock.cancel(self._handle)
            self._handle = None
        self._callback = None

    @property
    def running(self) -> bool:
        return self._handle is not None

    def _fire(self) -> None:
        callback = self._callback
        if self._mode == self.PERIODIC:
            self._next_us += self._period_us
            self._handle = self.clock.call_at(self._next_us, self._fire)
        else:
            self._handle = None
        self.calls += 1
        if callback is not None:
            if self.on_fire is not None:
                self.on_fire(callback, self)
            else:
                callback(self)


def reset() -> None:
    raise ResetRequested()


def lightsleep(ms: int | None = None) -> None:
    """The board file's light sleep: the simulator gives each unit its own on its virtual
    clock (VirtualUnit: the board's `lightsleep`), so this one is never reached there."""
    raise RuntimeError("machine.lightsleep needs the simulator's clock (VirtualUnit sets one)")


def freq(hz: int | None = None) -> int:
    return 125000000


def unique_id() -> bytes:
    return b"\x00SIMUNIT"
