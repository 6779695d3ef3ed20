# The keypad scanned by an rp2 PIO state machine: its IRQ handler drains changes into the ring.
# The program and how its words are stamped: drivers/keypad_pio_program.py; the ring, debounce,
# ghost rejection and baseline muting: drivers/keypad_ring.py, as the timer's sampler's. Like
# that driver, it gives clean press and release events only; what a key means is the state
# machine's (rules.machine).
import sys

from compat.const import const
from drivers.keypad_ring import KeypadRing

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from typing import Any

_COUNT_SPAN = const(1 << 20)  # scans the count word spans (drivers.keypad_pio_program._COUNT_BITS)
_TICKS_MASK = const((1 << 30) - 1)  # ticks_ms wraps at 2**30 (compat.ticks)
_TICKS_HALF = const(1 << 29)


class PioKeypad(KeypadRing):
    """Keypad scanned by the rp2 state machine `sm` (rp2.StateMachine, not yet initialised:
    start() loads drivers.keypad_pio_program's program and starts it; see there for the words it
    pushes and how the drain stamps them)."""

    interrupt_wakes = False  # the state machine raises its IRQ on changes only: see wake_in

    def __init__(self, rows: list, cols: list, keymap, sm) -> None:
        super().__init__(rows, cols, keymap)
        self.sampled = True
        self.sm = sm
        self._set_base = rows[0]
        self._in_base = cols[0]
        self._n_rows = len(rows)
        self._cols_n = len(cols)
        self._open = (1 << len(rows) * len(cols)) - 1  # a reading with every switch open
        self._wake: Any = None
        self.ticks: Any = None
        self._scan_ms = 1
        self.t = 0  # the stamp of the last change drained
        self._anchored = False
        self.drains = 0  # IRQ handler runs
        self.drained = 0  # changes moved into the ring

    def start(self, flag=None, clock=None) -> None:
        """Loads the scan program and starts the state machine; its IRQ drains into the ring
        and sets `flag`. clock() gives ticks_ms."""
        self._wake = flag
        self.ticks = clock
        self._anchored = False
        from drivers.keypad_pio_program import SCAN_MS, cycles, program  # imports rp2

        self._scan_ms = SCAN_MS
        sm = self.sm
        sm.active(0)
        sm.init(
            program(self._n_rows, self._cols_n),
            freq=cycles(self._n_rows) * 1000 // SCAN_MS,
            set_base=self._set_base,
            in_base=self._in_base,
        )
        sm.irq(handler=self._drain, hard=True)  # the bound method is made once, here
        sm.active(1)
        # The program is in the PIO's memory now: its module (about 1 KB of code) is let go
        # until a new layout starts the keypad again.
        sys.modules.pop("drivers.keypad_pio_program", None)
        drivers = sys.modules.get("drivers")
        if drivers is not None and hasattr(drivers, "keypad_pio_program"):
            delattr(drivers, "keypad_pio_program")

    def stop(self) -> None:
        self.sm.active(0)
        self.sm.irq(handler=None)
        super().stop()

    def _drain(self, sm) -> None:
        """The state machine's IRQ (a hard interrupt): no allocation, no floats. Moves every
        whole change in the RX FIFO into the ring (a lone reading waits for its count)."""
        self.drains += 1
        now = self.ticks()
        t = self.t
        while sm.rx_fifo() >= 2:
            raw = sm.get()
            count = sm.get()
            if self._anchored:
                t = (t + (count + 1) * self._scan_ms) & _TICKS_MASK
                # how late the stamp is: compat.ticks.ticks_diff(now, t), written out
                count = ((now - t + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF
                if count < 0 or count >= _COUNT_SPAN:
                    t = now  # see drivers/keypad_pio_program.py (its count may have wrapped)
            else:
                t = now
                self._anchored = True
            self.record(t, raw ^ self._open)  # raw: 1 for an open switch
            self.drained += 1
        self.t = t
        self._wake.set()
