# Keypad matrix scanned in software: debounce, press/release/long press, ghost-key rejection.
# Wiring (set up by the board file): rows are Pin.OUT idling high (Pin.OPEN_DRAIN also works),
# columns are Pin.IN with Pin.PULL_UP. Scanning pulls one row low; a closed switch pulls its
# column low. There are no diodes, so three pressed corners of a rectangle make the fourth read
# pressed too: such a scan cannot be trusted and produces no events.
from rules.ticks import ticks_diff

TYPE_CHECKING = False
if TYPE_CHECKING:
    from machine import Pin


class Keypad:
    debounce_ms = 20  # a reading must hold this long before it counts
    hold_ms = 2000  # long press: LONG once per hold, RELEASE still follows
    queue_len = 16  # events kept between pops; when full the oldest is dropped
    PRESS = 1
    RELEASE = 2
    LONG = 3

    def __init__(self, rows: "list[Pin]", cols: "list[Pin]", keymap, hold_ms=None) -> None:
        n_rows = len(rows)
        n_cols = len(cols)
        if n_cols > 30 or n_rows * n_cols > 255:
            raise ValueError("keypad matrix too large")  # column bits stay small ints
        if len(keymap) != n_rows:
            raise ValueError("keymap needs one row per row pin")
        if hold_ms is not None:
            self.hold_ms = hold_ms
        self._rows = tuple(rows)
        self._cols = tuple(cols)
        self._n_cols = n_cols
        names = []
        used = []
        for r in range(n_rows):
            if len(keymap[r]) != n_cols:
                raise ValueError("keymap needs one entry per column pin")
            mask = 0
            for c in range(n_cols):
                names.append(keymap[r][c])
                if keymap[r][c] is not None:
                    mask |= 1 << c
            used.append(mask)
        self._names = tuple(names)  # flat, index r * n_cols + c
        self._used = tuple(used)  # per row: columns that have a key
        # Per row, one bit per column: this scan, previous scan, debounced, long press sent.
        self._read = [0] * n_rows
        self._seen = [0] * n_rows
        self._down = [0] * n_rows
        self._long = [0] * n_rows
        # Per key: when its reading last changed, when its debounced press began.
        self._changed_at = [0] * (n_rows * n_cols)
        self._pressed_at = [0] * (n_rows * n_cols)
        self._ev_kind = bytearray(self.queue_len)
        self._ev_key = bytearray(self.queue_len)
        self._ev_head = 0
        self._ev_count = 0
        self.dropped = 0  # events lost to a full queue
        self.ambiguous = 0  # scans rejected for ghost keys
        for row in self._rows:
            row.value(1)

    def scan(self, now_ms: int) -> int:
        """Reads the whole matrix once at time now_ms; queues events; returns how many."""
        rows = self._rows
        cols = self._cols
        read = self._read
        n_rows = len(rows)
        n_cols = self._n_cols
        for r in range(n_rows):
            row = rows[r]
            row.value(0)
            bits = 0
            for c in range(n_cols):
                if not cols[c].value():  # pulled low through a closed switch
                    bits |= 1 << c
            row.value(1)
            read[r] = bits
        # Two rows that both read the same two columns: a rectangle, one corner may be a ghost.
        for a in range(n_rows - 1):
            bits = read[a]
            if bits & (bits - 1):
                for b in range(a + 1, n_rows):
                    shared = bits & read[b]
                    if shared & (shared - 1):
                        self.ambiguous += 1
                        return 0
        queued = 0
        seen = self._seen
        down = self._down
        used = self._used
        for r in range(n_rows):
            bits = read[r] & used[r]
            if bits | seen[r] | down[r]:
                queued += self._update_row(r, bits, now_ms)
        return queued

    def _update_row(self, r: int, bits: int, now_ms: int) -> int:
        changed_at = self._changed_at
        pressed_at = self._pressed_at
        seen = self._seen[r]
        down = self._down[r]
        long_sent = self._long[r]
        base = r * self._n_cols
        queued = 0
        for c in range(self._n_cols):
            mask = 1 << c
            i = base + c
            if (bits ^ seen) & mask:
                changed_at[i] = now_ms  # contact moved (or bounced): restart the debounce
            if (bits ^ down) & mask:
                if ticks_diff(now_ms, changed_at[i]) >= self.debounce_ms:
                    down ^= mask
                    if down & mask:
                        pressed_at[i] = now_ms
                        self._push(self.PRESS, i)
                    else:
                        long_sent &= ~mask
                        self._push(self.RELEASE, i)
                    queued += 1
            elif (
                down & mask
                and not long_sent & mask
                and ticks_diff(now_ms, pressed_at[i]) >= self.hold_ms
            ):
                long_sent |= mask
                self._push(self.LONG, i)
                queued += 1
        self._seen[r] = bits
        self._down[r] = down
        self._long[r] = long_sent
        return queued

    def _push(self, kind: int, index: int) -> None:
        size = len(self._ev_kind)
        if self._ev_count == size:
            self._ev_head = (self._ev_head + 1) % size
            self._ev_count -= 1
            self.dropped += 1
        slot = (self._ev_head + self._ev_count) % size
        self._ev_kind[slot] = kind
        self._ev_key[slot] = index
        self._ev_count += 1

    def pop(self):
        """The oldest queued event as (kind, key name), or None."""
        if not self._ev_count:
            return None
        slot = self._ev_head
        self._ev_head = (slot + 1) % len(self._ev_kind)
        self._ev_count -= 1
        return (self._ev_kind[slot], self._names[self._ev_key[slot]])

    def pending(self) -> int:
        return self._ev_count
