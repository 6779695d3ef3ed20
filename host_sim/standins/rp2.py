# CPython stand-in for MicroPython's rp2 module: the PIO assembler, and a state machine that runs
# drivers.keypad_pio_program's scan program on the simulator's virtual clock (peripherals.rp2_pio).
from peripherals.rp2_pio import PIO, PIOASMError, asm_pio
from peripherals.rp2_pio import StateMachine as _Model

__all__ = ["PIO", "PIOASMError", "StateMachine", "asm_pio"]


class StateMachine(_Model):
    """The model, scanning every scan_us of `clock` (host_sim.clock.VirtualClock, set by
    VirtualUnit as it sets the keypad timer's) while active, as a hardware event: also while
    a firmware step is busy."""

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
        self._next_us += self.scan_us
        self._handle = self.clock.call_at(self._next_us, self._tick)
        self.scan()
