# Keypad driver against the virtual diode-less matrix: debounce, holds, ghosts, layouts.
import gc

from keypad_rig import KEYS_4X4, KEYS_5X5

from compat.ticks import TICKS_PERIOD, ticks_add
from drivers.keypad import Keypad
from peripherals.bus import Pin
from peripherals.keypad_matrix import KeypadMatrix

PRESS = Keypad.PRESS
RELEASE = Keypad.RELEASE


def make(keymap=KEYS_4X4, timer=None):
    rows = [Pin(i, Pin.OPEN_DRAIN, value=1) for i in range(len(keymap))]
    cols = [Pin(10 + i, Pin.IN, Pin.PULL_UP) for i in range(len(keymap[0]))]
    return KeypadMatrix(rows, cols, keymap), Keypad(rows, cols, keymap, timer)


class FakeTimer:
    """machine.Timer's interface; the test calls `fire()` where the chip's timer would."""

    PERIODIC = 1

    def __init__(self):
        self.callback = None
        self.period = 0

    def init(self, mode=PERIODIC, period=-1, callback=None, hard=False):
        assert hard  # the callback must be fit for a hard interrupt, and asks for one
        self.period = period
        self.callback = callback

    def deinit(self):
        self.callback = None

    def fire(self):
        self.callback(self)


class Flag:
    """asyncio.ThreadSafeFlag's set(), counted."""

    def __init__(self):
        self.sets = 0

    def set(self):
        self.sets += 1


class Sampled:
    """A keypad sampled by a timer every 5 ms of a fake clock, its task scanning when told."""

    def __init__(self, keymap=KEYS_4X4):
        self.timer = FakeTimer()
        self.matrix, self.keypad = make(keymap, self.timer)
        self.flag = Flag()
        self.now = [0]
        self.keypad.start(self.flag, self.clock)
        self.events = []

    def clock(self):
        return self.now[0]

    def tick_ms(self, ms, changes=()):
        """ms milliseconds, 1 ms at a time: the timer fires on multiples of its period;
        changes: (t, callable) to run at their ms, before the timer at that ms."""
        for _ in range(ms):
            self.now[0] += 1
            for at, change in changes:
                if at == self.now[0]:
                    change()
            if self.now[0] % self.timer.period == 0:
                self.timer.fire()

    def scan(self):
        self.keypad.scan(self.now[0])
        event = self.keypad.pop()
        while event is not None:
            self.events.append(event)
            event = self.keypad.pop()


class Scanner:
    """Scans every `every` ms like a task without a timer does and keeps (kind, key, t) of every
    event. The first scan, `every` ms before `start` with no key down, is the baseline."""

    def __init__(self, keypad, every=5, start=0):
        self.keypad = keypad
        self.every = every
        self.now = start
        self.events = []
        keypad.scan(ticks_add(start, -every))

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
    # Seen at t=0, stable for 15 ms at t=15; released after the scan at 100, seen at 105.
    assert scanner.events == [(PRESS, "5", 15), (RELEASE, "5", 120)]


def test_chatter_shorter_than_debounce_gives_one_press_and_one_release():
    matrix, keypad = make()
    scanner = Scanner(keypad)
    # "1" held left of K in its row: K's row is low whenever K's column is read, so K's contact
    # shows each flip of its chatter: once in the reading of every column, and once more when
    # that reading sends the keypad on to scan the rows.
    matrix.press("1")
    scanner.until(50)
    matrix.press("K")
    matrix.bounce("K", 3)  # open at 55 (no scan), closed then open at 60; closed from 65
    scanner.until(300)
    matrix.release("K")
    matrix.bounce("K", 4)  # closed at 305, open at 310, closed then open at 315; open from 320
    scanner.until(600)
    assert scanner.events == [(PRESS, "1", 15), (PRESS, "K", 80), (RELEASE, "K", 325)]


def test_a_blip_shorter_than_debounce_is_ignored():
    matrix, keypad = make()
    scanner = Scanner(keypad)
    matrix.press("9")
    scanner.until(5)  # two scans see it: gone by the third, 10 ms after the first
    matrix.release("9")
    scanner.until(200)
    assert scanner.events == []


def test_a_held_key_is_one_press_and_its_release():
    # What a hold means is the rules' (rules.machine times it): the driver reports no more.
    matrix, keypad = make()
    scanner = Scanner(keypad)
    matrix.press("C")
    scanner.until(5000)
    matrix.release("C")
    scanner.until(5100)
    assert scanner.events == [(PRESS, "C", 15), (RELEASE, "C", 5020)]


