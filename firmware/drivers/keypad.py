# Keypad matrix: sampled apart from the asyncio tasks, turned into press and release events.
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
# (_record).
#
# There are no diodes, so three pressed corners of a rectangle make the fourth read pressed too:
# such a sample cannot be trusted and is skipped. Keys already down at the first sample (held
# through power-up, or while the keypad was replaced) produce nothing until released; their
# release is still reported (the machine ignores a release it never saw go down, and the
# settings gesture waits for it).
from array import array

from compat.const import const
from compat.ticks import ticks_diff

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from typing import Any

    from machine import Pin

_RING = const(32)  # changes kept between two drains (a power of two); a 40 ms stall needs about 8
_RING_MASK = const(_RING - 1)
_WRAP = const(2 * _RING - 1)  # ring indices count modulo 2 * _RING, so "full" and "empty" differ
_TICKS_HALF = const(1 << 29)  # compat.ticks: ticks_ms wraps at 2**30 on every port
_TICKS_MASK = const((1 << 30) - 1)
_PRESS = const(1)  # Keypad.PRESS, Keypad.RELEASE: folded into the code that queues events
_RELEASE = const(2)
_DEBOUNCE_MS = const(15)  # Keypad.debounce_ms: a 25 ms tap always holds this long
_QUEUE_LEN = const(16)  # Keypad.queue_len (a power of two)
_QUEUE_MASK = const(_QUEUE_LEN - 1)


