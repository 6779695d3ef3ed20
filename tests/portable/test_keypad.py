# Keypad driver against the virtual diode-less matrix: debounce, long press, ghosts, layouts.
import gc

from drivers.keypad import Keypad
from peripherals.bus import Pin
from peripherals.keypad_matrix import KeypadMatrix
from rules.ticks import TICKS_PERIOD, ticks_add

PRESS = Keypad.PRESS
RELEASE = Keypad.RELEASE
LONG = Keypad.LONG

KEYS_4X4 = (
    ("1", "2", "3", "K"),
    ("4", "5", "6", "M"),
    ("7", "8", "9", "GO"),
    (".", "0", "C", None),
)
KEYS_5X5 = (
    ("1", "2", "3", "K", "A"),
    ("4", "5", "6", "M", "B"),
    ("7", "8", "9", "GO", "D"),
    (".", "0", "C", "E", "F"),
    ("G", "H", "I", "J", "L"),
)


def make(keymap=KEYS_4X4, hold_ms=None):
    rows = [Pin(i, Pin.OUT, value=1) for i in range(len(keymap))]
    cols = [Pin(10 + i, Pin.IN, Pin.PULL_UP) for i in range(len(keymap[0]))]
    return KeypadMatrix(rows, cols, keymap), Keypad(rows, cols, keymap, hold_ms)


class Scanner:
    """Scans every `every` ms like the shell does and keeps (kind, key, t) of every event."""

    def __init__(self, keypad, every=5, start=0):
        self.keypad = keypad
        self.every = every
        self.now = start
        self.events = []

    def until(self, t):
        while self.now <= t:
            self.keypad.scan(self.now)
            event = self.keypad.pop()
            while event is not None:
                self.events.append((event[0], event[1], self.now))
                event = self.keypad.pop()
            self.now += self.every


def test_press_and_release_wait_for_debounce():
    matrix, keypad = make()
    scanner = Scanner(keypad)
    matrix.press("5")
    scanner.until(100)
    matrix.release("5")
    scanner.until(200)
    # Seen at t=0, stable for 20 ms at t=20; released after the scan at 100, seen at 105.
    assert scanner.events == [(PRESS, "5", 20), (RELEASE, "5", 125)]


def test_chatter_shorter_than_debounce_gives_one_press_and_one_release():
    matrix, keypad = make()
    scanner = Scanner(keypad)
    matrix.press("7")
    matrix.bounce("7", 3)  # open, closed, open at the scans at 0, 5, 10; closed from 15
    scanner.until(300)
    matrix.release("7")
    matrix.bounce("7", 4)  # closed, open, closed, open at 305..320; open from 325
    scanner.until(600)
    assert scanner.events == [(PRESS, "7", 35), (RELEASE, "7", 340)]


def test_a_blip_shorter_than_debounce_is_ignored():
    matrix, keypad = make()
    scanner = Scanner(keypad)
    matrix.press("9")
    scanner.until(10)  # three scans see it: 15 ms
    matrix.release("9")
    scanner.until(200)
    assert scanner.events == []


def test_long_press_fires_once_and_release_still_follows():
    matrix, keypad = make()
    scanner = Scanner(keypad)
    matrix.press("C")
    scanner.until(5000)
    matrix.release("C")
    scanner.until(5100)
    assert scanner.events == [(PRESS, "C", 20), (LONG, "C", 2020), (RELEASE, "C", 5025)]


def test_hold_time_is_set_per_instance():
    matrix, keypad = make(hold_ms=500)
    assert Keypad.hold_ms == 2000 and keypad.hold_ms == 500
    scanner = Scanner(keypad, every=10)
    matrix.press("GO")
    scanner.until(1000)
    assert scanner.events == [(PRESS, "GO", 20), (LONG, "GO", 520)]
    matrix.release("GO")
    scanner.until(1100)
    matrix.press("GO")  # a second hold gives a second LONG
    scanner.until(2000)
    assert scanner.events[2:] == [(RELEASE, "GO", 1030), (PRESS, "GO", 1130), (LONG, "GO", 1630)]


def test_timing_survives_the_tick_wrap():
    matrix, keypad = make()
    start = TICKS_PERIOD - 12
    matrix.press("3")
    seen = []
    now = start
    for _ in range(10):
        keypad.scan(now)
        event = keypad.pop()
        if event is not None:
            seen.append((event, now))
        now = ticks_add(now, 5)
    assert seen == [((PRESS, "3"), ticks_add(start, 20))]


def test_the_virtual_matrix_conducts_ghosts_like_the_real_one():
    matrix, keypad = make()
    rows, cols = matrix.rows, matrix.cols
    matrix.press("1")  # row 0 col 0
    matrix.press("2")  # row 0 col 1
    matrix.press("4")  # row 1 col 0
    rows[1].value(0)  # scan row 1: col 1 goes low via 4 -> col 0 -> 1 -> row 0 -> 2
    assert [c.value() for c in cols] == [0, 0, 1, 1]
    rows[1].value(1)
    assert [c.value() for c in cols] == [1, 1, 1, 1]
    matrix.release("1")  # the chain is broken: only the real key reads
    rows[1].value(0)
    assert [c.value() for c in cols] == [0, 1, 1, 1]