def test_timing_survives_the_tick_wrap():
    matrix, keypad = make()
    start = TICKS_PERIOD - 12
    keypad.scan(ticks_add(start, -5))  # the baseline, nothing down
    matrix.press("3")
    seen = []
    now = start
    for _ in range(10):
        keypad.scan(now)
        event = keypad.pop()
        if event is not None:
            seen.append((event, now))
        now = ticks_add(now, 5)
    assert seen == [((PRESS, "3"), ticks_add(start, 15))]


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
    assert scanner.events == [(PRESS, "1", 15), (PRESS, "2", 70)]
    assert keypad.ambiguous > 0
    matrix.release("2")  # unambiguous again: "4" is real, "5" never was
    scanner.until(600)
    assert scanner.events[2:] == [(RELEASE, "2", 420), (PRESS, "4", 420)]
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
    assert scanner.events == [(PRESS, "C", 3020)]


def test_events_queue_in_order_and_scan_counts_them():
    matrix, keypad = make(KEYS_5X5)
    assert keypad.scan(-5) == 0  # the baseline
    matrix.press("A")
    matrix.press("H")
    assert keypad.scan(0) == 0
    assert keypad.scan(15) == 2  # both stable at once: row order
    matrix.release("A")
    matrix.press("2")
    assert keypad.scan(30) == 0
    assert keypad.scan(45) == 2
    assert keypad.pending() == 4
    assert keypad.pop() == (PRESS, "A")
    assert keypad.pop() == (PRESS, "H")
    assert keypad.pop() == (PRESS, "2")
    assert keypad.pop() == (RELEASE, "A")
    assert keypad.pop() is None


def test_a_full_queue_drops_the_oldest_events():
    matrix, keypad = make(KEYS_5X5)
    now = 0
    keypad.scan(-5)  # the baseline
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


# ---- sampled by a timer: the interrupt side records, the task side replays -----------------


def test_taps_of_25_ms_at_20_keys_a_second_survive_a_task_stalled_for_60_ms():
    for phase in range(5):  # every offset of the taps against the 5 ms sampling
        rig = Sampled()
        rig.tick_ms(10)
        rig.scan()  # the baseline: nothing down
        matrix = rig.matrix
        changes = []
        start = 20 + phase
        for n, key in enumerate("1.5M"):
            down = start + 50 * n
            changes.append((down, lambda key=key, m=matrix: m.press(key)))
            changes.append((down + 25, lambda key=key, m=matrix: m.release(key)))
        for _ in range(5):
            rig.tick_ms(60, changes)  # a render, a reader wait, a flash write: 60 ms stall
            rig.scan()
        presses = [key for kind, key in rig.events if kind == PRESS]
        releases = [key for kind, key in rig.events if kind == RELEASE]
        assert presses == ["1", ".", "5", "M"], (phase, rig.events)
        assert releases == ["1", ".", "5", "M"], (phase, rig.events)
        assert rig.events[0] == (PRESS, "1") and rig.events[1] == (RELEASE, "1")


def test_an_idle_keypad_reads_only_its_columns_and_never_wakes_the_task():
    rig = Sampled()
    rig.tick_ms(5)
    assert rig.flag.sets == 1  # the first sample (the baseline) is a change
    rig.scan()
    reads = rig.matrix.reads
    rig.tick_ms(1000)
    assert rig.flag.sets == 1  # 200 samples, no change, no deadline: no wake-up
    assert rig.matrix.reads - reads == 200 * 4  # one read of each column per sample
    assert rig.events == []


def test_the_task_is_woken_for_a_change_and_then_only_at_its_deadlines():
    rig = Sampled()
    rig.tick_ms(5)
    rig.scan()
    sets = rig.flag.sets
    rig.matrix.press("5")
    rig.tick_ms(5)
    assert rig.flag.sets == sets + 1  # the change
    rig.scan()  # nothing yet: the press is confirmed 15 ms after it was first seen
    assert rig.events == []
    rig.tick_ms(10)
    assert rig.flag.sets == sets + 1  # before the deadline: asleep
    rig.tick_ms(5)
    assert rig.flag.sets == sets + 2  # the debounce deadline
    rig.scan()
    assert rig.events == [(PRESS, "5")]
    rig.tick_ms(3000)
    assert rig.flag.sets == sets + 2  # held: nothing is due until it changes
    rig.scan()
    assert rig.events == [(PRESS, "5")]


