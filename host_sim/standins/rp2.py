# CPython stand-in for MicroPython's rp2 module: the PIO assembler, and a state machine that runs
# drivers.keypad_pio_program's scan program on the simulator's virtual clock (peripherals.rp2_pio).
from peripherals.rp2_pio import _MASK32, PIO, PIOASMError, asm_pio
from peripherals.rp2_pio import StateMachine as _Model

__all__ = ["PIO", "PIOASMError", "StateMachine", "asm_pio"]


class StateMachine(_Model):
    """The model, scanning every scan_us of `clock` (host_sim.clock.VirtualClock, set by
    VirtualUnit as it sets the keypad timer's) while active, as a hardware event: also while
    a firmware step is busy.

    A scan that finds what the last one found (no switch moved, nothing chatters, the reading
    pushed already) only counts itself (scans, and the unchanged scans in x). Such scans, this
    one and the following ones the clock reaches before its next other event in the advance
    under way, run at once, as one event: nothing else happens between them (events run one at
    a time, the firmware's tasks between advances), and the next scan, re-armed after them, is
    ordered among the other events as it would have been (after those already waiting, before
    those scheduled from now on). 1,000 scans a virtual second, most of a quiet unit's events."""

    def __init__(self, id=0, program=None, **settings) -> None:
        self.clock = None
        self._handle = None
        self._next_us = 0
        super().__init__(id, program, **settings)

    def active(self, value=None):
        if value is not None:
            if value and not self.running:
                if self.clock is None:
                    raise RuntimeError("the simulator's StateMachine has no clock: set .clock")
                self._next_us = self.clock.now_us + self.scan_us
                self._handle = self.clock.call_at(self._next_us, self._tick)
            elif not value and self._handle is not None:
                self.clock.cancel(self._handle)
                self._handle = None
        return super().active(value)

    def _tick(self) -> None:
        clock = self.clock
        due = self._next_us
        scans = self._quiet_scans(due, clock)
        if scans:
            self.scans += scans
            self.x = (self.x - scans) & _MASK32
            last = due + (scans - 1) * self.scan_us
            if last > clock.now_us:
                clock.now_us = last
            self._next_us = last + self.scan_us
            self._handle = clock.call_at(self._next_us, self._tick)
            return
        self._next_us = due + self.scan_us
        self._handle = clock.call_at(self._next_us, self._tick)
        self.scan()

    def _quiet_scans(self, due: int, clock) -> int:
        """How many scans from `due` on (this one first) would only count themselves and come
        before anything else can happen: 0 when this one may find a change."""
        if not self.running or self.stalled or self.steady is None or clock.until_us is None:
            return 0
        steady = self.steady()
        if steady is None or steady != self._steady or self._reading != self.y:
            return 0
        bound = clock.until_us
        upcoming = clock.next_event_us()
        if upcoming is not None and upcoming <= bound:
            bound = upcoming - 1  # a scan due with it comes after it: it was waiting first
        return 1 + max(0, (bound - due) // self.scan_us)