def test_ghost_rectangle_produces_no_events():
    matrix, keypad = make()
    scanner = Scanner(keypad)
    matrix.press("1")
    scanner.until(50)
    matrix.press("2")
    scanner.until(100)
    matrix.press("4")  # three corners: "5" reads pressed too
    scanner.until(400)
    assert scanner.events == [(PRESS, "1", 20), (PRESS, "2", 75)]
    assert keypad.ambiguous > 0
    matrix.release("2")  # unambiguous again: "4" is real, "5" never was
    scanner.until(600)
    assert scanner.events[2:] == [(RELEASE, "2", 425), (PRESS, "4", 425)]
    for _, key, _ in scanner.events:
        assert key != "5"


def test_keys_sharing_only_a_row_or_a_column_are_all_real():
    matrix, keypad = make()
    scanner = Scanner(keypad)
    for key in ("1", "2", "3", "M", "GO"):  # three in row 0, two in column 3: no rectangle
        matrix.press(key)
    scanner.until(50)
    assert sorted(key for _, key, _ in scanner.events) == ["1", "2", "3", "GO", "M"]
    assert keypad.ambiguous == 0


def check_every_key(keymap):
    matrix, keypad = make(keymap)
    scanner = Scanner(keypad)
    expected = []
    for r in range(len(keymap)):
        for c in range(len(keymap[r])):
            key = keymap[r][c]
            matrix.press_at(r, c)
            scanner.until(scanner.now + 40)
            matrix.release_at(r, c)
            scanner.until(scanner.now + 40)
            if key is not None:
                expected.append((PRESS, key))
                expected.append((RELEASE, key))
    assert [(kind, key) for kind, key, _ in scanner.events] == expected
    return len(expected) // 2


def test_every_key_of_a_4x4_layout():
    assert check_every_key(KEYS_4X4) == 15


def test_every_key_of_a_5x5_layout():
    assert check_every_key(KEYS_5X5) == 25


def test_unused_positions_never_produce_events():
    matrix, keypad = make()
    scanner = Scanner(keypad)
    matrix.press_at(3, 3)  # no key there in the 4x4 layout
    scanner.until(3000)
    assert scanner.events == []
    matrix.press("C")  # same row: the real key still works beside it
    scanner.until(3100)
    assert scanner.events == [(PRESS, "C", 3025)]


def test_events_queue_in_order_and_scan_counts_them():
    matrix, keypad = make(KEYS_5X5)
    matrix.press("A")
    matrix.press("H")
    assert keypad.scan(0) == 0
    assert keypad.scan(20) == 2  # both stable at once: row order
    matrix.release("A")
    matrix.press("2")
    assert keypad.scan(30) == 0
    assert keypad.scan(50) == 2
    assert keypad.pending() == 4
    assert keypad.pop() == (PRESS, "A")
    assert keypad.pop() == (PRESS, "H")
    assert keypad.pop() == (PRESS, "2")
    assert keypad.pop() == (RELEASE, "A")
    assert keypad.pop() is None


def test_a_full_queue_drops_the_oldest_events():
    matrix, keypad = make(KEYS_5X5)
    now = 0
    for key in ("1", "2", "3", "K", "A", "4", "5", "6", "M", "B"):  # 20 events, none popped
        matrix.press(key)
        keypad.scan(now)
        keypad.scan(now + 20)
        matrix.release(key)
        keypad.scan(now + 30)
        keypad.scan(now + 50)
        now += 60
    assert keypad.dropped == 20 - Keypad.queue_len
    assert keypad.pop() == (PRESS, "3")  # the first two keys' events are gone
    events = []
    event = keypad.pop()
    while event is not None:
        events.append(event)
        event = keypad.pop()
    assert len(events) == Keypad.queue_len - 1
    assert events[-1] == (RELEASE, "B")


def test_scans_allocate_nothing():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: no allocation counter; this check runs under MicroPython
    matrix, keypad = make(KEYS_5X5)
    now = 0
    keypad.scan(now)
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        for _ in range(1000):  # idle
            now += 10
            keypad.scan(now)
        idle = gc.mem_alloc()
        for _ in range(50):  # PRESS and RELEASE queued (and dropped once the queue is full)
            matrix.press_at(2, 1)
            keypad.scan(now)
            keypad.scan(now + 20)
            matrix.release_at(2, 1)
            keypad.scan(now + 30)
            keypad.scan(now + 50)
            now += 60
        busy = gc.mem_alloc()
    finally:
        gc.enable()
    assert keypad.pending() == Keypad.queue_len
    assert idle == before, idle - before
    assert busy == before, busy - before