class Keypad:
    # These two are read-only: the grammar's code has them folded in (_DEBOUNCE_MS, _QUEUE_LEN).
    debounce_ms = _DEBOUNCE_MS  # a reading must hold this long to count
    queue_len = _QUEUE_LEN  # events kept between pops; when full the oldest is dropped
    period_ms = 5  # the timer's sampling period
    interrupt_wakes = True  # the sampler's interrupt also wakes the task at deadlines
    PRESS = 1
    RELEASE = 2  # (what a long press means, the rules decide: rules.machine times holds)

    def __init__(self, rows: "list[Pin]", cols: "list[Pin]", keymap, timer=None):
        """timer: a machine.Timer to sample from (None: scan() reads the matrix itself)."""
        n_rows = len(rows)
        n_cols = len(cols)
        if n_rows * n_cols > 30:
            raise ValueError("keypad matrix too large")  # a reading stays a small int
        if len(keymap) != n_rows:
            raise ValueError("keymap needs one row per row pin")
        self._rows = tuple(rows)
        self._cols = tuple(cols)
        self._n_cols = n_cols
        self._n_keys = n_rows * n_cols
        names = []
        used = 0
        for r in range(n_rows):
            if len(keymap[r]) != n_cols:
                raise ValueError("keymap needs one entry per column pin")
            for c in range(n_cols):
                names.append(keymap[r][c])
                if keymap[r][c] is not None:
                    used |= 1 << (r * n_cols + c)
        self._names = tuple(names)  # flat, index r * n_cols + c: also the key's bit
        # A key's bit -> its index: the grammar visits only the keys whose bits are set.
        self._index_of = {1 << i: i for i in range(n_rows * n_cols)}
        self._used = used
        self._row_mask = (1 << n_cols) - 1
        # One bit per key: last reading, debounced.
        self._seen = 0
        self._down = 0
        self._started = False  # the first reading is the baseline: keys in it are muted
        self._changed_at = [0] * self._n_keys  # when the key's reading last changed
        self._ev_kind = bytearray(_QUEUE_LEN)
        self._ev_key = bytearray(_QUEUE_LEN)
        self._ev_head = 0
        self._ev_count = 0
        self.dropped = 0  # events lost to a full queue
        self.ambiguous = 0  # samples rejected for ghost keys
        self.changes = 0  # events produced since the keypad was built (PRESS, RELEASE)
        # The interrupt side: a ring of (ticks_ms, reading) changes, written only by _sample.
        self._timer = timer
        self.sampled = timer is not None  # True: the task need only wake on the flag
        self._times = array("i", [0] * _RING)
        self._readings = array("i", [0] * _RING)
        self._w = 0  # written by the interrupt only
        self._r = 0  # written by the task only
        self._last = -1  # the last reading sampled (-1: none yet)
        self.overruns = 0  # changes that found the ring full (the newest replaced the last)
        self._flag: Any = None
        self._clock: Any = None
        self._due = 0  # the task's next deadline, for the interrupt to wake it at
        self._armed = False
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
            self._last = -1
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
        self._armed = False

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
        if bits != self._last:
            self._record(self._clock(), bits)
            self._flag.set()
        elif self._armed and ticks_diff(self._clock(), self._due) >= 0:
            self._armed = False
            self._flag.set()

    def _record(self, t: int, bits: int) -> None:
        """Puts one change into the ring (the interrupt side's only writer: no allocation)."""
        w = self._w
        if (w - self._r) & _WRAP == _RING:
            self.overruns += 1
            w = (w - 1) & _WRAP  # full: the newest reading replaces the last one kept
        self._times[w & _RING_MASK] = t
        self._readings[w & _RING_MASK] = bits
        self._w = (w + 1) & _WRAP
        self._last = bits

    # ---- the task side: the grammar -----------------------------------------------------------

    # Frames: MicroPython puts the frame of a call whose locals and stack exceed 11 words (8
    # with an exception handler) on the heap, at every call: a hundred microseconds and more
    # on the chip. The grammar's methods are written to stay under that (tools/frames.py
    # lists the firmware's functions that do not), so a keypress allocates no frame.

    def scan(self, now_ms: int) -> int:
        """Brings the events up to now_ms: replays the timer's samples (or, without a timer,
        reads the matrix once, at now_ms); queues events; returns how many."""
        before = self.changes
        if not self.sampled:
            if not self._rows_low:
                self.start()
            self._feed(now_ms, self.read())
        else:
            r = self._r
            while r != self._w:
                self._feed(self._times[r & _RING_MASK], self._readings[r & _RING_MASK])
                r = (r + 1) & _WRAP
                self._r = r
        # When every key's reading agrees with its debounced state there is no deadline and
        # nothing to settle: most scans.
        due = self._settle(now_ms) if self._seen != self._down else -1
        if self.sampled:
            if due >= 0:
                self._due = due
                self._armed = True  # after _due: the interrupt reads them in that order
            else:
                self._armed = False
        return self.changes - before

    def wake_in(self, now_ms: int) -> int:
        """How long the task may sleep before it must scan unwoken, in ms; -1: until the flag.
        The timer's interrupt sets the flag at every deadline itself (see _sample); a sampler
        that does not (interrupt_wakes False) leaves the next deadline to the task."""
        if self.interrupt_wakes or not self._armed:
            return -1
        wait = ticks_diff(self._due, now_ms)
        return wait if wait > 0 else 0

    def _feed(self, t: int, bits: int) -> None:
        """One reading taken at t, in time order."""
        if bits & (bits - 1) and self._ghosts(bits):
            self.ambiguous += 1
            return
        bits &= self._used
        if not self._started:
            self._baseline(t, bits)
            return
        if self._seen != self._down:
            self._settle(t)
        changed = bits ^ self._seen
        if changed:
            self._seen = bits
            while changed:
                mask = changed & -changed
                changed ^= mask
                # contact moved (or bounced): its debounce starts again
                self._changed_at[self._index_of[mask]] = t

    def _baseline(self, t: int, bits: int) -> None:
        """The first reading: keys down in it are held as down, so no PRESS comes of them;
        their RELEASE does."""
        self._started = True
        self._seen = self._down = bits
        changed_at = self._changed_at
        for i in range(self._n_keys):
            changed_at[i] = t

    def _ghosts(self, bits: int) -> bool:
        """Whether two rows of a reading both read the same two columns: a rectangle, one of
        whose corners may be a ghost."""
        n_cols = self._n_cols
        n_rows = len(self._rows)
        for a in range(n_rows - 1):
            row = (bits >> (a * n_cols)) & self._row_mask
            if row & (row - 1):
                for b in range(a + 1, n_rows):
                    shared = row & (bits >> (b * n_cols))
                    if shared & (shared - 1):
                        return True
        return False

    def _settle(self, t: int) -> int:
        """Acts on every deadline due by t, in the order they fell due (debounced presses and
        releases); returns the next deadline, or -1 when none is pending."""
        while True:
            waiting = self._seen ^ self._down
            if not waiting:
                return -1
            # nearly always one key waiting: no search
            i = self._most_late(t) if waiting & (waiting - 1) else self._index_of[waiting]
            due = (self._changed_at[i] + _DEBOUNCE_MS) & _TICKS_MASK
            if ((t - due + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF < 0:
                return due  # none has fallen due: this one falls due first
            self._queue(i)

    def _most_late(self, t: int) -> int:
        """Of the keys whose reading differs from their debounced state, the one whose deadline
        fell due first, or if none has yet, falls due next (on a tie, the lower key); -1: none.
        How late a deadline is: compat.ticks.ticks_diff(t, due), written out (a call per
        waiting key was a large part of a scan)."""
        waiting = self._seen ^ self._down
        found = -1
        most = 0
        while waiting:
            mask = waiting & -waiting  # lowest key first
            waiting ^= mask
            mask = self._index_of[mask]  # now the key's index
            late = t - self._changed_at[mask] - _DEBOUNCE_MS + _TICKS_HALF
            late = (late & _TICKS_MASK) - _TICKS_HALF
            if found < 0 or late > most:
                found = mask
                most = late
        return found

    def _queue(self, index: int) -> None:
        """The key at `index` is debounced: its state flips and its event is queued (the
        oldest event is dropped when the queue is full)."""
        mask = 1 << index
        down = self._down ^ mask
        self._down = down
        self.changes += 1
        count = self._ev_count
        if count == _QUEUE_LEN:
            self._ev_head = (self._ev_head + 1) & _QUEUE_MASK
            count -= 1
            self.dropped += 1
        slot = (self._ev_head + count) & _QUEUE_MASK
        self._ev_kind[slot] = _PRESS if down & mask else _RELEASE
        self._ev_key[slot] = index
        self._ev_count = count + 1

    def pop(self):
        """The oldest queued event as (kind, key name), or None."""
        if not self._ev_count:
            return None
        slot = self._ev_head
        self._ev_head = (slot + 1) & _QUEUE_MASK
        self._ev_count -= 1
        return (self._ev_kind[slot], self._names[self._ev_key[slot]])

    def pending(self) -> int:
        return self._ev_count
