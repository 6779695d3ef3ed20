# The rp2 PIO program that scans the keypad matrix; the firmware only drains what it pushes.
#
# The state machine (program() below) scans the matrix every SCAN_MS, whatever the CPU does:
# it drives one row low at a time through the pin directions (the rows' output value is 0, so
# a row is either driven low or left open: open drain), waits for the columns to settle, and
# shifts their levels into the ISR. A whole reading that differs from the last one is pushed to
# the RX FIFO, followed by the number of scans since the last change that saw no change, and
# the state machine raises its IRQ. The FIFO is joined for RX: 8 words hold 4 changes, so a 45
# ms stall of the drain (an RP2040 flash erase runs with interrupts off) loses no 25 ms tap.
# A push into a full FIFO stalls the state machine: no change is lost, but scans stop meanwhile.
# Imported by PioKeypad.start() (drivers/pio_keypad.py), not at build: loading it interns the
# DSL's names (2.4M wasm fuel in the bench), a one-off the first frame need not wait for.
#
# The drain, drivers.pio_keypad.PioKeypad._drain, is the IRQ's hard handler: it turns each pair of
# words into a (ticks_ms, reading) change in the keypad's ring and sets the task's flag, as the
# timer's sampler does; scan() replays the ring through the same debounce and ghost rejection.
# Timestamps: the FIFO carries no time, only the scan count, and the scan period is exact (the
# PIO clock divider and ticks_ms both come from the crystal). The first change after start()
# (the baseline) is stamped with the drain's ticks_ms; each later one with the previous change's
# time plus (count + 1) x SCAN_MS. A stamp later than the drain's ticks_ms cannot be right and
# becomes ticks_ms; so does one whose count may have wrapped (_COUNT_BITS wide: 17 minutes
# without a change), since the drain then runs within microseconds of the push, or within the
# stall that held it. Keys down at the baseline are muted until released, as with the timer.
import rp2
from micropython import const

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from rp2.asm_pio_rp2040 import *  # noqa: F403  # the names @rp2.asm_pio gives the program

SCAN_MS = 1  # one scan of the whole matrix per millisecond
_SETTLE = const(31)  # PIO cycles a row is driven before its columns are read (175 us at 5x5)
_LOOP = const(12)  # cycles of one scan beside the rows: 3 to compare, 9 either way after it
_PAD = const(6)  # delay that makes a scan with no change as long as one with a change
_COUNT_BITS = const(20)  # the scan count's width in its FIFO word (drivers.keypad's drain)

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
