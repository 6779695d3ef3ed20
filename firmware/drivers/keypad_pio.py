# Keypad matrix scanned by an rp2 PIO state machine; the firmware only drains what changed.
#
# The state machine (program() below) scans the matrix every SCAN_MS, whatever the CPU does:
# it drives one row low at a time through the pin directions (the rows' output value is 0, so
# a row is either driven low or left open: open drain), waits for the columns to settle, and
# shifts their levels into the ISR. A whole reading that differs from the last one is pushed to
# the RX FIFO, followed by the number of scans since the last change that saw no change, and
# the state machine raises its IRQ. The FIFO is joined for RX: 8 words hold 4 changes, so a 45
# ms stall of the drain (an RP2040 flash erase runs with interrupts off) loses no 25 ms tap.
# A push into a full FIFO stalls the state machine: no change is lost, but scans stop meanwhile.
#
# The drain, PioKeypad._drain, is the IRQ's hard handler: it turns each pair of words into a
# (ticks_ms, reading) change in drivers.keypad's ring and sets the task's flag, as the timer's
# sampler does; scan() replays the ring through the same debounce and ghost rejection.
# Timestamps: the FIFO carries no time, only the scan count, and the scan period is exact (the
# PIO clock divider and ticks_ms both come from the crystal). The first change after start()
# (the baseline) is stamped with the drain's ticks_ms; each later one with the previous change's
# time plus (count + 1) x SCAN_MS. A stamp later than the drain's ticks_ms cannot be right and
# becomes ticks_ms; so does one whose count may have wrapped (_COUNT_BITS wide: 17 minutes
# without a change), since the drain then runs within microseconds of the push, or within the
# stall that held it. Keys down at the baseline are muted until released, as with the timer.
import rp2
from micropython import const

from drivers.keypad import Keypad

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from rp2.asm_pio_rp2040 import *  # noqa: F403  # the names @rp2.asm_pio gives the program

SCAN_MS = 1  # one scan of the whole matrix per millisecond
_SETTLE = const(31)  # PIO cycles a row is driven before its columns are read (175 us at 5x5)
_LOOP = const(12)  # cycles of one scan beside the rows: 3 to compare, 9 either way after it
_PAD = const(6)  # delay that makes a scan with no change as long as one with a change
_COUNT_BITS = const(20)  # the scan count's width in its FIFO word
_COUNT_SPAN = const(1 << 20)
_TICKS_MASK = const((1 << 30) - 1)  # ticks_ms wraps at 2**30 (compat.ticks)
_TICKS_HALF = const(1 << 29)

_programs: dict = {}  # (rows, columns) -> assembled program: assembled once, loaded once


def program(n_rows: int, n_cols: int) -> list:
    """The scan program for rows on consecutive pins from set_base and columns on consecutive
    pins from in_base (the row r, column c switch in bit r * n_cols + c of a reading)."""
    key = n_rows * 8 + n_cols
    prog = _programs.get(key)
    if prog is None:
        prog = _programs[key] = _assemble(n_rows, n_cols)
    return prog


def cycles(n_rows: int) -> int:
    """PIO cycles of one scan (the same with or without a change)."""
    return n_rows * (_SETTLE + 2) + _LOOP


def _assemble(n_rows: int, n_cols: int) -> list:
    # The program body sees only the DSL's names and these locals (rp2.asm_pio swaps the
    # module's globals for the DSL while it runs the body).
    settle = _SETTLE
    pad = _PAD
    count_bits = _COUNT_BITS
    last = n_rows - 1

    @rp2.asm_pio(
        set_init=[rp2.PIO.IN_LOW] * n_rows,  # rows open, output value 0 when driven
        in_shiftdir=rp2.PIO.SHIFT_LEFT,
        fifo_join=rp2.PIO.JOIN_RX,
    )
    def scan():
        # x: ~(scans with no change since the last change); y: the last reading pushed
        mov(y, invert(null))  # no reading yet: the first scan is a change (the baseline)
        wrap_target()
        label("scan")
        for r in range(last, -1, -1):  # last row first: row r lands in bits r * n_cols
            set(pindirs, 1 << r)[settle]  # only row r driven low; the others open
            in_(pins, n_cols)  # a closed switch in row r reads 0
        mov(osr, x)  # the count, aside
        mov(x, isr)
        jmp(x_not_y, "changed")
        mov(x, osr)
        jmp(x_dec, "same")  # one more scan with no change
        label("same")
        mov(isr, null)[pad]  # ISR empty for the next scan
        wrap()
        label("changed")
        mov(y, x)
        push(block)  # the reading (push empties the ISR)
        mov(x, osr)
        mov(x, invert(x))
        in_(x, count_bits)
        push(block)  # the scans with no change before this one
        irq(rel(0))  # the state machine's own IRQ flag: PioKeypad._drain
        mov(x, invert(null))
        jmp("scan")

    return scan


class PioKeypad(Keypad):
    """drivers.keypad.Keypad scanned by the rp2 state machine `sm` (rp2.StateMachine, not yet
    initialised: start() loads the program and starts it)."""

    interrupt_wakes = False  # the state machine raises its IRQ on changes only: see wake_in

    def __init__(self, rows: list, cols: list, keymap, sm) -> None:
        super().__init__(rows, cols, keymap)
        self.sampled = True
        self._sm = sm
        self._set_base = rows[0]
        self._in_base = cols[0]
        self._n_rows = len(rows)
        self._cols_n = len(cols)
        self._open = (1 << len(rows) * len(cols)) - 1  # a reading with every switch open
        self._wake: Any = None
        self._ticks: Any = None
        self._t = 0  # the stamp of the last change drained
        self._anchored = False
        self.drains = 0  # IRQ handler runs
        self.drained = 0  # changes moved into the ring

    def start(self, flag=None, clock=None) -> None:
        """Loads the scan program and starts the state machine; its IRQ drains into the ring
        and sets `flag`. clock() gives ticks_ms."""
        self._wake = flag
        self._ticks = clock
        self._anchored = False
        sm = self._sm
        sm.active(0)
        sm.init(
            program(self._n_rows, self._cols_n),
            freq=cycles(self._n_rows) * 1000 // SCAN_MS,
            set_base=self._set_base,
            in_base=self._in_base,
        )
        sm.irq(handler=self._drain, hard=True)  # the bound method is made once, here
        sm.active(1)

    def stop(self) -> None:
        self._sm.active(0)
        self._sm.irq(handler=None)
        super().stop()

    def _drain(self, sm) -> None:
        """The state machine's IRQ (a hard interrupt): no allocation, no floats. Moves every
        whole change in the RX FIFO into the ring (a lone reading waits for its count)."""
        self.drains += 1
        now = self._ticks()
        t = self._t
        while sm.rx_fifo() >= 2:
            raw = sm.get()
            count = sm.get()
            if self._anchored:
                t = (t + (count + 1) * SCAN_MS) & _TICKS_MASK
                late = ((now - t + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF
                if late < 0 or late >= _COUNT_SPAN:
                    t = now  # see the top of this file
            else:
                t = now
                self._anchored = True
            self._record(t, raw ^ self._open)  # raw: 1 for an open switch
            self.drained += 1
        self._t = t
        self._wake.set()
