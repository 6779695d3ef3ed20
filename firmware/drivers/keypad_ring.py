# The keypad's ring and grammar, whatever samples the matrix: debounce, ghosts, events.
#
# A sampler (drivers.keypad.Keypad's timer interrupt, or drivers.pio_keypad.PioKeypad's state
# machine IRQ) puts each change of the matrix's reading, with its ticks_ms, into a preallocated
# ring (record: no allocation, valid in a hard interrupt); the task side, scan(), replays the
# changes by their timestamps into clean press and release events: debounce (a reading must
# hold debounce_ms), ghost rejection (no diodes: three corners of a rectangle make the fourth
# read pressed, so such a reading is skipped) and the baseline (keys down at the first reading
# give nothing until released; their release is reported). What a key means is the state
# machine's (rules.machine). Apart from the timer's sampler (drivers/keypad.py) so that a board
# scanned by PIO loads none of it: about 2.5 KB of code on the chip (issue 27).
from array import array

from compat.const import const
from compat.ticks import ticks_diff

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from machine import Pin

_RING = const(32)  # changes kept between two drains (a power of two); a 40 ms stall needs about 8
_RING_MASK = const(_RING - 1)
_WRAP = const(2 * _RING - 1)  # ring indices count modulo 2 * _RING, so "full" and "empty" differ
_TICKS_HALF = const(1 << 29)  # compat.ticks: ticks_ms wraps at 2**30 on every port
_TICKS_MASK = const((1 << 30) - 1)
_PRESS = const(1)  # KeypadRing.PRESS, KeypadRing.RELEASE: folded into the code that queues events
_RELEASE = const(2)
_DEBOUNCE_MS = const(15)  # KeypadRing.debounce_ms: a 25 ms tap always holds this long
_QUEUE_LEN = const(16)  # KeypadRing.queue_len (a power of two)
_QUEUE_MASK = const(_QUEUE_LEN - 1)


class KeypadRing:
    # These two are read-only: the grammar's code has them folded in (_DEBOUNCE_MS, _QUEUE_LEN).
    debounce_ms = _DEBOUNCE_MS  # a reading must hold this long to count
    queue_len = _QUEUE_LEN  # events kept between pops; when full the oldest is dropped
    interrupt_wakes = True  # the sampler's interrupt also wakes the task at deadlines
    PRESS = 1
    RELEASE = 2  # (what a long press means, the rules decide: rules.machine times holds)

    def __init__(self, rows: "list[Pin]", cols: "list[Pin]", keymap):
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
        self.started = False  # the first reading is the baseline: keys in it are muted
        self._changed_at = [0] * self._n_keys  # when the key's reading last changed
        self._ev_kind = bytearray(_QUEUE_LEN)
        self._ev_key = bytearray(_QUEUE_LEN)
        self._ev_head = 0
        self._ev_count = 0
        self.dropped = 0  # events lost to a full queue
        self.ambiguous = 0  # samples rejected for ghost keys
        self.changes = 0  # events produced since the keypad was built (PRESS, RELEASE)
        # The interrupt side: a ring of (ticks_ms, reading) changes, written only by record.
        self.sampled = True  # False: the task reads the matrix itself (read_once)
        self._times = array("i", [0] * _RING)
        self._readings = array("i", [0] * _RING)
        self._w = 0  # written by the interrupt only
        self._r = 0  # written by the task only
        self.last = -1  # the last reading sampled (-1: none yet)
        self.overruns = 0  # changes that found the ring full (the newest replaced the last)
        self._due = 0  # the task's next deadline, for the interrupt to wake it at
        self._armed = False

    def stop(self) -> None:
        self._armed = False

    # ---- light sleep (app.power): no sampler runs, a key is read on the pins themselves ----

    def park(self) -> None:
        """Stops the sampler and holds every row low: a key pulls its column low, which
        parked_key() reads after each light sleep. start() (the shell's, at the next scan)
        samples again; the debounced state is kept, so a key held through it is a press."""
        self.stop()
        for pin in self._rows:
            pin.init(pin.OPEN_DRAIN, value=0)  # back from the state machine to plain GPIO

    def parked_key(self):
        """Parked: the name of a key down (the first in the matrix's order), or None."""
        bits = self.parked_reading() & self._used
        if not bits:
            return None
        return self._names[self._index_of[bits & -bits]]

    def parked_reading(self) -> int:
        """Parked: the matrix's reading, a bit per switch closed (0: none), as a sampler's.
        The columns alone (every row low) at every wake from light sleep: a small frame, no
        heap; the rows one by one only when a column reads low."""
        for pin in self._cols:
            if not pin.value():
                return self._rows_reading()
        return 0

    def _rows_reading(self) -> int:
        cols = self._cols
        rows = self._rows
        for pin in rows:
            pin.value(1)
        bits = 0
        n_cols = len(cols)
        for r in range(len(rows)):
            rows[r].value(0)
            for c in range(n_cols):
                if not cols[c].value():
                    bits |= 1 << (r * n_cols + c)
            rows[r].value(1)
        for pin in rows:
            pin.value(0)
        return bits

    def idle(self) -> bool:
        """No key down, none being debounced, no event waiting to be taken."""
        return not (self._seen or self._down or self._ev_count)

    def unpark(self) -> None:
        """The rows high again (idle), before start()."""
        for pin in self._rows:
            pin.value(1)

    def read_once(self) -> int:
        """A reading taken now, for a keypad with no sampler (drivers.keypad.Keypad without a
        timer): the samplers here fill the ring instead."""
        raise NotImplementedError

    def record(self, t: int, bits: int) -> None:
        """Puts one change into the ring (the interrupt side's only writer: no allocation)."""
        w = self._w
        if (w - self._r) & _WRAP == _RING:
            self.overruns += 1
            w = (w - 1) & _WRAP  # full: the newest reading replaces the last one kept
        self._times[w & _RING_MASK] = t
        self._readings[w & _RING_MASK] = bits
        self._w = (w + 1) & _WRAP
        self.last = bits

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
            self._feed(now_ms, self.read_once())
        else:
            r = self._r
            while r != self._w:
                self._feed(self._times[r & _RING_MASK], self._readings[r & _RING_MASK])
                r = (r + 1) & _WRAP
                self._r = r
        # When every key's reading agrees with its debounced state there is no deadline and
        # nothing to settle: most scans.
        due = self.settle(now_ms) if self._seen != self._down else -1
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
        if not self.started:
            self._baseline(t, bits)
            return
        if self._seen != self._down:
            self.settle(t)
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
        self.started = True
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

    def settle(self, t: int) -> int:
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