def test_a_held_key_costs_a_probe_per_sample_not_a_scan():
    rig = Sampled()
    rig.tick_ms(5)
    rig.scan()
    rig.matrix.press("5")
    rig.tick_ms(5)
    scans = rig.keypad.scans
    assert scans == 1  # the sample that saw it go down scanned the rows
    reads = rig.matrix.reads
    rig.tick_ms(200)  # 40 samples with "5" held
    assert rig.keypad.scans == scans
    assert rig.keypad.probes == 40
    assert rig.matrix.reads - reads == 40 * (4 + 1)  # every column, then the held one
    rig.scan()
    assert rig.events == [(PRESS, "5")]
    rig.matrix.release("5")
    rig.tick_ms(50)
    rig.scan()
    assert rig.events == [(PRESS, "5"), (RELEASE, "5")]


def test_a_second_key_in_a_held_column_is_seen():
    # The columns read with every row low do not change: only the probe can tell.
    for held, second in (("5", "8"), ("5", "2"), ("1", "."), ("M", "K")):
        rig = Sampled()
        rig.tick_ms(5)
        rig.scan()
        rig.matrix.press(held)
        rig.tick_ms(50)
        rig.matrix.press(second)
        rig.tick_ms(50)
        rig.scan()
        assert rig.events == [(PRESS, held), (PRESS, second)], (held, second)
        rig.matrix.release(held)  # the column stays low: the other key still holds it
        rig.tick_ms(50)
        rig.scan()
        assert rig.events[2:] == [(RELEASE, held)], (held, second)
        rig.matrix.release(second)
        rig.tick_ms(50)
        rig.scan()
        assert rig.events[3:] == [(RELEASE, second)], (held, second)


def test_a_key_swapped_for_another_in_its_column_between_two_samples_is_seen():
    rig = Sampled()
    rig.tick_ms(5)
    rig.scan()
    rig.matrix.press("6")
    rig.tick_ms(52)
    rig.matrix.release("6")  # between two samples: the columns read the same at the next
    rig.matrix.press("3")
    rig.tick_ms(50)
    rig.scan()
    # Both changed at the same sample, so both fall due together (lower key index first).
    assert rig.events == [(PRESS, "6"), (PRESS, "3"), (RELEASE, "6")]


def test_a_second_key_in_the_held_row_is_seen():
    rig = Sampled()
    rig.tick_ms(5)
    rig.scan()
    rig.matrix.press("4")
    rig.tick_ms(50)
    rig.matrix.press("6")
    rig.tick_ms(50)
    rig.matrix.release("4")
    rig.tick_ms(50)
    rig.scan()
    assert rig.events == [(PRESS, "4"), (PRESS, "6"), (RELEASE, "4")]
    assert rig.keypad.ambiguous == 0


def test_a_third_key_making_a_rectangle_under_a_held_row_is_rejected():
    # "1" and "2" held in row 0; "4" below "1": the columns read the same, and "5" reads
    # pressed through the other three. The probe sends the keypad to a scan, which rejects it.
    rig = Sampled()
    rig.tick_ms(5)
    rig.scan()
    rig.matrix.press("1")
    rig.matrix.press("2")
    rig.tick_ms(50)
    assert rig.keypad.probes == 9  # "1" and "2" probed as one row after the first scan
    scans = rig.keypad.scans
    rig.matrix.press("4")
    rig.tick_ms(100)
    rig.scan()
    assert rig.keypad.scans - scans == 20  # a rectangle: scanned at every sample
    assert sorted(rig.events) == [(PRESS, "1"), (PRESS, "2")]
    assert rig.keypad.ambiguous == 1  # one reading (the ring keeps changes only)


def test_a_key_held_from_power_up_stays_muted_while_probed():
    rig = Sampled()
    rig.matrix.press("5")  # held through power-up
    rig.tick_ms(500)
    assert rig.keypad.probes > 90  # held: probed, and still nothing to report
    rig.matrix.press("8")  # same column, while "5" is still down
    rig.tick_ms(50)
    rig.scan()
    assert rig.events == [(PRESS, "8")]
    rig.matrix.release("5")
    rig.matrix.release("8")
    rig.tick_ms(50)
    rig.scan()
    assert sorted(rig.events[1:]) == [(RELEASE, "5"), (RELEASE, "8")]


