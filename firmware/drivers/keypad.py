# Keypad matrix sampled by a machine.Timer (or by the task itself), on drivers.keypad_ring.
#
# Wiring (set up by the board file): rows are Pin.OPEN_DRAIN (Pin.OUT also works), columns are
# Pin.IN with Pin.PULL_UP; a closed switch pulls its column low while its row is driven low.
# Between samples every row is driven low, so one read of the columns tells whether any key is
# down (an idle sample is a handful of pin reads); only when the columns read low differ from
# those of the keys last found are the rows scanned one by one. While a key is held, a probe
# of its row (released, then driven low again) is enough: see read().
#
# Two sides, as in Peter Hinch's micropython-async: with a machine.Timer (built by the board
# file), its callback samples every period_ms and only records each change of the reading, with
# its ticks_ms, in a preallocated ring, then sets a flag (an asyncio.ThreadSafeFlag) that wakes
# the keypad task. It allocates nothing, so it is valid as a hard interrupt. The task side,
# scan(), replays the samples by their timestamps (debounce, ghost rejection) into clean press
# and release events, so a task held up by a 40 ms render loses no key.
# Who owns what: this driver says only which key went down or up, cleanly. What a key means
# (holds and their times, the key that wakes the unit, a key held through power-up or the one
# that closed the settings menu) is the state machine's (rules.machine), told by the shell.
# Without a timer, scan() reads the matrix itself, once per call (the self-test, test rigs).
# On the Pico boards an rp2 PIO state machine scans instead (drivers/pio_keypad.py, its program
# in drivers/keypad_pio_program.py): its IRQ handler drains the changes into the same ring
# (drivers/keypad_ring.py, which holds the grammar both share; a PIO board loads none of this
# file).
#
# There are no diodes, so three pressed corners of a rectangle make the fourth read pressed too:
# such a sample cannot be trusted and is skipped. Keys already down at the first sample (held
# through power-up, or while the keypad was replaced) produce nothing until released; their
# release is still reported (the machine ignores a release it never saw go down, and the
# settings gesture waits for it).
from compat.const import const
from compat.ticks import ticks_diff
from drivers.keypad_ring import KeypadRing

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from typing import Any

    from machine import Pin


class Keypad(KeypadRing):
    period_ms = 5  # the timer's sampling period

    def __init__(self, rows: "list[Pin]", cols: "list[Pin]", keymap, timer=None):
        """timer: a machine.Timer to sample from (None: scan() reads the matrix itself)."""
        super().__init__(rows, cols, keymap)
        self._timer = timer
        self.sampled = timer is not None  # True: the task need only wake on the flag
        self._flag: Any = None
        self._clock: Any = None
        self._rows_low = False
        # read()'s memory of its last row scan: its reading, and when the keys in it lie in one
        # row, that row and their columns (_held_cols 0: none, the next key down is scanned).
        self._held = 0
        self._held_row = -1
        self._held_cols = 0
        self.scans = 0  # readings that scanned row by row (a key went down or moved)
        self.probes = 0  # readings that found the last scan's keys still held, by a probe

    # ---- the interrupt side ------------------------------------------------------------------

    def start(self, flag=None, clock=None) -> None:
        """Drives every row low (the idle state between samples) and, with a timer, samples
        every period_ms: each change of the reading goes into the ring and sets `flag`, as does
        the first sample after the task's next deadline. clock() gives ticks_ms."""
        rows = self._rows
        for r in range(len(rows)):
            rows[r].value(0)
        self._rows_low = True
        timer = self._timer
        if timer is not None:
            self._flag = flag
            self._clock = clock
            self.last = -1
            # The bound method is made once, here: the interrupt itself allocates nothing.
            sample = self._sample
            try:
                timer.init(mode=timer.PERIODIC, period=self.period_ms, callback=sample, hard=True)
            except TypeError:
                # A port without hard timers (rp2 before hard= existed) schedules the callback
                # between bytecodes instead: late by at most one blocking call (a page of the
                # panel, 2.9 ms), and the sample carries the time it was taken.
                timer.init(mode=timer.PERIODIC, period=self.period_ms, callback=sample)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.deinit()
        super().stop()

    def read_once(self) -> int:
        """Without a timer: one reading now (every row driven low first)."""
        if not self._rows_low:
            self.start()
        return self.read()

    def read(self) -> int:
        """One reading of the matrix, bit r * n_cols + c per closed switch (ghosts included).
        Expects every row driven low and leaves them so. Reads the columns; only when one reads
        low does it look further (_down_from)."""
        cols = self._cols
        for c in range(self._n_cols):
            if not cols[c].value():
                return self._down_from(c)
        return 0  # no column pulled low: no key is down anywhere

    def _down_from(self, first: int) -> int:
        """read() once column `first` read low: the other columns, then a probe of two row
        writes when the last scan's keys may simply still be held, else a scan of the rows."""
        cols = self._cols
        bit = 1 << first
        low = bit
        for c in range(first + 1, self._n_cols):
            bit <<= 1
            if not cols[c].value():
                low |= bit
        if low == self._held_cols:
            # With every row low, each closed switch pulls its column low, so all of them are
            # in the columns `low`. The last scan found keys in one row only, in exactly these
            # columns. Release that row: a column of `low` still read low is joined to a low
            # row through a switch in another row (a second key in a held column, or a key
            # moved); if none is, the closed switches are all in the released row, and as each
            # column of `low` needs one, they are the last scan's keys.
            row = self._rows[self._held_row]
            row.value(1)
            c = first
            bit = 1 << first
            while bit <= low:
                if low & bit and not cols[c].value():
                    break
                c += 1
                bit <<= 1
            else:
                row.value(0)
                self.probes += 1
                return self._held
            row.value(0)
        return self._scan(low)

    def _scan(self, low: int) -> int:
        """Row by row, reading only the columns `low` (a column high with every row low stays
        high with fewer); notes whether the keys found lie in one row, for read()'s probe."""
        self.scans += 1
        cols = self._cols
        rows = self._rows
        n_rows = len(rows)
        for r in range(n_rows):
            rows[r].value(1)
        bits = 0
        shift = 0
        one_row = -1  # the only row with keys in it; -2: keys in several rows
        for r in range(n_rows):
            row = rows[r]
            row.value(0)
            c = 0
            bit = 1
            found = 0
            while bit <= low:
                if low & bit and not cols[c].value():  # pulled low through a closed switch
                    found |= bit
                c += 1
                bit <<= 1
            row.value(1)
            if found:
                bits |= found << shift
                if one_row == -1:
                    one_row = r
                    self._held_cols = found
                else:
                    one_row = -2
            shift += self._n_cols
        for r in range(n_rows):
            rows[r].value(0)
        if one_row < 0:
            self._held_cols = 0  # no probe: read() scans again while any key is down
        self._held_row = one_row
        self._held = bits
        return bits

    def _sample(self, _timer=None) -> None:
        """The timer's callback (a hard interrupt on the chip): no allocation, no floats. The
        column loop is read()'s, written out here: with no key down (nearly every sample) it
        is all the interrupt does, and the clock is read only for a change or a deadline."""
        cols = self._cols
        for c in range(self._n_cols):
            if not cols[c].value():
                bits = self._down_from(c)
                break
        else:
            bits = 0
        if bits != self.last:
            self.record(self._clock(), bits)
            self._flag.set()
        elif self._armed and ticks_diff(self._clock(), self._due) >= 0:
            self._armed = False
            self._flag.set()