def test_a_key_held_at_the_first_sample_counts_only_once_released():
    rig = Sampled()
    rig.matrix.press("5")  # held through power-up
    rig.tick_ms(1000)
    rig.scan()
    assert rig.events == []  # no PRESS
    rig.matrix.release("5")
    rig.tick_ms(100)
    rig.scan()
    assert rig.events == [(RELEASE, "5")]  # the release still comes (the menu's gesture)
    rig.matrix.press("M")
    rig.tick_ms(100)
    rig.scan()
    assert rig.events == [(RELEASE, "5"), (PRESS, "M")]


def test_a_chattering_contact_sampled_by_the_timer_gives_one_press():
    rig = Sampled()
    rig.tick_ms(5)
    rig.scan()
    rig.matrix.press("1")  # left of K in its row: K's column is read once per sample
    rig.tick_ms(50)
    rig.scan()
    rig.matrix.press("K")
    rig.matrix.bounce("K", 5)
    rig.tick_ms(200)
    rig.scan()
    rig.matrix.release("K")
    rig.matrix.bounce("K", 5)
    rig.tick_ms(200)
    rig.scan()
    assert rig.events == [(PRESS, "1"), (PRESS, "K"), (RELEASE, "K")]


def test_ghost_samples_are_skipped_by_the_sampled_keypad_too():
    rig = Sampled()
    rig.tick_ms(5)
    rig.scan()
    for key in ("1", "2", "4"):  # three corners: "5" reads pressed too
        rig.matrix.press(key)
        rig.tick_ms(50)
    rig.scan()
    assert rig.events == [(PRESS, "1"), (PRESS, "2")]
    assert rig.keypad.ambiguous > 0


def test_a_full_ring_keeps_the_newest_reading():
    rig = Sampled()
    rig.tick_ms(5)
    rig.scan()
    for _ in range(40):  # 80 changes, no scan: more than the ring holds
        rig.matrix.press("9")
        rig.tick_ms(25)
        rig.matrix.release("9")
        rig.tick_ms(25)
    assert rig.keypad.overruns > 0
    rig.scan()
    rig.tick_ms(50)
    rig.scan()
    assert rig.events[-1] == (RELEASE, "9")  # the last reading (released) was kept
    rig.matrix.press("9")
    rig.tick_ms(50)
    rig.scan()
    assert rig.events[-1] == (PRESS, "9")


def test_the_timer_side_allocates_nothing():
    try:
        import micropython  # noqa: PLC0415
    except ImportError:
        return  # CPython: no heap lock; this check runs under MicroPython
    if not hasattr(micropython, "heap_lock"):
        return
    rig = Sampled(KEYS_5X5)
    rig.tick_ms(5)
    rig.scan()
    rig.matrix.press_at(2, 1)
    rig.matrix.press_at(4, 4)
    timer = rig.timer
    now = rig.now
    for round_ in range(4):  # keys down, up, ghosts: every path of the sampler
        if round_ == 1:
            rig.matrix.release_at(2, 1)
        if round_ == 2:
            rig.matrix.press_at(4, 0)
            rig.matrix.press_at(0, 0)
            rig.matrix.press_at(0, 4)
        if round_ == 3:
            rig.matrix.release_all()
        rig.keypad._due = now[0]  # noqa: SLF001 - the armed-deadline path as well
        rig.keypad._armed = True  # noqa: SLF001
        micropython.heap_lock()
        try:
            for _ in range(50):  # into the ring and past it (overruns)
                now[0] += 5
                timer.fire()
        finally:
            micropython.heap_unlock()
    assert rig.flag.sets > 1


class SoftOnlyTimer(FakeTimer):
    """The rp2 port's machine.Timer before it took `hard=`: init() refuses the keyword."""

    def init(self, mode=FakeTimer.PERIODIC, period=-1, callback=None):  # type: ignore[override]
        self.period = period
        self.callback = callback


def test_a_timer_without_hard_interrupts_still_samples():
    timer = SoftOnlyTimer()
    matrix, keypad = make(KEYS_4X4, timer)
    flag = Flag()
    keypad.start(flag, lambda: 0)
    assert timer.period == keypad.period_ms and timer.callback is not None
    matrix.press("5")
    timer.fire()
    assert flag.sets == 1  # the change was recorded and the task woken
